"""The Field of the Cloth of Gold's actions, as values and as text (records, links, saves).

Grammar (lower case, no spaces; ``|`` separates alternatives)::

    action = enter | move | dragon
    enter  = oval                  a token comes onto the oval from off the board
                                   (a player's first two turns)       e.g. gold
    move   = oval ">" oval         the token on the first oval moves to the second
                                   (every later turn)                 e.g. red>gold
    dragon = "dragon:" oval        after a token entered the Dragon oval, the Dragon
                                   goes to block that oval            e.g. dragon:white
    oval   = "dragon" | "secrecy" | "gold" | "blue" | "white" | "red" | "purple"

`NOTATION.parse` reads any well-formed action (legal now or not: that is the rules'
business) into `Enter`, `Move` or `SendDragon`, and `NOTATION.format` writes it back:
``NOTATION.format(NOTATION.parse(text)) == text``. Text that is no action is refused
with `IllegalAction`: "<game>.no_such_oval" when a move or the Dragon's target names
something that is no oval (``red>moat``), else "<game>.unknown_action".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pygames.cloth_of_gold.board import OVALS
from pygames.core import IllegalAction

GAME_ID = "cloth-of-gold"  # `ClothOfGold.id`, which the refusals' keys begin with
MOVE_SEPARATOR = ">"
DRAGON_PREFIX = "dragon:"


@dataclass(frozen=True, slots=True)
class Enter:
    """A token comes onto `oval` from off the board."""

    oval: str


@dataclass(frozen=True, slots=True)
class Move:
    """The token on `source` moves to `target`."""

    source: str
    target: str


@dataclass(frozen=True, slots=True)
class SendDragon:
    """The Dragon goes to block `oval` (the second decision of a Dragon turn)."""

    oval: str


Action = Enter | Move | SendDragon


class ClothOfGoldNotation:
    """Reads and writes this game's actions (a `pygames.core.Notation`)."""

    def parse(self, text: str) -> Action:
        return read(text)

    def format(self, action: Action) -> str:
        if isinstance(action, SendDragon):
            return dragon_text(action.oval)
        if isinstance(action, Move):
            return move_text(action.source, action.target)
        return action.oval


@cache  # the grammar writes a finite set of actions (its values); a search reads them often
def read(text: str) -> Action:
    if text.startswith(DRAGON_PREFIX):
        return SendDragon(oval_named(text.removeprefix(DRAGON_PREFIX), text))
    if MOVE_SEPARATOR in text:
        source, _, target = text.partition(MOVE_SEPARATOR)
        return Move(oval_named(source, text), oval_named(target, text))
    if text in OVALS:
        return Enter(text)
    raise unknown_action(text)


# The text of a move and of the Dragon's target, without making the value first (the
# rules list every legal action this way, thousands of times in a search).


def move_text(source: str, target: str) -> str:
    return source + MOVE_SEPARATOR + target


def dragon_text(oval: str) -> str:
    return DRAGON_PREFIX + oval


def oval_named(name: str, text: str) -> str:
    """`name` if it is an oval's; a refusal of the whole `text` otherwise."""
    if name in OVALS:
        return name
    if not name or not name.isalpha():
        raise unknown_action(text)  # "dragon:", "a>b>c": not the shape of an action
    raise refusal("no_such_oval", name=name[:20])


def unknown_action(text: str) -> IllegalAction:
    return refusal("unknown_action", action=text[:40])


def refusal(rule: str, **params: str) -> IllegalAction:
    """One of this game's refusals (as `State.refusal`, for text read without a state)."""
    return IllegalAction(f"{GAME_ID}.{rule}", **params)


NOTATION = ClothOfGoldNotation()
