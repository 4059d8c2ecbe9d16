"""Boot benchmark: the app's boot against bare Pyodide's, cold, warm, and warm from a snapshot.

Usage: python tools/bench_boot.py [--runs N] [--cpu-throttle 4]   (or ./dev bench ...)

For each page (index.html = the app, bench/bare.html = Pyodide alone) and each run:
- cold: a fresh browser context (empty HTTP cache, no service worker);
- warm: a reload in that same context once the first load finished (HTTP cache
  warm and, for the app, its service worker in control). The app is reloaded twice,
  in turn order: once with memory snapshots switched off (localStorage "ff:snapshot"
  = "off", so the same URL as the other load) = "warm", and once restoring the
  snapshot its first load made when idle = "snap" (web/early-pyodide.mjs).
Runs are interleaved in one browser session (app and bare take turns, and the two
warm app loads swap order each run), so drift in a noisy machine's speed spreads
over every column. Medians and minimums are printed; nothing is asserted.
Time = navigation start -> the moment `data-ready` appears on <html>.
The server sends Cache-Control max-age=600, as GitHub Pages does.
Layout shift (the app's): how far what the player sees moved by itself while the page
booted (Chromium's cumulative layout shift, up to two frames after `data-ready`; 0 is
nothing moved), the cold load a first visit with no saves, the warm loads a returning
player's, with three games in progress left as the page was last left.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build, chromium, serve  # noqa: E402

PAGES = {"app": "", "bare": "bench/bare.html"}
# Targets: app cold <= 1.05 x bare cold; app warm from a snapshot <= 0.7 x bare warm.
TARGETS = {"cold": 1.05, "warm": 1.15, "snap": 0.7}
PAGES_CACHE_SECONDS = 600
READY_TIMEOUT_MS = 120_000
SNAPSHOT_TIMEOUT_MS = 300_000

# Records performance.now() (ms since navigation start) when data-ready appears.
RECORD_READY_TIME = """
new MutationObserver(() => {
  if (window.__readyAt === undefined && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
window.__shifted = 0;
window.__shifts = new PerformanceObserver((list) => {
  for (const shift of list.getEntries()) if (!shift.hadRecentInput) window.__shifted += shift.value;
});
window.__shifts.observe({ type: "layout-shift", buffered: true });
"""

# The layout shift so far, two frames after it is asked for.
LAYOUT_SHIFT = """async () => {
  for (let frame = 0; frame < 2; frame++) await new Promise((r) => requestAnimationFrame(r));
  for (const shift of window.__shifts.takeRecords()) {
    if (!shift.hadRecentInput) window.__shifted += shift.value;
  }
  return window.__shifted;
}"""

# Games in progress written to storage, then the page left (hidden) as a player leaves it.
LEAVE_GAMES_IN_PROGRESS = """(entries) => {
  for (const [key, entry] of Object.entries(entries)) localStorage.setItem(key, entry);
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""

TRANSFERRED_BYTES = """
() => performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .reduce((total, entry) => total + entry.transferSize, 0)
"""

SWITCH_SNAPSHOTS_OFF = """(off) => off
  ? localStorage.setItem("ff:snapshot", "off") : localStorage.removeItem("ff:snapshot")"""

SNAPSHOT_MADE = (
    "html[data-snapshot='stored'], html[data-snapshot='refused'], html[data-snapshot='failed']"
)


@dataclass
class Timings:
    ms: dict[str, list[float]] = field(default_factory=lambda: {"cold": [], "warm": [], "snap": []})
    shift: dict[str, list[float]] = field(
        default_factory=lambda: {"cold": [], "warm": [], "snap": []}
    )
    cold_bytes: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def cold_load(
    browser: Browser, url: str, timings: Timings, throttle: float
) -> tuple[BrowserContext, Page]:
    """A first load in a fresh context (empty HTTP cache, no service worker), timed; the
    page's CPU slowed `throttle` times for this load and the reloads that follow."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(RECORD_READY_TIME)
    page = context.new_page()
    if throttle > 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(url)
    timings.ms["cold"].append(ready_time(page))
    timings.cold_bytes.append(page.evaluate(TRANSFERRED_BYTES))
    return context, page


def measure_bare(browser: Browser, url: str, timings: Timings, throttle: float) -> None:
    """One cold load in a fresh context, then one warm reload in the same context."""
    context, page = cold_load(browser, url, timings, throttle)
    page.reload()
    timings.ms["warm"].append(ready_time(page))
    context.close()


def measure_app(
    browser: Browser, url: str, timings: Timings, snapshot_first: bool, throttle: float
) -> None:
    """A cold load; once its snapshot is stored, a warm reload without and one with it."""
    context, page = cold_load(browser, url, timings, throttle)
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS
    )
    page.wait_for_selector(SNAPSHOT_MADE, state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    made = page.get_attribute("html", "data-snapshot")
    if made != "stored":
        timings.notes.append(f"the first load's snapshot was {made}")
    timings.shift["cold"].append(page.evaluate(LAYOUT_SHIFT))
    page.evaluate(LEAVE_GAMES_IN_PROGRESS, games_in_progress())
    for column in ("snap", "warm") if snapshot_first else ("warm", "snap"):
        page.evaluate(SWITCH_SNAPSHOTS_OFF, column == "warm")
        page.reload()
        timings.ms[column].append(ready_time(page))
        timings.shift[column].append(page.evaluate(LAYOUT_SHIFT))
        boot = page.get_attribute("html", "data-boot")
        expected = "snapshot" if column == "snap" else "fresh"
        if boot != expected:
            reason = page.get_attribute("html", "data-boot-reason")
            timings.notes.append(f"a {column} load booted {boot} ({reason})")
    context.close()


def games_in_progress() -> dict[str, str]:
    """Three saves of games just begun (The Fool's Field against the computer)."""
    from pygames.record import Record

    entries = {}
    for number in range(3):
        record = Record.dealt("fools-field", ["human", "hard"], {"start": "A"}, number)
        save = {"format": "ff-save/1", "game": "fools-field", "record": record.to_text()}
        save |= {"seats": record.seats, "created": 1, "saved": 1 + number, "moves": 0}
        entries[f"ff:save:bench{number}"] = json.dumps(save | {"over": False})
    return entries


def ready_time(page: Page) -> float:
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page.evaluate("window.__readyAt")


def print_report(results: dict[str, Timings], runs: int) -> None:
    print(f"\nBoot to data-ready, {runs} interleaved runs each (ms; median / min)")
    labels = {"cold": "cold", "warm": "warm", "snap": "warm from snapshot"}
    print(f"{'page':<6}" + "".join(f" {labels[c]:>20}" for c in labels))
    for name, timings in results.items():
        cells = []
        for column in labels:
            values = timings.ms[column]
            text = f"{statistics.median(values):.0f} / {min(values):.0f}" if values else "-"
            cells.append(f" {text:>20}")
        print(f"{name:<6}" + "".join(cells))
    print("each run, in order (ms):")
    for name, timings in results.items():
        for column, values in timings.ms.items():
            if values:
                print(f"  {name:<6} {labels[column]:<20} {' '.join(f'{v:.0f}' for v in values)}")
    if {"app", "bare"} <= results.keys():
        app, bare = results["app"].ms, results["bare"].ms
        print("\nratio app / bare, median (min):")
        for column, against in (("cold", "cold"), ("warm", "warm"), ("snap", "warm")):
            if not app[column] or not bare[against]:
                continue
            median = statistics.median(app[column]) / statistics.median(bare[against])
            low = min(app[column]) / min(bare[against])
            verdict = "ok" if median <= TARGETS[column] else "OVER TARGET"
            label = f"{labels[column]} / bare {against}"
            print(f"  {label:<32} {median:.2f} ({low:.2f})  target <= {TARGETS[column]}  {verdict}")
    if "app" in results:
        shifts = results["app"].shift
        print("\nlayout shift as the app boots (0: nothing moved; median / max):")
        for column, situation in (
            ("cold", "a first visit"),
            ("warm", "games in progress"),
            ("snap", "games in progress"),
        ):
            values = shifts[column]
            if values:
                text = f"{statistics.median(values):.3f} / {max(values):.3f}"
                print(f"  {labels[column]:<20} {situation:<20} {text}")
    for name, timings in results.items():
        megabytes = statistics.median(timings.cold_bytes) / 1e6
        print(f"cold {name} load transferred: {megabytes:.2f} MB")
        for note in sorted(set(timings.notes)):
            print(f"  note ({name}): {note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot benchmark: app vs bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    parser.add_argument(
        "--cpu-throttle",
        type=float,
        default=1.0,
        metavar="N",
        help="slow the page's CPU N times (DevTools throttling; 4 = a mid-range phone)",
    )
    args = parser.parse_args(argv)
    throttle = args.cpu_throttle

    has_app = (build.ROOT / "index.html").is_file()
    if not has_app:
        print("index.html does not exist yet: measuring the bare page only.")
    if build.site_is_stale() or not has_app:
        build.build(require_index=has_app)
    pages = PAGES if has_app else {"bare": PAGES["bare"]}
    url, server = serve.start_server(build.DEFAULT_OUT, cache_seconds=PAGES_CACHE_SECONDS)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium.launch_options())
            print(f"measuring {', '.join(pages)} at {url}, runs interleaved ...", flush=True)
            results = {name: Timings() for name in pages}
            # Taking turns spreads any drift in the machine's speed over every column.
            for run in range(args.runs):
                order = list(pages.items()) if run % 2 == 0 else list(pages.items())[::-1]
                for name, path in order:
                    if name == "app":
                        measure_app(browser, url + path, results[name], run % 2 == 1, throttle)
                    else:
                        measure_bare(browser, url + path, results[name], throttle)
            browser.close()
    finally:
        server.shutdown()
    if throttle > 1:
        print(f"\npages' CPU throttled {throttle:g}x (workers, the snapshot's too, are not)")
    print_report(results, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
