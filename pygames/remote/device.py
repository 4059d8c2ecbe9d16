"""One seat's device in a game played by links.

Each device holds the game as its seat knows it (a seat copy: `?` wherever the seat
cannot see, masked again after every move; see `pygames.remote.replica`), and
changes it only by messages of the game's chain (`pygames.remote.chain`): its own,
and those it receives as links. Chance comes from one deck dealt by mental poker
at the start (`pygames.remote.deal`). Which position a draw takes is fixed by the
`Layout`: the setup's draws by audience in blocks of their own, then every later
draw in order. A position opens on a device once every seat has released its key
for it: to everyone for a public draw, sealed to the seat that draws for a draw
only it sees (`pygames.remote.seal`); other devices hold `?` for that card and
need no key. A draw whose keys are not all there yet stops an action before it
changes anything (`PendingChance`): the device that acted sends the action with
its own keys, and every other device, on receiving it, opens the card and answers
by itself with its keys (`receive` returns that answer). A key the sender can
release safely (another seat's draw that its own action makes, as a Retreat makes
the rival draw up) rides in the sender's own link: no pause.

This version deals games whose setup draws the same number of cards to each
audience whatever the cards (Game of Fields, The Fool's Field with a chosen start
player); who starts at random, disclosures and face-down discards checked at the
audit come next: see docs/remote-play.md.

Message bodies (JSON, in the chain):
- ``invite`` (seat 0): its public key and box key, the game, seats and options,
  its shuffle;
- ``join`` (each other seat, in order): its public key, box key and shuffle (the
  last seat's shuffle locks too), and its keys for the setup's draws;
- ``lock`` (each seat but the last, in order): its lock step and its setup keys;
- ``move``: actions in order, as the other seats see them (the last may wait for a
  draw), and the sender's keys for the draws they make;
- ``keys``: keys released for draws another seat's move made;
- ``audit``: the seat's deal secrets, once the game is over.

Keys travel as ``keys`` (position -> key, for everyone) and ``sealed`` (a list of
``{"p": position, "to": seat, "r": ephemeral point, "m": masked key}``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from pygames import GAMES
from pygames.core import UNKNOWN, Chance, IllegalAction, RandomChance, State, audience_seats
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
)
from pygames.remote.group import Group
from pygames.remote.seal import Sealed, box_key, seal, unseal
from pygames.remote.wire import b64

AFTER_SETUP = "*"  # the Layout's counter of the draws after the setup's blocks


class PendingChance(Exception):
    """A draw from deck positions that do not open here yet."""

    def __init__(self, positions: list[int], audience: str):
        super().__init__(f"waiting for the keys of positions {positions}")
        self.positions = positions
        self.audience = audience


@dataclass
class Layout:
    """Which deck positions each draw takes: the setup's draws by audience in blocks of
    their own, in the order the audiences first draw (so a seat can release its keys
    for another seat's setup cards before the deal's order is known), then every later
    draw in order."""

    blocks: dict[str, tuple[int, int]] = field(default_factory=dict)  # audience -> start, size

    @property
    def after(self) -> int:
        return sum(size for _, size in self.blocks.values())

    def take(self, used: dict[str, int], audience: str, count: int) -> list[int]:
        """The next `count` positions for a draw seen by `audience`, counted in `used`."""
        positions = []
        for _ in range(count):
            start, size = self.blocks.get(audience, (0, 0))
            taken = used.get(audience, 0)
            if taken < size:
                positions.append(start + taken)
                used[audience] = taken + 1
            else:
                later = used.get(AFTER_SETUP, 0)
                positions.append(self.after + later)
                used[AFTER_SETUP] = later + 1
        return positions


class DeckChance(Chance):
    """The game's draws from the dealt deck, as one seat's device sees them: the cards of
    the positions it opened, `?` for a draw its seat does not see. Every draw's
    positions and audience are noted in `made` (the keys the device must release)."""

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
    ):
        self.layout = layout
        self.opened = opened  # position -> the card's copy name (shared with the device)
        self.seat = seat
        self.shares = shares  # every seat's share of the joint picks, in seat order
        self.used = dict(used or {})
        self.made = list(made or [])
        self.picks = picks
        self.sees_all = sees_all  # the audit's replay, with every card open

    def pick(self, choices: list[str]) -> str:
        """A joint pick: every seat's share, and which pick of the game this is, hashed
        together (`pygames.remote.commit.joint_random`)."""
        shares = self.shares + [f"{self.picks:064x}"]
        self.picks += 1
        return choices[joint_random(shares, len(choices))]

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        used = dict(self.used)
        positions = self.layout.take(used, audience, count)
        seen = audience_seats(audience)
        if seen is not None and self.seat not in seen and not self.sees_all:
            items = [UNKNOWN] * count
        else:
            missing = [p for p in positions if p not in self.opened]
            if missing:
                raise PendingChance(positions, audience)
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

    def disclosed(
        self, items: list[str], by: int | None = None, to: frozenset[int] | None = None
    ) -> list[str]:
        if by != self.seat and not self.sees_all:  # it must come in a link: not yet
            raise NotDealtYet("cards shown by the rules do not travel in links yet")
        return items

    def copy(self) -> DeckChance:
        return DeckChance(
            self.layout,
            self.opened,
            self.seat,
            self.shares,
            self.used,
            self.made,
            self.picks,
            self.sees_all,
        )


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
    the deck of its chance and where each draw of the setup falls in it."""

    game_id: str
    seats: int
    options: dict[str, str]
    deck: list[str] = field(default_factory=list)
    layout: Layout = field(default_factory=Layout)

    @property
    def setup_draws(self) -> int:
        return self.layout.after

    @classmethod
    def of(cls, game_id: str, seats: int, options: dict[str, str]) -> GamePlan:
        """The deck is the pool the game draws its first item from; rehearsals of the
        setup with throwaway chance count its draws by audience, which must be the same
        in every deal (else `NotDealtYet`), and every draw must come from the deck."""
        game = GAMES[game_id]
        game.check_seats(seats)
        options = game.check_options(options)
        rehearsals = []
        for seed in (0, 1):
            watcher = WatchingChance(random.Random(seed))
            game.new_state(seats, options=options, chance=watcher)
            rehearsals.append(watcher)
        first = rehearsals[0]
        if any(w.by_audience != first.by_audience or w.foreign for w in rehearsals):
            raise NotDealtYet(f"{game_id} {options}: its setup's draws depend on the cards")
        if first.discloses:
            raise NotDealtYet(f"{game_id}: its setup shows hidden cards")
        blocks, start = {}, 0
        for audience, size in first.by_audience.items():
            blocks[audience] = (start, size)
            start += size
        return cls(game_id, seats, options, first.first_pool, Layout(blocks))


def plan_of_invite(invite: Message) -> GamePlan:
    """The game an invite names (DealError naming seat 0 if it names none we can deal)."""
    body = invite.body
    try:
        options = {str(k): str(v) for k, v in dict(body["options"]).items()}
        return GamePlan.of(str(body["game_id"]), int(body["seats"]), options)
    except NotDealtYet:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise DealError(0, f"an invite to no game we know: {error}") from None


MAX_NAME = 40


def player_name(name: object) -> str:
    """A player's name from a message: plain text, one line, at most MAX_NAME characters."""
    if not isinstance(name, str):
        return ""
    return " ".join(name.split())[:MAX_NAME]


class WatchingChance(RandomChance):
    """Throwaway chance that notes the setup's draws: the first pool (the deck), how
    many items each audience draws, and whether a draw came from anything but the deck."""

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.first_pool: list[str] = []
        self.by_audience: dict[str, int] = {}
        self.foreign = False
        self.discloses = False

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        if not self.by_audience and not self.first_pool:
            self.first_pool = sorted(pool)
        elif Counter(pool) - Counter(self.first_pool):
            self.foreign = True  # e.g. who starts, picked from the seats
        self.by_audience[audience] = self.by_audience.get(audience, 0) + count
        return super().draw(pool, count, audience)

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
        self.points = card_points(group, plan.game_id, plan.deck)
        self.deal = SeatDeal(group, seat, plan.seats, len(self.points))
        self.box_secret = group.random_scalar()  # opens keys sealed to this seat
        self.box_keys: dict[int, bytes] = {}  # seat -> its public box key
        self.steps: list[Step] = []
        self.keys: dict[int, dict[int, bytes]] = {}  # position -> seat -> key
        self.opened: dict[int, str] = {}
        self.released: set[int] = set()  # positions whose key this seat has released
        self.state: State | None = None
        self.waiting: str | None = None  # my action that waits for others' keys
        self.pending: PendingChance | None = None  # the draw it waits for
        self.unsent: list[str] = []  # my actions applied here, not yet sent
        # My actions that others saw redacted (a face-down discard): the openings of
        # their commitments, published at the audit, in order.
        self.openings: list[Opening] = []
        self.openings_of: dict[int, list[Opening]] = {}  # every seat's, at the audit
        self.to_release: list[tuple[int, str]] = []  # draws they made, keys not yet sent
        self.secrets: dict[int, DealSecrets] = {}
        self.verdict: list[int] | None = None  # after the audit: the seats at fault
        self.truth: State | None = None  # after a fair audit: the whole game, every card open
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
        self.names: dict[int, str] = {}  # seat -> the name its player gave
        self.player = ""  # this seat's name, sent with its invite or join
        self.sent_actions: list[list[str]] = []  # my move messages' actions, unredacted
        # Set while a saved device takes its chain again (pygames/remote/saved.py): its
        # own answers are in the chain already, so none is made.
        self.replaying = False

    # ----- starting -----

    @classmethod
    def create(
        cls, group: Group, verify: Verify, signer: Signer, plan: GamePlan, game: str, player=""
    ) -> tuple[Device, str]:
        """Seat 0's device and its invite (message 0, as text). `game` is the chain's
        random id, `player` the name this seat's player gave."""
        device = cls(group, verify, signer, 0, plan)
        device.player = player
        start = list(device.points.values())
        step = device.deal.shuffle(start)
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
        cls, group: Group, verify: Verify, signer: Signer, seat: int, links: list[str], player=""
    ) -> tuple[Device, str]:
        """Another seat's device from the links so far (the invite first) and its join."""
        device = cls(group, verify, signer, seat, plan_of_invite(Message.from_text(links[0])))
        device.player = player
        for link in links:
            device.receive(link)
        step = device.deal.shuffle(device.steps[-1].deck)
        body = {
            "kind": "join",
            **device.identity(),
            "step": step.to_json(),
            "pick_share": device.pick_share,
        }
        if step.commitments:  # the last seat locks now: its setup keys go with it
            body.update(device.setup_keys())
        return device, device.send(body)

    def identity(self) -> dict:
        return {
            "public_key": b64(self.signer.public_key),
            "box_key": b64(box_key(self.group, self.box_secret)),
            "name": self.player,
        }

    def lock(self) -> str:
        """This seat's lock step, once every seat has shuffled (seats but the last)."""
        step = self.deal.lock(self.steps[-1].deck)
        body = {"kind": "lock", "step": step.to_json(), **self.setup_keys()}
        if self.seat == 0:
            body["pick_opening"] = {
                "value": self.pick_opening.value,
                "nonce": b64(self.pick_opening.nonce),
            }
        return self.send(body)

    def setup_keys(self) -> dict:
        draws = [
            (start + k, audience)
            for audience, (start, size) in self.plan.layout.blocks.items()
            for k in range(size)
        ]
        return self.release(draws)

    # ----- playing -----

    def play(self, action: str) -> None:
        """Apply this seat's action here (raises IllegalAction); if a draw waits for other
        seats' keys, the action waits too and goes with the next message."""
        assert self.state is not None and self.waiting is None
        try:
            made = self.apply(self.seat, action)
        except PendingChance as pending:
            self.waiting, self.pending = action, pending
            return
        self.unsent.append(action)
        self.to_release += made

    def send_moves(self) -> str:
        """The message with my actions since the last one (and the one that waits), as
        the other seats see them, and my keys for the draws they make."""
        assert self.state is not None
        actions = self.unsent + ([self.waiting] if self.waiting else [])
        seen = [self.state.redacted(self.seat, action, None) for action in actions]
        committed: list[str | None] = []
        for action, shown in zip(actions, seen, strict=True):
            committed.append(None if shown == action else self.commit_action(action))
        draws = self.to_release
        if self.pending is not None:
            draws = draws + [(p, self.pending.audience) for p in self.pending.positions]
        self.unsent, self.to_release = [], []
        self.sent_actions.append(actions)
        body = {"kind": "move", "actions": seen, **self.release(draws)}
        if any(committed):
            body["committed"] = committed
        return self.send(body)

    def commit_action(self, action: str) -> str:
        commitment, opening = commit(action)
        self.openings.append(opening)
        return b64(commitment)

    def send_audit(self) -> str:
        secrets = self.deal.secrets
        body = {
            "kind": "audit",
            "deck_key": b64(secrets.deck_key) if secrets.deck_key else None,
            "order": secrets.order,
            "position_keys": [b64(key) for key in secrets.position_keys],
            "openings": [[o.value, b64(o.nonce)] for o in self.openings],
        }
        return self.send(body)

    # ----- receiving -----

    def receive(self, text: str) -> list[str]:
        """Take a link; return the answers this device sends by itself (keys). A link
        that does not follow, or whose moves are illegal, raises (ChainError, DealError,
        IllegalAction) and changes nothing here."""
        message = Message.from_text(text)
        saved = self.checkpoint()
        try:
            self.chain.append(message)
            return self.take(message)
        except Exception:
            self.restore(saved)
            raise

    def checkpoint(self) -> tuple:
        state = self.state.clone() if self.state is not None else None
        if state is not None:
            state.chance = self.state.chance.copy()  # type: ignore[union-attr]
        return (
            list(self.chain.messages),
            dict(self.chain.public_keys),
            dict(self.box_keys),
            list(self.steps),
            {position: dict(keys) for position, keys in self.keys.items()},
            dict(self.opened),
            set(self.released),
            state,
            self.waiting,
            self.pending,
            list(self.unsent),
            list(self.to_release),
            dict(self.secrets),
            dict(self.openings_of),
            self.verdict,
            list(self.faults),
            dict(self.names),
        )

    def restore(self, saved: tuple) -> None:
        messages, public_keys, box_keys, steps, keys, opened, released, state, *rest = saved
        self.chain.messages, self.chain.public_keys = messages, public_keys
        self.box_keys, self.steps, self.keys, self.released = box_keys, steps, keys, released
        self.opened.clear()  # in place: the state's DeckChance reads this very dict
        self.opened.update(opened)
        self.state = state
        (
            self.waiting,
            self.pending,
            self.unsent,
            self.to_release,
            self.secrets,
            self.openings_of,
            self.verdict,
            self.faults,
            self.names,
        ) = rest

    def take(self, message: Message) -> list[str]:
        body, sender = message.body, message.seat
        if "box_key" in body:
            self.box_keys[sender] = decode(body["box_key"])
        if body["kind"] in ("invite", "join"):
            self.names[sender] = player_name(body.get("name"))
        if sender == self.seat:  # my keys in my own messages: released
            self.released.update(int(p) for p in body.get("keys", {}))
            self.released.update(int(entry["p"]) for entry in body.get("sealed", []))
        self.take_pick_share(sender, body)
        if "step" in body:
            self.take_step(sender, Step.from_json(body["step"]))
        for position, key in body.get("keys", {}).items():
            self.take_key(sender, int(position), decode(key))
        for entry in body.get("sealed", []):
            if entry["to"] == self.seat and sender != self.seat:
                sealed = Sealed(decode(entry["r"]), decode(entry["m"]))
                key = unseal(self.group, self.box_secret, sealed, self.context(entry["p"]))
                self.take_key(sender, int(entry["p"]), key)
        if body["kind"] == "audit":
            self.take_audit(sender, body)
        for position in list(self.keys):
            self.open_if_ready(position)
        self.start_when_dealt()
        if body["kind"] == "move" and sender != self.seat:
            return self.take_moves(sender, body["actions"])
        if body["kind"] == "keys" and self.waiting is not None:
            self.resume()
        return []

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
        seat, kind = deal_order(self.plan.seats)[len(self.steps)]
        if step.seat != sender or sender != seat:
            raise DealError(sender, "a deal step out of turn")
        self.steps.append(step)

    def take_key(self, sender: int, position: int, key: bytes) -> None:
        self.keys.setdefault(position, {})[sender] = key
        self.open_if_ready(position)

    def take_moves(self, sender: int, actions: list[str]) -> list[str]:
        """The sender's actions, each opening with my own key what my seat may see; my
        keys for the draws they made, to the seats that see them, in one answer."""
        made = []
        for action in actions:
            made += self.apply(sender, action)
        if self.replaying:  # my answer, if any, is the chain's next message of mine
            return []
        keys = self.release(made)
        if not keys["keys"] and not keys["sealed"]:
            return []
        return [self.send({"kind": "keys", **keys})]

    def resume(self) -> None:
        """The keys my waiting action needed came: apply it here too."""
        action, self.waiting, self.pending = self.waiting, None, None
        assert action is not None
        self.to_release += self.apply(self.seat, action)

    def take_audit(self, sender: int, body: dict) -> None:
        deck_key = body["deck_key"]
        self.secrets[sender] = DealSecrets(
            deck_key=decode(deck_key) if deck_key else None,
            order=[int(i) for i in body["order"]],
            position_keys=[decode(key) for key in body["position_keys"]],
        )
        self.openings_of[sender] = [
            Opening(str(value), decode(nonce)) for value, nonce in body.get("openings", [])
        ]
        if len(self.secrets) == self.plan.seats:
            start = list(self.points.values())
            at_fault = audit(self.group, start, self.steps, self.secrets)
            self.verdict = at_fault or self.replay_faults()

    def replay_faults(self) -> list[int]:
        """Replay the whole game with every card open and every hidden action opened: []
        if every move adds up, else the seat whose move does not (an opening that is not
        its commitment, a hidden action that is not what was shown, an illegal move)."""
        opened = self.open_everything()
        shares = [self.shares[seat] for seat in range(self.plan.seats)]
        chance = DeckChance(self.plan.layout, opened, self.seat, shares, sees_all=True)
        plan = self.plan
        state = GAMES[plan.game_id].new_state(plan.seats, options=plan.options, chance=chance)
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
        self.truth = state
        return []

    def open_everything(self) -> dict[int, str]:
        """Every position of the deck, opened with every seat's published keys."""
        commitments = {s.seat: s.commitments for s in self.steps if s.commitments}
        final = self.steps[-1].deck
        opened = {}
        for position in range(len(self.points)):
            keys = {seat: self.secrets[seat].position_keys[position] for seat in self.secrets}
            opened[position] = open_card(
                self.group, self.points, final, commitments, position, keys
            )
        return opened

    # ----- the game -----

    def start_when_dealt(self) -> None:
        dealt = len(self.steps) == len(deal_order(self.plan.seats))
        if self.state is not None or not dealt or len(self.shares) < self.plan.seats:
            return
        plan = self.plan
        while True:  # each pass opens one more draw with my own keys, or stops
            chance = self.chance()
            try:
                state = GAMES[plan.game_id].new_state(
                    plan.seats, options=plan.options, chance=chance
                )
            except PendingChance as pending:
                if not self.take_own_keys(pending):
                    return  # the setup's keys are not all here yet
                continue
            self.state = self.masked(state, chance)
            return

    def chance(self) -> DeckChance:
        shares = [self.shares[seat] for seat in range(self.plan.seats)]
        return DeckChance(self.plan.layout, self.opened, self.seat, shares)

    def apply(self, seat: int, action: str) -> list[tuple[int, str]]:
        """The action on a copy, kept only if it went through: a draw that waits, or an
        illegal action, leaves the state as it was. My own key opens what my seat may
        see at once. The draws it made (position, audience)."""
        assert self.state is not None
        while True:  # each pass opens one more draw with my own keys, or raises
            trial = self.state.clone()
            trial.chance = chance = self.state.chance.copy()
            assert isinstance(chance, DeckChance)
            try:
                trial.apply(seat, action)
            except PendingChance as pending:
                if not self.take_own_keys(pending):
                    raise
                continue
            made = chance.made[len(self.state.chance.made) :]  # type: ignore[attr-defined]
            known = (len(self.state.history), len(self.state.events))
            self.state = self.masked(trial, chance, known)
            return made

    def take_own_keys(self, pending: PendingChance) -> bool:
        """My own keys for a draw my seat sees (used here, not released); False if I had
        given them all already."""
        mine = [p for p in pending.positions if self.seat not in self.keys.get(p, {})]
        for position in mine:
            self.take_key(self.seat, position, self.deal.release(position))
        return bool(mine)

    def masked(self, state: State, chance: DeckChance, known: tuple[int, int] = (0, 0)) -> State:
        """What the device keeps: the state as its seat knows it, drawing on from `chance`
        (`known`: the history entries and events at the start already masked)."""
        copy = state.masked(self.seat, known)
        copy.chance = chance
        return copy

    # ----- keys and cards -----

    def release(self, draws: list[tuple[int, str]]) -> dict:
        """My keys for `draws` not released yet: to everyone for a public draw, sealed to
        each other seat that sees the draw otherwise (none to a draw nobody sees)."""
        public: dict[str, str] = {}
        sealed: list[dict] = []
        for position, audience in draws:
            if position in self.released:
                continue
            key = self.deal.release(position)
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

    def context(self, position: int) -> str:
        """What a sealed key belongs to: this game's chain and the deck position."""
        return f"{self.chain.messages[0].digest()} position {position}"

    def open_if_ready(self, position: int) -> None:
        keys = self.keys.get(position, {})
        if position in self.opened or len(keys) < self.plan.seats:
            return
        if len(self.steps) < len(deal_order(self.plan.seats)):
            return
        commitments = {s.seat: s.commitments for s in self.steps if s.commitments}
        final = self.steps[-1].deck
        try:
            card = open_card(self.group, self.points, final, commitments, position, keys)
        except DealError as fault:  # a cheat, found now: the audit will confirm it
            if not any(str(f) == str(fault) for f in self.faults):
                self.faults.append(fault)
            return
        if card in self.opened.values():
            self.faults.append(DealError(-1, f"the card at {position} opened before"))
            return
        self.opened[position] = card

    def send(self, body: dict, game: str = "") -> str:
        message = self.chain.next(self.signer, self.seat, body, game)
        self.chain.append(message)
        self.take(message)
        return message.to_text()
