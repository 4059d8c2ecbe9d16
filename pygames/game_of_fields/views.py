"""The declared shape of a Game of Fields view (see `pygames.views`).

`GameOfFieldsState.game_view` returns a `GameOfFieldsTable` (and `open_game_view`, for
replays, a `ReplayTable`); `State.view` adds the common keys, which makes a
`GameOfFieldsView`, the type the board reads. Hexes
are indexes 0-18 (`hexmap.LAYOUT`); where they are a mapping's keys they are
strings, since views are JSON.

No ``from __future__ import annotations`` here (see `pygames.views`).
"""

from typing import NotRequired, TypedDict

# JsonValue: `check_view` reads this type's annotations, View's inherited ones included
# (`View.log`'s items name JsonValue), in this module.
from pygames.views import JsonValue, View  # noqa: F401


class Chain(TypedDict):
    """A player's Fields linked to one of their Cities: their value and hexes."""

    halves: int  # the Fields' value in halves (a plain Field 2, a mountain Field 1)
    hexes: list[int]  # the linked group: Fields, Cities and Princes on seas


class Mover(TypedDict):
    """The pawn moving now, part way through its move."""

    pawn: str  # "queen" or "prince"
    path: list[int]  # the hexes it has stood on this move, its start first
    used: int  # points of its reach spent
    reach: int
    found: int  # blank map: the hex just turned over (-1: none)


class End(TypedDict):
    """A hex a pawn may end its move on, and one path there."""

    path: list[int]  # the steps there, from the hex after the pawn's own
    kind: str  # "stop", "battle" or "siege" (wait there for a second Prince)
    attack: NotRequired[int]  # battles and sieges: both sides' values
    defence: NotRequired[int]
    capture: NotRequired[bool]  # ending there takes the opponent's Field


class PawnPreview(TypedDict):
    """Where one pawn of the acting player may go this move."""

    reach: int  # the points of its move (left, for the pawn moving now)
    ends: dict[str, End]  # hex -> how it gets there
    reveals: list[str]  # blank map: face-down hexes it may turn over now


class Preview(TypedDict):
    """For the acting player only (empty for anyone else): each movable pawn's moves."""

    pawns: NotRequired[dict[str, PawnPreview]]  # the pawn's hex -> its moves


class ReplayTable(TypedDict):
    """What a replay seen from everywhere adds (`open_game_view`): nothing is hidden in this
    game but face-down hexes, which have no terrain until turned over, so no hands."""

    open_hands: NotRequired[list[list[str]]]  # one empty list per player


class GameOfFieldsTable(ReplayTable):
    """The game's own keys of a view (`game_view`); lists of two are one item per player."""

    map: str  # "open" or "blank" (the option)
    terrain: list[str]  # per hex: "plain", "mountain", "sea", or "" face down
    face_down: dict[str, int]  # terrain -> how many of it are still face down
    queens: list[int]  # each player's Queen's hex (-1: she has fallen)
    princes: list[list[int]]
    cities: list[list[int]]
    fields: list[list[int]]
    limits: list[int]  # how many Princes each player may have
    fields_left: list[int]  # Field pawns not built yet
    chains: list[Chain]  # each player's best chain
    field_halves: list[int]  # each player's Fields' value, linked or not
    turn: int | None  # None once the game is over
    phase: str  # "act", "move", "found", "next" or "over"
    mover: Mover | None
    siege: int  # the hex where a first Prince waits for a second (-1: none)
    must_split: list[int]  # per player: the stack of two Princes to split (-1: none)
    passes: int  # passes in a row
    quiet: int  # turns in a row without progress (a draw at 60)
    preview: Preview


class GameOfFieldsView(View, GameOfFieldsTable):
    """A Game of Fields view: the common keys and the game's own."""
