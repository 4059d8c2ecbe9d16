"""The computer's study of a finished game (replay screen), and hints during a game.

The study (`pygames.analysis.GameStudy`) runs in the computer's workers
(web/computer.py), a decision per worker at once, so the page stays free; where no
worker can run, it runs on the page in slices, like the computer's thinking
(web/session.py): a few search iterations, then a yield to the browser, so the page
never freezes. Either way the verdicts are the same. It can be stopped, and every
decision studied is written into the game's save at once, so it runs once and
resumes where it stopped. Each decision is studied from the deciding seat's
knowledge at that moment only.

Shown: each seat's chance to win over the game as an SVG graph (a point per
move, linked to the move list), a mark on each costly move (the thresholds are
on the page), and for the current move the chance before and after it and the
move the computer preferred, also marked on the board of the seat that chose (as a
hint's move is).

A hint (play screen) studies the human's current decision the same way and
lists every legal move with its chance; the game's record then says, for
everyone to see, that this seat asked for hints.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import js

from pygames.choices import Pick
from pygames.views import View
from web import dom, i18n, storage
from web.computer import the_workers
from web.dom import Element, h, svg
from web.i18n import t
from web.seats import SEAT_MARKS
from web.slicing import own_task, run_in_slices

if TYPE_CHECKING:
    from pygames.analysis import GameStudy
    from pygames.core import State

MARK_SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
STATE_ATTRIBUTE = "data-analysis"  # on <html>: "running", "stopped" or "done", for tests
GRAPH_WIDTH, GRAPH_HEIGHT, GRAPH_PAD = 320, 150, 18
SEAT_DASHES = ("", "6 3", "2 3", "8 3 2 3")  # each seat's line differs by more than colour


def percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


class Analysis:
    """The replay screen's study panel, marks and graph."""

    def __init__(self, screen):
        self.screen = screen
        self.study = None
        self.running = False
        self.generation = 0
        self.results: dict[int, dict] | None = None
        self.drawn: DrawnGraph | None = None  # the graph's lines and points, kept

    # ----- what is known -----

    def available(self) -> bool:
        screen = self.screen
        return screen.replay is not None and screen.replay.over and not screen.session.read_only

    def saved(self) -> dict[int, dict]:
        """The study kept with the save (only if made by this version of the method). A
        save is read as hostile: a verdict whose preferred move is no move of its position
        is left out everywhere (the graph, the count, the move's study), to be studied
        again."""
        from pygames.analysis import ITERATIONS, VERSION, unpack_verdict

        if self.results is None:
            self.results = {}
            stored = self.screen.session.save.analysis
            if stored and stored.get("v") == VERSION and stored.get("it") == ITERATIONS:
                replay = self.screen.replay
                decisions = {d.step: d for d in replay.decisions()}
                for verdict in filter(None, map(unpack_verdict, stored.get("r", []))):
                    decision = decisions.get(verdict["step"])
                    before = replay.state(verdict["step"] - 1)
                    if decision and verdict["best"] in before.legal_actions(decision.seat):
                        self.results[decision.step] = verdict
        return self.results

    def total(self) -> int:
        return len(self.screen.replay.decisions())

    # ----- running -----

    def act_analysis_start(self, element) -> None:
        self.start()

    def act_analysis_stop(self, element) -> None:
        self.stop()
        self.screen.render()  # the panel, and the board's mark of what this move's study preferred
        dom.focus("[data-act='analysis-start']")

    def start(self) -> None:
        from pygames.analysis import GameStudy

        if self.running or not self.available():
            return
        the_workers().start(1)  # the study's own computer, as a table of one
        study = self.study = GameStudy(self.screen.replay, done=self.saved())
        self.running = True
        self.generation += 1
        set_state("running")
        self.refresh()
        dom.focus("[data-act='analysis-stop']")
        asyncio.ensure_future(self._run(self.generation, study))

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.generation += 1
            set_state("stopped")

    async def _run(self, generation: int, study: GameStudy) -> None:
        if await the_workers().settled():
            await self._run_on_workers(generation, study)
        if generation == self.generation and not study.finished():
            await self._run_here(generation, study)
        if generation == self.generation and study.finished():
            self.running = False
            set_state("done")
            # The graph, once (the marks went into the move list one by one), and the board's
            # mark of what the current move's study preferred.
            self.screen.render()
            self.screen.app.announce(t("analysis.done"))

    async def _run_on_workers(self, generation: int, study: GameStudy) -> None:
        """Decisions studied by the workers, as many at once as are ready, until all are
        done, the study is stopped, or a worker fails (the page goes on with the rest)."""
        workers = the_workers()
        while study.todo and generation == self.generation:
            batch = study.todo[: max(1, workers.ready_count())]
            requests = []
            for decision in batch:  # each in a task of its own: the page answers between
                async with own_task():
                    requests.append(study.request(decision))
            answers = await workers.answers(requests)
            if answers is None or generation != self.generation:
                return
            async with own_task():
                for decision, answer in zip(batch, answers, strict=True):
                    study.take(decision, json.loads(answer))
                count_studied("worker", len(batch))
                self.keep(study)

    async def _run_here(self, generation: int, study: GameStudy) -> None:
        known = len(study.results)

        def after_slice() -> None:
            nonlocal known
            if len(study.results) != known:
                known = len(study.results)
                self.keep(study)
            else:
                self.show_progress(study)

        before = len(study.results)
        run = await run_in_slices(study, lambda: generation == self.generation, after_slice)
        count_studied("page", len(study.results) - before)
        js.document.documentElement.setAttribute("data-analysis-slices", str(run.slices))

    def keep(self, study) -> None:
        """A decision studied: into the save at once, its mark into the move list."""
        from pygames.analysis import ITERATIONS, VERSION, pack_verdict

        fresh = [step for step in study.results if step not in self.saved()]
        self.results = dict(study.results)
        save = self.screen.session.save
        save.analysis = {
            "v": VERSION,
            "it": ITERATIONS,
            "r": [pack_verdict(step, verdict) for step, verdict in sorted(self.results.items())],
        }
        # If storage refuses, the study stays on this page; the save itself is unchanged.
        with contextlib.suppress(storage.StorageFull, storage.StorageUnavailable):
            storage.write(save)
        for step in fresh:
            self.add_mark(step)
        self.show_progress(study)

    # ----- drawing -----

    def refresh(self) -> None:
        """Redraw the panel alone (the board and the move list stay)."""
        old = dom.by_id("analysis")
        new = self.panel()
        if old is not None and new is not None:
            focus = dom.nullable(js.document.activeElement)
            key = dom.nullable(focus.getAttribute("data-focus")) if focus is not None else None
            had_focus = focus is not None and old.contains(focus)
            dom.replace_with(old, new)
            if had_focus and key:
                dom.focus(f"#analysis [data-focus='{key}']")

    def show_progress(self, study) -> None:
        """Between slices only the bar and the count change: nothing is redrawn."""
        bar = dom.query("#analysis progress")
        if bar is not None:
            bar.value = study.progress()
        done, total = len(study.results), self.total()
        panel = dom.by_id("analysis")
        if panel is not None and str(panel.getAttribute("data-done")) != str(done):
            panel.setAttribute("data-done", str(done))
            words = dom.query("#analysis-running")
            if words is not None:
                dom.set_text(words, t("analysis.running", done=done, total=total))

    def panel(self) -> Element | None:
        if not self.available():
            return None
        results = self.saved()
        total = self.total()
        done = len(results)
        return h(
            "section",
            {
                "class": "analysis panel",
                "id": "analysis",
                "aria-labelledby": "analysis-title",
                "data-done": done,
                "data-total": total,
            },
            h("h3", {"id": "analysis-title"}, t("analysis.title")),
            self.progress(done, total),
            bool(results) and self.graph(results),
            bool(results) and self.current(results),
            h(
                "p",
                {"class": "muted analysis-thresholds"},
                t("analysis.thresholds", **thresholds()),
            ),
        )

    def progress(self, done: int, total: int) -> Element | None:
        if self.running:
            value = self.study.progress() if self.study is not None else 0
            return h(
                "div",
                {"class": "row"},
                h(
                    "progress",
                    {
                        "value": f"{value:.3f}",
                        "max": "1",
                        "aria-label": t("analysis.progress_label"),
                    },
                ),
                h(
                    "p",
                    {"class": "muted", "role": "status", "id": "analysis-running"},
                    t("analysis.running", done=done, total=total),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "secondary",
                        "data-act": "analysis-stop",
                        "data-focus": "analysis-stop",
                    },
                    t("analysis.stop"),
                ),
            )
        if done >= total:
            return h("p", {"class": "muted"}, t("analysis.complete", total=total))
        label = t("analysis.resume") if done else t("analysis.start")
        return h(
            "div",
            {"class": "row"},
            h(
                "p",
                {"class": "muted"},
                t("analysis.explain")
                if not done
                else t("analysis.partial", done=done, total=total),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-act": "analysis-start",
                    "data-focus": "analysis-start",
                },
                label,
            ),
        )

    def current(self, results: dict[int, dict]) -> Element | None:
        """The current move's study: chances before and after, and the preferred move."""
        screen = self.screen
        step = screen.step
        verdict = results.get(step)
        if verdict is None:
            return h("p", {"class": "muted analysis-current"}, t("analysis.no_study_here"))
        decision = next(d for d in screen.replay.decisions() if d.step == step)
        state = screen.replay.state(step - 1)
        name = screen.names[decision.seat]
        items = [
            h(
                "p",
                {},
                t(
                    "analysis.before_after",
                    name=name,
                    before=percent(verdict["before"]),
                    after=percent(verdict["after"]),
                ),
            ),
        ]
        if verdict["best"] != decision.action:
            # Beside the move played, so that two moves that read alike (secret choices)
            # each end with what they pick.
            moves = [verdict["best"], decision.action]
            words = move_parts(screen, state, decision.seat, moves, screen.reader())
            items.append(
                h(
                    "p",
                    {"class": "analysis-best"},
                    t("analysis.preferred", chance=percent(verdict["best_value"])),
                    " ",
                    words[verdict["best"]],
                )
            )
        else:
            items.append(h("p", {}, t("analysis.was_best")))
        if verdict["mark"]:
            items.append(
                h(
                    "p",
                    {"class": "analysis-mark-words", "data-mark": verdict["mark"]},
                    t("analysis.mark." + verdict["mark"]),
                )
            )
        return h("div", {"class": "analysis-current", "aria-live": "polite"}, items)

    def graph(self, results: dict[int, dict]) -> Element | None:
        """Each seat's chance to win, move by move: a line per seat, a point per studied move."""
        screen = self.screen
        replay = screen.replay
        scale = GraphScale(max(1, replay.last))
        names = screen.names
        lines, data = self.drawn_lines(results, scale)
        shapes = [*graph_grid(scale, screen.step), data]
        summary = t(
            "analysis.graph_label",
            names=i18n.listed(
                [f"{names[s]} {percent(points[-1][1])}" for s, points in enumerate(lines)]
            ),
        )
        # Reached by keyboard as a slider over the moves: the replay's own keys
        # (← → Home End, and ↑ ↓ here) move the current move, and the focus stays on it.
        slider = {
            "role": "slider",
            "tabindex": "0",
            "aria-label": summary,
            "aria-valuemin": 0,
            "aria-valuemax": replay.last,
            "aria-valuenow": screen.step,
            "aria-valuetext": words_at(lines, names, screen.step, replay.last),
        }
        return h(
            "figure",
            {"class": "analysis-graph"},
            svg(
                "svg",
                {
                    "viewBox": f"0 0 {GRAPH_WIDTH} {GRAPH_HEIGHT}",
                    **slider,
                    "class": "graph",
                    "data-focus": "graph",
                },
                shapes,
            ),
            graph_legend(names),
            h("figcaption", {"class": "muted"}, t("analysis.graph_caption")),
        )

    def drawn_lines(
        self, results: dict[int, dict], scale: GraphScale
    ) -> tuple[list[list[tuple[int, float]]], Element]:
        """Each seat's points, and the graph's lines and points as drawn: worked out again
        only when the study or the language changed, not on every step through the game
        (a long game's graph is hundreds of points, each a way to its move). One group, so
        that a step's redraw compares and sends it as one unchanged child."""
        from pygames.analysis import chances

        key = (i18n.lang(), tuple(self.screen.names), scale)
        drawn = self.drawn
        if drawn is None or drawn.results is not results or drawn.key != key:
            names, replay = key[1], self.screen.replay
            lines = chances(replay.decisions(), results, replay.states[0].num_seats)
            shapes = [seat_line(scale, seat, points) for seat, points in enumerate(lines)]
            # The points are drawn over every line, so that each can be clicked.
            for seat, points in enumerate(lines):
                shapes += seat_points(scale, seat, points, results, names[seat])
            group = svg("g", {"class": "graph-data"}, shapes)
            drawn = self.drawn = DrawnGraph(results, key, lines, group)
        return drawn.lines, drawn.group

    def suggested(self, view: View) -> list[Pick]:
        """Where the move the study preferred at this step goes, for the board to mark as
        the play screen marks a hint's (`preferred_places`: on the deciding seat's board)."""
        from pygames.analysis import preferred_places

        step = self.screen.step
        verdict = self.saved().get(step) if self.available() else None
        if verdict is None:
            return []
        return preferred_places(self.screen.replay, step, verdict["best"], view["seat"])

    def mark(self, step: int) -> Element | None:
        """The mark of a studied move in the move list (a symbol and its word)."""
        verdict = (self.results or {}).get(step) if self.available() else None
        if verdict is None or not verdict["mark"]:
            return None
        name = verdict["mark"]
        return h(
            "span",
            {"class": f"move-mark {name}", "data-mark": name},
            h("span", {"aria-hidden": "true"}, MARK_SYMBOLS[name]),
            h("span", {"class": "visually-hidden"}, t("analysis.mark_short." + name)),
        )

    def add_mark(self, step: int) -> None:
        button = dom.query(f".moves li[data-step='{step}'] button")
        mark = self.mark(step)
        if button is not None and mark is not None and dom.query(".move-mark", button) is None:
            dom.append(button, mark)


def thresholds() -> dict[str, str]:
    from pygames.analysis import BLUNDER, INACCURACY, MISTAKE

    return {
        "inaccuracy": percent(INACCURACY),
        "mistake": percent(MISTAKE),
        "blunder": percent(BLUNDER),
    }


class DrawnGraph(NamedTuple):
    """The graph's lines and points as last drawn, and what they were drawn from."""

    results: dict[int, dict]  # the very study (a new dict whenever a verdict comes)
    key: tuple  # the language, the seats' names and the scale
    lines: list[list[tuple[int, float]]]
    group: Element


@dataclass(frozen=True)
class GraphScale:
    """Where a move and a chance to win fall on the study's graph."""

    last: int  # the move at the right edge
    width: float = GRAPH_WIDTH - 2 * GRAPH_PAD  # inside the padding
    height: float = GRAPH_HEIGHT - 2 * GRAPH_PAD

    def x(self, step: int) -> float:
        return round(GRAPH_PAD + self.width * step / self.last, 1)

    def y(self, chance: float) -> float:
        return round(GRAPH_PAD + self.height * (1 - chance), 1)


def graph_grid(scale: GraphScale, now: int) -> list[Element]:
    """The graph's frame, its even-chance line, the current move's line and the axis."""
    right, bottom = GRAPH_PAD + scale.width, GRAPH_PAD + scale.height
    frame = {"x": GRAPH_PAD, "y": GRAPH_PAD, "width": scale.width, "height": scale.height}
    half = {"x1": GRAPH_PAD, "x2": right, "y1": scale.y(0.5), "y2": scale.y(0.5)}
    current = {"x1": scale.x(now), "x2": scale.x(now), "y1": GRAPH_PAD, "y2": bottom}
    return [
        svg("rect", {**frame, "class": "graph-frame"}),
        svg("line", {**half, "class": "graph-half"}),
        svg("line", {**current, "class": "graph-now"}),
        svg("text", {"x": 2, "y": scale.y(1) + 4, "class": "graph-axis"}, "100%"),
        svg("text", {"x": 2, "y": scale.y(0) + 4, "class": "graph-axis"}, "0%"),
    ]


def seat_line(scale: GraphScale, seat: int, points: list[tuple[int, float]]) -> Element:
    """A seat's chance over the game, dashed in the seat's own way."""
    path = " ".join(f"{scale.x(step)},{scale.y(chance)}" for step, chance in points)
    dashes = SEAT_DASHES[seat] or None
    return svg(
        "polyline",
        {"points": path, "class": f"graph-line seat-{seat}", "stroke-dasharray": dashes},
    )


def seat_points(
    scale: GraphScale, seat: int, points: list[tuple[int, float]], results: dict, name: str
) -> list[Element]:
    """A point per studied move of the seat, larger where the study marked it; each a
    way to its move."""
    dots = []
    for step, chance in points[1:]:
        mark = results.get(step, {}).get("mark")
        attrs = {
            "class": f"graph-point seat-{seat}" + (f" {mark}" if mark else ""),
            "data-act": "goto",
            "data-step": step,
        }
        shape = point_shape(seat, scale.x(step), scale.y(chance), 5 if mark else 3)
        dots.append(
            svg(shape[0], attrs | shape[1], svg("title", {}, point_words(step, name, chance)))
        )
    return dots


def point_shape(seat: int, x: float, y: float, r: float) -> tuple[str, dict]:
    """A point in its seat's shape, the legend's mark (web.seats.SEAT_MARKS: ● ■ ▲ ◆)."""
    if seat % 4 == 0:
        return "circle", {"cx": x, "cy": y, "r": r}
    if seat % 4 == 1:
        return "rect", {"x": round(x - r, 1), "y": round(y - r, 1), "width": 2 * r, "height": 2 * r}
    corners = (
        [(x, y - r * 1.2), (x + r * 1.2, y + r), (x - r * 1.2, y + r)]  # ▲
        if seat % 4 == 2
        else [(x, y - r * 1.3), (x + r * 1.3, y), (x, y + r * 1.3), (x - r * 1.3, y)]  # ◆
    )
    return "polygon", {"points": " ".join(f"{round(a, 1)},{round(b, 1)}" for a, b in corners)}


def graph_legend(names: list[str]) -> Element:
    """Each seat's mark and name (the lines' own words are in the graph's label)."""
    items = [
        h("li", {"class": f"seat-{seat}"}, f"{SEAT_MARKS[seat]} {name}")
        for seat, name in enumerate(names)
    ]
    return h("ul", {"class": "graph-legend", "aria-hidden": "true"}, items)


def words_at(lines: list[list[tuple[int, float]]], names: list[str], step: int, last: int) -> str:
    """What the graph says of move `step`: the chance of the seat that made it, if studied."""
    for seat, points in enumerate(lines):
        for point_step, chance in points[1:]:
            if point_step == step:
                return point_words(step, names[seat], chance)
    return t("replay.counter", step=step, last=last)


def point_words(step: int, name: str, chance: float) -> str:
    return t("analysis.point", step=step, name=name, chance=percent(chance))


def count_studied(where: str, count: int) -> None:
    """<html data-analysis-worker=N data-analysis-page=N>: decisions studied in each place
    (for tests)."""
    root = js.document.documentElement
    name = f"data-analysis-{where}"
    root.setAttribute(name, str(int(root.getAttribute(name) or 0) + count))


def set_state(state: str) -> None:
    js.document.documentElement.setAttribute(STATE_ATTRIBUTE, state)


def move_parts(shell, state, seat: int, actions: list[str], reader: int | None) -> dict:
    """Each action offered as advice to its seat (`pygames.analysis.moves_in_words`), its
    items drawn by the board."""
    from pygames.analysis import moves_in_words

    words = moves_in_words(state, seat, actions, i18n.lang(), shell.names, reader)
    return {
        action: [p if isinstance(p, str) else shell.board.log_item(p) for p in parts]
        for action, parts in words.items()
    }


@dataclass
class HintResult:
    history: int  # how many moves the game had when the hint was asked
    values: dict[str, float]  # each legal move's chance to win
    best: str
    places: list[Pick]  # what the best move picks and where it goes (`advised_places`)


class Hint:
    """The play screen's hint: the human's current decision studied, every legal move's
    chance to win. Asking for one is written in the record (`Record.hints`)."""

    def __init__(self, screen):
        self.screen = screen
        self.generation = 0
        self.result: HintResult | None = None
        self.running = False

    def forget(self) -> None:
        self.generation += 1
        self.running = False
        self.result = None

    def offered(self, view: View, seat: int | None) -> bool:
        """Against the computer, on the one human's turn."""
        session = self.screen.session
        humans = session.human_seats()
        return (
            not session.read_only
            and len(humans) == 1
            and seat == humans[0]
            and not view["over"]
            and bool(view["actions"])
            and not session.thinking
        )

    def act_hint(self, element) -> None:
        from pygames.bots import decision_seed

        session = self.screen.session
        seat = session.human_seats()[0]
        if self.running or seat not in session.state.to_act():
            return
        session.note_hint(seat)
        self.generation += 1
        self.running = True
        self.result = None
        history = len(session.state.history)
        seed = decision_seed(session.save.bot_seed, history, seat) + 1
        self.screen.render()
        self.screen.app.announce(t("hint.running"))
        asyncio.ensure_future(self._run(self.generation, session.state.clone(), seat, seed))

    async def _run(self, generation: int, state: State, seat: int, seed: int) -> None:
        from pygames.analysis import advised_places

        verdict = await self._studied(generation, state, seat, seed)
        if verdict is None or generation != self.generation:
            return
        self.running = False
        best = verdict["best"]
        places = advised_places(state, seat, best)
        self.result = HintResult(len(state.history), verdict["values"], best, places)
        js.document.documentElement.setAttribute("data-hint", "shown")
        self.screen.render()
        self.screen.app.announce(t("hint.ready"))
        dom.focus("#hint-title")

    async def _studied(self, generation: int, state: State, seat: int, seed: int) -> dict | None:
        """The decision's study by a worker if one is ready, else here in slices; None if
        the hint was dropped meanwhile. A hint never waits for a worker to boot, but boots
        one for the next hints (against computers that search, theirs are there already)."""
        from pygames.ai.offload import study_request
        from pygames.analysis import ITERATIONS, StudySearch

        workers = the_workers()
        workers.start(1)
        if workers.ready:
            request = study_request(state, seat, None, seed, ITERATIONS)
            answers = await workers.answers([request])
            if answers is not None:
                js.document.documentElement.setAttribute("data-hint-where", "worker")
                return json.loads(answers[0])
        search = StudySearch(state, seat, ITERATIONS, random.Random(seed))
        run = await run_in_slices(search, lambda: generation == self.generation)
        js.document.documentElement.setAttribute("data-hint-where", "page")
        return search.verdict(None) if run.finished else None

    def fresh(self) -> HintResult | None:
        """The hint's result, if it was asked at this very point of the game."""
        result = self.result
        if result is None or result.history != len(self.screen.session.state.history):
            return None
        return result

    def suggested(self, view: View, seat: int | None) -> list[Pick]:
        """The picks of the hint's move and where it goes, for the board to mark (none
        without a hint)."""
        result = self.fresh()
        if result is None or seat is None or view["choices"] is None:
            return []
        return result.places

    def panel(self, view: View, seat: int | None) -> Element | None:
        session = self.screen.session
        result = self.fresh()
        if result is None and not self.running:
            return None
        body: list = []
        if self.running:
            body.append(
                h(
                    "p",
                    {"class": "muted", "role": "status"},
                    h("span", {"class": "spinner", "aria-hidden": "true"}),
                    t("hint.running"),
                )
            )
        elif result is not None and seat is not None:
            values = result.values
            # The search's choice first (the most tried move), then the rest by value: a
            # move with a slightly higher value but fewer tries is less sure.
            ordered = sorted(values, key=lambda a: (a != result.best, -values[a]))
            words = move_parts(self.screen, session.state, seat, ordered, seat)
            body.append(
                h(
                    "ol",
                    {"class": "hint-moves"},
                    [
                        h(
                            "li",
                            {
                                "data-action": action,
                                "class": "best" if action == result.best else None,
                            },
                            h("span", {"class": "hint-chance"}, percent(values[action])),
                            " ",
                            h("span", {}, words[action]),
                        )
                        for action in ordered
                    ],
                )
            )
            body.append(h("p", {"class": "muted"}, t("hint.explain")))
        return h(
            "section",
            {"class": "hint panel", "aria-labelledby": "hint-title", "id": "hint"},
            h("h3", {"id": "hint-title", "tabindex": "-1"}, t("hint.title")),
            body,
        )
