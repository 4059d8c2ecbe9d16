"""The Fool's Field's heuristics for the computer opponents (see `pygames.ai`).

What a seat knows, and the samples of what it does not, are the rules' business
(`FoolsFieldState.hide_unseen`): these hooks see only such samples.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from pygames.fools_field.cards import ALL_CARDS, FLOWER, SHIELD, SWORD, may_face
from pygames.fools_field.notation import (
    NOTATION,
    RETREAT,
    Discard,
    Retreat,
    deploy_text,
    discard_text,
)
from pygames.fools_field.rules import (
    CENTRE,
    DISCARDING,
    FoolsFieldState,
    fits,
    neighbours,
    table_sides,
    to_table,
)

ROLLOUT_MOVES = 10  # then `evaluate` guesses: short rollouts buy more iterations

# How often a side finds a partner: the share of all printed sides it may face.
_SIDES = Counter("".join(ALL_CARDS))
_FIT = {
    symbol: sum(n for other, n in _SIDES.items() if may_face(symbol, other)) / sum(_SIDES.values())
    for symbol in (SWORD, SHIELD, FLOWER)
}
# A card's ease of placement (0-1): the mean fit of its four sides. SSSS is the hardest.
EASE = {card: sum(_FIT[symbol] for symbol in card) / 4 for card in ALL_CARDS}


# ----- evaluate, rollouts, greedy -----


def evaluate(state: FoolsFieldState, seat: int) -> float:
    """Chance to win, guessed from hand sizes and how hard the cards in hand are to place."""
    rival = 1 - seat
    burden = [len(hand) + sum(1 - EASE[card] for card in hand) for hand in state.hands]
    return 1 / (1 + math.exp(-0.5 * (burden[rival] - burden[seat])))


def legal_actions(state: FoolsFieldState, seat: int) -> list[str]:
    """The same list as `state.legal_actions(seat)`, faster."""
    if state.is_over() or seat not in state.seats_to_act():
        return []
    if state.phase == DISCARDING or state.is_first_turn():
        return state.moves(seat)
    own_frame = sorted((card, to_table(seat, cell)) for card, cell in fast_deployments(state, seat))
    return [deploy_text(card, cell) for card, cell in own_frame] + [RETREAT]


def rollout_action(state: FoolsFieldState, seat: int, rng: random.Random) -> str:
    """A random deployment; Retreat only when forced; discard the hardest card."""
    if state.phase == DISCARDING:
        return discard_text(min(state.hands[seat], key=EASE.__getitem__))
    if state.is_first_turn():
        return deploy_text(rng.choice(state.hands[seat]), CENTRE)
    deployments = fast_deployments(state, seat)
    if not deployments:
        return RETREAT
    card, cell = deployments[rng.randrange(len(deployments))]
    return deploy_text(card, to_table(seat, cell))


# For each (side, symbol met there): every oriented card whose side may meet it.
_ORIENTED = {table_sides(seat, card) for card in ALL_CARDS for seat in (0, 1)}
_ALLOWED = {
    (side, symbol): frozenset(sides for sides in _ORIENTED if may_face(sides[side], symbol))
    for side in range(4)
    for symbol in (SWORD, SHIELD, FLOWER)
}
_NEIGHBOURS = [tuple(neighbours(cell)) for cell in range(9)]
_TABLE_SIDES = [{card: table_sides(seat, card) for card in ALL_CARDS} for seat in (0, 1)]


def fast_deployments(state: FoolsFieldState, seat: int) -> list[tuple[str, int]]:
    """(card, table cell) for every deployment after the first turn; rules.moves, only faster."""
    placed = {cell: _TABLE_SIDES[owner][card] for cell, (card, owner) in state.field.items()}
    open_cells = []
    for cell in range(9):
        if cell in placed:
            continue
        allowed = None
        for other, mine, theirs in _NEIGHBOURS[cell]:
            sides = placed.get(other)
            if sides is not None:
                fitting = _ALLOWED[mine, sides[theirs]]
                allowed = fitting if allowed is None else allowed & fitting
        if allowed:
            open_cells.append((cell, allowed))
    oriented = _TABLE_SIDES[seat]
    return [
        (card, cell)
        for card in state.hands[seat]
        for cell, allowed in open_cells
        if oriented[card] in allowed
    ]


def greedy_score(state: FoolsFieldState, seat: int, action: str) -> float:
    """One move ahead, from what `seat` sees: shed hard cards, keep options, rarely retreat."""
    move = NOTATION.parse(action)
    if isinstance(move, Retreat):
        return -1.0
    if isinstance(move, Discard):
        return 1 - EASE[move.card]
    after = state.clone()
    after.apply(seat, action)
    if after.is_over():
        return 10 * after.result()[seat]
    return 2 * (1 - EASE[move.card]) + playable_share(after, seat)


def playable_share(state: FoolsFieldState, seat: int) -> float:
    """The share of `seat`'s hand that could still be placed on the Field as it is."""
    hand = state.hands[seat]
    if not hand:
        return 1.0
    cells = state.open_cells(seat)
    playable = sum(
        any(fits(table_sides(seat, card), facings) for _, facings in cells) for card in hand
    )
    return playable / len(hand)
