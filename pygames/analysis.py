"""The computer studies decisions: a finished game's, move by move, and hints during play.

Every decision is studied from the deciding seat's knowledge at that moment and
nothing else: the shared search (`pygames.ai.ismcts.Search`) starts from
`state.masked(seat)` and samples what the seat could not see afresh on every
iteration, so two states the seat cannot tell apart get the same study (a test
checks it). Chance outcomes and resignations are not decisions.

A study gives, as chances to win between 0 and 1 (a shared win counts as its
share): ``before``, the seat's chance with the move the search prefers
(``best``, worth ``best_value``); ``after``, its chance with the move it made;
``values``, each legal move's chance; and a ``mark`` when the move cost much,
as lichess marks its moves: the thresholds below are drops of the chance to
win (lichess uses 0.1/0.2/0.3 of its winning chances, which run from -1 to 1;
ours run from 0 to 1 and the search is noisier, so the same steps are kept).

`GameStudy` runs a whole game's study in slices (`advance(iterations)`), as
the computer's thinking runs in the browser, so the page never freezes; each
decision's search is seeded from its place in the game, so slicing, stopping
and resuming never change a result.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from pygames.ai.ismcts import Edge, Node, Search
from pygames.choices import Pick
from pygames.core import Chance, Holders, IllegalAction, State
from pygames.replay import Decision, Replay
from pygames.text import SENTENCE_GAP, describe_parts, picks_aside, picks_hint

INACCURACY = 0.10  # a move that lowers the seat's chance to win by this much or more
MISTAKE = 0.20
BLUNDER = 0.30
MARKS = ((BLUNDER, "blunder"), (MISTAKE, "mistake"), (INACCURACY, "inaccuracy"))
MARK_NAMES = tuple(name for _, name in MARKS)
ITERATIONS = 300  # per decision: the Hard level's budget
MIN_TRIES = 12  # every legal move is tried at least this often (budget permitting)
FORCED_SHARE = 4  # a forced move is searched with a quarter of the budget (its value only)
VERSION = 1  # stored with saved studies: a change of method makes them stale


def mark_for(loss: float) -> str | None:
    """ "inaccuracy", "mistake" or "blunder" for a drop of the chance to win; else None."""
    return next((name for threshold, name in MARKS if loss >= threshold - 1e-9), None)


def pack_verdict(step: int, verdict: dict) -> list:
    """A verdict as the save keeps it: [step, before, after, best, best value, mark, forced]."""
    return [
        step,
        verdict["before"],
        verdict["after"],
        verdict["best"],
        verdict["best_value"],
        verdict["mark"] or "",
        1 if verdict["forced"] else 0,
    ]


def unpack_verdict(entry) -> dict | None:
    """A kept verdict, or None if it is not one (a save is read as hostile)."""
    if not isinstance(entry, list) or len(entry) != 7:
        return None
    step, before, after, best, best_value, mark, forced = entry
    numbers = (before, after, best_value)
    if not isinstance(step, int) or isinstance(step, bool) or step < 1:
        return None
    if not all(
        isinstance(n, int | float) and not isinstance(n, bool) and 0 <= n <= 1 for n in numbers
    ):
        return None
    if not isinstance(best, str) or len(best) > 200 or mark not in ("", *MARK_NAMES):
        return None
    return {
        "step": step,
        "before": float(before),
        "after": float(after),
        "best": best,
        "best_value": float(best_value),
        "mark": mark or None,
        "forced": forced == 1,
    }


class StudySearch(Search):
    """The shared search, trying each of the seat's moves at least `MIN_TRIES` times, so
    that the move actually made has a value of its own even when the search dislikes it."""

    def __init__(self, state: State, seat: int, iterations: int, rng: random.Random):
        super().__init__(state, seat, iterations, rng)
        self.forced = len(self.legal) == 1
        self.budget = max(1, iterations // FORCED_SHARE) if self.forced else iterations
        self.min_tries = min(MIN_TRIES, self.budget // len(self.legal))

    def select(self, node: Node, seat: int, legal: list[str], state: State) -> tuple[str, bool]:
        if node is not self.root or seat != self.seat:
            return super().select(node, seat, legal, state)
        edges = node.edges.setdefault(seat, {})
        least = min(legal, key=lambda a: edges[a].visits if a in edges else -1)
        if least in edges and edges[least].visits >= self.min_tries:
            return super().select(node, seat, legal, state)
        for action in legal:
            if action in edges:
                edges[action].available += 1
        new = least not in edges
        if new:
            edge = edges[least] = Edge()
            edge.available = 1
        return least, new

    def values(self) -> dict[str, float]:
        """Each tried move's chance to win for the seat (the mean of its playouts)."""
        edges = self.root.edges.get(self.seat, {})
        return {a: e.value / e.visits for a, e in edges.items() if e.visits}

    def verdict(self, action: str | None) -> dict[str, Any]:
        values = self.values()
        best = self.best()
        best_value = values.get(best, 0.0)
        after = best_value if action is None else values.get(action, best_value)
        loss = max(0.0, best_value - after)
        return {
            "before": round(best_value, 3),
            "after": round(after, 3),
            "best": best,
            "best_value": round(best_value, 3),
            "mark": None if action == best or self.forced else mark_for(loss),
            "forced": self.forced,
            "values": {a: round(v, 3) for a, v in values.items()},
        }


def analyse_decision(
    state_before: State, seat: int, action: str | None, budget: int, rng: random.Random
) -> dict[str, Any]:
    """Study `seat`'s move `action` (None: no move yet, a hint) from what the seat knew in
    `state_before`.

    {"before", "after", "best", "best_value", "mark", "forced", "values"}: see the module.
    """
    search = StudySearch(state_before, seat, budget, rng)
    while not search.advance(256):
        pass
    return search.verdict(action)


def decision_seed(seed: int, step: int) -> int:
    """The seed of one decision's study: the study's seed and the decision's place."""
    return seed * 7919 + step


class GameStudy:
    """A finished game's every decision studied, a slice at a time.

    `results` maps a decision's step to its verdict; give back saved ones as `done`
    and only the others are studied.
    """

    def __init__(
        self,
        replay: Replay,
        iterations: int = ITERATIONS,
        seed: int = 0,
        done: dict[int, dict[str, Any]] | None = None,
    ):
        self.replay = replay
        self.iterations = iterations
        self.seed = seed
        self.decisions = replay.decisions()
        steps = {d.step for d in self.decisions}
        self.results: dict[int, dict[str, Any]] = {
            step: verdict for step, verdict in (done or {}).items() if step in steps
        }
        self.todo = [d for d in self.decisions if d.step not in self.results]
        self.search: StudySearch | None = None

    def advance(self, iterations: int) -> bool:
        """Up to `iterations` search iterations (at least one); True when all is studied."""
        spent = 0
        while self.todo and spent < iterations:
            decision = self.todo[0]
            if self.search is None:
                state = self.replay.state(decision.step - 1)
                rng = random.Random(decision_seed(self.seed, decision.step))
                self.search = StudySearch(state, decision.seat, self.iterations, rng)
            before = self.search.iterations
            finished = self.search.advance(iterations - spent)
            spent += max(1, self.search.iterations - before)
            if finished:
                self.results[decision.step] = self.search.verdict(decision.action)
                self.search = None
                self.todo.pop(0)
        return self.finished()

    def finished(self) -> bool:
        return not self.todo

    def request(self, decision: Decision) -> str:
        """The message that has `decision` studied elsewhere (a worker: `offload.study`),
        with the very verdict `advance` would give it here."""
        from pygames.ai.offload import study_request

        state = self.replay.state(decision.step - 1)
        seed = decision_seed(self.seed, decision.step)
        return study_request(state, decision.seat, decision.action, seed, self.iterations)

    def take(self, decision: Decision, verdict: dict[str, Any]) -> None:
        """`decision`'s verdict, studied elsewhere from `request`."""
        self.results[decision.step] = verdict
        self.todo = [d for d in self.todo if d.step != decision.step]

    def progress(self) -> float:
        """How much is done, 0-1 (the decision in progress counted by its iterations)."""
        total = len(self.decisions)
        if not total:
            return 1.0
        partial = 0.0
        if self.search is not None:
            partial = self.search.iterations / max(1, self.search.budget)
        return (len(self.results) + partial) / total

    def decision(self, step: int) -> Decision | None:
        return next((d for d in self.decisions if d.step == step), None)


def chances(
    decisions: list[Decision], results: dict[int, dict[str, Any]], seats: int
) -> list[list[tuple[int, float]]]:
    """Each seat's chance to win over the game as the studies estimate it: points
    (step, chance), one after each of the seat's studied moves, from 1/seats at step 0."""
    lines: list[list[tuple[int, float]]] = [[(0, 1 / seats)] for _ in range(seats)]
    for decision in decisions:
        verdict = results.get(decision.step)
        if verdict is not None:
            lines[decision.seat].append((decision.step, float(verdict["after"])))
    return lines


# ----- moves on the board --------------------------------------------------------------


def advised_places(state: State, seat: int, action: str) -> list[Pick]:
    """Where a board marks `seat`'s `action` offered as advice (a hint's move, the study's
    preferred one): what the seat picks to make it (`State.picks`, as its choices offer it)
    and where it goes (`State.goes_to`), each once, as the seat sees the table. Nothing
    for what is no legal action of the seat's (a worker's answer read as hostile)."""
    if action not in state.legal_actions(seat):
        return []
    picks = state.picks(seat, action)
    return picks + [place for place in state.goes_to(seat, action) if place not in picks]


def preferred_places(replay: Replay, step: int, best: str, board_seat: int | None) -> list[Pick]:
    """Where a replay's board drawn for `board_seat` marks `best`, the move the study
    preferred to the one that led to `step` (`advised_places`, in the position it was
    chosen in). Only on the deciding seat's own board: the study chose from what that seat
    knew, and the move's picks are of its hand and in its frame (another seat's board
    would show where cards it never saw would go, or mark its own cards). Nothing where
    the move made was the one preferred."""
    decision = next((d for d in replay.decisions() if d.step == step), None)
    if decision is None or decision.seat != board_seat or decision.action == best:
        return []
    return advised_places(replay.state(step - 1), decision.seat, best)


# ----- moves in words ------------------------------------------------------------------


class _NoMoreChance(Exception):
    pass


class _StopChance(Chance):
    """Stops a move where it would draw, or show cards its seat does not know (a rival's
    Standard Bearer, an army turned face up): the words of a move never tell its future,
    nor what the sample it is played on made up."""

    def __init__(self, seat: int):
        self.seat = seat

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        raise _NoMoreChance

    def disclosed(
        self,
        items: list[str],
        by: Holders = None,
        to: frozenset[int] | None = None,
        drawn: list[tuple[int, int] | None] | None = None,
        choice: bool = False,
        steady: bool = False,
    ) -> list[str]:
        self.stop_unless_mine(by if isinstance(by, list) else [by])
        return items

    def disclosed_each(
        self, parts: list[list[str]], by: list[int], to: frozenset[int] | None = None
    ) -> list[list[str]]:
        self.stop_unless_mine(list(by))
        return [list(part) for part in parts]

    def stop_unless_mine(self, holders: list[int | None]) -> None:
        if any(holder != self.seat for holder in holders):
            raise _NoMoreChance

    def copy(self) -> _StopChance:
        return self


def move_lines(state: State, seat: int, action: str, rng: random.Random) -> list[dict[str, Any]]:
    """The log entries `seat` reads when it makes `action` in `state`, up to any chance.

    Played on a sample of what the seat knows (`State.resample`), stopped before any
    draw, so the lines hold nothing the seat could not see.
    """
    sample = state.resample(seat, rng)
    sample.chance = _StopChance(seat)
    seen = len(sample.events)
    with contextlib.suppress(_NoMoreChance, IllegalAction):
        sample.apply(seat, action)
    fresh = sample.events[seen:]
    return [{"kind": e.kind, **e.data} for e in fresh if e.visible_to(seat)]


def moves_in_words(
    state: State,
    seat: int,
    actions: list[str],
    lang: str,
    names: list[str] | None = None,
    reader: int | None = None,
    seed: int = 0,
) -> dict[str, list[str | dict[str, str]]]:
    """Each action offered as advice to its seat (a hint, the study's preferred move): the
    lines it writes, in the hint's mood, items as dicts (`pygames.text.describe_parts`).

    A move that writes no line (a step of a longer move) is told by what it picks. Where
    two actions read alike (a secret choice logged as "you chose", one card deployed to
    either of two spaces), each ends with what it picks that the others do not, so no
    two read the same.
    """
    game_id = state.game.id
    words: dict[str, list[str | dict[str, str]]] = {}
    for action in actions:
        parts: list[str | dict[str, str]] = []
        for entry in move_lines(state, seat, action, random.Random(seed)):
            line = describe_parts(game_id, entry, lang, names, reader, as_hint=True)
            if line and parts:
                parts.append(SENTENCE_GAP[lang])
            parts += line or []
        words[action] = parts or picks_hint(game_id, state.picks(seat, action), lang, names)
    alike: dict[str, list[str]] = {}
    for action in actions:
        alike.setdefault(_plain(words[action]), []).append(action)
    for group in alike.values():
        if len(group) > 1:
            for action, picks in zip(group, _differing_picks(state, seat, group), strict=True):
                words[action] = [*words[action], *picks_aside(game_id, picks, lang, names)]
    return words


def _differing_picks(state: State, seat: int, actions: list[str]) -> list[list[tuple[str, str]]]:
    """Each action's picks but those every one of them shares (the card of "Deploy XSSX"
    to one space or another)."""
    picks = [state.picks(seat, action) for action in actions]
    shared = set.intersection(*(set(p) for p in picks))
    return [[pick for pick in p if pick not in shared] or p for p in picks]


def _plain(parts: list[str | dict[str, str]]) -> str:
    """A line's text with each item by its value (two cards of the same words differ)."""
    return "".join(part if isinstance(part, str) else part["value"] for part in parts)
