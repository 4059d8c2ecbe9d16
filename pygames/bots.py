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
from collections.abc import Callable

from pygames import GAMES
from pygames.ai.ismcts import FOLLOWS_AT_MOST, searched_from
from pygames.ai.levels import LEVEL_BOTS, GreedyBot
from pygames.ai.thinking import Thinking
from pygames.core import State

__all__ = [
    "BOTS",
    "Played",
    "RandomBot",
    "Thinking",
    "decision_seed",
    "make_bot",
    "play_out",
    "searches",
]


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


MAX_SEATS = max(game.max_seats for game in GAMES.values())


def decision_seed(bot_seed: int, history_length: int, seat: int) -> int:
    """A computer's seed for one decision: its game's bot seed (kept in the save), how
    far the game was when the decision began, and the seat (several may begin at one
    point), so a replayed position decides alike."""
    return (bot_seed * 1009 + history_length) * MAX_SEATS + seat


# States kept before the last moves: enough for a decision that began before the other
# seats' secret choices (up to a table's other seats) and went on from a row of its own.
KEEP_BEFORE = FOLLOWS_AT_MOST + MAX_SEATS


class Played:
    """A game moving on, with the state before each of its last few moves, so that each
    seat decides from where its decision began (`searched_from`: a secret choice another
    seat made meanwhile tells it nothing), the same wherever the game is played: the
    page, the command line, the benchmarks. `replay(k)`: the game when its history was k
    long, for a state no longer kept (none: only kept states are asked for)."""

    def __init__(self, state: State, replay: Callable[[int], State] | None = None):
        self.state = state
        self.replay = replay
        self.before: dict[int, State] = {}

    def apply(self, seat: int, action: str) -> None:
        """Play `action` (IllegalAction leaves everything unchanged)."""
        before = self.state.clone()
        self.state.apply(seat, action)
        length = len(before.history)
        self.before[length] = before
        for old in [k for k in self.before if k < length - KEEP_BEFORE]:
            del self.before[old]

    def state_at(self, length: int) -> State:
        """The game when its history was `length` long; not to be changed."""
        if length == len(self.state.history):
            return self.state
        kept = self.before.get(length)
        if kept is not None and kept.history == self.state.history[:length]:
            return kept
        if self.replay is None:
            raise LookupError(f"no state kept at {length}")
        return self.replay(length)

    def search_start(self, seat: int) -> tuple[list[int], int]:
        """`searched_from` for `seat` now: the lengths of the decisions it goes on from,
        and where it began."""
        return searched_from(self.state.history, seat, self.state_at)

    def decide(self, bot, seat: int) -> str:
        """`bot`'s choice for `seat`, made from where the decision began."""
        _, began = self.search_start(seat)
        return bot.choose(self.state_at(began).clone(), seat)


def play_out(state: State, bots: list) -> State:
    """Play `state` to its end, each seat by its bot (`Played.decide`); `state` itself
    moves on, and is returned."""
    played = Played(state)
    while not state.is_over():
        for seat in state.to_act():
            if state.is_over() or seat not in state.to_act():
                break
            played.apply(seat, played.decide(bots[seat], seat))
    return state
