"""Computer players, by name. A bot decides for one seat from what that seat may know.

`random` picks uniformly among the legal moves. Stronger levels plug in here.
"""

from __future__ import annotations

import random

from pygames.core import State


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> str:
        return self.rng.choice(state.legal_actions(seat))


BOTS: dict[str, type] = {"random": RandomBot}


def make_bot(name: str, seed: int = 0):
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}")
    return BOTS[name](seed)
