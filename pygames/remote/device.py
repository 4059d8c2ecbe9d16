"""One seat's device in a game played by links.

Each device holds the game as its seat knows it (a seat copy: `?` wherever the seat
cannot see, masked again after every move; see `pygames.remote.replica`), and
changes it only by messages of the game's chain (`pygames.remote.chain`): its own,
and those it receives as links, whose actions it applies in the chain's order.
Chance comes from a deck dealt by mental poker at the start (`pygames.remote.deal`;
in two stages when cards join the deck after the first draws, as Cloth of Gold's
Jewels do). Which position a draw takes is fixed by the `Layout`: the setup's draws
by audience in blocks of their own, then every later draw in order. A position opens
on a device once every seat has released its key for it: to everyone for a public
draw, sealed to the seat that draws for a draw only it sees (`pygames.remote.seal`);
other devices hold `?` for that card and need no key.

Hidden cards the rules show (`Chance.disclosed`) travel the same way: the seat that
shows its own cards names the deck positions they were dealt to and gives every
seat's key for them (to everyone, or sealed to the seats shown them); each device
shown them checks the keys against the seats' commitments and that the positions were
dealt to that seat, and opens them. The audit checks that they were the cards the
rules show.

An action whose draw or disclosure cannot be made here yet (keys or shown cards of
another seat's missing: `Pending`) waits, with every action after it, and changes
nothing until they come. Whatever a device owes the others (its keys for draws they
see, the cards it shows, its next deal step) goes with its next message: at once,
by itself (`receive` returns that answer: a pause), unless it is to act next, when
it goes with its move. A device whose own draw waits plays on as a seat that does
not see it (`DeckChance.ahead`), so its keys for the draws that follow go with its
move too (Cloth of Gold's Secrecy, then the refill: no pause).

Message bodies (JSON, in the chain):
- ``invite`` (seat 0): its public key and box key, the game, seats and options,
  its shuffle;
- ``join`` (each other seat, in order): its public key, box key and shuffle (the
  last seat's shuffle locks too, and shuffles a second stage first), and its keys
  for the setup's draws;
- ``lock`` (each seat but the last, in order): its lock step (and its shuffle of a
  second stage), its setup keys and what it owes;
- ``move``: actions in order, as the other seats see them (the last may wait), with
  a commitment to each hidden one, and what the sender owes;
- ``keys``: what a device owes, sent by itself (a second stage's lock too);
- ``audit``: the seat's deal secrets and openings, once the game is over.

Keys travel as ``keys`` (position -> key, for everyone) and ``sealed`` (a list of
``{"p": position, "to": seat, "r": ephemeral point, "m": masked key}``); a deal's
second stage as ``step2``; cards shown as ``shown``: a list of ``{"n": number of
the disclosure in the game, "p": positions, "k": {seat: keys}}``, or, sealed to one
seat, ``{"n", "to", "p", "s": {seat: [[r, m], ...]}}``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from pygames import GAMES
from pygames.core import (
    SEAT_LETTERS,
    UNKNOWN,
    Chance,
    IllegalAction,
    RandomChance,
    State,
    audience_seats,
)
from pygames.remote.chain import Chain, Message, Signer, Verify
from pygames.remote.commit import Opening, commit, joint_random, random_share
from pygames.remote.commit import verify as verify_commitment
from pygames.remote.deal import (
    DealError,
    DealSecrets,
    SeatDeal,
    Step,
    audit,
    card_of,
    card_points,
    deal_order,
    decode,
    open_card,
    second_order,
)
from pygames.remote.group import Group
from pygames.remote.seal import Sealed, box_key, seal, unseal
from pygames.remote.wire import b64

AFTER_SETUP = "*"  # the Layout's counter of the draws after the setup's blocks
DEALT = "#"  # the Layout's counter of every item drawn
SECOND = "2:"  # the Layout's counters of a second stage's blocks start so
REHEARSALS = 6  # seeds of throwaway setups that find a game's deck and setup blocks


class Pending(Exception):
    """A draw or a disclosure that cannot be made here yet: it waits for another seat."""


class PendingChance(Pending):
    """A draw from deck positions that do not open here yet."""

    def __init__(self, positions: list[int], audience: str):
        super().__init__(f"waiting for the keys of positions {positions}")
        self.positions = positions
        self.audience = audience


class PendingDisclosure(Pending):
    """Cards the rules show that have not come here yet (or, looking ahead, that this
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


class Book(Protocol):
    """What a device's chance reads from the device: the cards other seats showed it
    and the positions of the cards it shows itself."""

    def shown_to_me(self, number: int) -> tuple[int, list[int], list[str]] | None:
        """Disclosure `number` as it came here: (its sender, positions, cards), or None."""
        ...

    def positions_for(self, number: int, items: list[str], held: set[int]) -> list[int]:
        """Where the cards of my disclosure `number` lie in the deck (chosen once)."""
        ...

    def claimed(self, number: int) -> tuple[int, list[int]] | None:
        """Disclosure `number` as the chain shows it: (its sender, positions)."""
        ...


class DeckChance(Chance):
    """The game's draws from the dealt deck, as one seat's device sees them: the cards of
    the positions it opened, `?` for a draw its seat does not see. Every draw's
    positions and audience are noted in `made` (the keys the device must release), and
    every disclosure of its own in `shown`.

    Hidden cards the rules show (`disclosed`) are read from the `book`: a seat's own
    cards lie at positions dealt to it (its holdings: drawn to that seat alone and not
    shown to all yet); the seat names them and releases every seat's key for them, and
    each device that may see them opens them there. Looking ahead (`ahead`), a draw of
    this seat's own that does not open yet gives `?` (as to a seat that does not see
    it), so the device learns which later draws its move makes and releases its keys
    for them at once; it stops where the rules would show what it cannot know yet."""

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
        self.size = size  # positions in the deck (None: not checked)
        self.told = 0  # disclosures so far
        self.shown: list[tuple[int, frozenset[int] | None]] = []  # mine: number, to
        self.public: set[int] = set()  # positions shown to everyone
        self.ahead = False
        self.speculated = False  # looking ahead, a draw of mine gave `?`
        self.told_by: int | None = None  # who showed the cards the rules read last

    def pick(self, choices: list[str]) -> str:
        """A joint pick: every seat's share, and which pick of the game this is, hashed
        together (`pygames.remote.commit.joint_random`)."""
        shares = self.shares + [f"{self.picks:064x}"]
        self.picks += 1
        return choices[joint_random(shares, len(choices))]

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        self.told_by = None
        used = dict(self.used)
        positions = self.layout.take(used, audience, count)
        if self.size is not None and positions and positions[-1] >= self.size:
            raise NotDealtYet("the deck ran out: a reshuffle does not travel in links yet")
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
        return items

    def holdings(self, seat: int) -> set[int]:
        """The positions dealt to `seat` alone that nobody showed to everyone yet."""
        letter = SEAT_LETTERS[seat]
        return {p for p, audience in self.made if audience == letter} - self.public

    def disclosed(
        self, items: list[str], by: int | None = None, to: frozenset[int] | None = None
    ) -> list[str]:
        number = self.told
        self.told += 1
        self.told_by = None
        if self.sees_all:
            return self.audited(number, by, to, items)
        if by is None:
            raise NotDealtYet("cards nobody holds do not travel in links yet")
        if by == self.seat:
            if self.speculated:  # looking ahead: what I show may be what I have not seen
                raise PendingDisclosure(number, by)
            assert self.book is not None
            positions = self.book.positions_for(number, list(items), self.holdings(by))
            self.shown.append((number, to))
            if to is None:
                self.public.update(positions)
            return list(items)
        if to is not None and self.seat not in to:
            return items  # shown to others: as this seat holds them
        assert self.book is not None
        found = self.book.shown_to_me(number)
        if found is None:
            raise PendingDisclosure(number, by)
        sender, positions, cards = found
        if sender != by:
            raise DealError(sender, "cards shown for another seat")
        if len(set(positions)) != len(positions) or not set(positions) <= self.holdings(by):
            raise DealError(by, "shown cards that were not dealt to it")
        if to is None:
            self.public.update(positions)
        self.told_by = by
        return cards

    def audited(
        self, number: int, by: int | None, to: frozenset[int] | None, items: list[str]
    ) -> list[str]:
        """The audit's replay: what a link showed must be what the rules show."""
        claim = self.book.claimed(number) if self.book is not None else None
        self.shown.append((number, to))
        if claim is not None:
            sender, positions = claim
            cards = [card_of(self.opened[p]) for p in positions]
            if sender != by or cards != list(items):
                raise Misshown(sender)
        return items

    def copy(self) -> DeckChance:
        other = object.__new__(DeckChance)
        other.__dict__ = dict(self.__dict__)
        other.used = dict(self.used)
        other.made = list(self.made)
        other.shown = list(self.shown)
        other.public = set(self.public)
        return other


def check_share(sender: int, share: object) -> str:
    """A pick share: 32 random bytes as hex, or DealError naming its seat."""
    if not isinstance(share, str) or len(share) != 64:
        raise DealError(sender, "a pick share that is not 32 bytes")
    try:
        bytes.fromhex(share)
    except ValueError as error:
        raise DealError(sender, "a pick share that is not 32 bytes") from error
    return share


class NotDealtYet(NotImplementedError):
    """A game or option whose chance this version cannot deal by links yet."""


@dataclass
class GamePlan:
    """What every device agrees on before the deal: the game, its seats and options,
    the deck of its chance and where each draw of the setup falls in it (and the cards
    that join the deck after the first draws: a second stage of the deal)."""

    game_id: str
    seats: int
    options: dict[str, str]
    deck: list[str] = field(default_factory=list)
    layout: Layout = field(default_factory=Layout)
    additions: list[str] = field(default_factory=list)

    @property
    def setup_draws(self) -> int:
        return self.layout.after

    @classmethod
    def of(cls, game_id: str, seats: int, options: dict[str, str]) -> GamePlan:
        """The deck is the pool the game draws its first item from; rehearsals of the
        setup with throwaway chance count its draws by audience, which must be the same
        in every deal (else `NotDealtYet`). Every draw comes from the deck, except that
        cards may join it once, after the first draws (Cloth of Gold's Jewels): the
        deal then has a second stage, which deals them with the rest of the deck."""
        game = GAMES[game_id]
        options = game.check_options(options)
        rehearsals = []
        for seed in range(REHEARSALS):
            watcher = WatchingChance(random.Random(seed))
            game.new_state(seats, options=options, chance=watcher)
            rehearsals.append(watcher)
        model = rehearsals[0]
        if any(w.shape() != model.shape() or w.foreign for w in rehearsals):
            raise NotDealtYet(f"{game_id} {options}: its setup's draws depend on the cards")
        blocks, start = {}, 0
        for audience, size in model.by_audience.items():
            blocks[audience] = (start, size)
            start += size
        blocks2 = {}
        for audience, size in model.later.items():
            blocks2[audience] = (start, size)
            start += size
        layout = Layout(blocks, blocks2, model.first if model.additions else 0)
        return cls(game_id, seats, options, model.first_pool, layout, model.additions)


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

    def shape(self) -> tuple:
        return (self.by_audience, self.later, self.additions, self.first)

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
        self, items: list[str], by: int | None = None, to: frozenset[int] | None = None
    ) -> list[str]:
        self.discloses = True
        return items


class Device:
    """One seat's device: its secrets, its chain, and the game as its seat knows it."""

    def __init__(self, group: Group, verify: Verify, signer: Signer, seat: int, plan: GamePlan):
        self.group = group
        self.signer = signer
        self.seat = seat
        self.plan = plan
        self.chain = Chain(verify)
        self.points = card_points(group, plan.game_id, plan.deck + plan.additions)
        first = plan.layout.first
        self.deal = SeatDeal(
            group, seat, plan.seats, len(plan.deck), first or None, len(plan.additions)
        )
        # A second stage (cards that join the deck after the first draws): the last seat
        # shuffles first, seat n-2 last (`pygames.remote.deal.second_order`).
        self.deal2 = (
            SeatDeal(
                group,
                seat,
                plan.seats,
                len(self.points) - first,
                last=seat == (plan.seats - 2) % plan.seats,
                previous=(seat - 1) % plan.seats,
            )
            if plan.additions
            else None
        )
        self.box_secret = group.random_scalar()  # opens keys sealed to this seat
        self.box_keys: dict[int, bytes] = {}  # seat -> its public box key
        self.steps: list[Step] = []
        self.steps2: list[Step] = []  # a second stage's
        self.keys: dict[int, dict[int, bytes]] = {}  # position -> seat -> key
        self.opened: dict[int, str] = {}
        self.released: set[int] = set()  # positions whose key this seat has released
        self.state: State | None = None
        self.waiting: str | None = None  # my action that waits for others' keys or cards
        self.unsent: list[str] = []  # my actions applied here, not yet sent
        # The chain's actions not applied here yet, in order (my waiting action first):
        # each waits for keys or shown cards from other seats.
        self.queue: list[tuple[int, str]] = []
        # My actions that others saw redacted (a face-down discard): the openings of
        # their commitments, published at the audit, in order.
        self.openings: list[Opening] = []
        self.openings_of: dict[int, list[Opening]] = {}  # every seat's, at the audit
        # What this device owes the others: keys for draws they see, its disclosures,
        # its next deal step. Sent in its next message: at once when another seat
        # needs them to go on, with its own move when it is to act.
        self.to_release: list[tuple[int, str]] = []  # draws (position, audience)
        self.to_show: list[tuple[int, frozenset[int] | None]] = []  # disclosures of mine
        self.shown_sent: set[int] = set()
        self.unsent_steps: dict[str, Step] = {}
        # Disclosures: what came here (number -> sender, positions, cards), where the
        # cards I showed lie (number -> positions), and every claim in the chain (number
        # -> sender, positions), which the audit checks against the rules.
        self.shown_here: dict[int, tuple[int, list[int], list[str]]] = {}
        self.my_shown: dict[int, list[int]] = {}
        self.claims: dict[int, tuple[int, list[int]]] = {}
        self.secrets: dict[int, DealSecrets] = {}
        self.secrets2: dict[int, DealSecrets] = {}
        self.verdict: list[int] | None = None  # after the audit: the seats at fault
        # Cheats found while opening cards (a key that is not the one committed to names
        # its seat; a card that is no card of the deck, or that opened before, names no
        # one until the audit). The position stays closed, and the game waits there.
        self.faults: list[DealError] = []
        # Who starts and other public picks: seat 0 commits to its share in the invite,
        # every other seat reveals its share in its join, seat 0 opens its own in its
        # lock, after seeing the others: nobody can steer the pick.
        self.pick_share = random_share()
        self.pick_commitment_of_mine, self.pick_opening = commit(self.pick_share)
        self.shares: dict[int, str] = {}
        self.pick_commitment: bytes | None = None

    # ----- starting -----

    @classmethod
    def create(
        cls, group: Group, verify: Verify, signer: Signer, plan: GamePlan, game: str
    ) -> tuple[Device, str]:
        """Seat 0's device and its invite (message 0, as text)."""
        device = cls(group, verify, signer, 0, plan)
        start = list(device.points.values())
        step = device.deal.shuffle(start)
        device.steps.append(step)
        body = {
            "kind": "invite",
            **device.identity(),
            "pick_commitment": b64(device.pick_commitment_of_mine),
            "game_id": plan.game_id,
            "seats": plan.seats,
            "options": plan.options,
            "step": step.to_json(),
        }
        return device, device.send(body, game)

    @classmethod
    def join(
        cls, group: Group, verify: Verify, signer: Signer, seat: int, links: list[str]
    ) -> tuple[Device, str]:
        """Another seat's device from the links so far (the invite first) and its join."""
        invite = Message.from_text(links[0]).body
        plan = GamePlan.of(str(invite["game_id"]), int(invite["seats"]), dict(invite["options"]))
        device = cls(group, verify, signer, seat, plan)
        for link in links:
            device.receive(link)
        step = device.deal.shuffle(device.steps[-1].deck)
        device.steps.append(step)
        body = {
            "kind": "join",
            **device.identity(),
            "step": step.to_json(),
            "pick_share": device.pick_share,
        }
        if step.commitments:  # the last seat locks now: its setup keys go with it
            device.setup_keys(device.plan.layout.blocks)
            if device.deal2 is not None:  # and shuffles the second stage first
                step2 = device.deal2.shuffle(device.deal.merged)
                device.steps2.append(step2)
                device.unsent_steps["step2"] = step2
        return device, device.send({**body, **device.owed()})

    def identity(self) -> dict:
        return {
            "public_key": b64(self.signer.public_key),
            "box_key": b64(box_key(self.group, self.box_secret)),
        }

    def lock(self) -> str:
        """This seat's lock step, once every seat has shuffled (seats but the last), with
        its second stage's shuffle if the deal has one. The seat plays the setup as far
        as it can first, so that what it owes the others goes with it."""
        step = self.deal.lock(self.steps[-1].deck)
        self.steps.append(step)
        self.setup_keys(self.plan.layout.blocks)
        if self.deal2 is not None:
            assert self.deal.secrets.deck_key is not None
            unlock = self.group.invert(self.deal.secrets.deck_key)
            step2 = self.deal2.shuffle(self.steps2[-1].deck, unlock)
            self.steps2.append(step2)
            self.unsent_steps["step2"] = step2
            if step2.commitments:
                self.setup_keys(self.plan.layout.blocks2)
        body: dict = {"kind": "lock", "step": step.to_json()}
        if self.seat == 0:
            body["pick_opening"] = {
                "value": self.pick_opening.value,
                "nonce": b64(self.pick_opening.nonce),
            }
            self.shares[0] = self.pick_share
        self.settle()
        return self.send({**body, **self.owed()})

    def setup_keys(self, blocks: dict[str, tuple[int, int]]) -> None:
        """My keys for the setup's blocks of draws: owed as soon as the deal gives them."""
        draws = [(start + k, audience) for audience, (start, n) in blocks.items() for k in range(n)]
        self.owe(draws)

    def next_deal_steps(self) -> None:
        """A second stage's lock, when the deal comes to me: made at once (so that my
        copy of the game can start), sent with my next message."""
        if self.deal2 is None or len(self.steps) < len(deal_order(self.plan.seats)):
            return
        order = second_order(self.plan.seats)
        done = len(self.steps2)
        if done < len(order) and order[done] == (self.seat, "lock") and self.steps2:
            step = self.deal2.lock(self.steps2[-1].deck)
            self.steps2.append(step)
            self.unsent_steps["step2"] = step
            self.setup_keys(self.plan.layout.blocks2)

    def dealt(self) -> bool:
        seats = self.plan.seats
        if len(self.steps) < len(deal_order(seats)):
            return False
        return self.deal2 is None or len(self.steps2) == len(second_order(seats))

    # ----- playing -----

    def play(self, action: str) -> None:
        """Apply this seat's action here (raises IllegalAction); if a draw waits for other
        seats' keys (or the rules wait for cards another seat shows), the action waits
        too and goes with the next message."""
        assert self.state is not None and self.waiting is None and not self.queue
        try:
            self.apply(self.seat, action)
        except Pending:
            self.waiting = action
            return
        self.unsent.append(action)

    def can_act(self) -> bool:
        """This seat is to act here, and its copy of the game is up to date."""
        state = self.state
        if state is None or self.queue or self.waiting is not None or state.is_over():
            return False
        return self.seat in state.to_act()

    def caught_up(self) -> bool:
        """Every action of the chain is applied here."""
        return self.state is not None and not self.queue and self.waiting is None

    def send_moves(self) -> str:
        """The message with my actions since the last one (and the one that waits), as
        the other seats see them, and what I owe: my keys for the draws they make, the
        cards I show."""
        assert self.state is not None
        actions = self.unsent + ([self.waiting] if self.waiting else [])
        seen = [self.state.redacted(self.seat, action, None) for action in actions]
        committed: list[str | None] = []
        for action, shown in zip(actions, seen, strict=True):
            committed.append(None if shown == action else self.commit_action(action))
        if self.waiting is not None:
            self.queue.append((self.seat, self.waiting))  # applied once the others answer
        self.unsent = []
        body = {"kind": "move", "actions": seen, **self.owed()}
        if any(committed):
            body["committed"] = committed
        return self.send(body)

    def commit_action(self, action: str) -> str:
        commitment, opening = commit(action)
        self.openings.append(opening)
        return b64(commitment)

    def send_audit(self) -> str:
        body = {"kind": "audit", **secrets_json(self.deal.secrets)}
        if self.deal2 is not None:
            body["deal2"] = secrets_json(self.deal2.secrets)
        body["openings"] = [[o.value, b64(o.nonce)] for o in self.openings]
        return self.send(body)

    # ----- receiving -----

    def receive(self, text: str) -> list[str]:
        """Take a link; return the answers this device sends by itself (keys, cards it
        shows, its deal step). A link that does not follow, or whose moves are illegal,
        raises (ChainError, DealError, IllegalAction) and changes nothing here."""
        message = Message.from_text(text)
        saved = self.checkpoint()
        try:
            self.chain.append(message)
            return self.take(message)
        except Exception:
            self.restore(saved)
            raise

    def checkpoint(self) -> dict:
        saved = {name: copied(value) for name, value in vars(self).items() if name in SAVED}
        saved["messages"] = list(self.chain.messages)
        saved["public_keys"] = dict(self.chain.public_keys)
        saved["opened"] = dict(self.opened)
        if self.state is not None:
            state = self.state.clone()
            state.chance = self.state.chance.copy()
            saved["state"] = state
        return saved

    def restore(self, saved: dict) -> None:
        self.chain.messages, self.chain.public_keys = saved["messages"], saved["public_keys"]
        self.opened.clear()  # in place: the state's DeckChance reads this very dict
        self.opened.update(saved["opened"])
        for name in SAVED:
            setattr(self, name, saved[name])

    def take(self, message: Message) -> list[str]:
        body, sender = message.body, message.seat
        if "box_key" in body:
            self.box_keys[sender] = decode(body["box_key"])
        self.take_pick_share(sender, body)
        if sender != self.seat:  # my own steps are here already
            if "step" in body:
                self.take_step(sender, Step.from_json(body["step"]))
            if "step2" in body:
                self.take_step2(sender, Step.from_json(body["step2"]))
        for position, key in body.get("keys", {}).items():
            self.take_key(sender, int(position), decode(key))
        for entry in body.get("sealed", []):
            if entry["to"] == self.seat and sender != self.seat:
                sealed = Sealed(decode(entry["r"]), decode(entry["m"]))
                key = unseal(self.group, self.box_secret, sealed, self.context(entry["p"]))
                self.take_key(sender, int(entry["p"]), key)
        self.take_shown(sender, body.get("shown", []))
        if body["kind"] == "audit":
            self.take_audit(sender, body)
        if body["kind"] == "move" and sender != self.seat:
            self.queue += [(sender, str(action)) for action in body["actions"]]
        self.settle()
        if sender == self.seat:
            return []
        return self.answer()

    def settle(self) -> None:
        """Everything that can happen here now: my next deal step, cards that open, the
        setup, the chain's actions in order."""
        self.next_deal_steps()
        for position in list(self.keys):
            self.open_if_ready(position)
        self.start_when_dealt()
        self.advance()

    def answer(self) -> list[str]:
        """What I owe, at once, unless it can go with my own move: I am to act next and
        nobody can do anything before I do."""
        if not self.owes() or self.can_act():
            return []
        return [self.send({"kind": "keys", **self.owed()})]

    def take_pick_share(self, sender: int, body: dict) -> None:
        if "pick_commitment" in body:
            self.pick_commitment = decode(body["pick_commitment"])
        if "pick_share" in body:
            self.shares[sender] = check_share(sender, body["pick_share"])
        if "pick_opening" in body:
            opened = body["pick_opening"]
            opening = Opening(check_share(sender, opened["value"]), decode(opened["nonce"]))
            if sender != 0 or self.pick_commitment is None:
                raise DealError(sender, "a pick share out of turn")
            if not verify_commitment(self.pick_commitment, opening):
                raise DealError(sender, "a pick share that is not the one committed to")
            self.shares[sender] = opening.value

    def take_step(self, sender: int, step: Step) -> None:
        order = deal_order(self.plan.seats)
        if len(self.steps) >= len(order):
            raise DealError(sender, "a deal step out of turn")
        seat, kind = order[len(self.steps)]
        if step.seat != sender or sender != seat:
            raise DealError(sender, "a deal step out of turn")
        self.steps.append(step)

    def take_step2(self, sender: int, step: Step) -> None:
        order = second_order(self.plan.seats)
        if self.deal2 is None or len(self.steps2) >= len(order):
            raise DealError(sender, "a deal step out of turn")
        seat, kind = order[len(self.steps2)]
        if step.seat != sender or sender != seat:
            raise DealError(sender, "a deal step out of turn")
        self.steps2.append(step)

    def take_key(self, sender: int, position: int, key: bytes) -> None:
        self.keys.setdefault(position, {})[sender] = key
        self.open_if_ready(position)

    def take_audit(self, sender: int, body: dict) -> None:
        self.secrets[sender] = secrets_of(body)
        if self.deal2 is not None and isinstance(body.get("deal2"), dict):
            self.secrets2[sender] = secrets_of(body["deal2"])
        self.openings_of[sender] = [
            Opening(str(value), decode(nonce)) for value, nonce in body.get("openings", [])
        ]
        if len(self.secrets) == self.plan.seats:
            start = list(self.points.values())
            layout = self.plan.layout
            at_fault = audit(
                self.group,
                start,
                self.steps,
                self.secrets,
                layout.first or None,
                len(self.plan.additions),
                self.steps2 if self.deal2 is not None else None,
                self.secrets2,
            )
            self.verdict = at_fault or self.replay_faults()

    def replay_faults(self) -> list[int]:
        """Replay the whole game with every card open and every hidden action opened: []
        if every move adds up, else the seat whose move does not (an opening that is not
        its commitment, a hidden action that is not what was shown, an illegal move,
        cards shown that are not the ones the rules show)."""
        opened = self.open_everything()
        shares = [self.shares[seat] for seat in range(self.plan.seats)]
        chance = DeckChance(self.plan.layout, opened, self.seat, shares, sees_all=True, book=self)
        plan = self.plan
        try:
            state = GAMES[plan.game_id].new_state(plan.seats, options=plan.options, chance=chance)
        except Misshown as wrong:
            return [wrong.seat]
        openings = {seat: list(found) for seat, found in self.openings_of.items()}
        for message in self.chain.messages:
            body, sender = message.body, message.seat
            if body["kind"] != "move":
                continue
            committed = body.get("committed") or [None] * len(body["actions"])
            for shown, commitment in zip(body["actions"], committed, strict=False):
                action = shown
                if commitment is not None:
                    mine = openings.get(sender, [])
                    opening = mine.pop(0) if mine else None
                    if opening is None or not verify_commitment(decode(commitment), opening):
                        return [sender]
                    action = opening.value
                    if state.redacted(sender, action, None) != shown:
                        return [sender]
                try:
                    state.apply(sender, action)
                except IllegalAction:
                    return [sender]
                except Misshown as wrong:
                    return [wrong.seat]
        return []

    def open_everything(
        self,
        secrets1: dict[int, DealSecrets] | None = None,
        secrets2: dict[int, DealSecrets] | None = None,
    ) -> dict[int, str]:
        """Every position of the deck, opened with every seat's published keys."""
        opened = {}
        for position in range(len(self.points)):
            stage, index = self.stage_of(position)
            if stage == 1:
                secrets = self.secrets if secrets1 is None else secrets1
            else:
                secrets = self.secrets2 if secrets2 is None else secrets2
            keys = {seat: secrets[seat].position_keys[index] for seat in secrets}
            steps = self.steps if stage == 1 else self.steps2
            commitments = {s.seat: s.commitments for s in steps if s.commitments}
            final = steps[-1].deck
            opened[position] = open_card(self.group, self.points, final, commitments, index, keys)
        return opened

    # ----- the game -----

    def start_when_dealt(self) -> None:
        if self.state is not None or not self.dealt() or len(self.shares) < self.plan.seats:
            return
        plan = self.plan
        base = self.chance()

        def setup(chance: DeckChance) -> State:
            return GAMES[plan.game_id].new_state(plan.seats, options=plan.options, chance=chance)

        while True:  # each pass opens one more draw with my own keys, or stops
            chance = base.copy()
            try:
                state = setup(chance)
            except Pending as pending:
                if isinstance(pending, PendingChance) and self.take_own_keys(pending):
                    continue
                self.note(chance, base, pending)
                self.look_ahead(lambda c: setup(c), base)
                return  # the setup's keys or cards are not all here yet
            except IllegalAction as error:
                raise self.blamed(error, chance) from None
            self.note(chance, base)
            self.state = self.masked(state, chance)
            return

    def chance(self) -> DeckChance:
        shares = [self.shares[seat] for seat in range(self.plan.seats)]
        return DeckChance(
            self.plan.layout, self.opened, self.seat, shares, book=self, size=len(self.points)
        )

    def advance(self) -> None:
        """The chain's actions not applied yet, in order, until one waits."""
        while self.queue and self.state is not None:
            seat, action = self.queue[0]
            try:
                self.apply(seat, action)
            except Pending:
                return
            self.queue.pop(0)
            if seat == self.seat:
                self.waiting = None

    def apply(self, seat: int, action: str) -> None:
        """The action on a copy, kept only if it went through: an action that waits
        (`Pending`), or an illegal one, leaves the state as it was. My own key opens what
        my seat may see at once. What I owe for it is noted (`owe`), and if it waits,
        what I owe for as far as I can look ahead."""
        assert self.state is not None
        base = self.state.chance
        assert isinstance(base, DeckChance)

        def run(chance: DeckChance) -> State:
            assert self.state is not None
            trial = self.state.clone()
            trial.chance = chance
            trial.apply(seat, action)
            return trial

        while True:  # each pass opens one more draw with my own keys, or raises
            chance = base.copy()
            try:
                trial = run(chance)
            except Pending as pending:
                if isinstance(pending, PendingChance) and self.take_own_keys(pending):
                    continue
                self.note(chance, base, pending)
                self.look_ahead(run, base)
                raise
            except IllegalAction as error:
                raise self.blamed(error, chance) from None
            self.note(chance, base)
            self.state = self.masked(trial, chance)
            return

    def look_ahead(self, run: Callable[[DeckChance], object], base: DeckChance) -> None:
        """Play on where a draw of my own waits, as a seat that does not see it: the
        draws that follow are made whatever it gives (the rules show a seat's copy no
        more), so my keys for them can go now. Stops where the rules would show cards
        I cannot know yet, or draw a public card that does not open yet."""
        chance = base.copy()
        chance.ahead = True
        try:
            run(chance)
        except Pending as pending:
            self.note(chance, base, pending)
            return
        except (IllegalAction, NotDealtYet, DealError):
            return
        self.note(chance, base)

    def note(self, chance: DeckChance, base: DeckChance, pending: Pending | None = None) -> None:
        """What I owe for the draws and disclosures `chance` made beyond `base`."""
        draws = chance.made[len(base.made) :]
        if isinstance(pending, PendingChance):
            draws = draws + [(p, pending.audience) for p in pending.positions]
        self.owe(draws)
        for entry in chance.shown[len(base.shown) :]:
            if entry not in self.to_show:
                self.to_show.append(entry)

    def blamed(self, error: IllegalAction, chance: DeckChance) -> Exception:
        """Cards another seat showed that the rules refuse name that seat."""
        if error.key == "chance_impossible" and chance.told_by is not None:
            return DealError(chance.told_by, "shown cards that are not the ones the rules show")
        return error

    def take_own_keys(self, pending: PendingChance) -> bool:
        """My own keys for a draw my seat sees (used here, not released); False if I had
        given them all already."""
        mine = [p for p in pending.positions if self.seat not in self.keys.get(p, {})]
        for position in mine:
            self.take_key(self.seat, position, self.key_for(position))
        return bool(mine)

    def masked(self, state: State, chance: DeckChance) -> State:
        """What the device keeps: the state as its seat knows it, drawing on from `chance`."""
        copy = state.masked(self.seat)
        copy.chance = chance
        return copy

    # ----- what I owe -----

    def owe(self, draws: list[tuple[int, str]]) -> None:
        for draw in draws:
            if draw[0] not in self.released and draw not in self.to_release:
                self.to_release.append(draw)

    def owes(self) -> bool:
        """Something I must send: keys another seat needs, cards I show, a deal step."""
        if self.unsent_steps or any(n not in self.shown_sent for n, _ in self.to_show):
            return True
        for position, audience in self.to_release:
            seen = audience_seats(audience)
            if position not in self.released and (seen is None or seen - {self.seat}):
                return True
        return False

    def owed(self) -> dict:
        """The body's parts for what I owe (and nothing owed afterwards)."""
        body = self.release(self.to_release)
        self.to_release = []
        shown = self.show([entry for entry in self.to_show if entry[0] not in self.shown_sent])
        self.to_show = []
        if shown:
            body["shown"] = shown
        for name, step in self.unsent_steps.items():
            body[name] = step.to_json()
        self.unsent_steps = {}
        return body

    # ----- keys and cards -----

    def key_for(self, position: int) -> bytes:
        stage, index = self.stage_of(position)
        deal = self.deal if stage == 1 else self.deal2
        assert deal is not None
        return deal.release(index)

    def stage_of(self, position: int) -> tuple[int, int]:
        """(1 or 2: the deal's stage, the position's index in it)."""
        first = self.plan.layout.first
        if self.deal2 is not None and position >= first:
            return 2, position - first
        return 1, position

    def release(self, draws: list[tuple[int, str]]) -> dict:
        """My keys for `draws` not released yet: to everyone for a public draw, sealed to
        each other seat that sees the draw otherwise (none to a draw nobody sees)."""
        public: dict[str, str] = {}
        sealed: list[dict] = []
        for position, audience in draws:
            if position in self.released:
                continue
            key = self.key_for(position)
            seen = audience_seats(audience)
            if seen is None:
                public[str(position)] = b64(key)
            for seat in sorted(seen or ()):
                if seat != self.seat:
                    box = seal(self.group, self.box_keys[seat], key, self.context(position))
                    entry = {"p": position, "to": seat, "r": b64(box.ephemeral)}
                    sealed.append({**entry, "m": b64(box.masked)})
            self.released.add(position)
        return {"keys": public, "sealed": sealed}

    def context(self, position: int, seat: int | None = None) -> str:
        """What a sealed key belongs to: this game's chain and the deck position (and,
        for a key shown on another seat's behalf, that seat)."""
        context = f"{self.chain.messages[0].digest()} position {position}"
        return context if seat is None else f"{context} key of seat {seat}"

    def open_if_ready(self, position: int) -> None:
        keys = self.keys.get(position, {})
        if position in self.opened or len(keys) < self.plan.seats:
            return
        stage, index = self.stage_of(position)
        steps = self.steps if stage == 1 else self.steps2
        order = deal_order(self.plan.seats) if stage == 1 else second_order(self.plan.seats)
        if len(steps) < len(order):
            return
        commitments = {s.seat: s.commitments for s in steps if s.commitments}
        final = steps[-1].deck
        try:
            card = open_card(self.group, self.points, final, commitments, index, keys)
        except DealError as fault:  # a cheat, found now: the audit will confirm it
            if not any(str(f) == str(fault) for f in self.faults):
                self.faults.append(fault)
            return
        if card in self.opened.values():
            self.faults.append(DealError(-1, f"the card at {position} opened before"))
            return
        self.opened[position] = card

    def commitment(self, position: int, seat: int) -> bytes:
        stage, index = self.stage_of(position)
        steps = self.steps if stage == 1 else self.steps2
        for step in steps:
            if step.seat == seat and step.commitments:
                return step.commitments[index]
        raise DealError(seat, "no commitment for this card")

    # ----- cards shown (disclosures) -----

    def positions_for(self, number: int, items: list[str], held: set[int]) -> list[int]:
        """Where the cards of my disclosure lie: positions dealt to me holding them (a
        copy of a card is as good as another), chosen once."""
        if number not in self.my_shown:
            free = sorted(held)
            chosen = []
            for item in items:
                found = next((p for p in free if card_of(self.opened.get(p, "")) == item), None)
                if found is None:
                    raise DealError(self.seat, f"I show a card I do not hold: {item}")
                free.remove(found)
                chosen.append(found)
            self.my_shown[number] = chosen
        return self.my_shown[number]

    def shown_to_me(self, number: int) -> tuple[int, list[int], list[str]] | None:
        return self.shown_here.get(number)

    def claimed(self, number: int) -> tuple[int, list[int]] | None:
        return self.claims.get(number)

    def show(self, disclosures: list[tuple[int, frozenset[int] | None]]) -> list[dict]:
        """My disclosures as a message carries them: the positions of the cards and, for
        each, every seat's key that some seat shown them lacks (to everyone, or sealed
        to each seat shown them)."""
        entries = []
        seats = range(self.plan.seats)
        for number, to in disclosures:
            positions = self.my_shown[number]
            self.shown_sent.add(number)
            readers = [s for s in (seats if to is None else sorted(to)) if s != self.seat]
            if to is None:
                keys = {
                    str(t): [b64(self.keys[p][t]) for p in positions]
                    for t in seats
                    if any(r != t for r in readers)
                }
                entries.append({"n": number, "p": positions, "k": keys})
                continue
            for reader in readers:
                boxes: dict[str, list[list[str]]] = {}
                for t in seats:
                    if t == reader:
                        continue
                    boxes[str(t)] = []
                    for p in positions:
                        box = seal(
                            self.group, self.box_keys[reader], self.keys[p][t], self.context(p, t)
                        )
                        boxes[str(t)].append([b64(box.ephemeral), b64(box.masked)])
                entries.append({"n": number, "to": reader, "p": positions, "s": boxes})
        return entries

    def take_shown(self, sender: int, entries: list[dict]) -> None:
        """Cards another seat shows: the keys it gives are checked against each seat's
        commitment (a wrong one names the sender), and the cards open here."""
        for entry in entries:
            try:
                self.take_one_shown(sender, entry)
            except (KeyError, TypeError, ValueError, IndexError) as error:
                if isinstance(error, DealError):
                    raise
                raise DealError(sender, f"shown cards that do not read: {error}") from None

    def take_one_shown(self, sender: int, entry: dict) -> None:
        """One seat's disclosure as this device reads it (see `take_shown`)."""
        number = int(entry["n"])
        positions = [int(p) for p in entry["p"]]
        if number in self.claims and self.claims[number] != (sender, positions):
            raise DealError(sender, "cards shown twice")
        self.claims[number] = (sender, positions)
        if sender == self.seat or entry.get("to", self.seat) != self.seat:
            return
        for index, position in enumerate(positions):
            if not 0 <= position < len(self.points):
                raise DealError(sender, "a card shown at no position of the deck")
            for t in range(self.plan.seats):
                if t == self.seat:
                    key = self.key_for(position)
                elif "k" in entry:
                    key = decode(entry["k"][str(t)][index])
                else:
                    r, m = entry["s"][str(t)][index]
                    box = Sealed(decode(r), decode(m))
                    key = unseal(self.group, self.box_secret, box, self.context(position, t))
                if self.group.base_times(key) != self.commitment(position, t):
                    raise DealError(sender, f"a key of seat {t}'s that it did not commit to")
                self.keys.setdefault(position, {})[t] = key
            self.open_if_ready(position)
            if position not in self.opened:
                raise DealError(sender, "shown cards that open to no card")
        cards = [card_of(self.opened[p]) for p in positions]
        self.shown_here[number] = (sender, positions, cards)

    def send(self, body: dict, game: str = "") -> str:
        message = self.chain.next(self.signer, self.seat, body, game)
        self.chain.append(message)
        self.take(message)
        return message.to_text()


# What a checkpoint keeps (and restores) of a device, besides its chain and the cards
# opened: everything a received link may change.
SAVED = (
    "box_keys",
    "steps",
    "steps2",
    "keys",
    "released",
    "state",
    "waiting",
    "unsent",
    "queue",
    "to_release",
    "to_show",
    "shown_sent",
    "unsent_steps",
    "shown_here",
    "my_shown",
    "claims",
    "secrets",
    "secrets2",
    "openings_of",
    "verdict",
    "faults",
    "shares",
    "pick_commitment",
)


def copied(value: object) -> object:
    """A copy of a device's field deep enough that changing the field leaves it be."""
    if isinstance(value, dict):
        return {key: copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [copied(item) for item in value]
    if isinstance(value, set):
        return set(value)
    return value


def secrets_json(secrets: DealSecrets) -> dict:
    return {
        "deck_key": b64(secrets.deck_key) if secrets.deck_key else None,
        "order": secrets.order,
        "position_keys": [b64(key) for key in secrets.position_keys],
    }


def secrets_of(body: dict) -> DealSecrets:
    deck_key = body["deck_key"]
    return DealSecrets(
        deck_key=decode(deck_key) if deck_key else None,
        order=[int(i) for i in body["order"]],
        position_keys=[decode(key) for key in body["position_keys"]],
    )
