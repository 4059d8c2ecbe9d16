"""The cards of Fools! (rulings §3): ONE table, reconstructed.

The card sheet was lost. Public sources confirm only a 64-card deck (60 cards
plus 4 Fools) and a card named Cobbler; every power and count below is ours.
Changing a card is a one-line edit of `CARD_TABLE`; everything else (the deck,
powers, kinds, the rules page's table) reads it.
"""

from __future__ import annotations

FOOL, FAIRY, SPECIAL, HONOURABLE = "fool", "fairy", "special", "honourable"
KINDS = (FOOL, FAIRY, SPECIAL, HONOURABLE)

# card, power, count, kind. The Fool's count is the most there are: one per player is used.
CARD_TABLE: tuple[tuple[str, int, int, str], ...] = (
    ("fool", 0, 4, FOOL),
    ("sprite", 1, 10, FAIRY),
    ("brownie", 2, 9, FAIRY),
    ("cobbler", 3, 8, FAIRY),
    ("pixie", 4, 8, FAIRY),
    ("nixie", 5, 7, FAIRY),
    ("hob", 6, 6, FAIRY),
    ("knight", 7, 5, FAIRY),
    ("crone", 2, 1, SPECIAL),  # draw one extra card into hand
    ("soothsayer", 3, 1, SPECIAL),  # look at one of your own face-down army cards
    ("spy", 4, 1, SPECIAL),  # look at one face-down army card of every opponent
    ("enchantress", 5, 1, SPECIAL),  # discard one card from any opponent's army, unseen
    ("champion", 8, 1, HONOURABLE),
    ("king", 9, 1, HONOURABLE),
    ("queen", 10, 1, HONOURABLE),
)

CARDS = tuple(name for name, *_ in CARD_TABLE)
POWER = {name: power for name, power, _, _ in CARD_TABLE}
COUNT = {name: count for name, _, count, _ in CARD_TABLE}
KIND = {name: kind for name, _, _, kind in CARD_TABLE}
HONOURABLES = frozenset(name for name in CARDS if KIND[name] == HONOURABLE)
SPECIALS = tuple(name for name in CARDS if KIND[name] == SPECIAL)
THE_FOOL = "fool"
CRONE, SOOTHSAYER, SPY, ENCHANTRESS = "crone", "soothsayer", "spy", "enchantress"


def deck_for(seats: int) -> list[str]:
    """The 60 cards plus one Fool per player, as an unordered pool."""
    return [name for name in CARDS for _ in range(seats if name == THE_FOOL else COUNT[name])]


def by_power(cards) -> list[str]:
    """Cards weakest first (then in table order): how hands and lists are shown. Cards a
    seat's copy of the game cannot see (`?`) come last."""
    return sorted(cards, key=power_order)


def power_order(card: str) -> tuple[int, int]:
    if card not in POWER:
        return len(POWER), 0
    return POWER[card], CARDS.index(card)
