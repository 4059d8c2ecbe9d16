"""Game of Fields' actions as typed values, and the one way to read and write them.

Every decision of a player is one short action string (records, links and the
computer speak them); `parse` reads one into a typed value and `format` writes
it back, as python-chess's ``Move.from_uci`` and ``Move.uci`` do. The rules,
the computer and the tests call `parse` instead of slicing strings.

Hexes are written as their index, 0-18 (the rows of `hexmap.LAYOUT` in reading
order; players read them as 1-19 on the map), in decimal without a leading zero.
The grammar, one line per kind of action, with an example of each:

    action      = start | step | turn-over | stay | stop | end | castle | build
                | prince-back | queen-back | pass
    hex         = "0" | "1" | ... | "18"
    start       = "m" hex            m7     start moving the Queen or Prince on hex 7
    step        = "g" hex            g8     the moving pawn steps into hex 8 (a battle
                                            there if an opponent's pawn or City is on it)
    turn-over   = "r" hex            r8     blank map: the moving Prince turns hex 8 over
    stay        = "stay"             stay   blank map: it does not enter the hex turned
    stop        = "stop"             stop   the moving pawn ends its move where it stands
    end         = "end"              end    end the turn after one pawn's move
    castle      = "c" hex            c12    the Queen swaps hexes with her Prince on 12
    build       = "field" | "city"   city   the Queen builds on her hex
    prince-back = "p" hex            p4     a Prince is regenerated on the City on 4
    queen-back  = "q" hex "." hex    q4.9   the Queen is regenerated on the City on 4;
                                            the Prince on 9 is removed for good
    pass        = "pass"             pass

Anything else (spaces, capitals, "m07", "m19", "q4", "resign") is no action of
this game: `parse` refuses it with the refusal ``game-of-fields.bad_notation``.
The meta actions every game shares (``resign``, ``draw``) are read by the core,
not here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Literal

from pygames.core import IllegalAction
from pygames.game_of_fields.hexmap import HEXES

# The actions written as a word.
STAY, STOP, END, PASS = "stay", "stop", "end", "pass"
FIELD: Literal["field"] = "field"
CITY: Literal["city"] = "city"


@dataclass(frozen=True)
class StartMove:
    """Start moving the pawn (Queen or Prince) on `hex`."""

    hex: int


@dataclass(frozen=True)
class Step:
    """The moving pawn steps into `hex` (onto an opponent's pawn or City: a battle)."""

    hex: int


@dataclass(frozen=True)
class TurnOver:
    """Blank map: the moving Prince turns the face-down `hex` over."""

    hex: int


@dataclass(frozen=True)
class Stay:
    """Blank map: the Prince does not enter the hex it has just turned over."""


@dataclass(frozen=True)
class Stop:
    """The moving pawn ends its move where it stands."""


@dataclass(frozen=True)
class EndTurn:
    """End the turn after one pawn's move."""


@dataclass(frozen=True)
class Castle:
    """The Queen swaps hexes with her Prince on `prince`."""

    prince: int


@dataclass(frozen=True)
class Build:
    """The Queen builds a Field or a City on her hex."""

    what: Literal["field", "city"]


@dataclass(frozen=True)
class PrinceBack:
    """A Prince is regenerated on the City on `city`."""

    city: int


@dataclass(frozen=True)
class QueenBack:
    """The Queen is regenerated on the City on `city`; the Prince on `prince` is removed."""

    city: int
    prince: int


@dataclass(frozen=True)
class Pass:
    """Pass the turn."""


Action = (
    StartMove
    | Step
    | TurnOver
    | Stay
    | Stop
    | EndTurn
    | Castle
    | Build
    | PrinceBack
    | QueenBack
    | Pass
)

_HEX = r"(0|[1-9][0-9]?)"
_WITH_HEX = re.compile(rf"([mgrcp]){_HEX}", re.ASCII)
_QUEEN_BACK = re.compile(rf"q{_HEX}\.{_HEX}", re.ASCII)
_WORDS: dict[str, Action] = {
    STAY: Stay(),
    STOP: Stop(),
    END: EndTurn(),
    FIELD: Build(FIELD),
    CITY: Build(CITY),
    PASS: Pass(),
}
_WORD_OF = {value: word for word, value in _WORDS.items()}
_ONE_HEX: dict[str, type[StartMove | Step | TurnOver | Castle | PrinceBack]] = {
    "m": StartMove,
    "g": Step,
    "r": TurnOver,
    "c": Castle,
    "p": PrinceBack,
}


class FieldsNotation:
    """The game's `pygames.core.Notation`: `parse` and `format` (see the module's grammar)."""

    def parse(self, text: str) -> Action:
        return _parse(text)

    def format(self, action: Action) -> str:
        return _format(action)


@cache  # the legal moves are formatted anew for every position the search visits
def _format(action: Action) -> str:
    if action in _WORD_OF:
        return _WORD_OF[action]
    match action:
        case StartMove(hex_id):
            return f"m{hex_id}"
        case Step(hex_id):
            return f"g{hex_id}"
        case TurnOver(hex_id):
            return f"r{hex_id}"
        case Castle(prince):
            return f"c{prince}"
        case PrinceBack(city):
            return f"p{city}"
        case QueenBack(city, prince):
            return f"q{city}.{prince}"
    raise ValueError(f"{action!r} is no action of Game of Fields")


@cache  # under 500 actions, immutable values: the search parses the same few again and again
def _parse(text: str) -> Action:
    if text in _WORDS:
        return _WORDS[text]
    one = _WITH_HEX.fullmatch(text)
    if one and _on_map(one[2]):
        return _ONE_HEX[one[1]](int(one[2]))
    two = _QUEEN_BACK.fullmatch(text)
    if two and _on_map(two[1]) and _on_map(two[2]):
        return QueenBack(int(two[1]), int(two[2]))
    raise refusal("bad_notation", text=text[:40])


def refusal(rule: str, **params: str) -> IllegalAction:
    """One of the game's refusals (as `State.refusal` makes them), worded in its text module."""
    return IllegalAction(f"game-of-fields.{rule}", **params)


def _on_map(digits: str) -> bool:
    return int(digits) < len(HEXES)


# The texts of the actions a search lists most, by hex, without making the value first.
STEP_TEXT = tuple(_format(Step(hex_id)) for hex_id in range(len(HEXES)))
START_MOVE_TEXT = tuple(_format(StartMove(hex_id)) for hex_id in range(len(HEXES)))

NOTATION = FieldsNotation()
parse = NOTATION.parse
format = NOTATION.format
