"""The page's cryptography for remote play, as a phone would feel it:
python tools/bench_remote_browser.py [--cpu-throttle 4]

Opens web/remote/group.mjs (@noble/curves) as the built site ships it (_site/web/remote/
and _site/vendor/, by index.html's import map; built first if stale) in headless
Chromium with the CPU throttled and prints what one device pays: each group operation
(median of 200), and the operations of its share of a deal for each game's deck (the
first seat of two: a shuffle, then a lock with a commitment per card; the work of
pygames.remote.deal), run for real on the page. Prints figures only; asserts nothing.
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
