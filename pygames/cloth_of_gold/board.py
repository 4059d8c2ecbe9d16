"""The tiles, the seven ovals and the Track of Scoring (rulings §2).

Data from the publisher-licensed Rally the Troops module (rulings §2). Each
table is the one place its numbers live, so a change is a one-line edit.
"""

from __future__ import annotations

GOLD, BLUE, WHITE, RED, JEWEL = "gold", "blue", "white", "red", "jewel"
COLOURS = (GOLD, BLUE, WHITE, RED, JEWEL)  # the display order of a Court

TILE_COUNTS = {GOLD: 12, BLUE: 12, WHITE: 12, RED: 12, JEWEL: 6}
HAND_DEAL = 2  # tiles dealt to each Hand before the Jewels join the Darkness

DRAGON, SECRECY, PURPLE = "dragon", "secrecy", "purple"
OVALS = (DRAGON, SECRECY, GOLD, BLUE, WHITE, RED, PURPLE)  # printed order
SQUARE_OVALS = OVALS[1:]  # every oval but the Dragon's has a tile square
DRAGON_HOME = "home"  # the Dragon's own mark, apart from the seven ovals

TOKENS_ON_BOARD = 2  # each player's tokens that move between ovals

# Track of Scoring: (lowest score of the row, Secrecy draws, end points per Court Gold).
# Squares run 0-39, but a score keeps counting past 39 and stays in the last row.
TRACK_ROWS = (
    (0, 1, 3),
    (8, 2, 3),
    (16, 2, 2),
    (24, 3, 1),
    (32, 0, 1),
)
TRACK_SQUARES = 40
END_SCORE = 30

BLUE_POINTS = (0, 1, 3, 6)  # by Court Blue count; 3 or more score the last entry
GOLD_MAJORITY_POINTS = 2
SET_POINTS = 2  # per set of one Gold, Blue, White and Red in Court
SET_COLOURS = (GOLD, BLUE, WHITE, RED)


def row_index(score: int) -> int:
    """0-based row of the Track of Scoring for a score (row 1 in the rulebook is 0)."""
    return max(i for i, (lowest, _, _) in enumerate(TRACK_ROWS) if score >= lowest)


def secrecy_draws(score: int) -> int:
    return TRACK_ROWS[row_index(score)][1]


def gold_value(score: int) -> int:
    return TRACK_ROWS[row_index(score)][2]


def blue_points(count: int) -> int:
    return BLUE_POINTS[min(count, len(BLUE_POINTS) - 1)]


def all_tiles() -> list[str]:
    return [colour for colour in COLOURS for _ in range(TILE_COUNTS[colour])]
