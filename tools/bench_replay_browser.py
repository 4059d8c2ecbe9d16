"""How quickly the replay screen steps through a long game, as a phone would feel it:
python tools/bench_replay_browser.py [--cpu-throttle 4] [--steps 25] [--game ID]

For each game, a long finished game (two greedy players, a fixed seed) is saved and
reviewed in headless Chromium (the built site, served locally), CPU throttled as
`./dev bench-ai-browser` does. Then → is pressed `--steps` times, each press once the last
one's move is drawn. Printed per game: the game's moves, the ms from each key press to the
move shown (median / max; the move's redraw and the move list's mark), and the main-thread
tasks over 50 ms while stepping (count, longest). Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import GAMES  # noqa: E402
from pygames.bots import make_bot  # noqa: E402
from pygames.record import Record  # noqa: E402
from tools import chromium  # noqa: E402
from tools.bench_ai_browser import SAVE_FORMAT, SAVE_ID, SAVE_PREFIX  # noqa: E402

# The time of each key press and of each step the replay screen shows.
WATCH_STEPS = """
window.__keys = [];
window.__steps = [];
document.addEventListener("keydown", () => window.__keys.push(performance.now()), true);
new MutationObserver(() => {
  const step = document.querySelector(".play.replay")?.dataset.step;
  if (step && step !== window.__lastStep) {
    window.__lastStep = step;
    window.__steps.push(performance.now());
  }
}).observe(document, { attributes: true, subtree: true, childList: true });
"""
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"


def long_game(game_id: str) -> Record:
    """A whole game of two greedy players (seed 7)."""
    state = GAMES[game_id].new_state(GAMES[game_id].min_seats, 7)
    bots = [make_bot("greedy", seat + 1) for seat in range(state.num_seats)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    record = Record.new(game_id, ["human"] + ["greedy"] * (state.num_seats - 1))
    record.actions = list(state.history)
    return record


def finished_save(record: Record) -> str:
    """A script that stores `record` as a finished game's save."""
    save = {
        "id": SAVE_ID,
        "game": record.game_id,
        "record": record.to_text(),
        "seats": list(record.seats),
        "created": 1,
        "saved": 2,
        "moves": len(record.actions),
        "over": True,
        "format": SAVE_FORMAT,
    }
    key, text = json.dumps(SAVE_PREFIX + SAVE_ID), json.dumps(json.dumps(save))
    return f"localStorage.setItem({key}, {text});"


def measure(browser, url: str, record: Record, args) -> tuple[list[float], list[float]]:
    """(ms from each key press to its move shown, long tasks' ms while stepping)."""
    context = browser.new_context()
    context.add_init_script(WATCH_STEPS + chromium.WATCH_LONG_TASKS + finished_save(record))
    page = context.new_page()
    if args.cpu_throttle > 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
    page.goto(url + "#g=" + SAVE_ID)
    page.wait_for_selector(".play.replay[data-step]", timeout=300_000)
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('.play.replay').dataset.step === '0'")
    page.evaluate(NEXT_FRAME)
    started = page.evaluate("performance.now()")
    spans = []
    for _ in range(args.steps):
        shown = page.evaluate("window.__steps.length")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("n => window.__steps.length > n", arg=shown)
        page.evaluate(NEXT_FRAME)
        spans.append(page.evaluate("window.__steps.at(-1) - window.__keys.at(-1)"))
    tasks = [ms for start, ms in page.evaluate("window.__longTasks") if start >= started]
    context.close()
    return spans, tasks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpu-throttle", type=float, default=4.0, metavar="N")
    parser.add_argument("--steps", type=int, default=25)
    parser.add_argument("--game", choices=sorted(GAMES), help="one game only")
    args = parser.parse_args(argv)
    print(f"headless Chromium, CPU throttled {args.cpu_throttle:g}x; → pressed {args.steps} times")
    print(f"{'game':<15} {'moves':>5}  key to move shown (median max)  tasks>50ms (longest)")
    with chromium.built_site_in_chromium() as (url, browser):
        for game_id in sorted(GAMES):
            if args.game not in (None, game_id):
                continue
            record = long_game(game_id)
            spans, tasks = measure(browser, url, record, args)
            longest = f"({max(tasks):.0f})" if tasks else ""
            print(
                f"{game_id:<15} {len(record.actions):>5}  "
                f"{statistics.median(spans):>14.0f} {max(spans):>6.0f}         "
                f"{len(tasks):>4} {longest}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
