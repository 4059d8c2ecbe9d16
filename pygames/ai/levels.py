"""The computer opponents by name: baselines and search levels.

`greedy` looks one move ahead with the game's heuristic; `easy`, `normal` and
`hard` are ISMCTS with growing iteration budgets. Every bot is seeded, and each
decision draws its own seed from the bot's generator, so a game between seeded
bots replays exactly.
"""

from __future__ import annotations

import random

from pygames.ai.hooks import hooks_for
from pygames.ai.ismcts import Search, SplitSearch
from pygames.ai.thinking import Thinking
from pygames.core import State

# Iterations per decision (tools/bench_ai.py measures rates and strengths). A budget
# from SPLIT_FROM up is searched as PARTS independent trees of equal shares whose root
# visits are summed (root parallelization), so that as many workers search one
# decision at once. Two trees of 200 played as well as one of 300 (The Fool's Field,
# against the cheating yardstick, 200 games each: 0.222 and 0.212, standard error
# 0.029; two of 150: 0.160), so Hard is 400 in two parts: on a device with two
# workers a decision costs two thirds of what one tree of 300 did.
# Tried and not taken: The Fool's Field's Hard at 800 scored 94.0% against greedy (100
# games, standard error 2.4%; 400: 87.5% at 200 games), but a decision took a median of
# 1.27 s on the page at 4x CPU throttling (400: 0.68 s), about 0.9 s on a phone's two
# workers; against the same-budget yardstick it stayed at 14% (400: 14.5%).
LEVELS = {"easy": 40, "normal": 120, "hard": 400}
PARTS = 2
SPLIT_FROM = 200


class Bot:
    """A seeded bot: `start` returns a `Thinking`, `choose` runs it to the end."""

    name = "bot"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.previous: dict[int, Thinking] = {}  # each seat's last decision, for `follows`

    def start(self, state: State, seat: int, follows: Thinking | None = None) -> Thinking:
        """The decision for `seat`; `follows` is the seat's previous decision, which a
        search goes on from when the seat's own action is all that happened since."""
        raise NotImplementedError

    def choose(self, state: State, seat: int) -> str:
        thinking = self.start(state, seat, self.previous.get(seat))
        while not thinking.advance(1000):
            pass
        self.previous[seat] = thinking
        return thinking.best()


class GreedyBot(Bot):
    """The legal action with the best one-move score, ties broken at random.

    It scores on one sample of what the seat cannot see: the game's
    `greedy_score(sample, seat, action)` if it has one, else `evaluate` after the action.
    """

    name = "greedy"

    def start(self, state: State, seat: int, follows: Thinking | None = None) -> Thinking:
        sample = state.resample(seat, self.rng)  # all it knows, with the unknowns guessed
        legal = sample.legal_actions(seat)
        self.rng.shuffle(legal)
        hooks = hooks_for(state)
        score = hooks.greedy_score or self.score_by_evaluation
        return Thinking(max(legal, key=lambda action: score(sample, seat, action)))

    def score_by_evaluation(self, state: State, seat: int, action: str) -> float:
        hooks = hooks_for(state)
        after = state.clone()
        after.apply(seat, action)
        if after.is_over():
            return after.result()[seat]
        return hooks.evaluate(after, seat)


def search_for(
    state: State,
    seat: int,
    budget: int,
    rng: random.Random,
    seconds: float | None = None,
    follows: Thinking | None = None,
) -> Search | SplitSearch:
    """A decision's search: in `PARTS` independent parts from a budget of `SPLIT_FROM`
    iterations, so that as many workers can search it at once. Each part goes on from
    the same part of `follows` where it can (`Search.take_over`)."""
    parts = PARTS if budget >= SPLIT_FROM else 1
    before: list[Search | None] = [*searched_parts(follows)]
    if len(before) != parts:
        before = [None] * parts
    known = state.masked(seat)  # the parts share what the seat knows

    def part(share: int, part_rng: random.Random, previous: Search | None) -> Search:
        return Search(
            known, seat, share, part_rng, seconds, settles=True, follows=previous, masked=True
        )

    if parts == 1:
        return part(budget, rng, before[0])
    seeds = [rng.getrandbits(64) for _ in range(parts)]
    return SplitSearch(
        [part(budget // parts, random.Random(s), p) for s, p in zip(seeds, before, strict=True)]
    )


def searched_parts(thinking: Thinking | None) -> list[Search]:
    """The independent searches of a decision (none for a bot that does not search)."""
    if isinstance(thinking, SplitSearch):
        return list(thinking.parts)
    return [thinking] if isinstance(thinking, Search) else []


class SearchBot(Bot):
    """ISMCTS with a budget of iterations (reproducible) and optionally of seconds."""

    def __init__(self, seed: int = 0, iterations: int = 500, seconds: float | None = None):
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds

    def start(
        self, state: State, seat: int, follows: Thinking | None = None
    ) -> Search | SplitSearch:
        rng = random.Random(self.rng.getrandbits(64))
        return search_for(state, seat, self.iterations, rng, self.seconds, follows)


def level_bot(name: str, iterations: int) -> type[SearchBot]:
    """A SearchBot class with a fixed budget, registered under `name` (a game's ai.py
    may set its own budget for the level in ``ITERATIONS``)."""

    def __init__(self, seed: int = 0, seconds: float | None = None):
        SearchBot.__init__(self, seed, iterations, seconds)

    def start(
        self, state: State, seat: int, follows: Thinking | None = None
    ) -> Search | SplitSearch:
        rng = random.Random(self.rng.getrandbits(64))
        budget = hooks_for(state).budget(name, iterations, state)
        return search_for(state, seat, budget, rng, self.seconds, follows)

    return type(
        f"{name.capitalize()}Bot",
        (SearchBot,),
        {"name": name, "__init__": __init__, "start": start},
    )


LEVEL_BOTS = {name: level_bot(name, iterations) for name, iterations in LEVELS.items()}
