"""The Field of the Cloth of Gold's view: what `ClothOfGoldState.view(seat)` returns.

`ClothOfGoldView` is the common `View` plus this game's table (`ClothOfGoldTable`).
Ovals are named as in `pygames.cloth_of_gold.board.OVALS` ("dragon", "secrecy",
"gold"...), tiles as in `COLOURS` ("gold", "blue", "white", "red", "jewel"); lists
"per seat" are indexed by seat (A = 0, B = 1).

No ``from __future__ import annotations`` here (see `pygames.views`).
"""

from typing import NotRequired, TypedDict

# JsonValue: a TypedDict keeps no bases, so `check_view` (typing.get_type_hints) resolves
# View's forward reference to it (in LogEntry) in this module's names.
from pygames.views import JsonValue, View  # noqa: F401

# How many tiles of each colour, e.g. a Court: {"gold": 2, "blue": 0, ...}, every colour present.
TileCounts = dict[str, int]


class OvalView(TypedDict):
    """One of the seven ovals, in printed order."""

    oval: str
    has_square: bool  # every oval but the Dragon's has a tile square
    tile: str | None  # the tile on its square (None: none, or no square)
    tokens: list[int]  # the seats whose tokens stand on it
    dragon: bool  # the Dragon blocks it


class SeatTokens(TypedDict):
    """A seat's two tokens: how many are still off the board, and the ovals of the rest."""

    off_board: int
    ovals: list[str]


class Effect(TypedDict):
    """What choosing an oval would do, as the acting seat can tell (its `preview`)."""

    gift: str | None  # the tile its square gives the rival's Court
    points: int
    rival_points: int  # a Red action scores for both
    draws: int  # tiles drawn from the Darkness (Secrecy, Red)
    rival_draws: int


class SeatScoring(TypedDict):
    """A seat's final scoring: Jewels n×n, then Gold at the row reached, and the tie-breaks."""

    jewels: int
    jewel_points: int
    gold: int
    gold_value: int
    gold_points: int
    score: int
    white: int
    court_size: int


class FinalScoring(TypedDict):
    seats: list[SeatScoring]  # per seat
    decided_by: str  # "score", "white", "court_size" or "shared"


# For the acting viewer: what each oval it may choose would do.
Preview = dict[str, Effect]


class TrackView(TypedDict):
    """The Track of Scoring: per row [lowest score, Secrecy draws, points per Court Gold]."""

    rows: list[list[int]]
    squares: int
    end_score: int


class ClothOfGoldTable(TypedDict):
    """This game's keys of the view (`ClothOfGoldState.game_view` and `open_game_view`)."""

    ovals: list[OvalView]
    dragon: str  # the oval the Dragon blocks, or "home"
    tokens: list[SeatTokens]  # per seat
    scores: list[int]  # per seat
    rows: list[int]  # per seat: the row of the Track reached (1-5)
    secrecy_draws: list[int]  # per seat: what Secrecy draws at that row
    gold_values: list[int]  # per seat: what each Court Gold scores at the end from that row
    courts: list[TileCounts]  # per seat
    hand: list[str]  # the viewer's own Hand ([] for an onlooker)
    hand_sizes: list[int]  # per seat
    lacks: list[list[str]]  # per seat: colours its Hand is known not to hold
    darkness: int  # tiles left in the Darkness
    removed: TileCounts
    phase: str  # "choose_oval", "choose_dragon_target" or "over"
    turn: int | None  # the seat to act (None once over)
    vacated: str | None  # the oval the acting token has just left
    preview: Preview
    final: FinalScoring | None  # once the game is over by the rules
    track: TrackView
    # Replays of a finished game seen from everywhere (`State.full_view`) only:
    open_hands: NotRequired[list[list[str]]]  # per seat, face up
    open_darkness: NotRequired[list[str]]  # what the Darkness still held


class ClothOfGoldView(View, ClothOfGoldTable):
    """A view of The Field of the Cloth of Gold: the common keys and the game's table."""


class OpenTable(TypedDict):
    """What `open_game_view` adds: the hidden places face up."""

    open_hands: list[list[str]]
    open_darkness: list[str]
