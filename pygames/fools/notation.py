"""Fools! actions as typed values, and their one written form (records, saves, links).

Grammar (lower case, no spaces)::

    slot     = seat letter ("A".."D"), army place ("1".."3")     A1, C3
    card     = a card's name (cards.CARDS), or "?" for a card     knight, ?
               the reader did not see (a move as another seat saw it)
    bearer   = "bearer:" (card | "none")                          bearer:knight, bearer:none
    fool     = "fool:" slot                                       fool:A2
    look     = "look:" slot                                       look:A1
    spy      = "spy:" slot                                        spy:C3
    enchant  = "enchant:" (slot | "none")                         enchant:B2, enchant:none
    deploy   = "deploy:" card "@" slot                            deploy:pixie@B1
    own      = "own:" (card "@" slot | "none")                    own:knight@A3, own:none
    take     = "take:" (seat letter | slot)                       take:C, take:A2

`parse` reads one action (`FOOLS_NOTATION.parse`), `format` writes it back:
``format(parse(text)) == text`` for every action this grammar allows. A slot is
held as its index, seat * 3 + place - 1 (B1 = 3). `parse` checks the form only;
whether an action is legal now is the rules' business.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from pygames.core import UNKNOWN, IllegalAction
from pygames.fools.cards import CARDS

LETTERS = "ABCD"
SLOTS = 3  # places in an army
NONE = "none"


def slot_name(slot: int) -> str:
    return LETTERS[slot // SLOTS] + str(slot % SLOTS + 1)


def parse_slot(text: str) -> int | None:
    if len(text) != 2 or text[0] not in LETTERS or text[1] not in "123":
        return None
    return LETTERS.index(text[0]) * SLOTS + int(text[1]) - 1


@dataclass(frozen=True)
class Bearer:
    """The secret Standard Bearer choice; `card` None: no Standard Bearer."""

    kind: ClassVar[str] = "bearer"
    card: str | None


@dataclass(frozen=True)
class FoolIn:
    """With two or more Fools revealed: the Fool goes into this slot of one's own army."""

    kind: ClassVar[str] = "fool"
    slot: int


@dataclass(frozen=True)
class Look:
    """The Soothsayer looks at one of its owner's own army cards."""

    kind: ClassVar[str] = "look"
    slot: int


@dataclass(frozen=True)
class Spy:
    """The Spy looks at one army card of an opponent."""

    kind: ClassVar[str] = "spy"
    slot: int


@dataclass(frozen=True)
class Enchant:
    """The Enchantress discards an opponent's army card unseen; `slot` None: not used."""

    kind: ClassVar[str] = "enchant"
    slot: int | None


@dataclass(frozen=True)
class Deploy:
    """A card of the hand goes face down over a slot of another army."""

    kind: ClassVar[str] = "deploy"
    card: str
    slot: int


@dataclass(frozen=True)
class Own:
    """The optional replacement: a card of the hand over a slot of one's own army."""

    kind: ClassVar[str] = "own"
    card: str
    slot: int


@dataclass(frozen=True)
class KeepArmy:
    """The optional replacement not made: one's own army stays as it is."""

    kind: ClassVar[str] = "own"


@dataclass(frozen=True)
class TakeBearer:
    """A winner without a Standard Bearer takes `owner`'s Standard Bearer as a victory point."""

    kind: ClassVar[str] = "take"
    owner: int


@dataclass(frozen=True)
class TakeArmyCard:
    """A winner with no Standard Bearer left on the table takes a card of their own army."""

    kind: ClassVar[str] = "take"
    slot: int


Action = (
    Bearer | FoolIn | Look | Spy | Enchant | Deploy | Own | KeepArmy | TakeBearer | TakeArmyCard
)


def refusal(rule: str, **params: str) -> IllegalAction:
    """One of the game's refusals (as `State.refusal` makes them), worded in its text module."""
    return IllegalAction(f"fools.{rule}", **params)


@cache  # the grammar writes a finite set of actions; the computer's search reads them often
def parse(text: str) -> Action:
    """The action `text` writes; IllegalAction("fools.unknown_action") if it writes none."""
    kind, colon, rest = text.partition(":")
    reader = READERS.get(kind)
    action = reader(rest) if reader and colon else None
    if action is None:
        raise refusal("unknown_action", action=text[:40])
    return action


@cache  # as `parse`: a finite set
def format(action: Action) -> str:  # noqa: A001 - the Notation protocol's name
    match action:
        case Bearer(card):
            return "bearer:" + (NONE if card is None else card)
        case FoolIn(slot):
            return "fool:" + slot_name(slot)
        case Look(slot):
            return "look:" + slot_name(slot)
        case Spy(slot):
            return "spy:" + slot_name(slot)
        case Enchant(slot):
            return "enchant:" + (NONE if slot is None else slot_name(slot))
        case Deploy(card, slot):
            return f"deploy:{card}@{slot_name(slot)}"
        case Own(card, slot):
            return f"own:{card}@{slot_name(slot)}"
        case KeepArmy():
            return "own:" + NONE
        case TakeBearer(owner):
            return "take:" + LETTERS[owner]
        case TakeArmyCard(slot):
            return "take:" + slot_name(slot)


# ----- reading each kind (None: not of that kind's form) -----


def is_card(text: str) -> bool:
    return text in CARDS or text == UNKNOWN


def read_placing(text: str) -> tuple[str, int] | None:
    card, at, where = text.partition("@")
    slot = parse_slot(where)
    return (card, slot) if at and is_card(card) and slot is not None else None


def read_bearer(rest: str) -> Bearer | None:
    if rest == NONE:
        return Bearer(None)
    return Bearer(rest) if is_card(rest) else None


def read_slot_as(kind: type[FoolIn] | type[Look] | type[Spy] | type[TakeArmyCard]):
    def read(rest: str) -> FoolIn | Look | Spy | TakeArmyCard | None:
        slot = parse_slot(rest)
        return None if slot is None else kind(slot)

    return read


def read_enchant(rest: str) -> Enchant | None:
    if rest == NONE:
        return Enchant(None)
    slot = parse_slot(rest)
    return None if slot is None else Enchant(slot)


def read_deploy(rest: str) -> Deploy | None:
    placing = read_placing(rest)
    return None if placing is None else Deploy(*placing)


def read_own(rest: str) -> Own | KeepArmy | None:
    if rest == NONE:
        return KeepArmy()
    placing = read_placing(rest)
    return None if placing is None else Own(*placing)


def read_take(rest: str) -> TakeBearer | TakeArmyCard | None:
    if len(rest) == 1 and rest in LETTERS:
        return TakeBearer(LETTERS.index(rest))
    slot = parse_slot(rest)
    return None if slot is None else TakeArmyCard(slot)


READERS = {
    "bearer": read_bearer,
    "fool": read_slot_as(FoolIn),
    "look": read_slot_as(Look),
    "spy": read_slot_as(Spy),
    "enchant": read_enchant,
    "deploy": read_deploy,
    "own": read_own,
    "take": read_take,
}


class FoolsNotation:
    """`pygames.core.Notation` for Fools!: `Game.notation`."""

    def parse(self, text: str) -> Action:
        return parse(text)

    def format(self, action: Action) -> str:
        return format(action)


FOOLS_NOTATION = FoolsNotation()
