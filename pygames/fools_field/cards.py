"""The 23 Soldier cards and which symbols may face each other (rulings §1).

A card is written by its four sides in (top, right, bottom, left) order as held
index-up: X = Sword, S = Shield, F = Flower. Every card is distinct, so the
string is also the card's name.
"""

from itertools import product

SWORD, SHIELD, FLOWER = "X", "S", "F"

SWORD_SHIELD_CARDS = ["".join(sides) for sides in product("XS", repeat=4)]
FLOWER_SHIELD_CARDS = ["FFSS", "FSFS", "FSSF", "SFFS", "SFSF", "SSFF", "FFFF"]
ALL_CARDS = tuple(SWORD_SHIELD_CARDS + FLOWER_SHIELD_CARDS)

LEGAL_FACINGS = frozenset({(SWORD, SWORD), (SHIELD, FLOWER), (FLOWER, SHIELD)})

TOP, RIGHT, BOTTOM, LEFT = range(4)
SIDE_NAMES = ("top", "right", "bottom", "left")


def rotate_half_turn(sides: str) -> str:
    """The sides of a card turned 180°: top becomes bottom, right becomes left."""
    return sides[2:] + sides[:2]


def may_face(a: str, b: str) -> bool:
    return (a, b) in LEGAL_FACINGS
