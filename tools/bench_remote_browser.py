"""The page's cryptography for remote play, as a phone would feel it:
python tools/bench_remote_browser.py [--cpu-throttle 4]

Opens web/remote/group.mjs (@noble/curves) as the built site ships it (_site/web/remote/
and _site/vendor/, by index.html's import map; built first if stale) in headless
Chromium with the CPU throttled and prints what one device pays: each group operation
(median of 200), and the operations of its share of a deal for each game's deck (the
first seat of two: a shuffle, then a lock with a commitment per card; the work of
pygames.remote.deal), run for real on the page. Then, in the app itself (its Python,
the kit as the page loads it), the players' apps play whole games of The Fool's Field,
Game of Fields (blank map), Cloth of Gold and Fools! (2 and 3 seats) by links (greedy
moves), and it prints what a person waits for:
loading the kit, making a move's link, opening a link (the device's work to take it),
and bringing a save back (the chain replayed, as when a link opens a game in a new
tab), at the end of the game, the longest; then the longest link to open again, on its
reader brought back from its save just before it, with each group operation's share.
Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import build, chromium, serve  # noqa: E402

DECKS = {"fools-field": 23, "cloth-of-gold": 54, "fools (4 seats)": 64, "game-of-fields": 19}

PAGE = """<!doctype html>
IMPORT_MAP
<script type="module">
import * as group from "./web/remote/group.mjs";
import * as sealing from "./web/remote/seal.mjs";
const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
const time = (work, times = 200) => {
  const spans = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    work();
    spans.push(performance.now() - started);
  }
  return median(spans);
};
const scalar = group.randomScalar();
const point = group.baseTimes(group.randomScalar());
const ops = {
  lock: time(() => group.lock(point, scalar)),
  invert: time(() => group.invert(scalar)),
  multiplyScalars: time(() => group.multiplyScalars(scalar, scalar)),
  baseTimes: time(() => group.baseTimes(scalar)),
  randomScalar: time(() => group.randomScalar()),
};
const box = group.randomScalar();
const sealed = sealing.seal(sealing.boxKey(box), scalar, "game position 1");
ops.seal = time(() => sealing.seal(sealing.boxKey(box), scalar, "game position 1"));
ops.unseal = time(() => sealing.unseal(box, sealed, "game position 1"));
const deals = {};
for (const [name, size] of Object.entries(DECKS)) {
  const deck = Array.from({ length: size }, () => group.baseTimes(group.randomScalar()));
  const started = performance.now();
  const deckKey = group.randomScalar();
  const keys = deck.map(() => group.randomScalar());
  const shuffled = deck.map((p) => group.lock(p, deckKey));
  const unlock = group.invert(deckKey);
  shuffled.map((p, i) => group.lock(p, group.multiplyScalars(unlock, keys[i])));
  keys.map((k) => group.baseTimes(k));
  deals[name] = performance.now() - started;
}
window.__result = { ops, deals };
</script>
"""


# Run in the app's own Python (the interpreter web/early-pyodide.mjs booted).
RUN_PYTHON_JS = """async (code) => {
  const url = new URL("web/early-pyodide.mjs", document.baseURI).href;
  const python = await (await import(url)).loadPyodide();
  return await python.runPythonAsync(code);
}"""
APP_GAMES = """
import json, time
from web.remote_kit import load_kit
started = time.perf_counter()
kit = await load_kit()
kit_ms = (time.perf_counter() - started) * 1000
from pygames.bots import make_bot
from pygames.remote.game import VERIFIED, RemoteGame
from web.remote.session import KitCrypto

crypto = KitCrypto(kit)
results = {"kit_ms": kit_ms, "games": {}}


class Clocked:  # the kit's crypto, timing its signature checks and its group's operations

    def __init__(self, crypto):
        self.ms = {"signatures": 0.0, "group": 0.0}
        self.verify = self.timed("signatures", crypto.verify)
        self.group = ClockedGroup(crypto.group, self)
        self.signer = crypto.signer

    def timed(self, name, function):
        def run(*args):
            started = time.perf_counter()
            try:
                return function(*args)
            finally:
                self.ms[name] = self.ms.get(name, 0.0) + (time.perf_counter() - started) * 1000
        return run


class ClockedGroup:
    def __init__(self, group, clock):
        self.inner, self.clock = group, clock

    def __getattr__(self, name):
        found = getattr(self.inner, name)
        if not callable(found):
            return found
        # each operation's own share, and the sum
        return self.clock.timed("group", self.clock.timed(name, found))


def has_news(sender, reader):
    return any(not reader.holds(message) for message in sender.outbox())


for game_id, options, seats in (
    ("fools-field", {}, 2),
    ("game-of-fields", {"map": "blank"}, 2),
    ("cloth-of-gold", {}, 2),
    ("fools", {}, 2),
    ("fools", {}, 3),
):
    # Every link goes to every other seat (a group chat), each opening it at once.
    host = RemoteGame.create(crypto, game_id, seats, options, "A")
    invites = host.invites() if seats > 2 else {1: host.link()}
    apps = [host] + [RemoteGame.join(crypto, invites[s], "ABCD"[s]) for s in range(1, seats)]
    bots = [make_bot("greedy", seat + 1) for seat in range(seats)]
    opens, moves, sizes, longest = [], [], [], []
    def deliver(sender):
        fragment = sender.link()
        sizes.append(len(fragment))
        kinds = "+".join(message.body.get("kind", "?") for message in sender.outbox())
        for reader in apps:
            if reader is not sender and has_news(sender, reader):
                before = reader.to_saved()
                started = time.perf_counter()
                reader.take_link(fragment)
                opens.append((time.perf_counter() - started) * 1000)
                if not longest or opens[-1] > longest[0][0]:
                    longest[:] = [(opens[-1], kinds, json.dumps(before), fragment)]
    for _ in range(20000):
        if all(app.phase() == VERIFIED for app in apps):
            break
        mover = next((app for app in apps if app.my_move()), None)
        if mover is None:
            deliver(next(a for a in apps if any(has_news(a, r) for r in apps if r is not a)))
            continue
        action = bots[mover.seat].choose(mover.state, mover.seat)
        started = time.perf_counter()
        mover.play(action)
        moves.append((time.perf_counter() - started) * 1000)
    saved = json.loads(json.dumps(host.to_saved()))
    started = time.perf_counter()
    RemoteGame.from_saved(crypto, saved)
    restore = (time.perf_counter() - started) * 1000
    clocked = Clocked(crypto)
    RemoteGame.from_saved(clocked, saved)
    # The longest link again, timed, on the save its reader had just before it.
    again = Clocked(crypto)
    reader = RemoteGame.from_saved(again, json.loads(longest[0][2]))
    again.ms = {"signatures": 0.0, "group": 0.0}
    started = time.perf_counter()
    reader.take_link(longest[0][3])
    again.ms["whole"] = (time.perf_counter() - started) * 1000
    results["games"][f"{game_id} {seats} seats {json.dumps(options)}"] = {
        "opens": opens, "moves": moves, "sizes": sizes, "restore_ms": restore,
        "longest": longest[0][1],
        "restore_parts": clocked.ms,
        "longest_parts": again.ms,
        "messages": len(saved["messages"]),
    }
json.dumps(results)
"""


def app_games(url: str, throttle: float) -> dict:
    """Whole games by links in the app's Python, on the throttled page (see APP_GAMES)."""
    import json

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**chromium.launch_options())
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("html[data-ready]", state="attached", timeout=600_000)
        if throttle > 1:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        result = json.loads(page.evaluate(RUN_PYTHON_JS, APP_GAMES))
        browser.close()
    return result


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    median = ordered[len(ordered) // 2]
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"{median:6.0f} / {p95:6.0f} / {ordered[-1]:6.0f}"


def print_operations(parts: dict[str, float]) -> None:
    """Each group operation's share of a clocked run, the largest first."""
    totals = ("signatures", "group", "whole")
    operations = sorted(
        (item for item in parts.items() if item[0] not in totals), key=lambda item: -item[1]
    )
    print("      of which " + ", ".join(f"{name} {ms:.0f}" for name, ms in operations))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpu-throttle", type=float, default=4.0, metavar="N")
    args = parser.parse_args(argv)
    built = build.build()
    import_map = re.search(
        r'<script type="importmap">.*?</script>', (built / "index.html").read_text()
    )
    assert import_map, "the built index.html has no import map"
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder)  # the site's remote modules, as shipped, beside this page
        shutil.copytree(built / "web" / "remote", site / "web" / "remote")
        shutil.copytree(built / "vendor", site / "vendor")
        decks = ", ".join(f'"{name}": {size}' for name, size in DECKS.items())
        page = PAGE.replace("Object.entries(DECKS)", f"Object.entries({{{decks}}})")
        page = page.replace("IMPORT_MAP", import_map.group(0))
        (site / "index.html").write_text(page, encoding="utf-8")
        url, server = serve.start_server(site)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(**chromium.launch_options())
                page_ = browser.new_page()
                if args.cpu_throttle > 1:
                    cdp = page_.context.new_cdp_session(page_)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
                page_.goto(url + "index.html")
                page_.wait_for_function("window.__result", timeout=600_000, polling=200)
                result = page_.evaluate("window.__result")
                browser.close()
        finally:
            server.shutdown()
    print(f"@noble/curves in headless Chromium, CPU throttled {args.cpu_throttle:g}x")
    print("ms per operation (median of 200):")
    for name, ms in result["ops"].items():
        print(f"  {name:<16} {ms:6.2f}")
    print("one device's share of a deal (shuffle, then lock with commitments), ms:")
    for name, ms in result["deals"].items():
        print(f"  {name:<18} {DECKS[name]:>3} cards  {ms:7.0f}")
    app_url, app_server = serve.start_server(built)
    try:
        games = app_games(app_url, args.cpu_throttle)
    finally:
        app_server.shutdown()
    print(f"the app's Python (Pyodide), throttled {args.cpu_throttle:g}x:")
    print(f"  loading the kit (first time, from the local server): {games['kit_ms']:.0f} ms")
    for name, figures in games["games"].items():
        print(f"  {name}: {len(figures['sizes'])} links, {figures['messages']} messages")
        print(f"    a move, ms (median / p95 / max):        {spread(figures['moves'])}")
        print(
            f"    opening a link, ms (median / p95 / max): {spread(figures['opens'])}"
            f"  (the longest: {figures['longest']})"
        )
        print(f"    link characters (median / p95 / max):    {spread(figures['sizes'])}")
        parts = figures["restore_parts"]
        print(
            f"    a save brought back at the end: {figures['restore_ms']:.0f} ms "
            f"({figures['messages']} messages; in a second run, timed: signatures checked "
            f"{parts['signatures']:.0f} ms, group operations {parts['group']:.0f} ms)"
        )
        print_operations(parts)
        parts = figures["longest_parts"]
        print(
            f"    the longest link again, on its reader's save from just before it: "
            f"{parts['whole']:.0f} ms (signatures checked {parts['signatures']:.0f} ms, "
            f"group operations {parts['group']:.0f} ms)"
        )
        print_operations(parts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
