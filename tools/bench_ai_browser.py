"""The computer's speed in the browser: python tools/bench_ai_browser.py [--decisions 30]

For each game, opens a Hard-vs-Hard game in headless Chromium (the built site,
served locally) and times every decision: from one move appearing on the board
to the next. That span holds the search (capped at 1 s by web/session.py), the
0.25 s minimum that lets a person see the "thinking" indicator, and the redraw.
It also counts main-thread tasks over 100 ms once the board is up. Prints figures
only; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import GAMES  # noqa: E402
from pygames.record import Record  # noqa: E402
from tools import build, chromium, serve  # noqa: E402

LEVEL = "hard"

# Timestamps each change of the board's move count.
WATCH_MOVES = """
window.__moveTimes = [];
new MutationObserver(() => {
  const play = document.querySelector(".play");
  const count = play && play.dataset.moves;
  if (count && count !== window.__lastCount) {
    window.__lastCount = count;
    window.__moveTimes.push(performance.now());
  }
}).observe(document, { attributes: true, childList: true, subtree: true });
"""


def measure(browser, url: str, game_id: str, decisions: int) -> tuple[list[float], list[float]]:
    record = Record.dealt(game_id, [LEVEL, LEVEL], seed=7)
    context = browser.new_context()
    context.add_init_script(WATCH_MOVES + chromium.WATCH_LONG_TASKS)
    page = context.new_page()
    page.goto(url + "#" + record.to_link_fragment())
    page.wait_for_function(
        f"window.__moveTimes.length > {decisions} || "
        "document.querySelector(\".play[data-turn='over']\") !== null",
        timeout=decisions * 5_000,
        polling=200,
    )
    times = page.evaluate("window.__moveTimes")
    long_tasks = page.evaluate("window.__longTasks")
    context.close()
    # The first time is the board appearing (Python's boot comes before it and is
    # not counted); every later one is a decision.
    playing = [duration for start, duration in long_tasks if start >= times[0]]
    return [b - a for a, b in zip(times, times[1:], strict=False)], playing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=30, help="per game (default 30)")
    args = parser.parse_args(argv)
    if build.site_is_stale():
        build.build()
    url, server = serve.start_server(build.DEFAULT_OUT)
    print(f"{LEVEL} vs {LEVEL} in headless Chromium, ms from one move to the next")
    print(f"{'game':<15} {'decisions':>9} {'median':>7} {'p90':>7} {'max':>7}  tasks > 100 ms")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium.launch_options())
            for game_id in GAMES:
                spans, long_tasks = measure(browser, url, game_id, args.decisions)
                deciles = statistics.quantiles(spans, n=10)
                over = [round(d) for d in long_tasks if d > 100]
                print(
                    f"{game_id:<15} {len(spans):>9} {statistics.median(spans):>7.0f} "
                    f"{deciles[-1]:>7.0f} {max(spans):>7.0f}  {len(over)} {over or ''}",
                    flush=True,
                )
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
