"""Dealing a deck that no device sees whole: mental poker by commutative locks.

Every card is a point of the group (`card_points`: hashed from its name, so nobody
knows how two cards' points relate). With seats 0..n-1:

1. **Shuffle.** In seat order, each seat locks every card of the deck it received
   with one secret deck key, and sends the cards on in a secret order. The last seat
   skips the deck key and goes straight to step 2 for itself.
2. **Lock.** In seat order (all but the last), each seat takes its deck key off
   every card and puts on a secret key per position instead, publishing for each
   position a commitment to that key (`key * base point`).
3. **Open.** A card at a position opens for a seat once every other seat has
   released its key for that position (`release`): the seat takes all the keys off
   and finds which card's point is left. A released key is checked against its
   commitment, so a wrong key names its seat at once. Keys of seats acting together
   open nothing a missing seat still locks.
4. **Audit.** At the end every seat publishes its deck key, its order and its
   position keys (`DealSecrets`); `audit` redoes every step from the start and names
   the seats whose published steps do not follow from their secrets. It first redoes
   the deal with the keys only (`Traced`): each card's place in the starting deck and
   the product of the keys put on it, which costs scalar products, not locks; then
   the dealt deck is compared through the openings the device works out anyway (each
   dealt card opened by the published keys), a lock only where one does not fit. Only
   a deal that does not add up is redone step by step, lock by lock, to find the seat
   at fault.

What travels is only points and scalars (32 bytes each, `Group`); secrets stay in
the `SeatDeal` of the device that made them until the audit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from pygames.remote.group import POINT_BYTES, SCALAR_BYTES, Group, PublicGroup, hash_label
from pygames.remote.wire import b64, unb64

DOMAIN = "fools-and-fields/card/1"
SECRETS = "fools-and-fields/deal-secrets/1"


def card_points(
    group: Group, deck_name: str, cards: list[str], named: bool = False
) -> dict[str, bytes]:
    """A point for every physical card of `cards` (a pool, duplicates included), by its
    `copy_names`, for a deck named `deck_name` (e.g. the game id). Copies of one card
    get points of their own: equal points would stay equal under one seat's deck key,
    and show that seat where the copies went in its shuffle. `named`: `cards` are copy
    names already."""
    names = cards if named else copy_names(cards)
    return {name: group.point_from_hash(hash_label(DOMAIN, deck_name, name)) for name in names}


def copy_names(cards: list[str]) -> list[str]:
    """Each card as "<card>#<copy>", numbering the copies of a card from 0."""
    seen: dict[str, int] = {}
    names = []
    for card in cards:
        names.append(f"{card}#{seen.get(card, 0)}")
        seen[card] = seen.get(card, 0) + 1
    return names


def card_of(name: str) -> str:
    """The card a copy name stands for."""
    return name.rpartition("#")[0]


class DealError(ValueError):
    """A step that does not add up; `seat` is the seat whose message is at fault."""

    def __init__(self, seat: int, what: str):
        super().__init__(f"seat {seat}: {what}")
        self.seat = seat
        self.what = what


@dataclass
class DealSecrets:
    """What one seat keeps to itself until the audit."""

    deck_key: bytes | None  # None for the last seat (it locks per position at once)
    order: list[int]  # output position j holds input position order[j]
    position_keys: list[bytes]


@dataclass
class Step:
    """One seat's published step: the deck it sends on (and commitments when it locks)."""

    seat: int
    kind: str  # "shuffle", "shuffle+lock" (the last seat) or "lock"
    deck: list[bytes]
    commitments: list[bytes] = field(default_factory=list)

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "deck": [b64(p) for p in self.deck],
            "commitments": [b64(p) for p in self.commitments],
        }

    @classmethod
    def from_json(cls, data: dict) -> Step:
        """A step from a message; DealError if one key locks two positions (two equal
        commitments): releasing it for one card would open the other."""
        step = cls(
            int(data["seat"]),
            str(data["kind"]),
            [decode(p) for p in data["deck"]],
            [decode(p) for p in data["commitments"]],
        )
        if len(set(step.commitments)) != len(step.commitments):
            raise DealError(step.seat, "one key for two positions")
        return step


def decode(text: str) -> bytes:
    """A point or scalar from a message (ValueError unless 32 bytes of base64)."""
    return unb64(text, POINT_BYTES)


class SeatDeal:
    """One seat's side of one deal, on its own device.

    A deal in two stages (`pygames.remote.stages`: cards that join the deck after the
    first draws, such as Cloth of Gold's Jewels) gives the first stage `additions`
    (carried along unshuffled, locked like the rest) and a `block` (the positions the
    first stage deals); the last seat's shuffle keeps the rest of the deck and the
    additions for the second stage (`merged`)."""

    def __init__(
        self,
        group: Group,
        seat: int,
        seats: int,
        size: int,
        block: int | None = None,
        additions: int = 0,
        last: bool | None = None,
        previous: int | None = None,
        secrets: DealSecrets | None = None,
        seed: Seed | None = None,
    ):
        self.group = group
        self.seat = seat
        self.seats = seats
        self.size = size
        self.block = size if block is None else block
        self.additions = additions
        self.previous = seat - 1 if previous is None else previous  # who sends me my input
        last = seat == seats - 1 if last is None else last
        # `secrets`: published ones, for an audit that redoes this seat's steps; `seed`:
        # this seat's secret seed and this deal's name, which the secrets come from.
        self.secrets = secrets or new_secrets(group, size, self.block, last, seed)
        self.merged: list[bytes] = []  # the last shuffler's rest of the deck, for stage two
        # Steps this seat made before, by kind: a saved device taking its chain again
        # takes them from its own messages instead of doing their group operations again.
        self.made: dict[str, Step] = {}

    def shuffle(self, deck: list[bytes], unlock: bytes | None = None) -> Step:
        """Step 1 (and 2 at once for the last seat). `unlock`: a key of this seat's to
        take off at the same time (its first stage's deck key, in a second stage)."""
        check_size(deck, self.size + self.additions, self.previous)
        secrets = self.secrets
        if sorted(secrets.order) != list(range(self.size)):  # a card twice, another gone
            raise DealError(self.seat, "an order that is not a shuffle of the deck")
        moved = [deck[source] for source in secrets.order]
        extra = deck[self.size :]
        if secrets.deck_key is None:
            self.merged = moved[self.block :] + extra
            if "shuffle+lock" in self.made:
                return self.made["shuffle+lock"]
            return self.locked(moved[: self.block], "shuffle+lock", unlock)
        if "shuffle" in self.made:
            return self.made["shuffle"]
        key = secrets.deck_key
        if unlock is not None:
            key = self.group.multiply_scalars(unlock, key)
        return Step(self.seat, "shuffle", [self.group.lock(p, key) for p in moved + extra])

    def lock(self, deck: list[bytes]) -> Step:
        """Step 2: the deck key off, a key per position on (one multiplication each)."""
        check_size(deck, self.block, self.previous)
        assert self.secrets.deck_key is not None, "the last seat locks while it shuffles"
        if "lock" in self.made:
            return self.made["lock"]
        return self.locked(deck, "lock", self.group.invert(self.secrets.deck_key))

    def locked(self, deck: list[bytes], kind: str, unlock: bytes | None = None) -> Step:
        group = self.group
        keys = self.secrets.position_keys
        if unlock is not None:
            keys = [group.multiply_scalars(unlock, key) for key in keys]
        points = [group.lock(p, key) for p, key in zip(deck, keys, strict=True)]
        commitments = [group.base_times(key) for key in self.secrets.position_keys]
        return Step(self.seat, kind, points, commitments)

    def release(self, position: int) -> bytes:
        """This seat's key for `position`: give it only to whoever may see that card."""
        return self.secrets.position_keys[position]


@dataclass(frozen=True)
class Seed:
    """Where a deal's secrets come from: one seat's secret seed (32 random bytes, kept
    on its device) and the deal's name in the game ("deal", "deal2", "redeal 1", ...).
    At the audit the seat publishes the seed alone, and every device derives from it
    every secret of every deal that seat dealt."""

    secret: bytes
    deal: str

    def scalar(self, group: Group, *name: str) -> bytes:
        return group.scalar_from_hash(hash_label(SECRETS, self.secret.hex(), self.deal, *name))

    def order(self, size: int) -> list[int]:
        """A shuffle of range(size): the places sorted by a hash of each (as uniform as
        the hash; two places with one hash, the smaller first, has chance 2**-512)."""
        key = self.secret.hex()
        return sorted(
            range(size), key=lambda place: hash_label(SECRETS, key, self.deal, str(place))
        )


def new_secrets(
    group: Group, size: int, block: int, last: bool, seed: Seed | None = None
) -> DealSecrets:
    """One seat's secrets for a deal: drawn at random, or derived from `seed`. (A
    derived scalar of zero has chance 2**-252; its lock would be refused.)"""
    if seed is not None:
        return DealSecrets(
            deck_key=None if last else seed.scalar(group, "deck key"),
            order=seed.order(size),
            position_keys=[seed.scalar(group, "position", str(p)) for p in range(block)],
        )
    order = list(range(size))
    random.SystemRandom().shuffle(order)
    return DealSecrets(
        deck_key=None if last else group.random_scalar(),
        order=order,
        position_keys=[group.random_scalar() for _ in range(block)],
    )


def open_card(
    group: Group,
    points: dict[str, bytes],
    final: list[bytes],
    commitments: dict[int, list[bytes]],
    position: int,
    keys: dict[int, bytes],
    checked: bool = False,
) -> str:
    """The card at `position` of the dealt deck `final`, given every seat's key for it
    (`keys`: seat -> key; commitments: seat -> its published commitments). Raises
    DealError naming a seat whose key does not match its commitment (unless `checked`:
    the audit found they match), or that is missing, or (seat -1) when the keys open no
    card of the deck."""
    for seat, seat_commitments in sorted(commitments.items()):
        key = keys.get(seat)
        if key is None:
            raise DealError(seat, "no key for this card")
        if not checked and group.base_times(key) != seat_commitments[position]:
            raise DealError(seat, "a key that is not the one it committed to")
    product = key_product(group, [keys[seat] for seat in sorted(commitments)])
    point = group.lock(final[position], group.invert(product))
    for label, card_point in points.items():
        if card_point == point:
            return label
    raise DealError(-1, "the keys open no card of this deck")


def key_product(group: Group, keys: list[bytes]) -> bytes:
    """The product of every seat's key for a position: what locks its card, all told."""
    product = keys[0]
    for key in keys[1:]:
        product = group.multiply_scalars(product, key)
    return product


def deal_order(seats: int) -> list[tuple[int, str]]:
    """Who does which step, in the order the steps happen."""
    steps = [(seat, "shuffle") for seat in range(seats)]
    return steps + [(seat, "lock") for seat in range(seats - 1)]


def second_order(seats: int) -> list[tuple[int, str]]:
    """Who does which step of a deal's second stage: the last seat shuffles first (its
    first-stage shuffle leaves it the rest of the deck), then seats 0, 1, ... (each in
    its lock message); the locks in the same order."""
    rotated = [seats - 1, *range(seats - 1)]
    return [(seat, "shuffle") for seat in rotated] + [(seat, "lock") for seat in rotated[:-1]]


Openings = dict[bytes, tuple[bytes, bytes]]  # dealt point -> (keys' product, point opened)


def audit(
    group: Group,
    deck: list[bytes],
    steps: list[Step],
    secrets: dict[int, DealSecrets],
    block: int | None = None,
    additions: int = 0,
    steps2: list[Step] | None = None,
    secrets2: dict[int, DealSecrets] | None = None,
    opened: Openings | None = None,
) -> list[int]:
    """The seats whose published steps do not follow from their published secrets,
    redoing the deal from `deck` (the cards' points in the agreed starting order, the
    additions of a second stage last). A seat whose secrets are missing counts as not
    verified too. [] when all is fair. `opened`: the dealt points' openings known (see
    `Traced`)."""
    stages = (steps, secrets, steps2, secrets2)
    return quick_pass_first(
        group, deck, lambda g, d: redo_deal(g, d, stages, block, additions), opened
    )


def quick_pass_first(
    group: Group,
    start: list[bytes],
    redo: Callable[[Group, list[bytes]], list[int]],
    opened: Openings | None = None,
) -> list[int]:
    """`redo(group, deck)` (the seats at fault) by a `Traced` group first: [] if that
    finds none; else redone for real, which names the seats. `opened`: as `Traced`."""
    traced = Traced(group, start, opened)
    try:
        if not redo(traced, traced.deck()):
            return []
    except ValueError:  # a point off the group, a zero key: the real pass names the seat
        pass
    return redo(group, start)


Stages = tuple[list[Step], dict[int, DealSecrets], list[Step] | None, dict[int, DealSecrets] | None]


def redo_deal(
    group: Group, deck: list[bytes], stages: Stages, block: int | None, additions: int
) -> list[int]:
    """Both stages redone step by step (by a `Traced` group: the quick pass)."""
    steps, secrets, steps2, secrets2 = stages
    seats = len(secrets) if not steps else max(step.seat for step in steps) + 1
    at_fault = [seat for seat in range(seats) if seat not in secrets]
    size = len(deck) - additions
    shape = (size, size if block is None else block, additions)
    merged, faults = redo_stage(group, deck, steps, secrets, deal_order(seats), shape)
    at_fault += faults
    if steps2 is not None and not faults:
        secrets2 = secrets2 or {}
        at_fault += [seat for seat in range(seats) if seat not in secrets2]
        rest = (len(merged), len(merged), 0)
        keys = {seat: found.deck_key for seat, found in secrets.items()}
        unlocks = {seat: group.invert(key) for seat, key in keys.items() if key is not None}
        order = second_order(seats)
        _, faults2 = redo_stage(group, merged, steps2, secrets2, order, rest, unlocks)
        at_fault += faults2
    return sorted(set(at_fault))


def redo_stage(
    group: Group,
    deck: list[bytes],
    steps: list[Step],
    secrets: dict[int, DealSecrets],
    expected: list[tuple[int, str]],
    shape: tuple[int, int, int],
    unlocks: dict[int, bytes] | None = None,
) -> tuple[list[bytes], list[int]]:
    """One stage redone from the seats' secrets: (what the last shuffler kept for a
    second stage, the seats whose steps do not follow)."""
    size, block, additions = shape
    seats = len(expected) // 2 + 1
    current, merged = deck, list[bytes]()
    for index, ((seat, kind), step) in enumerate(zip(expected, steps, strict=False)):
        if step.seat != seat or seat not in secrets:
            return merged, [step.seat]
        redo = SeatDeal(
            group, seat, seats, size, block, additions, previous=seat, secrets=secrets[seat]
        )
        unlock = (unlocks or {}).get(seat)
        try:
            again = redo.shuffle(current, unlock) if kind == "shuffle" else redo.lock(current)
        except (ValueError, AssertionError, IndexError):
            return merged, [seat]
        if not same_step(group, again, step, whole=index == len(expected) - 1):
            return merged, [seat]
        merged = redo.merged or merged
        current = again.deck if isinstance(group, Traced) else step.deck
    if len(steps) != len(expected):
        missing = expected[len(steps)][0] if len(steps) < len(expected) else steps[-1].seat
        return merged, [missing]
    return merged, []


def same_step(group: Group, again: Step, published: Step, whole: bool) -> bool:
    """A step redone is the one published: its commitments and its deck. Traced (the
    quick pass), the deck is compared whole only if `whole` (the dealt deck), else at
    its first card: a key that is not the one used changes every card, and a card
    changed on the way changes the dealt deck (a shuffle and a lock lose nothing)."""
    if again.commitments != published.commitments or len(again.deck) != len(published.deck):
        return False
    if not isinstance(group, Traced):
        return again.deck == published.deck
    compared = len(again.deck) if whole else min(1, len(again.deck))
    return group.matches(again.deck[:compared], published.deck[:compared])


class Traced(PublicGroup):
    """A stand-in `Group` for the audit's quick pass. A traced point is a card's place
    in the starting deck `start` and the product of every key put on it so far: a lock
    multiplies scalars, and `matches` compares traced points with real ones, one lock
    per point, for the few that are compared. Commitments are real (`base_times`).

    `opened`: dealt points whose opening the device knows (dealt point -> (product of
    the keys that open it, the point they open), such that the dealt point is that
    point locked by that product). A dealt point traced to that point and that product
    matches with no lock (and so does one traced to a point that is itself a known
    opening's dealt point, by the product of both): the dealt deck is compared for the
    price of its openings, which the audit needs anyway."""

    ONE = (1).to_bytes(SCALAR_BYTES, "little")

    def __init__(self, group: Group, start: list[bytes], opened: Openings | None = None) -> None:
        super().__init__(group)
        self.start = start
        self.opened = opened or {}
        self.products: dict[tuple[bytes, bytes], bytes] = {}

    def deck(self) -> list[bytes]:
        return [index.to_bytes(4, "little") + self.ONE for index in range(len(self.start))]

    def matches(self, traced: list[bytes], real: list[bytes]) -> bool:
        """Each traced point is the real one at its place."""
        return all(self.match(point, found) for point, found in zip(traced, real, strict=True))

    def match(self, traced: bytes, real: bytes) -> bool:
        start, product = self.start[int.from_bytes(traced[:4], "little")], traced[4:]
        known = self.opened.get(real)
        if known is not None:
            if known == (product, start):
                return True
            # A redeal starts from dealt points: one whose opening is known too
            below = self.opened.get(start)
            if below is not None:
                whole = self.inner.multiply_scalars(below[0], product)
                if known == (whole, below[1]):
                    return True
        return self.inner.lock_public(start, product) == real

    def lock(self, point: bytes, scalar: bytes) -> bytes:
        # Every card of a shuffle takes the same key on the same product: worked out once.
        pair = (point[4:], scalar)
        product = self.products.get(pair)
        if product is None:
            product = self.products[pair] = self.inner.multiply_scalars(*pair)
        return point[:4] + product

    def lock_public(self, point: bytes, scalar: bytes) -> bytes:
        return self.lock(point, scalar)


def check_size(deck: list[bytes], size: int, sender: int) -> None:
    if len(deck) != size:
        raise DealError(sender, f"a deck of {len(deck)} cards instead of {size}")
