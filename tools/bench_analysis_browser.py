"""The computer's study in the browser: python tools/bench_analysis_browser.py [--games 2]
                                           [--cpu-throttle 4] [--computer worker|page]

For each playable game found (new games are covered as they are added), opens
finished games (a seeded Normal computer against a random one) in headless
Chromium, runs the replay screen's study of every decision, and prints the
time per decision (from Start to done, over the decisions studied: with workers,
their boot is counted too), where the decisions were studied (the computer's
workers, as many as a phone with 8 cores runs for one computer, or the page in
slices: `--computer page` opens the page with ``?noworker``), and the main-thread
tasks over 50 and over 100 ms while it ran, in wall time (Chromium's long-task
observer), and over 100 ms in the main thread's own CPU time (a trace's thread
time). A task long in wall time but short in CPU time did not run long: the
operating system held the thread (a busy machine). With `--cpu-throttle N`
Chromium slows the page's CPU N times (not its workers': it cannot). Prints figures
only; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import GAMES  # noqa: E402
from pygames.analysis import ITERATIONS  # noqa: E402
from pygames.bots import make_bot  # noqa: E402
from pygames.record import Record  # noqa: E402
from pygames.replay import Replay  # noqa: E402
from tools import chromium  # noqa: E402

# The page sees a phone's cores: as many workers as a phone runs for one computer.
AS_IF_A_PHONE = (
    "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 8 });\n"
)


def finished_game(game_id: str, seed: int) -> Record:
    game = GAMES[game_id]
    seats = game.min_seats
    state = game.new_state(seats, seed)
    bots = [make_bot("normal" if s == 0 else "random", seed + s) for s in range(seats)]
    while not state.is_over():
        for seat in state.to_act():
            if not state.is_over():
                state.apply(seat, bots[seat].choose(state, seat))
    record = Record.new(game_id, ["human"] + ["random"] * (seats - 1))
    record.actions = list(state.history)
    return record


class Study:
    """One study's figures."""

    def __init__(self, seconds: float, decisions: int, where: str, tasks: list, cpu: list):
        self.seconds = seconds  # per decision
        self.decisions = decisions
        self.where = where  # "worker 5 page 1": decisions studied in each place
        self.tasks = tasks  # the wall times (ms, over 50) of the main thread's tasks
        self.cpu = cpu  # the CPU time (ms) of each of its tasks


def measure(browser, url: str, record: Record, throttle: float, computer: str) -> Study:
    context = browser.new_context()
    context.add_init_script(AS_IF_A_PHONE + chromium.WATCH_LONG_TASKS)
    page = context.new_page()
    if throttle > 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    query = "?noworker" if computer == "page" else ""
    page.goto(url + query + "#" + record.to_link_fragment())
    page.wait_for_selector("#analysis [data-act='analysis-start']", timeout=120_000)
    trace = Path(tempfile.mkstemp(suffix=".json")[1])
    browser.start_tracing(page=page, path=str(trace), categories=["toplevel"])
    started = page.evaluate("performance.now()")
    page.click("[data-act='analysis-start']")
    page.wait_for_selector("html[data-analysis='done']", state="attached", timeout=900_000)
    ended = page.evaluate("performance.now()")
    browser.stop_tracing()
    tasks = [d for start, d in page.evaluate("window.__longTasks") if start >= started]
    where = " ".join(
        f"{place} {page.get_attribute('html', f'data-analysis-{place}') or 0}"
        for place in ("worker", "page")
    )
    context.close()
    cpu = main_thread_cpu(json.loads(trace.read_text())["traceEvents"])
    trace.unlink()
    decisions = len(Replay(record).decisions())
    return Study((ended - started) / 1000 / max(1, decisions), decisions, where, tasks, cpu)


def main_thread_cpu(events: list[dict]) -> list[float]:
    """The CPU time (ms) of each of the page's main-thread tasks (its thread time)."""
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("ph") == "M" and e.get("args", {}).get("name") == "CrRendererMain"
    }
    return [
        e["tdur"] / 1000
        for e in events
        if e.get("name") == "ThreadControllerImpl::RunTask"
        and e.get("ph") == "X"
        and (e.get("pid"), e.get("tid")) in mains
        and "tdur" in e
    ]


def main(argv: list[str] | None = None) -> int:
    from web import games

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="finished games per game (default 2)")
    parser.add_argument("--cpu-throttle", type=float, default=1.0, metavar="N")
    parser.add_argument("--computer", choices=("worker", "page"), default="worker")
    args = parser.parse_args(argv)
    print(
        f"the study in headless Chromium, {ITERATIONS} iterations a decision, CPU throttled "
        f"{args.cpu_throttle:g}x, in the {args.computer}"
    )
    print(
        f"{'game':<15} {'decisions':>9} {'s/decision':>10} {'min':>6} {'max':>6}  "
        "studied in  tasks > 50 ms (longest)  "
        "tasks > 100 ms: wall time [ms] / CPU time [ms] (longest CPU time)"
    )
    with chromium.built_site_in_chromium() as (url, browser):
        for game_id in GAMES:
            if not games.is_playable(game_id):
                continue
            studies = [
                measure(
                    browser,
                    url,
                    finished_game(game_id, 11 + number),
                    args.cpu_throttle,
                    args.computer,
                )
                for number in range(args.games)
            ]
            per = [study.seconds for study in studies]
            tasks = [d for study in studies for d in study.tasks]
            over = [round(d) for d in tasks if d > 100]
            busy = [round(d) for study in studies for d in study.cpu if d > 100]
            longest = max([0.0, *(d for study in studies for d in study.cpu)])
            long_50 = f"{len(tasks)} ({max(tasks):.0f})" if tasks else "0"
            print(
                f"{game_id:<15} {sum(s.decisions for s in studies):>9} "
                f"{statistics.mean(per):>10.2f} {min(per):>6.2f} {max(per):>6.2f}  "
                f"{'; '.join(study.where for study in studies)}  {long_50:<10} "
                f"wall {len(over)} {over or ''} / CPU {len(busy)} {busy or ''} "
                f"(longest {longest:.0f})",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
