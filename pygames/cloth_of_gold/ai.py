"""The Field of the Cloth of Gold's heuristics for the computer opponents (see `pygames.ai`).

What a seat knows (its Hand, every face-up tile, the colours a rival's Hand
lacks) and the samples of the rest are the rules' business
(`ClothOfGoldState.hide_unseen`): these hooks see only such samples.
"""

from __future__ import annotations

from pygames.cloth_of_gold.board import GOLD, JEWEL, gold_value
from pygames.cloth_of_gold.rules import ClothOfGoldState

ROLLOUT_MOVES = 24  # a few rounds, then `evaluate` projects the final scores


def evaluate(state: ClothOfGoldState, seat: int) -> float:
    """A guess from the lead after the final scoring the Courts would give now."""
    if state.is_over():
        return state.result()[seat]
    lead = projected_score(state, seat) - projected_score(state, 1 - seat)
    return min(max(0.5 + lead / 24, 0.0), 1.0)


def projected_score(state: ClothOfGoldState, seat: int) -> float:
    """Score plus Jewels n×n and Gold at the row reached, plus a little for the Hand."""
    court = state.courts[seat]
    score = state.scores[seat] + court[JEWEL] ** 2
    return score + court[GOLD] * gold_value(score) + 0.5 * len(state.hands[seat])
