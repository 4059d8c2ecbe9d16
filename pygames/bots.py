"""Computer players, by name. A bot decides for one seat from what that seat may know.

Every bot offers two ways to decide:

- ``bot.choose(state, seat)`` decides at once (command line, tests);
- ``bot.start(state, seat)`` returns a `Thinking` that the browser advances in
  small slices (``thinking.advance(iterations)``) between frames, so the page
  never freezes, and reads ``thinking.best()`` when done or out of time.

`random` picks uniformly among the legal moves; `greedy` looks one move ahead;
`easy`, `normal` and `hard` search (pygames.ai: information-set Monte Carlo
tree search that samples only what the bot's seat may know).
"""

from __future__ import annotations

import random

from pygames import GAMES
from pygames.ai.levels import LEVEL_BOTS, GreedyBot
from pygames.ai.thinking import Thinking
from pygames.core import State

__all__ = ["BOTS", "RandomBot", "Thinking", "decision_seed", "make_bot", "searches"]


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def start(self, state: State, seat: int, follows: Thinking | None = None) -> Thinking:
        return Thinking(self.rng.choice(state.masked(seat).legal_actions(seat)))

    def choose(self, state: State, seat: int) -> str:
        thinking = self.start(state, seat)
        while not thinking.advance(1000):
            pass
        return thinking.best()


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot, **LEVEL_BOTS}


def searches(name: str) -> bool:
    """True for the bots whose decisions are searches (worth a worker); the others
    decide in a blink wherever they run."""
    return name in LEVEL_BOTS


def make_bot(name: str, seed: int = 0):
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOTS)}")
    return BOTS[name](seed)


def decision_seed(bot_seed: int, history_length: int, seat: int) -> int:
    """A computer's seed for one decision: its game's bot seed (kept in the save), how
    far the game was when the decision began, and the seat (several may begin at one
    point), so a replayed position decides alike."""
    return (bot_seed * 1009 + history_length) * MAX_SEATS + seat


MAX_SEATS = max(game.max_seats for game in GAMES.values())
