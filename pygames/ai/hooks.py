"""Find a game's AI hooks (its ``ai.py``), with generic fallbacks for missing ones."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType

from pygames.core import Game, State


class Hooks:
    """The per-game functions the search calls; see `pygames.ai` for what each one means."""

    legal_actions: Callable[[State, int], list[str]]
    evaluate: Callable[[State, int], float]
    values: Callable[[State], list[float]]
    rollout_action: Callable[[State, int, random.Random], str]
    greedy_score: Callable[[State, int, str], float] | None
    prior: Callable[[State, int, list[str]], list[float]] | None
    rollout_stage: Callable[[State], object] | None

    def __init__(self, module: ModuleType | None):
        self.module = module
        self.rollout_moves = getattr(module, "ROLLOUT_MOVES", 200)
        names = ("legal_actions", "evaluate", "rollout_action")
        for name in names:
            game_hook = getattr(module, name, None)
            setattr(self, name, game_hook or getattr(self, "generic_" + name))
        self.values = getattr(module, "values", None) or self.every_seat_evaluated
        self.greedy_score = getattr(module, "greedy_score", None)
        self.prior = getattr(module, "prior", None)
        self.rollout_stage = getattr(module, "rollout_stage", None)
        self.prior_weight = getattr(module, "PRIOR_WEIGHT", 0.0)
        self.iterations = getattr(module, "ITERATIONS", {})
        self.iterations_by_seats = getattr(module, "ITERATIONS_BY_SEATS", {})

    def budget(self, level: str, default: int, state: State) -> int:
        """Iterations of a decision at `level`: the game's budget for the level at a
        table of this many seats, else its budget for the level, else `default`."""
        budget = self.iterations.get(level, default)
        return self.iterations_by_seats.get(state.num_seats, {}).get(level, budget)

    @staticmethod
    def generic_legal_actions(state: State, seat: int) -> list[str]:
        return state.legal_actions(seat)

    @staticmethod
    def generic_evaluate(state: State, seat: int) -> float:
        return 1 / state.num_seats

    def every_seat_evaluated(self, state: State) -> list[float]:
        return [self.evaluate(state, seat) for seat in range(state.num_seats)]

    @staticmethod
    def generic_rollout_action(state: State, seat: int, rng: random.Random) -> str:
        return rng.choice(state.legal_actions(seat))


_CACHE: dict[str, Hooks] = {}


def hooks_for(state: State) -> Hooks:
    """The hooks of the state's game: module ``<game package>.ai`` if it exists."""
    return hooks_of(state.game)


def hooks_of(game: Game) -> Hooks:
    """The hooks of `game`, imported the first time (the page does so while its lobby is
    idle, or as a game's screen opens: never in a computer's decision)."""
    game_id = game.id
    if game_id not in _CACHE:
        package = type(game).__module__
        try:
            module = importlib.import_module(package + ".ai")
        except ModuleNotFoundError as error:
            if error.name != package + ".ai":
                raise
            module = None
        _CACHE[game_id] = Hooks(module)
    return _CACHE[game_id]
