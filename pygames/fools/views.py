"""The declared shape of a Fools! view (see `pygames.views`).

`FoolsState.game_view` returns a `FoolsTable`; `open_game_view` (replays seen from
everywhere) returns the `OpenTable` keys. A card is its name ("knight"), a slot its
seat letter and number ("B2"), a seat its number (0 = A).

No ``from __future__ import annotations`` here: Python 3.11 would then lose `NotRequired`.
"""

from typing import NotRequired, TypedDict

# JsonValue: the log's type refers to it by name, and a TypedDict's hints are read in the
# module of the class that inherits them (typing.get_type_hints).
from pygames.views import JsonValue, View  # noqa: F401


class ArmySlot(TypedDict):
    """One face-down place of an army, as the viewer knows it."""

    slot: str
    empty: bool
    card: str | None  # only when the viewer sees it
    know: str | None  # "placed", "saw", "replaced", "shown", or None: nothing known


class StepOwed(TypedDict):
    """The decision a seat owes now, after the Standard Bearers are revealed."""

    kind: str  # "fool", "look", "spy", "enchant", "deploy", "own" or "take"
    seat: int
    target: int | None  # the army a Spy looks into or a deploy goes into


class Battle(TypedDict):
    """The last battle, face up: every army, its total and who won what."""

    round: int
    armies: list[list[str | None]]
    bearers: list[str | None]
    totals: list[int | None]  # None for a seat that had left the table
    winners: list[int]
    taken: list[str | None]  # the victory point each seat took from it


class FoolsTable(TypedDict):
    """The keys of a Fools! view beyond the common ones."""

    round: int
    first: int
    target: int  # victory points to win
    phase: str  # "bearer", "steps" or "over"
    step: StepOwed | None
    deck: int
    discard: int
    hand: list[str]
    hand_sizes: list[int]
    chosen: list[bool]  # while Standard Bearers are chosen: who has chosen
    my_choice: str | None
    armies: list[list[ArmySlot]]
    deployed: list[list[int]]  # per army, the seats that deployed into it this battle
    bearers: list[str | None]
    vp: list[list[str]]
    last_battle: Battle | None
    in_play: list[int]


class OpenTable(TypedDict):
    """What a replay seen from everywhere adds: the hidden places face up."""

    armies: list[list[ArmySlot]]
    open_hands: list[list[str]]
    open_choices: list[str | None]
    open_deck: list[str]
    open_discards: list[str]


class OpenKeys(TypedDict):
    open_hands: NotRequired[list[list[str]]]
    open_choices: NotRequired[list[str | None]]
    open_deck: NotRequired[list[str]]
    open_discards: NotRequired[list[str]]


class FoolsView(View, FoolsTable, OpenKeys):
    """A whole Fools! view: `State.view(seat)`, or `full_view` in a replay."""
