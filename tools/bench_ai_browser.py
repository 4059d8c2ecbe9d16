"""The computer's speed in the browser, as a phone would feel it:
python tools/bench_ai_browser.py [--decisions 30] [--cpu-throttle 4] [--game ID] [--seats N]
                                 [--computer page|worker] [--cores 8]

For each game and seat count, opens a game of Hard computers in every seat in
headless Chromium (the built site, served locally) and times every decision:
from one move appearing on the board to the next. That span holds the search, the
0.25 s minimum that lets a person see the "thinking" indicator, and the redraw.
With `--cpu-throttle N`, Chromium slows its CPU N times (DevTools' CPU throttling,
as its "mid-tier mobile" preset does with 4), beside nothing else on the machine.

`--computer page` (the default) makes the page search itself (``?noworker``), so
the search runs at the throttled speed a phone's core would give it; `--computer
worker` measures the app as shipped, the search in the computer's worker, from the
moment the workers are ready (as many as a device with `--cores` cores runs,
`pygames.ai.offload.workers_for`). Chromium cannot
throttle a worker ("Operation is only supported for pages, not workers"), so with
workers the search runs at the machine's own speed; the figures that hold on a
phone are the main thread's tasks, and the page's search time divided by the parts.

Printed per game and seat count: decisions measured, median / p95 / max ms per decision,
the median of their searches alone (as the page reports each decision's, the rest of a
span being the shortest visible think and the redraw), main-thread tasks over 50 ms
while the computers play (count and longest), frames over 50 ms (count, and the median ms
in them of the page's scripts and of the browser's rendering: style, layout and paint),
and the redraw that drew each move (the
play screen's, in the page: median / p95 / max ms). At the largest table, "wait" is what a
person in seat A would wait between two of their turns: from A's move appearing until A
is to act again, the decisions of every other seat in between (p50 / p95 / max). "Wait,
choosing at once" is the same for a person who acts the moment they may: at a step where
every seat chooses at once (Fools!' Standard Bearers), their turn begins with the step,
and the computers' choices there count in the wait after it. With the page searching,
"model" is the wait a phone with 2 or with 6 workers would give
(`Run.waits_with_workers`), and each decision's time on a phone with 2 workers
(`Run.spans_with_workers`): Chromium cannot slow a worker down, so a phone's workers are
modelled from the page's own search at the phone's speed. Prints figures only; asserts
nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import GAMES  # noqa: E402
from pygames.ai.levels import PARTS  # noqa: E402
from pygames.ai.offload import MOST_WORKERS, workers_for  # noqa: E402
from pygames.core import CHANCE  # noqa: E402
from pygames.record import Record  # noqa: E402
from tools import chromium  # noqa: E402

LEVEL = "hard"
LONG_TASK_MS = 50
SAVE_PREFIX = "ff:save:"
SAVE_FORMAT = "ff-save/1"  # web/storage.py's FORMAT
SAVE_ID = "bench"
BOT_SEED = 7
MIN_THINK_MS = 250  # web/session.py's MIN_THINK_SECONDS: the shortest visible think

# Timestamps each change of the board's move count.
WATCH_MOVES = """
window.__moveTimes = [];
window.__searches = [];  // per move: the last decision's search ms, decisions so far
window.__redraws = [];  // per move: ms of the last whole redraw of the play screen
window.__workerReadyAt = null;
new MutationObserver(() => {
  const workers = Number(document.documentElement.dataset.computerWorkers || 0);
  if (workers >= window.__expectedWorkers && window.__workerReadyAt === null) {
    window.__workerReadyAt = performance.now();
  }
  const play = document.querySelector(".play");
  const count = play && play.dataset.moves;
  if (count && count !== window.__lastCount) {
    window.__lastCount = count;
    window.__moveTimes.push(performance.now());
    const root = document.documentElement.dataset;
    const decided = Number(root.thinkPageCount || 0) + Number(root.thinkWorkerCount || 0);
    window.__searches.push([Number(root.thinkMs || 0), decided]);
    window.__redraws.push(Number(root.redrawMs || 0));
  }
}).observe(document, { attributes: true, childList: true, subtree: true });
"""
READ_SAVE = f"""() => {{
  for (let i = 0; i < localStorage.length; i++) {{
    const key = localStorage.key(i);
    if (key.startsWith("{SAVE_PREFIX}")) return localStorage.getItem(key);
  }}
  return null;
}}"""


class Run:
    """One game in the browser: when each move appeared, who made it, the long tasks."""

    def __init__(
        self,
        times: list[float],
        movers: list[int],
        long_tasks: list[float],
        to_act: list[list[int]] | None = None,
        searched: list[float] | None = None,
        redraws: list[float] | None = None,
        long_frames: list[list[float]] | None = None,
    ):
        self.times = times  # times[0]: the board first drawn; then one per decision
        self.movers = movers  # the seat of each decision, in order
        self.long_tasks = long_tasks
        # Per decision, ms of search (from its start to its answer, before the shortest
        # visible think and the redraw); 0 where the page did not report one.
        self.searched = searched or []
        self.to_act = to_act or []  # before each decision: the seats to act
        self.redraws = redraws or []  # ms of the redraw that drew each move
        # Frames over 50 ms while the computers play: [duration, scripts, rendering] ms.
        self.long_frames = long_frames or []
        self.may_act = [0 in seats for seats in self.to_act]  # seat A among them

    def spans(self) -> list[float]:
        return [b - a for a, b in zip(self.times, self.times[1:], strict=False)]

    def waits(self, seat: int = 0) -> list[float]:
        """From each move of `seat` appearing until `seat` is to act again."""
        moves = [i + 1 for i, mover in enumerate(self.movers) if mover == seat]
        moves = [i for i in moves if i < len(self.times)]
        return [self.times[b - 1] - self.times[a] for a, b in zip(moves, moves[1:], strict=False)]

    def waits_choosing_at_once(self, seat: int = 0) -> list[float]:
        """The same for a person who acts the moment they may: at a step where several
        seats choose at once (Standard Bearers) their turn begins with the step, and the
        others' choices there, made by the computers meanwhile, count after their own.
        Each wait: the other seats' decision times from one of `seat`'s turns beginning
        to the next."""
        spans = self.spans()
        count = min(len(spans), len(self.movers), len(self.may_act))
        starts = []  # where each of the seat's turns begins (a decision index)
        begun = None
        for index in range(count):
            if not self.may_act[index]:
                begun = None
            elif begun is None:
                begun = index
            if self.movers[index] == seat:
                starts.append(begun)
                begun = None if index + 1 >= count or not self.may_act[index + 1] else index + 1
        return [
            sum(spans[i] for i in range(a, b) if self.movers[i] != seat)
            for a, b in zip(starts, starts[1:], strict=False)
        ]

    def waits_with_workers(self, workers: int, seat: int = 0) -> list[float]:
        """A model of `waits` on a phone whose workers search a decision's parts at once
        (the page searched every decision here): each decision's search takes its time
        here over `PARTS` (at least the shortest visible think), and the rest of its span
        (the redraw, the page's own work) as here; the computers' decisions begun at once
        (seats that were to act together when the first of them began) share the
        `workers`, in rounds of one part each, and are drawn one after another."""
        spans = self.spans()
        moves = [i for i, mover in enumerate(self.movers[: len(spans)]) if mover == seat]
        pairs = zip(moves, moves[1:], strict=False)
        return [sum(self._group_times(range(a + 1, b), workers)) for a, b in pairs]

    def spans_with_workers(self, workers: int) -> list[float]:
        """A model of `spans` on a phone whose `workers` search each decision's parts at
        once (as `waits_with_workers` does for one decision at a time)."""
        return [self._group_times(range(i, i + 1), workers)[0] for i in range(len(self.spans()))]

    def _group_times(self, decisions: range, workers: int) -> list[float]:
        spans, times, group = self.spans(), [], []
        for index in [*decisions, None]:
            if group and (index is None or not self._begun_with(group, index)):
                rounds = math.ceil(len(group) * PARTS / workers)
                search = rounds * max(self._search(i) for i in group) / PARTS
                rest = sum(spans[i] - max(self._search(i), MIN_THINK_MS) for i in group)
                times.append(max(search, MIN_THINK_MS) + max(0.0, rest))
                group = []
            if index is not None:
                group.append(index)
        return times

    def _search(self, index: int) -> float:
        return self.searched[index] if index < len(self.searched) else 0.0

    def _begun_with(self, group: list[int], index: int) -> bool:
        """Decision `index` began with those of `group` (its seat was to act with theirs)."""
        mover = self.movers[index]
        return mover in self.to_act[group[0]] and all(self.movers[i] != mover for i in group)


def as_if_cores(cores: int, computers: int) -> str:
    """An init script: the page sees `cores` cores, and waits for as many workers as the
    app (web/computer.py) boots for that many and a table of `computers`."""
    return (
        "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency',"
        f" {{ get: () => {cores} }});\n"
        f"window.__expectedWorkers = {workers_for(cores, computers)};\n"
    )


def measure(
    browser,
    url: str,
    game_id: str,
    seats: int,
    decisions: int,
    throttle: float,
    computer: str,
    cores: int,
) -> Run:
    record = Record.dealt(game_id, [LEVEL] * seats, seed=7)
    query = "?noworker" if computer == "page" else ""
    context = browser.new_context()
    context.add_init_script(
        as_if_cores(cores, seats)
        + WATCH_MOVES
        + chromium.WATCH_LONG_TASKS
        + chromium.WATCH_LONG_FRAMES
        + seeded_save(record)
    )
    page = context.new_page()
    if throttle > 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    page.goto(url + query + "#g=" + SAVE_ID)
    if computer == "worker":
        page.wait_for_function("window.__workerReadyAt !== null", timeout=600_000, polling=200)
    page.wait_for_function(
        "window.__moveTimes.filter(t => t >= (window.__workerReadyAt || 0)).length"
        f" > {decisions} || "
        "document.querySelector(\".play[data-turn='over']\") !== null",
        timeout=decisions * 60_000 * max(1.0, throttle),
        polling=200,
    )
    times = page.evaluate("window.__moveTimes")
    ready = page.evaluate("window.__workerReadyAt") or 0.0
    long_tasks = page.evaluate("window.__longTasks")
    long_frames = page.evaluate("window.__longFrames")
    searches = page.evaluate("window.__searches")
    redraws = page.evaluate("window.__redraws")
    saved = page.evaluate(READ_SAVE)
    context.close()
    movers, to_act = [], []
    if saved:
        played = Record.from_text(json.loads(saved)["record"])
        movers = [seat for seat, _ in played.actions if seat != CHANCE]
        to_act = [state.to_act() for state in played.stepping()]
    # Python's boot comes before the first time and is not counted; with a worker, nor
    # what the page searched before the worker was ready.
    first = next(i for i, time in enumerate(times) if time >= ready) if ready else 0
    searched = decision_searches(searches)
    times, movers, to_act = times[first:], movers[first:], to_act[first:]
    searched = searched[first:]
    redraws = redraws[first + 1 : first + decisions + 1]  # the moves of the decisions timed
    playing = [duration for start, duration in long_tasks if start >= times[0]]
    frames = [rest for start, *rest in long_frames if start >= times[0]]
    return Run(times[: decisions + 1], movers, playing, to_act, searched, redraws, frames)


def long_frames(run: Run) -> str:
    """How many frames took over 50 ms while the computers played, and the median ms in
    them of the page's scripts and of the browser's rendering (style, layout, paint)."""
    if not run.long_frames:
        return "0"
    scripts = statistics.median(frame[1] for frame in run.long_frames)
    rendering = statistics.median(frame[2] for frame in run.long_frames)
    return f"{len(run.long_frames):>4} ({scripts:.0f} {rendering:.0f})"


def decision_searches(searches: list[list[float]]) -> list[float]:
    """Per decision (the span before each move but the first), the search ms the page
    reported with the move, or 0 where no new decision was reported."""
    found = []
    for (_, before), (ms, now) in zip(searches, searches[1:], strict=False):
        found.append(ms if now > before else 0.0)
    return found


def seeded_save(record: Record) -> str:
    """A script that stores `record` as a save with a fixed bot seed (once), so every run
    plays the very same game: the computers' decisions follow the save's seed."""
    save = {
        "id": SAVE_ID,
        "game": record.game_id,
        "record": record.to_text(),
        "seats": list(record.seats),
        "created": 0,
        "saved": 0,
        "moves": 0,
        "over": False,
        "format": SAVE_FORMAT,
        "bot_seed": BOT_SEED,
        "analysis": None,
    }
    key, text = json.dumps(SAVE_PREFIX + SAVE_ID), json.dumps(json.dumps(save))
    return f"if (!localStorage.getItem({key})) localStorage.setItem({key}, {text});"


def spread(values: list[float]) -> str:
    """median / p95 / max, in ms."""
    if len(values) < 2:
        return "-"
    p95 = statistics.quantiles(values, n=20, method="inclusive")[-1]
    return f"{statistics.median(values):>6.0f} {p95:>6.0f} {max(values):>6.0f}"


def cases(only: str | None, tables: list[int] | None = None) -> list[tuple[str, int]]:
    return [
        (game_id, seats)
        for game_id, game in GAMES.items()
        if only in (None, game_id)
        for seats in range(game.min_seats, game.max_seats + 1)
        if not tables or seats in tables
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=30, help="per game (default 30)")
    parser.add_argument("--cpu-throttle", type=float, default=1.0, metavar="N")
    parser.add_argument("--game", choices=sorted(GAMES), help="one game only")
    parser.add_argument(
        "--seats", type=int, action="append", metavar="N", help="this table size only (repeatable)"
    )
    parser.add_argument("--computer", choices=("page", "worker"), default="page")
    parser.add_argument(
        "--cores",
        type=int,
        default=8,
        help="navigator.hardwareConcurrency as the page sees it (default 8, a phone's)",
    )
    args = parser.parse_args(argv)
    print(
        f"{LEVEL} in every seat, headless Chromium, CPU throttled {args.cpu_throttle:g}x, "
        f"searching on the {args.computer}, as if the device had {args.cores} cores"
    )
    print(
        "ms per decision (median p95 max), of which the search (median); "
        "wait = seat A's wait between its turns"
    )
    print(
        f"{'game':<15} {'seats':>5} {'n':>3} {'median':>6} {'p95':>6} {'max':>6} {'search':>6}  "
        f"tasks>{LONG_TASK_MS}ms (longest)  frames>{LONG_TASK_MS}ms (scripts rendering)  "
        "redraw (median p95 max)  wait (median p95 max)  "
        f"wait, choosing at once  model: wait with {PARTS} / {MOST_WORKERS} workers"
        f"{'':<8}model: per decision with {PARTS} workers"
    )
    with chromium.built_site_in_chromium() as (url, browser):
        for game_id, seats in cases(args.game, args.seats):
            run = measure(
                browser,
                url,
                game_id,
                seats,
                args.decisions,
                args.cpu_throttle,
                args.computer,
                args.cores,
            )
            spans = run.spans()
            over = [d for d in run.long_tasks if d > LONG_TASK_MS]
            longest = f"({max(over):.0f})" if over else ""
            searched = [ms for ms in run.searched if ms > 0]
            search = f"{statistics.median(searched):.0f}" if searched else "-"
            largest = seats == GAMES[game_id].max_seats > 2
            wait = spread(run.waits()) if largest else ""
            at_once = spread(run.waits_choosing_at_once()) if largest else ""
            page = args.computer == "page"
            modelled = " / ".join(
                spread(run.waits_with_workers(workers)) for workers in (PARTS, MOST_WORKERS)
            )
            phone = spread(run.spans_with_workers(PARTS)) if page else ""
            print(
                f"{game_id:<15} {seats:>5} {len(spans):>3} {spread(spans)} {search:>6}  "
                f"{len(over):>4} {longest:<14} {long_frames(run):<32} "
                f"{spread(run.redraws):<22} {wait:<21} "
                f"{at_once:<21} "
                f"{modelled if largest and page else '':<45} {phone}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
