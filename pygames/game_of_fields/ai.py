"""Game of Fields' heuristics for the computer opponents (see `pygames.ai`).

Nothing is hidden but the terrain of face-down hexes, which no seat knows and
which the rules draw only when a hex is turned over: these hooks read the
state as any player sees it.

`evaluate` weighs the race to 5 (the Field value linked to a City, then Fields
not linked yet, Cities), the pawns (the Queen above all) and the battle threats
that reach decides: an opponent Prince close enough, and strong enough at the
end of its move, to take the Queen.
"""

from __future__ import annotations

import math
import random

from pygames.game_of_fields.hexmap import DISTANCE, NEIGHBOURS, PLAIN
from pygames.game_of_fields.notation import (
    START_MOVE_TEXT,
    PrinceBack,
    QueenBack,
    Step,
    format,
    parse,
)
from pygames.game_of_fields.rules import (
    ACT,
    CITY,
    END,
    FIELD,
    FOUND,
    MOVE,
    NEXT,
    STOP,
    WIN_HALVES,
    GameOfFieldsState,
)

ROLLOUT_MOVES = 14  # a few turns of steps, then `evaluate` guesses
SCALE = 0.3


def evaluate(state: GameOfFieldsState, seat: int) -> float:
    if state.is_over():
        return state.result()[seat]
    lead = strength(state, seat) - strength(state, 1 - seat)
    return 1 / (1 + math.exp(-SCALE * lead))


def strength(state: GameOfFieldsState, seat: int) -> float:
    """How far `seat` is in the race to 5, and how safe its Queen is."""
    halves, chain = state.best_chain(seat)
    total = state.field_halves(seat)
    cities = len(state.cities[seat])
    score = 1.2 * halves + 0.4 * (total - halves)
    score += 3.0 * (cities > 0) + 1.0 * (cities > 1)
    if halves >= WIN_HALVES - 2:
        score += 2.0
    queen = state.queens[seat]
    score += 1.3 * len(state.princes[seat])
    if queen < 0:
        return score - 3.0
    score += 6.0
    if cities and not state.anything_built(queen) and any(h in chain for h in NEIGHBOURS[queen]):
        score += 1.0 if state.terrain[queen] == PLAIN else 0.5  # a Field to build next
    if threatened(state, seat, queen):
        score -= 4.0
    return score


def threatened(state: GameOfFieldsState, seat: int, hex_id: int) -> bool:
    """An opponent Prince within reach of `hex_id` that would beat its defence (roughly)."""
    rival = 1 - seat
    value = state.prince_value(rival, hex_id)
    if value <= state.defence(seat, hex_id) / 2:
        return False
    defence = state.defence(seat, hex_id)
    near = [p for p in state.princes[rival] if DISTANCE[p][hex_id] <= state.prince_value(rival, p)]
    return value > defence and bool(near) or len(near) >= 2 and 2 * value > defence


def rollout_action(state: GameOfFieldsState, seat: int, rng: random.Random) -> str:
    """Build toward a chain, fight when a battle is offered, otherwise move about.

    The choice is among `state.moves(seat)`, but asks the rules only what it needs:
    the pawns that may move (path searches, the slowest part of a playout) only when
    nothing cheaper was chosen first.
    """
    phase = state.phase
    if phase == FOUND:
        return state.moves(seat)[0]
    if phase == MOVE:
        actions = state.moves(seat)
        battles = [a for a in actions if is_battle(state, seat, a)]
        if battles:
            return battles[0]
        if STOP in actions and rng.random() < 0.4:
            return STOP
        return rng.choice(actions)
    if phase == NEXT:
        if state.siege < 0 and rng.random() < 0.6:  # END is offered outside a siege
            return END
        return rng.choice(state.moves(seat))
    assert phase == ACT
    if state.can_build_city(seat) and not state.cities[seat]:
        return CITY
    if state.can_build_field(seat):
        queen = state.queens[seat]
        linked = any(h in state.cities[seat] or h in state.fields[seat] for h in NEIGHBOURS[queen])
        if linked or rng.random() < 0.3:
            return FIELD
    regenerations = [format(PrinceBack(h)) for h in state.prince_spots(seat)]
    regenerations += [format(QueenBack(c, p)) for c, p in state.queen_spots(seat)]
    if regenerations and rng.random() < 0.7:
        return rng.choice(regenerations)
    moves = [START_MOVE_TEXT[h] for h in sorted(state.movable(seat))]
    if moves:
        return rng.choice(moves)
    return rng.choice(state.moves(seat))


def is_battle(state: GameOfFieldsState, seat: int, action: str) -> bool:
    """A step onto an opponent's pawn or City (steps that cannot win are not offered)."""
    step = parse(action)
    return isinstance(step, Step) and state.blocks(seat, step.hex)
