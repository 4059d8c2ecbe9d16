"""Single-observer information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012).

One tree per decision, built over what the deciding seat (the observer) can tell
apart. Each iteration:

1. determinize: sample a full state from the observer's masked state
   (`State.masked`, then `filled`): the search never holds a hidden fact at all;
2. select down the tree with UCB over *availability* counts: an action's
   exploration term uses how often it was legal, not how often its parent was
   visited, because under different samples different actions are legal;
3. expand one new action, then roll out (the game's rollout policy) until the
   game ends or `rollout_moves` have passed, scoring a cut-off with `evaluate`;
4. back up one value per seat: each edge keeps the value of the seat that acts.

Simultaneous secret choices: when several seats are to act, each picks from its
own statistics at the same node (decoupled), so no seat conditions on another's
secret; the child is keyed by the joint choice as the observer sees it. Opponent
actions the observer cannot see (a face-down discard) are keyed as the game
redacts them (`State.redacted`), so hidden choices share one child.
"""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable

from pygames.ai.hooks import hooks_for
from pygames.ai.thinking import Thinking
from pygames.core import CHANCE, Chance, State

EXPLORATION = 0.7
# A search goes on from the same seat's search before it (`Search.take_over`) for at
# most this many decisions in a row, so that a decision can always be searched again
# from a few states before it (a page that reloads, a worker that lacks the tree).
FOLLOWS_AT_MOST = 3


class Edge:
    """Statistics of one action at one node, for the seat that takes it."""

    __slots__ = ("visits", "available", "value", "bias")

    def __init__(self, bias: float = 0.0):
        self.visits = 0
        self.available = 0
        self.value = 0.0
        self.bias = bias  # the heuristic's prior times its weight (progressive bias)

    def ucb(self, exploration: float) -> float:
        if self.visits == 0:
            return math.inf
        return (
            self.value / self.visits
            + exploration * math.sqrt(math.log(self.available) / self.visits)
            + self.bias / (self.visits + 1)
        )


class Node:
    """An information set of the observer: edges per acting seat, children per observation."""

    __slots__ = ("edges", "children")

    def __init__(self):
        self.edges: dict[int, dict[str, Edge]] = {}
        self.children: dict[tuple[str, ...], Node] = {}


class StageOver(Exception):
    """A playout reached chance after its stage had ended (see `StageChance`)."""


class StageChance(Chance):
    """A playout's chance source that refuses to draw once the stage is over: the work
    after a stage's end (dealing a new round) would be thrown away, since the playout
    is scored as soon as the stage changes."""

    def __init__(self, inner: Chance, over: Callable[[], bool]):
        self.inner = inner
        self.over = over
        self.reads_drawn = inner.reads_drawn

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        if self.over():
            raise StageOver
        return self.inner.draw(pool, count, audience)

    def copy(self) -> StageChance:
        return StageChance(self.inner.copy(), self.over)


class Search(Thinking):
    """A decision for `seat` by ISMCTS, advanced a few iterations at a time."""

    def __init__(
        self,
        state: State,
        seat: int,
        iterations: int,
        rng: random.Random,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        settles: bool = False,
        follows: Search | None = None,
        masked: bool = False,
    ):
        # All the search ever knows; `masked`: `state` is that already (the parts of one
        # decision share it, and the page's request sends it on).
        self.state = state if masked else state.masked(seat)
        self.settles = settles  # stop once the choice can no longer change (`settled`)
        self.seat = seat
        self.rng = rng
        self.hooks = hooks_for(state)
        self.exploration = exploration
        self.legal = self.state.legal_actions(seat)
        if not self.legal:
            raise ValueError(f"seat {seat} has no decision to make")
        self.root = Node()
        self.iterations = 0
        self.budget = iterations if len(self.legal) > 1 else 0
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        if follows is not None:
            self.take_over(follows)

    # Worked out at the first iteration: a decision that the page sends to the computer's
    # workers is never searched here, nor is a part that another worker searches.
    @functools.cached_property
    def sampler(self) -> Callable[[random.Random], State]:
        return self.state.sampler(self.seat)

    @functools.cached_property
    def root_stage(self) -> object:
        stage = self.hooks.rollout_stage
        return None if stage is None else stage(self.state)

    def take_over(self, previous: Search) -> None:
        """Go on from `previous`, this seat's search one action ago, if that action was
        this seat's own: its node after the action becomes the root, and the iterations
        that went through it count toward this budget. Every one of them was played from
        a sample this seat could not tell from the truth then, after this very action.
        Otherwise (another seat or chance acted since) the search starts afresh."""
        history = self.state.history
        if previous.seat != self.seat or run_start(history, self.seat) == len(history):
            return  # another seat or chance acted last, or the row is long enough
        if history[:-1] != previous.state.history:
            return
        action = history[-1][1]
        edge = previous.root.edges.get(self.seat, {}).get(action)
        child = previous.root.children.get((action,))
        if edge is None or child is None:
            return  # the action was never tried there, or other seats chose at once
        self.root = child
        self.iterations = min(edge.visits, self.budget)

    # ----- the Thinking interface -----

    def advance(self, iterations: int) -> bool:
        for _ in range(min(iterations, self.budget - self.iterations)):
            if self.out_of_time() or self.settled():
                break
            self.iterate()
        return self.finished()

    def finished(self) -> bool:
        return self.iterations >= self.budget or self.out_of_time() or self.settled()

    def settled(self) -> bool:
        """For a search that `settles`: the most visited action leads by more visits than
        the budget has left, so the rest of the budget could not change this search's
        choice. Deterministic (it reads only the tree), so decisions stay reproducible."""
        if not self.settles:
            return False
        counts = sorted(
            (e.visits for e in self.root.edges.get(self.seat, {}).values()), reverse=True
        )
        counts += [0, 0]
        return counts[0] - counts[1] > self.budget - self.iterations

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def best(self) -> str:
        return best_by_visits(self.legal, self.visits())

    def visits(self) -> dict[str, int]:
        edges = self.root.edges.get(self.seat, {})
        return {action: edge.visits for action, edge in edges.items()}

    # ----- one iteration -----

    def iterate(self) -> None:
        state = self.sample()
        path = self.descend(state)
        values = self.rollout(state)
        for node, seat, action in path:
            edge = node.edges[seat][action]
            edge.visits += 1
            edge.value += values[seat]
        self.iterations += 1

    def sample(self) -> State:
        """A full state the observer cannot tell from the real one (a determinization)."""
        return self.sampler(self.rng)

    def descend(self, state: State) -> list[tuple[Node, int, str]]:
        """Select and expand, applying actions to `state`; return the path taken."""
        path = []
        node = self.root
        expanded = False
        while not expanded and not state.is_over():
            choices = []
            for seat in state.to_act():
                action, new = self.select(node, seat, self.hooks.legal_actions(state, seat), state)
                choices.append((seat, action))
                expanded = expanded or new
            for seat, action in choices:
                if state.is_over():
                    break
                state.apply_unchecked(seat, action)
                path.append((node, seat, action))
            key = tuple(state.redacted(seat, action, self.seat) for seat, action in choices)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
            node = child
        return path

    def select(self, node: Node, seat: int, legal: list[str], state: State) -> tuple[str, bool]:
        """UCB with availability; an action never tried here comes first (the most
        promising first if the game has a `prior`). True if new."""
        edges = node.edges.setdefault(seat, {})
        untried = []
        for action in legal:
            edge = edges.get(action)
            if edge is None:
                untried.append(action)
            else:
                edge.available += 1
        if untried:
            prior = self.hooks.prior
            bias = 0.0
            if prior is None:
                action = self.rng.choice(untried)
            else:
                scores = dict(zip(legal, prior(state, seat, legal), strict=True))
                top = max(scores[a] for a in untried)
                action = self.rng.choice([a for a in untried if scores[a] == top])
                bias = self.hooks.prior_weight * top
            edge = edges[action] = Edge(bias)
            edge.available = 1
            return action, True
        return max(legal, key=lambda a: edges[a].ucb(self.exploration)), False

    def rollout(self, state: State) -> list[float]:
        """Play on with the game's rollout policy; a value per seat."""
        hooks = self.hooks
        stage = hooks.rollout_stage
        begun = self.root_stage
        chance = state.chance
        if stage is not None:
            state.chance = StageChance(chance, lambda: stage(state) != begun)
        try:
            for _ in range(hooks.rollout_moves):
                if state.is_over():
                    return state.result()
                if stage is not None and stage(state) != begun:
                    break
                for seat in state.to_act():
                    state.apply_unchecked(seat, hooks.rollout_action(state, seat, self.rng))
                    if state.is_over():
                        break
        except StageOver:
            pass  # the stage ended inside the last move: score it as it stands
        finally:
            # The stage's chance refers to the state (a cycle): unhooked, the playout's
            # state is freed at once rather than by the garbage collector.
            state.chance = chance
        if state.is_over():
            return state.result()
        return hooks.values(state)


class SplitSearch(Thinking):
    """One decision as several independent searches whose root visits are summed (root
    parallelization): the parts can run at once in separate workers, and the choice is
    the same wherever and in whatever order they ran. Each part has its own seed and an
    equal share of the budget."""

    def __init__(self, parts: list[Search]):
        self.parts = parts
        self.seat = parts[0].seat
        self.legal = parts[0].legal

    @property
    def iterations(self) -> int:
        return sum(part.iterations for part in self.parts)

    def advance(self, iterations: int) -> bool:
        for part in self.parts:
            if not part.finished():
                part.advance(iterations)
                break
        return self.finished()

    def finished(self) -> bool:
        return all(part.finished() for part in self.parts)

    def visits(self) -> dict[str, int]:
        return merged_visits([part.visits() for part in self.parts])

    def best(self) -> str:
        return best_by_visits(self.legal, self.visits())


def run_start(history: list[tuple[int, str]], seat: int) -> int:
    """How long the history was at the first decision of `seat` that its next decision
    goes on from, through the ones between (each going on from the one before): the
    next decision is searched afresh (this returns the history's length) unless the
    seat made the last move, and afresh again after `FOLLOWS_AT_MOST` in a row."""
    row = len(history)
    while row > 0 and history[row - 1][0] == seat:
        row -= 1
    return len(history) - (len(history) - row) % (FOLLOWS_AT_MOST + 1)


def searched_from(
    history: list[tuple[int, str]], seat: int, state_at: StateAt
) -> tuple[list[int], int]:
    """Where the decision now due of `seat` is searched from: the history's length where
    it began (`decision_began`), and before it the lengths at the seat's decisions it goes
    on from (`run_start`), oldest first. A row whose first decision itself began earlier
    was searched from another state and cannot be gone on from (`Search.take_over`)."""
    began = decision_began(history, seat, state_at)
    start = run_start(history[:began], seat)
    if start < began and decision_began(history[:start], seat, state_at) != start:
        start = began
    return list(range(start, began)), began


StateAt = Callable[[int], State]  # the game when its history was so long


def decision_began(history: list[tuple[int, str]], seat: int, state_at: StateAt) -> int:
    """How long the history was when the decision now due of `seat` began: the moves
    made since by other seats while it was to act, which it cannot see (secret choices
    made at the same time), tell it nothing, so the decision is searched from there. Its
    choice is then the same whichever seat chose first, whether the seats' searches ran
    one after another or at once, and after a reload. `state_at(k)`: the game when the
    history was k long."""
    began = len(history)
    while began > 0:
        mover, action = history[began - 1]
        if mover in (seat, CHANCE):
            break
        before = state_at(began - 1)
        if seat not in before.to_act() or before.redacted(mover, action, seat) == action:
            break
        began -= 1
    return began


def merged_visits(parts: list[dict[str, int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for visits in parts:
        for action, count in visits.items():
            total[action] = total.get(action, 0) + count
    return total


def best_by_visits(legal: list[str], visits: dict[str, int]) -> str:
    """The most visited action; ties go to the first in legal order."""
    return max(legal, key=lambda action: visits.get(action, -1))
