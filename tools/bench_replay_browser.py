"""How quickly the replay screen steps through a long game, as a phone would feel it:
python tools/bench_replay_browser.py [--cpu-throttle 4] [--steps 25] [--game ID] [--studied]

For each game, a long finished game (two greedy players, a fixed seed) is saved and
reviewed in headless Chromium (the built site, served locally), CPU throttled as
`./dev bench-ai-browser` does. Then → is pressed `--steps` times, each press once the last
one's move is drawn. Printed per game: the game's moves, the ms from each key press to the
move shown (median / max; the move's redraw and the move list's mark), and the main-thread
tasks over 50 ms while stepping (count, longest). With `--studied` the save keeps a study of
every decision (made here in CPython at a small budget, kept as if at the full one), so the
screen draws the study's graph and marks as well. Prints figures only; asserts nothing.
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
STUDY_ITERATIONS = 10
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


def study_of(record: Record) -> dict:
    """A study of every decision of `record`, as a save keeps it (a small budget: the screen
    draws any study alike)."""
    from pygames.analysis import ITERATIONS, VERSION, GameStudy, pack_verdict
    from pygames.replay import Replay

    study = GameStudy(Replay(record), iterations=STUDY_ITERATIONS)
    while not study.advance(1000):
        pass
    results = [pack_verdict(step, verdict) for step, verdict in sorted(study.results.items())]
    return {"v": VERSION, "it": ITERATIONS, "r": results}


def finished_save(record: Record, studied: bool) -> str:
    """A script that stores `record` as a finished game's save (with a study if `studied`)."""
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
        **({"analysis": study_of(record)} if studied else {}),
    }
    key, text = json.dumps(SAVE_PREFIX + SAVE_ID), json.dumps(json.dumps(save))
    return f"localStorage.setItem({key}, {text});"


def measure(browser, url: str, record: Record, args) -> tuple[list[float], list[float]]:
    """(ms from each key press to its move shown, long tasks' ms while stepping)."""
    context = browser.new_context()
    save = finished_save(record, args.studied)
    context.add_init_script(WATCH_STEPS + chromium.WATCH_LONG_TASKS + save)
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
    parser.add_argument("--studied", action="store_true", help="the save keeps a study")
    args = parser.parse_args(argv)
    studied = "; the game studied" if args.studied else ""
    print(
        f"headless Chromium, CPU throttled {args.cpu_throttle:g}x; "
        f"→ pressed {args.steps} times{studied}"
    )
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
