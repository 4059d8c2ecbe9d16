"""High Card's view type (see `pygames.views`)."""

from typing import TypedDict

from pygames.views import View


class HighCardTable(TypedDict):
    hand: list[str]
    hand_sizes: list[int]
    picked: list[bool]
    my_pick: str | None
    shown: list[list[str]]
    deck: int
    round: int


class HighCardOpen(TypedDict, total=False):
    """What a replay seen from everywhere adds."""

    open_hands: list[list[str]]
    open_picks: list[str | None]


class HighCardView(View, HighCardTable, HighCardOpen):
    pass
