"""Boot benchmark: how much slower is the app to become interactive than bare Pyodide?

Usage: python tools/bench_boot.py [--runs N]   (or ./dev bench [--runs N])

For each page (index.html = the app, bench/bare.html = Pyodide alone) and each run:
- cold: a fresh browser context (empty HTTP cache, no service worker);
- warm: a reload in that same context once the first load finished (HTTP cache
  warm and, for the app, its service worker in control).
Time = navigation start -> the moment `data-ready` appears on <html>.
The server sends Cache-Control max-age=600, as GitHub Pages does.
Prints figures only; it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build, chromium, serve  # noqa: E402

PAGES = {"app": "", "bare": "bench/bare.html"}
TARGET_RATIO = 1.15
PAGES_CACHE_SECONDS = 600
READY_TIMEOUT_MS = 120_000

# Records performance.now() (ms since navigation start) when data-ready appears.
RECORD_READY_TIME = """
new MutationObserver(() => {
  if (window.__readyAt === undefined && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""

TRANSFERRED_BYTES = """
() => performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .reduce((total, entry) => total + entry.transferSize, 0)
"""


@dataclass
class Timings:
    cold_ms: list[float] = field(default_factory=list)
    warm_ms: list[float] = field(default_factory=list)
    cold_bytes: list[int] = field(default_factory=list)


def measure_once(browser: Browser, url: str, timings: Timings) -> None:
    """One cold load in a fresh context, then one warm reload in the same context."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(RECORD_READY_TIME)
    page = context.new_page()
    page.goto(url)
    timings.cold_ms.append(ready_time(page))
    timings.cold_bytes.append(page.evaluate(TRANSFERRED_BYTES))
    wait_for_service_worker_if_registered(page)
    page.reload()
    timings.warm_ms.append(ready_time(page))
    context.close()


def ready_time(page: Page) -> float:
    page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page.evaluate("window.__readyAt")


def wait_for_service_worker_if_registered(page: Page) -> None:
    """Let the app's worker finish precaching, so the warm run really is warm."""
    registered = page.evaluate(
        "async () => Boolean(await navigator.serviceWorker.getRegistration())"
    )
    if registered:
        page.wait_for_function(
            "() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS
        )


def print_report(results: dict[str, Timings], runs: int) -> None:
    print(f"\nBoot to data-ready, {runs} runs each (ms)")
    print(f"{'page':<6} {'cold median':>12} {'cold min':>9} {'warm median':>12} {'warm min':>9}")
    for name, timings in results.items():
        print(
            f"{name:<6} {statistics.median(timings.cold_ms):>12.0f} {min(timings.cold_ms):>9.0f}"
            f" {statistics.median(timings.warm_ms):>12.0f} {min(timings.warm_ms):>9.0f}"
        )
    if {"app", "bare"} <= results.keys():
        app, bare = results["app"], results["bare"]
        print(f"\nratio app/bare (target <= {TARGET_RATIO}):")
        for label, app_ms, bare_ms in (
            ("cold median", app.cold_ms, bare.cold_ms),
            ("warm median", app.warm_ms, bare.warm_ms),
        ):
            ratio = statistics.median(app_ms) / statistics.median(bare_ms)
            verdict = "ok" if ratio <= TARGET_RATIO else "OVER TARGET"
            print(f"  {label}: {ratio:.2f}  {verdict}")
    for name, timings in results.items():
        megabytes = statistics.median(timings.cold_bytes) / 1e6
        print(f"cold {name} load transferred: {megabytes:.2f} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Boot benchmark: app vs bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5, help="runs per page (default 5)")
    args = parser.parse_args(argv)

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
            # Taking turns spreads any drift in the machine's speed over both pages.
            for _ in range(args.runs):
                for name, path in pages.items():
                    measure_once(browser, url + path, results[name])
            browser.close()
    finally:
        server.shutdown()
    print_report(results, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
