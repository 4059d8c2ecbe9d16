"""The Fool's Field's actions in writing: the one parse/format pair.

Every action is written in the acting seat's own frame (cells as that seat sees
the Field), without spaces::

    action  = deploy | "retreat" | discard
    deploy  = card "@" cell          e.g. XSSX@4: card XSSX to cell 4
    discard = "discard:" card        e.g. discard:FFSS (after a Retreat, over 6 cards)
    card    = side side side side    the sides top, right, bottom, left, held index-up
    side    = "X" | "S" | "F"        Sword, Shield, Flower
    cell    = "0" .. "8"             row by row from the seat's far left

A discard another seat made is face down: records shared from that seat's view
write it ``discard:?``, which `parse` reads as a discard of an unknown card.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygames.core import UNKNOWN, IllegalAction
from pygames.fools_field.cards import ALL_CARDS

RETREAT_WORD = "retreat"
DISCARD_PREFIX = "discard:"
CELLS = "012345678"


@dataclass(frozen=True)
class Deploy:
    card: str
    cell: int  # in the acting seat's frame


@dataclass(frozen=True)
class Retreat:
    pass


@dataclass(frozen=True)
class Discard:
    card: str  # UNKNOWN for a face-down discard seen from another seat


Action = Deploy | Retreat | Discard


class FoolsFieldNotation:
    def parse(self, text: str) -> Action:
        if text == RETREAT_WORD:
            return Retreat()
        if text.startswith(DISCARD_PREFIX):
            card = text[len(DISCARD_PREFIX) :]
            if card in ALL_CARDS or card == UNKNOWN:
                return Discard(card)
        card, at, cell = text.partition("@")
        if at and card in ALL_CARDS and len(cell) == 1 and cell in CELLS:
            return Deploy(card, int(cell))
        raise IllegalAction("bad_notation", action=text[:40])

    def format(self, action: Action) -> str:
        if isinstance(action, Deploy):
            return deploy_text(action.card, action.cell)
        if isinstance(action, Discard):
            return discard_text(action.card)
        return RETREAT


# The written forms without building an action value first (the search's hot paths).
def deploy_text(card: str, cell: int) -> str:
    return f"{card}@{cell}"


def discard_text(card: str) -> str:
    return DISCARD_PREFIX + card


RETREAT = RETREAT_WORD
NOTATION = FoolsFieldNotation()
