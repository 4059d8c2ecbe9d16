"""The Field of the Cloth of Gold's hooks for the computer opponents (see `pygames.ai`).

What a seat cannot see: the rival's Hand and the order of the Darkness. Every
other tile is in a Court, on a square or Removed, all face up. Not yet used:
a reveal tells which colours a Hand lacks, and the first two tiles of a Hand
are never Jewels; samples may break these, which costs strength, not secrecy.
"""

from __future__ import annotations

import random
from collections import Counter

from pygames.cloth_of_gold.board import GOLD, JEWEL, all_tiles, gold_value
from pygames.cloth_of_gold.rules import ClothOfGoldState

ROLLOUT_MOVES = 24  # a few rounds, then `evaluate` projects the final scores


def determinize(state: ClothOfGoldState, seat: int, rng: random.Random) -> ClothOfGoldState:
    """A copy with the rival's Hand and the Darkness redrawn from the tiles `seat` can't see."""
    rival = 1 - seat
    seen = Counter(state.hands[seat]) + state.removed + state.courts[0] + state.courts[1]
    seen.update(tile for tile in state.squares.values() if tile is not None)
    unknown = sorted((Counter(all_tiles()) - seen).elements())
    rng.shuffle(unknown)
    copy = state.clone()
    copy.rng = random.Random(rng.getrandbits(64))
    copy.events = [event for event in state.events if event.visible_to(seat)]
    copy.hands[rival] = unknown[: len(state.hands[rival])]
    copy.darkness = unknown[len(state.hands[rival]) :]
    return copy


def evaluate(state: ClothOfGoldState, seat: int) -> float:
    """A guess from the lead after the final scoring the Courts would give now."""
    if state.is_over():
        return state.outcome()[seat]
    lead = projected_score(state, seat) - projected_score(state, 1 - seat)
    return min(max(0.5 + lead / 24, 0.0), 1.0)


def projected_score(state: ClothOfGoldState, seat: int) -> float:
    """Score plus Jewels n×n and Gold at the row reached, plus a little for the Hand."""
    court = state.courts[seat]
    score = state.scores[seat] + court[JEWEL] ** 2
    return score + court[GOLD] * gold_value(score) + 0.5 * len(state.hands[seat])
