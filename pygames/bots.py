"""Computer players, by name. A bot decides for one seat from what that seat may know.

Every bot offers two ways to decide:

- ``bot.choose(state, seat)`` decides at once (command line, tests);
- ``bot.start(state, seat)`` returns a `Thinking` that the browser advances in
  small slices (``thinking.advance(iterations)``) between frames, so the page
  never freezes, and reads ``thinking.best()`` when done or out of time.

`random` picks uniformly among the legal moves. Stronger levels plug in here.
"""

from __future__ import annotations

import random

from pygames.core import State


class Thinking:
    """A decision in progress. Subclasses do real work in `advance`."""

    def __init__(self, action: str):
        self.action = action

    def advance(self, iterations: int) -> bool:
        """Do up to `iterations` units of work; return True when the decision is final."""
        return True

    def best(self) -> str:
        return self.action


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def start(self, state: State, seat: int) -> Thinking:
        return Thinking(self.rng.choice(state.legal_actions(seat)))

    def choose(self, state: State, seat: int) -> str:
        thinking = self.start(state, seat)
        while not thinking.advance(1000):
            pass
        return thinking.best()


BOTS: dict[str, type] = {"random": RandomBot}


def make_bot(name: str, seed: int = 0):
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}")
    return BOTS[name](seed)
