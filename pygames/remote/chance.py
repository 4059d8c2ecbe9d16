"""A device's chance: the game's draws from the dealt deck, and the hidden cards the
rules show, as one seat's device sees them (`pygames.remote.device`).

Which deck position a draw takes is fixed by the `Layout`. A draw this seat sees
opens once every seat's key for its positions is here (`PendingChance` until then); a
draw it does not see gives `?`. Hidden cards the rules show (`Chance.disclosed`) lie
at positions every device can name: a seat's own cards at positions dealt to that
seat (its holdings), which the seat names itself; cards nobody holds at the
positions of the chance outcome that dealt them (the rules say which). A reshuffle
(`Chance.reshuffled`) is a new deck, dealt again (`pygames.remote.redeal`), whose
positions follow the last deck's.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from pygames.core import (
    SEAT_LETTERS,
    UNKNOWN,
    Chance,
    Holders,
    IllegalAction,
    RandomChance,
    audience_seats,
    audience_text,
)
from pygames.remote.commit import joint_random
from pygames.remote.deal import DealError, card_of
from pygames.remote.redeal import Redeal

AFTER_SETUP = "*"  # the Layout's counter of the draws after the setup's blocks
DEALT = "#"  # the Layout's counter of every item drawn
SECOND = "2:"  # the Layout's counters of a second stage's blocks start so


class NotDealtYet(NotImplementedError):
    """A game or option whose chance this version cannot deal by links yet."""


class Pending(Exception):
    """A draw or a disclosure that cannot be made here yet: it waits for another seat."""


class PendingChance(Pending):
    """A draw (or cards nobody holds, shown) from deck positions that do not open here
    yet; `audience`: who sees them."""

    def __init__(self, positions: list[int], audience: str):
        super().__init__(f"waiting for the keys of positions {positions}")
        self.positions = positions
        self.audience = audience


class PendingDisclosure(Pending):
    """Cards a seat shows that have not come here yet (or, looking ahead, that this
    device cannot know yet)."""

    def __init__(self, number: int, by: int | None):
        super().__init__(f"waiting for disclosure {number} by seat {by}")
        self.number = number
        self.by = by


class Misshown(Exception):
    """At the audit: a seat showed other cards than the rules show."""

    def __init__(self, seat: int):
        super().__init__(f"seat {seat} showed other cards than the rules show")
        self.seat = seat


@dataclass
class Layout:
    """Which deck positions each draw takes: the setup's draws by audience in blocks of
    their own, in the order the audiences first draw (so a seat can release its keys
    for another seat's setup cards before the deal's order is known), then every later
    draw in order.

    A deal in two stages (cards that join the deck after the first draws, such as
    Cloth of Gold's Jewels: `pygames.remote.deal.SeatDeal`) deals its first `first`
    positions in the first stage (the `blocks`) and the rest in the second: the
    second stage's setup blocks (`blocks2`) follow them."""

    blocks: dict[str, tuple[int, int]] = field(default_factory=dict)  # audience -> start, size
    blocks2: dict[str, tuple[int, int]] = field(default_factory=dict)
    first: int = 0  # positions of a first stage (0: the deal has one stage)

    @property
    def after(self) -> int:
        return sum(size for _, size in [*self.blocks.values(), *self.blocks2.values()])

    def take(self, used: dict[str, int], audience: str, count: int) -> list[int]:
        """The next `count` positions for a draw seen by `audience`, counted in `used`."""
        positions = []
        for _ in range(count):
            second = bool(self.first) and used.get(DEALT, 0) >= self.first
            blocks, key = (self.blocks2, SECOND + audience) if second else (self.blocks, audience)
            start, size = blocks.get(audience, (0, 0))
            taken = used.get(key, 0)
            if taken < size:
                positions.append(start + taken)
                used[key] = taken + 1
            else:
                later = used.get(AFTER_SETUP, 0)
                positions.append(self.after + later)
                used[AFTER_SETUP] = later + 1
            used[DEALT] = used.get(DEALT, 0) + 1
        return positions


Shown = tuple[list[int | None], list[str]]  # positions (None: no card) and what they show


class Book(Protocol):
    """What a device's chance reads from the device: the cards other seats showed it,
    the positions of the cards it shows itself, and the reshuffles it deals again."""

    def shown_to_me(self, number: int, holder: int) -> Shown | None:
        """`holder`'s part of disclosure `number`, as it came here, or None."""
        ...

    def positions_for(
        self, number: int, items: list[str], held: set[int], choice: bool
    ) -> list[int | None]:
        """Where the cards of my part of disclosure `number` lie (chosen once)."""
        ...

    def claimed(self, number: int) -> list[tuple[int, list[int | None], list[str] | None]]:
        """Disclosure `number` as the chain shows it: (sender, positions, the items of a
        choice) for each seat that sent its part."""
        ...

    def redealt(self, redeal: Redeal) -> None:
        """A reshuffle the rules made here: its deck must be dealt again."""
        ...

    def knows(self, redeal: Redeal) -> bool:
        """The rules made this reshuffle here already (its deal is under way)."""
        ...

    def stand_in(self) -> str:
        """A card of the deck, for looking ahead (`DeckChance.stand_in`)."""
        ...


class DeckChance(Chance):
    """The game's draws from the dealt deck, as one seat's device sees them: the cards of
    the positions it opened, `?` for a draw its seat does not see. Every draw's
    positions and audience are noted in `made`, the positions of each chance outcome in
    `outcomes`, and what the device owes for cards shown in `shown` (its own) and
    `opens` (its keys for cards nobody holds).

    Hidden cards the rules show (`disclosed`) are read from the `book`: a seat's own
    cards lie at positions dealt to it (its holdings: drawn to that seat alone, not
    shown to all yet nor shuffled away); the seat names them and gives every seat's
    key for them, and each device shown them opens them there. Cards nobody holds open
    with every seat's key for the positions the rules name. Looking ahead (`ahead`), a
    draw of this seat's own that does not open yet gives `?` (as to a seat that does not
    see it), so the device learns which later draws its move makes and releases its
    keys for them at once; it stops where the rules would show what it cannot know
    yet."""

    reads_drawn = True

    def __init__(
        self,
        layout: Layout,
        opened: dict[int, str],
        seat: int,
        shares: list[str],
        used: dict[str, int] | None = None,
        made: list[tuple[int, str]] | None = None,
        picks: int = 0,
        sees_all: bool = False,
        book: Book | None = None,
        size: int | None = None,
    ):
        self.layout = layout
        self.opened = opened  # position -> the card's copy name (shared with the device)
        self.seat = seat
        self.shares = shares  # every seat's share of the joint picks, in seat order
        self.used = dict(used or {})
        self.made = list(made or [])
        self.picks = picks
        self.sees_all = sees_all  # the audit's replay, with every card open
        self.book = book
        self.limit = size  # positions dealt so far (None: not checked)
        self.outcomes: list[list[int]] = []  # each chance outcome's positions
        self.told = 0  # disclosures so far
        self.shown: list[tuple[int, frozenset[int] | None]] = []  # mine: number, to
        self.opens: list[tuple[int, str]] = []  # cards nobody holds shown: position, audience
        self.public: set[int] = set()  # positions shown to everyone
        self.gone: set[int] = set()  # positions shuffled into a later deck
        self.redeals: list[Redeal] = []
        self.ahead = False
        self.speculated = False  # looking ahead, a draw of mine gave `?`
        self.told_by: int | None = None  # who showed the cards the rules read last

    def pick(self, choices: list[str]) -> str:
        """A joint pick: every seat's share, and which pick of the game this is, hashed
        together (`pygames.remote.commit.joint_random`)."""
        shares = self.shares + [f"{self.picks:064x}"]
        self.picks += 1
        self.outcomes.append([])
        return choices[joint_random(shares, len(choices))]

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        self.told_by = None
        used = dict(self.used)
        positions = self.layout.take(used, audience, count)
        if self.limit is not None and positions and positions[-1] >= self.limit:
            raise NotDealtYet("the deck ran out, and the rules shuffle in no new one")
        seen = audience_seats(audience)
        if seen is not None and self.seat not in seen and not self.sees_all:
            items = [UNKNOWN] * count
        elif any(p not in self.opened for p in positions):
            if not (self.ahead and seen is not None):
                raise PendingChance(positions, audience)
            items = [UNKNOWN] * count  # looking ahead: as a seat that does not see it
            self.speculated = True
        else:
            items = [card_of(self.opened[p]) for p in positions]
            left = Counter(pool)
            unknown = left[UNKNOWN]
            for item in items:  # a card twice: the audit will name who dealt it
                if left[item] > 0:
                    left[item] -= 1
                elif unknown > 0:
                    unknown -= 1
                else:
                    raise IllegalAction("chance_impossible", outcome=item[:40])
        self.used = used
        self.made += [(p, audience) for p in positions]
        self.outcomes.append(positions)
        return items

    def holdings(self, seat: int) -> set[int]:
        """The positions dealt to `seat` alone that nobody showed to everyone yet (nor
        shuffled into a new deck)."""
        letter = SEAT_LETTERS[seat]
        held = {p for p, audience in self.made if audience == letter}
        return held - self.public - self.gone

    def position_of(self, drawn: tuple[int, int] | None) -> int:
        """The position of the item a chance outcome dealt: (outcome, index)."""
        if drawn is None:
            raise IllegalAction("chance_impossible", outcome="a card dealt by no draw")
        number, index = drawn
        return self.outcomes[number][index]

    # ----- cards the rules show -----

    def disclosed(
        self,
        items: list[str],
        by: Holders = None,
        to: frozenset[int] | None = None,
        drawn: list[tuple[int, int] | None] | None = None,
        choice: bool = False,
        steady: bool = False,
    ) -> list[str]:
        number = self.told
        self.told += 1
        self.told_by = None
        if self.sees_all:
            return self.audited(number, list(items), by, to, drawn)
        if isinstance(by, list) or by is None:
            holders: list[int | None] = list(by) if isinstance(by, list) else [None] * len(items)
            return self.together(number, list(items), holders, to, drawn or [], choice, steady)
        if by == self.seat:
            self.show_mine(number, list(items), to, choice)
            return list(items)
        if to is not None and self.seat not in to:
            return items  # shown to others: as this seat holds them
        return self.read_shown(number, by, None, to)

    def together(
        self,
        number: int,
        items: list[str],
        holders: list[int | None],
        to: frozenset[int] | None,
        drawn: list[tuple[int, int] | None],
        choice: bool,
        steady: bool = False,
    ) -> list[str]:
        """Cards several holders show at once: mine first (so that my part goes out
        even when the others' have not come yet), then cards nobody holds, then the
        others'. Looking ahead past a `steady` disclosure, cards that have not come yet
        stay as this copy holds them: the draws that follow are the same whatever they
        are."""
        passing = self.ahead and steady
        result = list(items)
        reader = to is None or self.seat in to
        mine = [i for i, holder in enumerate(holders) if holder == self.seat]
        if mine:
            self.show_mine(number, [items[i] for i in mine], to, choice)
        nobody = [i for i, holder in enumerate(holders) if holder is None]
        if nobody:
            positions = [self.position_of(drawn[i] if i < len(drawn) else None) for i in nobody]
            audience = audience_text(to)
            self.opens += [(p, audience) for p in positions]
            if passing and any(p not in self.opened for p in positions):
                for i in nobody:
                    result[i] = self.stand_in(result[i])
            elif reader:
                if any(p not in self.opened for p in positions):
                    raise PendingChance(positions, audience)
                for i, p in zip(nobody, positions, strict=True):
                    result[i] = card_of(self.opened[p])
            if to is None:
                self.public.update(positions)
        if reader:
            for holder in sorted({h for h in holders if h is not None and h != self.seat}):
                indices = [i for i, h in enumerate(holders) if h == holder]
                if passing and self.book is not None and not self.book.shown_to_me(number, holder):
                    for i in indices:
                        result[i] = self.stand_in(result[i])
                    continue
                cards = self.read_shown(number, holder, len(indices), to)
                for i, card in zip(indices, cards, strict=True):
                    result[i] = card
        return result

    def stand_in(self, item: str) -> str:
        """Looking ahead past a steady disclosure: a card in place of one not shown yet
        (any card will do: what follows does not depend on it)."""
        if item != UNKNOWN or self.book is None:
            return item
        return self.book.stand_in()

    def disclosed_each(
        self, parts: list[list[str]], by: list[int], to: frozenset[int] | None = None
    ) -> list[list[str]]:
        """Several seats' cards shown at once, each as many as it shows: my part first,
        then the others' (each as its seat sent it)."""
        number = self.told
        self.told += 1
        self.told_by = None
        if self.sees_all:
            flat = [card for part in parts for card in part]
            holders: list[int | None] = [
                seat for seat, part in zip(by, parts, strict=True) for _ in part
            ]
            self.audited(number, flat, holders, to, None, by)
            return [list(part) for part in parts]
        result = [list(part) for part in parts]
        for index, seat in enumerate(by):
            if seat == self.seat:
                self.show_mine(number, list(parts[index]), to, False)
        if to is None or self.seat in to:
            for index, seat in enumerate(by):
                if seat != self.seat:
                    result[index] = self.read_shown(number, seat, None, to)
        return result

    def show_mine(
        self, number: int, items: list[str], to: frozenset[int] | None, choice: bool
    ) -> None:
        if self.speculated and not choice:  # looking ahead: my cards may not be known
            raise PendingDisclosure(number, self.seat)
        assert self.book is not None
        positions = self.book.positions_for(number, items, self.holdings(self.seat), choice)
        self.shown.append((number, to))
        if to is None:
            self.public.update(p for p in positions if p is not None)

    def read_shown(
        self, number: int, holder: int, count: int | None, to: frozenset[int] | None
    ) -> list[str]:
        assert self.book is not None
        found = self.book.shown_to_me(number, holder)
        if found is None:
            raise PendingDisclosure(number, holder)
        positions, cards = found
        real = [p for p in positions if p is not None]
        if len(set(real)) != len(real) or not set(real) <= self.holdings(holder):
            raise DealError(holder, "shown cards that were not dealt to it")
        if count is not None and len(cards) != count:
            raise DealError(holder, "shown another number of cards than the rules show")
        if to is None:
            self.public.update(real)
        self.told_by = holder
        return list(cards)

    def audited(
        self,
        number: int,
        items: list[str],
        by: Holders,
        to: frozenset[int] | None,
        drawn: list[tuple[int, int] | None] | None,
        showing: list[int] | None = None,
    ) -> list[str]:
        """The audit's replay: what a link showed must be what the rules show (and each
        seat of `showing` must have shown its part, an empty one too)."""
        self.shown.append((number, to))
        claimed = {sender for sender, _, _ in (self.book.claimed(number) if self.book else [])}
        if self.book is not None and any(seat not in claimed for seat in showing or []):
            missing = next(seat for seat in showing or [] if seat not in claimed)
            raise PendingDisclosure(number, missing)  # a seat that never showed its part
        holders = by if isinstance(by, list) else None if by is not None else [None] * len(items)
        if holders is not None:
            for i, holder in enumerate(holders):
                if holder is None and drawn is not None and i < len(drawn):
                    position = self.position_of(drawn[i])
                    self.opens.append((position, audience_text(to)))
                    if to is None:
                        self.public.add(position)
        claims = self.book.claimed(number) if self.book is not None else []
        for sender, positions, told in claims:
            if holders is None:
                expected = items if sender == by else None
            else:
                expected = [item for item, h in zip(items, holders, strict=True) if h == sender]
            cards = list(told) if told is not None else [""] * len(positions)
            for i, p in enumerate(positions):
                if p is not None and i < len(cards):
                    card = card_of(self.opened[p])
                    if told is not None and card != told[i]:
                        raise Misshown(sender)
                    cards[i] = card
            if expected is None or cards != expected:
                raise Misshown(sender)
            if to is None:
                self.public.update(p for p in positions if p is not None)
        return items

    # ----- a reshuffle -----

    def reshuffled(self, pool: list[str], face_up: list[str], dealt: list[tuple[int, int]]) -> None:
        """The new deck (see `Chance.reshuffled`): its face-down cards at the positions
        the rules name, less those shown to all since; its face-up cards as the rules
        name them (every copy knows them), sorted. It is dealt again before anyone draws
        from it (`pygames.remote.redeal`)."""
        ahead = self.ahead
        hidden = [self.position_of(ref) for ref in dealt]
        hidden = [p for p in dict.fromkeys(hidden) if p not in self.public and p not in self.gone]
        hidden += self.take_undrawn()  # a new game of a match: the deck's rest goes in too
        shown = sorted(face_up)
        if len(pool) != len(shown) + len(hidden) or UNKNOWN in shown:
            raise IllegalAction("chance_impossible", outcome="a reshuffle of other cards")
        start = self.used.get(DEALT, 0)
        redeal = Redeal(len(self.redeals) + 1, start, hidden, shown)
        if ahead and (self.book is None or not self.book.knows(redeal)):
            # Looking ahead into a new deck the rules have not made here yet: its
            # positions are not known, so no key for them can go.
            raise PendingDisclosure(self.told, None)
        self.redeals.append(redeal)
        self.gone.update(hidden)
        if self.limit is not None:
            self.limit += redeal.size
        if self.book is not None:
            self.book.redealt(redeal)

    def take_undrawn(self) -> list[int]:
        """The positions left in the deck, taken by a new deck with the cards it names
        (the draws' counters move past them: a later deck's positions follow them). They
        are the deck's last positions: draws after the setup take them in order."""
        if self.limit is None:
            return []
        start = self.used.get(DEALT, 0)
        left = list(range(start, self.limit))
        if not left:
            return []
        if self.layout.after + self.used.get(AFTER_SETUP, 0) != start:
            raise NotDealtYet("a new deck before the setup's draws were made")
        self.used[DEALT] = self.limit
        self.used[AFTER_SETUP] = self.used.get(AFTER_SETUP, 0) + len(left)
        return left

    def copy(self) -> DeckChance:
        other = object.__new__(DeckChance)
        other.__dict__ = dict(self.__dict__)
        other.used = dict(self.used)
        other.made = list(self.made)
        other.outcomes = list(self.outcomes)
        other.shown = list(self.shown)
        other.opens = list(self.opens)
        other.public = set(self.public)
        other.gone = set(self.gone)
        other.redeals = list(self.redeals)
        return other


class WatchingChance(RandomChance):
    """Throwaway chance that notes the setup's draws: the first pool (the deck), how
    many items each audience draws, cards that join the deck after the first draws
    (and how many were drawn before), and whether a draw came from anything else."""

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.first_pool: list[str] = []
        self.by_audience: dict[str, int] = {}
        self.later: dict[str, int] = {}  # a second stage's draws by audience
        self.additions: list[str] = []
        self.first = 0  # items drawn before the additions joined
        self.drawn: Counter[str] = Counter()
        self.foreign = False
        self.discloses = False

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        if not self.first_pool and not self.drawn:
            self.first_pool = sorted(pool)
        else:
            deck = Counter(self.first_pool + self.additions) - self.drawn
            extra = Counter(pool) - deck
            if extra and self.additions:
                self.foreign = True  # cards joined twice
            elif extra:
                self.additions = sorted(extra.elements())
                self.first = self.drawn.total()
        counts = self.later if self.additions else self.by_audience
        counts[audience] = counts.get(audience, 0) + count
        items = super().draw(pool, count, audience)
        self.drawn.update(items)
        return items

    def pick(self, choices: list[str]) -> str:
        return self.rng.choice(choices)  # picked jointly by the seats, not from the deck

    def disclosed(
        self,
        items: list[str],
        by: Holders = None,
        to: frozenset[int] | None = None,
        drawn: list[tuple[int, int] | None] | None = None,
        choice: bool = False,
        steady: bool = False,
    ) -> list[str]:
        self.discloses = True
        return items

    def disclosed_each(
        self, parts: list[list[str]], by: list[int], to: frozenset[int] | None = None
    ) -> list[list[str]]:
        self.discloses = True
        return [list(part) for part in parts]

    def reshuffled(self, pool: list[str], face_up: list[str], dealt: list[tuple[int, int]]) -> None:
        self.foreign = True  # a setup that reshuffles: not dealt by links
