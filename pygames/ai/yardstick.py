"""A yardstick for the computer's strength, never a level: the same search, shown every card.

`CheatingSearch` is `Search` with the same budget, hooks and tree, except that each
iteration starts from the true state (every hand, army and face-down card as it
is; only the future draws are unknown, since they do not exist yet) instead of a
sample of what the seat knows. At a step where seats choose at once in secret (Fools!'
Standard Bearers) it decides, as every seat does (`pygames.bots.Played`), from the
state where the step began: it sees every card, not the choices being made with its
own. What Hard scores against it measures how much hidden information costs Hard, and
how well Hard guesses it (./dev bench-ai).
It is not in `pygames.bots.BOTS`, so no game, record or page can seat it.

`MoreSearchBot` (`hard×8`, `hard×2`, ...) is Hard, seeing what Hard sees, with that many
times its budget: a probe of whether what Hard lacks against the yardstick is search or
information.
"""

from __future__ import annotations

import random

from pygames.ai.hooks import hooks_for
from pygames.ai.ismcts import Search
from pygames.ai.levels import LEVELS, Bot, search_for
from pygames.ai.thinking import Thinking
from pygames.core import RandomChance, State

NAME = "cheat"
MORE_SEARCH = "hard×"  # and how many times Hard's budget


class CheatingSearch(Search):
    def __init__(self, state: State, seat: int, iterations: int, rng: random.Random):
        super().__init__(state, seat, iterations, rng)
        self.truth = state.clone()

    def sample(self) -> State:
        state = self.truth.clone()
        state.chance = RandomChance(self.rng)  # the future is drawn afresh each time
        return state


class CheatingBot(Bot):
    """Hard's budget in each game, on the true state."""

    name = NAME

    def start(self, state: State, seat: int, follows: Thinking | None = None) -> CheatingSearch:
        rng = random.Random(self.rng.getrandbits(64))
        budget = hooks_for(state).budget("hard", LEVELS["hard"], state)
        return CheatingSearch(state, seat, budget, rng)


class MoreSearchBot(Bot):
    """Hard with `times` its budget in each game, on what its seat knows."""

    def __init__(self, seed: int = 0, times: int = 8):
        super().__init__(seed)
        self.times = times
        self.name = f"{MORE_SEARCH}{times}"

    def start(self, state: State, seat: int, follows: Thinking | None = None) -> Thinking:
        rng = random.Random(self.rng.getrandbits(64))
        budget = hooks_for(state).budget("hard", LEVELS["hard"], state) * self.times
        return search_for(state, seat, budget, rng, None, follows)
