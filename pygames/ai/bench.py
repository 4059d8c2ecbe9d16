"""Measurements for tools/bench_ai.py, in plain Python so Pyodide runs the very same code."""

from __future__ import annotations

import random
import time

from pygames import GAMES
from pygames.ai.hooks import hooks_for
from pygames.ai.ismcts import Search
from pygames.ai.levels import LEVELS
from pygames.bots import make_bot
from pygames.core import State


def sample_positions(game_id: str, count: int = 12, seed: int = 0, seats: int = 2) -> list:
    """(state, seat) pairs with a real choice, taken along seeded greedy-vs-random games."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    found: list[tuple[State, int]] = []
    for number in range(1000):
        state = game.new_state(seats, seed + number)
        bots = [make_bot("greedy" if s == 0 else "random", number) for s in range(seats)]
        while not state.is_over() and len(found) < count:
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) > 1 and rng.random() < 0.1:
                found.append((state.clone(), seat))
            state.apply(seat, bots[seat].choose(state, seat))
        if len(found) >= count:
            return found
    return found


def iteration_rate(game_id: str = "fools-field", iterations: int = 200, seats: int = 2) -> float:
    """Search iterations per second over a fixed set of positions."""
    positions = sample_positions(game_id, seats=seats)
    start = time.perf_counter()
    for number, (state, seat) in enumerate(positions):
        Search(state, seat, iterations, random.Random(number)).advance(iterations)
    return len(positions) * iterations / (time.perf_counter() - start)


def rates_line(game_id: str = "fools-field") -> str:
    """The rate at two seats (and at the largest table if larger), and a decision's time
    per level (the game's own budgets, see `pygames.ai`)."""
    game = GAMES[game_id]
    lines = []
    for seats in sorted({game.min_seats, game.max_seats}):
        state = game.new_state(seats, 0)
        hooks = hooks_for(state)
        budgets = {name: hooks.budget(name, n, state) for name, n in LEVELS.items()}
        rate = iteration_rate(game_id, seats=seats)
        per_level = ", ".join(f"{name} {n / rate:.2f} s" for name, n in budgets.items())
        lines.append(f"{seats} seats {rate:.0f} iterations/s; one decision: {per_level}")
    return "; ".join(lines)
