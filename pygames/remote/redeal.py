"""A reshuffle dealt again by mental poker, during the game (Fools!' discard pile).

When the rules shuffle cards already dealt into a new deck (`Chance.reshuffled`),
the new deck holds cards that lie face up (everyone knows them: dealt again from
fresh points of their own, `fresh_names`) and cards that lie face down, still locked
at their positions of an earlier deal by every seat's key for that position. Those
keys differ from position to position, so no seat can take its key off once the
cards are moved: before anyone shuffles, every seat in turn takes its position keys
off the face-down cards and puts one key of its own on every card instead (the
*strip*; the last seat strips and shuffles at once). Then the seats shuffle and lock
as in the second stage of a deal (`pygames.remote.deal.second_order`: the last seat
first, then seats 0, 1, ...; each takes its strip key off as it shuffles; the last
to shuffle locks per position at once, and the others lock after it). For two seats:
A strips, B strips and shuffles, A shuffles and locks, B locks.

Nobody learns where a card went: every seat shuffles after the cards' keys were
made the same for all of them, and each seat's shuffle is unknown to the others. The
audit redoes every step from the seats' published secrets (`audit_redeal`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygames.remote.deal import (
    DealSecrets,
    Openings,
    SeatDeal,
    Seed,
    Step,
    Traced,
    copy_names,
    quick_pass_first,
    same_step,
    second_order,
)
from pygames.remote.group import Group


@dataclass
class Redeal:
    """What every device agrees a reshuffle deals: the face-down cards' positions in
    earlier deals, the face-up cards, and where the new deck's positions start."""

    number: int  # 1, 2, ...: the game's reshuffles in order
    start: int  # the new deck's first position, in the game's numbering
    hidden: list[int]
    shown: list[str]

    @property
    def size(self) -> int:
        return len(self.hidden) + len(self.shown)


def redeal_order(seats: int) -> list[tuple[int, str]]:
    """Who does which step of a redeal, in order."""
    rotated = second_order(seats)
    strips = [(seat, "strip") for seat in range(seats - 1)]
    return strips + [(seats - 1, "strip+shuffle")] + rotated[1:]


def fresh_names(number: int, cards: list[str]) -> list[str]:
    """Copy names of the face-up cards of redeal `number`: points of their own, so that
    no point of an earlier deal turns up twice."""
    names = []
    for name in copy_names(cards):
        card, _, copy = name.rpartition("#")
        names.append(f"{card}#r{number}.{copy}")
    return names


@dataclass
class SeatRedeal:
    """One seat's side of one redeal: its strip key (none for the last seat, which
    shuffles as it strips) and its side of the deal that follows."""

    group: Group
    seat: int
    seats: int
    size: int
    strip_key: bytes | None = None
    secrets: DealSecrets | None = None  # published ones, for an audit that redoes them
    seed: Seed | None = None  # as `SeatDeal`'s: where the strip key and secrets come from
    deal: SeatDeal = field(init=False)
    made: dict[str, Step] = field(default_factory=dict)  # as `SeatDeal.made`

    def __post_init__(self) -> None:
        if self.seat != self.seats - 1 and self.strip_key is None and self.secrets is None:
            seed = self.seed
            self.strip_key = (
                self.group.random_scalar() if seed is None else seed.scalar(self.group, "strip")
            )
        self.deal = SeatDeal(
            self.group,
            self.seat,
            self.seats,
            self.size,
            last=self.seat == (self.seats - 2) % self.seats,
            previous=(self.seat - 1) % self.seats,
            secrets=self.secrets,
            seed=self.seed,
        )

    def strip(self, deck: list[bytes], position_keys: list[bytes]) -> list[bytes]:
        """My position keys off the face-down cards (the first `len(position_keys)` of
        `deck`), my strip key on every card."""
        group = self.group
        stripped = []
        for index, point in enumerate(deck):
            key = self.strip_key
            if index < len(position_keys):
                off = group.invert(position_keys[index])
                key = off if key is None else group.multiply_scalars(off, key)
            stripped.append(point if key is None else group.lock(point, key))
        return stripped

    def step(self, kind: str, deck: list[bytes], position_keys: list[bytes]) -> Step:
        """My step of `kind` on the deck before it (`position_keys`: mine for the
        face-down cards, for a strip)."""
        if kind in self.made:
            return self.made[kind]
        if kind == "strip":
            return Step(self.seat, kind, self.strip(deck, position_keys))
        if kind == "strip+shuffle":
            step = self.deal.shuffle(self.strip(deck, position_keys))
            return Step(self.seat, kind, step.deck, step.commitments)
        if kind == "shuffle":
            unlock = None if self.strip_key is None else self.group.invert(self.strip_key)
            return self.deal.shuffle(deck, unlock)
        return self.deal.lock(deck)

    def secrets_json(self) -> tuple[bytes | None, DealSecrets]:
        return self.strip_key, self.deal.secrets


def audit_redeal(
    group: Group,
    start: list[bytes],
    position_keys: dict[int, list[bytes]],
    steps: list[Step],
    secrets: dict[int, tuple[bytes | None, DealSecrets]],
    seats: int,
    opened: Openings | None = None,
) -> list[int]:
    """The seats whose steps of a redeal do not follow from their published secrets
    (`position_keys`: each seat's keys for the face-down cards, from its secrets of the
    earlier deals), redone from the deck it started from. [] when all is fair. As
    `pygames.remote.deal.audit`: the quick pass first, step by step only if it fails."""
    missing = [seat for seat in range(seats) if seat not in secrets]
    if missing:
        return missing
    return quick_pass_first(
        group, start, lambda g, deck: redo_redeal(g, deck, position_keys, steps, secrets), opened
    )


def redo_redeal(
    group: Group,
    start: list[bytes],
    position_keys: dict[int, list[bytes]],
    steps: list[Step],
    secrets: dict[int, tuple[bytes | None, DealSecrets]],
) -> list[int]:
    """A redeal redone step by step (by a `Traced` group: the quick pass)."""
    seats = len(secrets)
    expected = redeal_order(seats)
    current = start
    for index, ((seat, kind), step) in enumerate(zip(expected, steps, strict=False)):
        if step.seat != seat:
            return [step.seat]
        strip_key, deal_secrets = secrets[seat]
        if (strip_key is None) != (seat == seats - 1):  # only the last strips without one
            return [seat]
        redo = SeatRedeal(group, seat, seats, len(start), strip_key, deal_secrets)
        try:
            again = redo.step(kind, current, position_keys.get(seat, []))
        except (ValueError, AssertionError, IndexError):
            return [seat]
        if not same_step(group, again, step, whole=index == len(expected) - 1):
            return [seat]
        current = again.deck if isinstance(group, Traced) else step.deck
    if len(steps) < len(expected):
        return [expected[len(steps)][0]]
    return []
