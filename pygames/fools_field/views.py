"""The Fool's Field's view: what one seat sees (see `pygames.views`).

Cells and sides are in the viewer's frame (cell 0-8 row by row from the viewer's
far left; a card's `sides` as the viewer sees them: top, right, bottom, left).
"""

from typing import Literal, TypedDict

from pygames.views import View


class FieldCard(TypedDict):
    cell: int
    card: str  # as its owner holds it index-up
    owner: int
    sides: str  # as the viewer sees it


class Match(TypedDict):
    best_of: int  # 1 or 3
    scores: list[float]
    results: list[list[float]]  # each finished game's outcome
    game: int  # the game being played (or the last one)


class FoolsFieldTable(TypedDict):
    hand: list[str]  # the viewer's own (empty for an onlooker)
    hand_sizes: list[int]
    deck: int
    discard_counts: list[int]
    my_discards: list[str]
    known_held: list[list[str]]  # per seat: cards taken back by a Retreat, not placed since
    field: list[FieldCard]
    phase: Literal["deploy", "discard"]
    turn: int
    battle_start: int
    first_turn: bool
    tie_battle: bool
    last_chance: bool
    hand_limit: int
    match: Match


class FoolsFieldOpen(TypedDict, total=False):
    """What a replay seen from everywhere adds: every hidden card face up."""

    open_hands: list[list[str]]
    open_discards: list[list[str]]
    open_deck: list[str]


class FoolsFieldView(View, FoolsFieldTable, FoolsFieldOpen):
    pass
