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
rules show. Cards several seats show at once (a list of holders, `disclosed_each`)
travel as each seat's part; cards nobody holds open with every seat's key for the
positions the rules name; a secret choice revealed opens its commitment too
(`pygames.remote.showing`). A reshuffle is dealt again (`pygames.remote.redeal`).

An action whose draw or disclosure cannot be made here yet (keys or shown cards of
another seat's missing: `Pending`) waits, with every action after it, and changes
nothing until they come. Whatever a device owes the others (its keys for draws they
see, the cards it shows, its next deal step) goes with its next message: at once,
by itself (`receive` returns that answer: a pause), unless it is to act next, when
it goes with its move. A device whose own draw waits plays on as a seat that does
not see it (`DeckChance.ahead`), so its keys for the draws that follow go with its
move too (Cloth of Gold's Secrecy, then the refill: no pause), and past cards not
shown yet where the rules say the draws after them do not depend on them (Fools!'
battle: `steady`). With three or four seats several devices may answer one link at
once; the chain takes their answers in any order (`pygames.remote.chain`).

Message bodies (JSON, in the chain):
- ``invite`` (seat 0): its public key and box key, the game, seats and options,
  its shuffle;
- ``join`` (each other seat, in any order): its public key and box key, and its
  shuffle if the seat before it has shuffled (else its shuffle follows in a ``keys``
  message once that one comes; the last seat's shuffle locks too, and shuffles a
  second stage first), with its keys for the setup's draws;
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

import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pygames import GAMES
from pygames.core import (
    IllegalAction,
    State,
    audience_seats,
)
from pygames.remote.chain import Chain, ChainError, Message, Signer, Verify
from pygames.remote.chance import (
    DeckChance,
    Layout,
    Misshown,
    NotDealtYet,
    Pending,
    PendingChance,
    PendingDisclosure,
    WatchingChance,
)
from pygames.remote.commit import Opening, commit, commitment_of, random_share
from pygames.remote.commit import verify as verify_commitment
from pygames.remote.deal import (
    DealError,
    DealSecrets,
    Openings,
    SeatDeal,
    Seed,
    Step,
    audit,
    card_points,
    deal_order,
    decode,
    key_product,
    open_card,
    second_order,
)
from pygames.remote.group import Group, PublicGroup, RememberedCommitments
from pygames.remote.redeal import Redeal, SeatRedeal, audit_redeal, fresh_names, redeal_order
from pygames.remote.seal import Sealed, box_key, seal
from pygames.remote.showing import Showing
from pygames.remote.wire import b64, unb64

REHEARSALS = 6  # seeds of throwaway setups that find a game's deck and setup blocks


def check_share(sender: int, share: object) -> str:
    """A pick share: 32 random bytes as hex, or DealError naming its seat."""
    if not isinstance(share, str) or len(share) != 64:
        raise DealError(sender, "a pick share that is not 32 bytes")
    try:
        bytes.fromhex(share)
    except ValueError as error:
        raise DealError(sender, "a pick share that is not 32 bytes") from error
    return share


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
        setup with throwaway chance count its draws by audience: each audience's block
        is what it draws in every rehearsal (a Fools! hand: three cards; the honourable
        check's draws come later, in order). Every draw comes from the deck, except that
        cards may join it once, after the first draws (Cloth of Gold's Jewels): the deal
        then has a second stage, which deals them with the rest of the deck, and the
        setup's draws must be the same in every deal. Else `NotDealtYet`."""
        game = GAMES[game_id]
        game.check_seats(seats)
        options = game.check_options(options)
        rehearsals = []
        for seed in range(REHEARSALS):
            watcher = WatchingChance(random.Random(seed))
            game.new_state(seats, options=options, chance=watcher)
            rehearsals.append(watcher)
        model = rehearsals[0]
        shapes = {(str(w.additions), w.first, str(w.later)) for w in rehearsals}
        if any(w.foreign for w in rehearsals) or len(shapes) > 1:
            raise NotDealtYet(f"{game_id} {options}: its setup's draws depend on the cards")
        if model.additions and any(w.by_audience != model.by_audience for w in rehearsals):
            raise NotDealtYet(f"{game_id} {options}: its first stage depends on the cards")
        blocks, start = {}, 0
        for audience in model.by_audience:
            size = min(w.by_audience.get(audience, 0) for w in rehearsals)
            blocks[audience] = (start, size)
            start += size
        blocks2 = {}
        for audience, size in model.later.items():
            blocks2[audience] = (start, size)
            start += size
        layout = Layout(blocks, blocks2, model.first if model.additions else 0)
        return cls(game_id, seats, options, model.first_pool, layout, model.additions)


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
SEED_BYTES = 32
SEEDS_FROM = 2  # the message format whose audits give each seat's seed alone (`Seed`)


def new_deal_seed() -> bytes:
    """A seat's secret seed for its deals (`Seed`), from the system's secure source."""
    return os.urandom(SEED_BYTES)


def player_name(name: object) -> str:
    """A player's name from a message: plain text, one line, at most MAX_NAME characters."""
    if not isinstance(name, str):
        return ""
    return " ".join(name.split())[:MAX_NAME]


class Device(Showing):
    """One seat's device: its secrets, its chain, and the game as its seat knows it."""

    def __init__(
        self,
        group: Group,
        verify: Verify,
        signer: Signer,
        seat: int,
        plan: GamePlan,
        deal_seed: bytes | None = None,
    ):
        # each commitment worked out once
        self.group: RememberedCommitments = RememberedCommitments(group)
        self.signer = signer
        self.seat = seat
        self.plan = plan
        self.chain = Chain(verify)
        self.points = card_points(group, plan.game_id, plan.deck + plan.additions)
        # Every secret of every deal this seat deals comes from this seed (`Seed`), which
        # the audit publishes alone; None: secrets of a game begun before (saved as such).
        self.deal_seed: bytes | None = deal_seed or new_deal_seed()
        self.deal, self.deal2 = self.seat_deals(seat, self.deal_seed)
        self.box_secret = group.random_scalar()  # opens keys sealed to this seat
        self.box_keys: dict[int, bytes] = {}  # seat -> its public box key
        self.steps: list[Step] = []
        self.steps2: list[Step] = []  # a second stage's
        self.keys: dict[int, dict[int, bytes]] = {}  # position -> seat -> key
        self.opened: dict[int, str] = {}
        self.released: set[int] = set()  # positions whose key this seat gave everyone
        self.sealed_to: set[tuple[int, int]] = set()  # (position, seat): my key sealed to it
        self.state: State | None = None
        self.waiting: str | None = None  # my action that waits for others' keys or cards
        self.unsent: list[str] = []  # my actions applied here, not yet sent
        # The chain's actions not applied here yet, in order (my waiting action first):
        # each waits for keys or shown cards from other seats.
        self.queue: list[tuple[int, str, bool]] = []  # seat, action, hidden
        # Each seat's hidden actions applied here so far (a choice revealed opens the
        # commitment of its seat's last one), and as they stand in the action applied now.
        self.hidden_done: dict[int, int] = {}
        self.hidden_now: dict[int, int] = {}
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
        # Cards shown (`pygames.remote.showing`).
        self.seats = plan.seats
        self.deck_cards = set(plan.deck + plan.additions)
        self.my_shown: dict[int, list[int | None]] = {}
        self.my_choices: dict[int, tuple[list[str], int]] = {}
        self.choices_shown: dict[tuple[int, int], int] = {}
        self.shown_here: dict[tuple[int, int], tuple[list[int | None], list[str]]] = {}
        self.claims: dict[tuple[int, int], tuple[list[int | None], list[str] | None]] = {}
        self.commitments_of: dict[int, list[tuple[str, str]]] = {}
        # Reshuffles dealt again (`pygames.remote.redeal`): what each deals, my side of
        # each, their steps so far, my steps not sent yet, the seats' secrets at the audit.
        self.redeals: dict[int, Redeal] = {}
        self.my_redeals: dict[int, SeatRedeal] = {}
        self.redeal_steps: dict[int, list[Step]] = {}
        self.unsent_redeal: list[dict] = []
        self.redeal_secrets: dict[int, dict[int, tuple[bytes | None, DealSecrets]]] = {}
        self.all_points = dict(self.points)  # with the face-up cards of reshuffles
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
        self.names: dict[int, str] = {}  # seat -> the name its player gave
        self.player = ""  # this seat's name, sent with its invite or join
        self.joined = seat == 0  # a seat's join sent (the invite is seat 0's)
        self.sent_actions: list[list[str]] = []  # my move messages' actions, unredacted
        # After a fair audit: the whole game, every card open (a record's actions).
        self.whole: list[tuple[int, str]] | None = None
        # A saved device taking its chain again (pygames/remote/game.py): each message it
        # sends is the chain's next one, as it sent it then, and any commitment it makes
        # opens as it did then (`saved_openings`, in order).
        self.script: list[Message] | None = None
        self.saved_openings: list[Opening] = []
        self.saved_redeals: dict[int, tuple[bytes | None, DealSecrets]] = {}
        self.saved_redeal_steps: dict[int, dict[str, Step]] = {}  # `SeatRedeal.made`
        # The audit's verdict and whole game as the save kept them (they follow from the
        # chain alone; redoing every deal again is most of a finished game's restore).
        self.saved_audit: tuple[list[int], list[tuple[int, str]]] | None = None
        self.unsealed: dict[tuple[int, int], bytes] = {}
        self.saved_unsealed: dict[tuple[int, int], bytes] = {}
        self.saved_opened: dict[int, str] = {}

    # ----- starting -----

    @classmethod
    def create(
        cls, group: Group, verify: Verify, signer: Signer, plan: GamePlan, game: str, player=""
    ) -> tuple[Device, str]:
        """Seat 0's device and its invite (message 0, as text). `game` is the chain's
        random id, `player` the name this seat's player gave."""
        device = cls(group, verify, signer, 0, plan)
        device.player = player
        return device, device.invite(game)

    def invite(self, game: str) -> str:
        """Seat 0's first message: its shuffle and the game it invites to."""
        plan = self.plan
        step = self.deal.shuffle(list(self.points.values()))
        self.steps.append(step)
        body = {
            "kind": "invite",
            **self.identity(),
            "pick_commitment": b64(self.pick_commitment_of_mine),
            "game_id": plan.game_id,
            "seats": plan.seats,
            "options": plan.options,
            "step": step.to_json(),
        }
        return self.send(body, game)

    @classmethod
    def join(
        cls, group: Group, verify: Verify, signer: Signer, seat: int, links: list[str], player=""
    ) -> tuple[Device, str]:
        """Another seat's device from the links so far (the invite first) and its join."""
        device = cls(group, verify, signer, seat, plan_of_invite(Message.from_text(links[0])))
        device.player = player
        for link in links:
            device.receive(link)
        return device, device.join_step()

    def join_step(self) -> str:
        """Another seat's first message: its shuffle (the last seat's locks too), if the
        seat before it has shuffled; else its shuffle follows once that one comes
        (`next_deal_steps`): friends may join in any order."""
        self.joined = True
        body = {"kind": "join", **self.identity(), "pick_share": self.pick_share}
        self.next_deal_steps()
        return self.send({**body, **self.owed()})

    def shuffle_step(self) -> None:
        """My shuffle of the deal, owed at once (the last seat locks as it shuffles)."""
        step = self.deal.shuffle(self.steps[-1].deck)
        self.steps.append(step)
        self.unsent_steps["step"] = step
        if step.commitments:  # the last seat locks now: its setup keys go with it
            self.setup_keys(self.plan.layout.blocks)
            if self.deal2 is not None:  # and shuffles the second stage first
                step2 = self.deal2.shuffle(self.deal.merged)
                self.steps2.append(step2)
                self.unsent_steps["step2"] = step2

    def identity(self) -> dict:
        return {
            "public_key": b64(self.signer.public_key),
            "box_key": b64(box_key(self.group, self.box_secret)),
            "name": self.player,
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
            body["seated"] = self.seated()
        self.settle()
        return self.send({**body, **self.owed()})

    def seated(self) -> dict[str, str]:
        """Whose each seat is, as the host took the joins: their public keys (in its lock,
        so that a friend whose join came second, from one link that named no seat, can
        tell even without the joins it lacks)."""
        keys = self.chain.public_keys
        return {str(seat): b64(key) for seat, key in sorted(keys.items()) if seat > 0}

    def setup_keys(self, blocks: dict[str, tuple[int, int]]) -> None:
        """My keys for the setup's blocks of draws: owed as soon as the deal gives them."""
        draws = [(start + k, audience) for audience, (start, n) in blocks.items() for k in range(n)]
        self.owe(draws)

    def next_deal_steps(self) -> None:
        """My shuffle, once I joined and the seat before me shuffled; a second stage's
        lock, when the deal comes to me: made at once (so that my copy of the game can
        start), sent with my next message."""
        order = deal_order(self.plan.seats)
        done = len(self.steps)
        if self.joined and done < len(order) and order[done] == (self.seat, "shuffle"):
            self.shuffle_step()
        if self.deal2 is None or len(self.steps) < len(order):
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
        hidden = self.state.redacted(self.seat, action, None) != action
        try:
            self.apply(self.seat, action, hidden)
        except Pending:
            self.waiting = action
        else:
            self.unsent.append(action)
            self.count_hidden(self.seat, hidden)
        self.next_redeal_steps()  # a reshuffle my action made: my step goes with it

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
            hidden = committed[-1] is not None
            self.queue.append((self.seat, self.waiting, hidden))  # applied once they answer
        self.unsent = []
        self.sent_actions.append(actions)
        body = {"kind": "move", "actions": seen, **self.owed()}
        if any(committed):
            body["committed"] = committed
        return self.send(body)

    def commit_action(self, action: str) -> str:
        if self.script is not None and self.saved_openings:  # as it was committed to then
            opening = self.saved_openings.pop(0)
            commitment = commitment_of(opening)
        else:
            commitment, opening = commit(action)
        self.openings.append(opening)
        return b64(commitment)

    def send_audit(self) -> str:
        """My secrets, at the end: my seed (which every secret of mine comes from), or in
        a game begun before seeds each deal's secrets; and my hidden choices' openings."""
        body: dict[str, Any] = {"kind": "audit"}
        if self.deal_seed is not None and self.chain.messages[0].v >= SEEDS_FROM:
            body["seed"] = b64(self.deal_seed)
        else:
            body |= secrets_json(self.deal.secrets)
            if self.deal2 is not None:
                body["deal2"] = secrets_json(self.deal2.secrets)
            if self.my_redeals:
                body["redeals"] = {
                    str(number): {"strip": b64(mine.strip_key) if mine.strip_key else None}
                    | secrets_json(mine.deal.secrets)
                    for number, mine in self.my_redeals.items()
                }
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
        if body["kind"] in ("invite", "join"):
            if sender in self.names:  # the host's invite is its join; a join comes once
                raise ChainError("changed_past", sender, "a second join")
            self.names[sender] = player_name(body.get("name"))
        self.take_pick_share(sender, body)
        if sender != self.seat:  # my own steps are here already
            if "step" in body:
                self.take_step(sender, Step.from_json(body["step"]))
            if "step2" in body:
                self.take_step2(sender, Step.from_json(body["step2"]))
            self.take_redeal_steps(sender, body.get("redeal", []))
        for position, key in body.get("keys", {}).items():
            self.take_key(sender, int(position), decode(key))
        for entry in body.get("sealed", []):
            if entry["to"] == self.seat and sender != self.seat:
                sealed = Sealed(decode(entry["r"]), decode(entry["m"]))
                position = int(entry["p"])
                key = self.unsealed_key(position, sender, sealed, self.context(position))
                self.take_key(sender, position, key)
        if body["kind"] == "move":  # commitments first: a choice revealed opens its own
            committed = body.get("committed") or [None] * len(body["actions"])
            for shown, commitment in zip(body["actions"], committed, strict=True):
                if commitment is not None:
                    self.commitments_of.setdefault(sender, []).append((commitment, shown))
        self.take_shown(sender, body.get("shown", []))
        if body["kind"] == "audit":
            self.take_audit(sender, body)
        if body["kind"] == "move" and sender != self.seat:
            committed = body.get("committed") or [None] * len(body["actions"])
            for action, commitment in zip(body["actions"], committed, strict=True):
                self.queue.append((sender, str(action), commitment is not None))
        self.settle()
        if sender == self.seat:
            return []
        return self.answer()

    def settle(self) -> None:
        """Everything that can happen here now: my next deal step, cards that open, the
        setup, the chain's actions in order, my steps of a reshuffle's deal."""
        self.next_deal_steps()
        while True:
            for position in list(self.keys):
                self.open_if_ready(position)
            self.start_when_dealt()
            self.advance()
            if not self.next_redeal_steps():
                return

    def answer(self) -> list[str]:
        """What I owe, at once, unless it can go with my own move: I am to act next and
        nobody can do anything before I do."""
        if self.script is not None and not self.next_scripted("keys"):
            return []  # taking my chain again: I answered here only if the chain says so
        if not self.owes() or self.can_act():
            return []
        return [self.send({"kind": "keys", **self.owed()})]

    def next_scripted(self, kind: str) -> bool:
        """The saved chain's next message is one of mine of this kind."""
        script = self.script or []
        return bool(script) and script[0].seat == self.seat and script[0].body["kind"] == kind

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
        if "seed" in body:
            self.take_seed(sender, unb64(body["seed"], SEED_BYTES))
        else:
            self.take_secrets(sender, body)
        self.openings_of[sender] = [
            Opening(str(value), decode(nonce)) for value, nonce in body.get("openings", [])
        ]
        if len(self.secrets) == self.plan.seats and self.saved_audit is not None:
            self.verdict, whole = self.saved_audit
            self.whole = whole if not self.verdict else None
        elif len(self.secrets) == self.plan.seats:
            openings = self.dealt_openings()
            opened = {dealt: (product, point) for dealt, product, point in openings.values()}
            layout = self.plan.layout
            at_fault = audit(
                PublicGroup(self.group),  # every secret is published now
                list(self.points.values()),
                self.steps,
                self.secrets,
                layout.first or None,
                len(self.plan.additions),
                self.steps2 if self.deal2 is not None else None,
                self.secrets2,
                opened,
            )
            at_fault = at_fault or self.redeal_faults(opened)
            self.verdict = at_fault or self.replay_faults(openings)

    def take_secrets(self, sender: int, body: dict) -> None:
        """A seat's audit that lists every secret (a game begun before seeds)."""
        self.secrets[sender] = secrets_of(body)
        if self.deal2 is not None and isinstance(body.get("deal2"), dict):
            self.secrets2[sender] = secrets_of(body["deal2"])
        for number, found in dict(body.get("redeals", {})).items():
            strip = decode(found["strip"]) if found.get("strip") else None
            self.redeal_secrets.setdefault(int(number), {})[sender] = (strip, secrets_of(found))

    def take_seed(self, sender: int, seed: bytes) -> None:
        """A seat's audit that gives its seed: its secrets of every deal, derived here."""
        deal, deal2 = self.seat_deals(sender, seed)
        self.secrets[sender] = deal.secrets
        if deal2 is not None:
            self.secrets2[sender] = deal2.secrets
        for number, redeal in self.redeals.items():
            theirs = self.seat_redeal(sender, redeal, seed)
            self.redeal_secrets.setdefault(number, {})[sender] = theirs.secrets_json()

    def redeal_faults(self, opened: Openings) -> list[int]:
        """The seats whose steps of a reshuffle's deal do not follow from their secrets."""
        at_fault: list[int] = []
        for number, redeal in sorted(self.redeals.items()):
            keys = []
            for position in redeal.hidden:
                name, _, _, index, _ = self.locate(position)
                keys.append(self.published_keys(name, index))
            position_keys = {
                seat: [found[seat] for found in keys] for seat in range(self.plan.seats)
            }
            steps = self.redeal_steps.get(number, [])
            secrets = self.redeal_secrets.get(number, {})
            start = self.redeal_start(redeal)
            public = PublicGroup(self.group)
            at_fault += audit_redeal(
                public, start, position_keys, steps, secrets, self.seats, opened
            )
        return sorted(set(at_fault))

    def replay_faults(self, dealt: dict[int, tuple[bytes, bytes, bytes]]) -> list[int]:
        """Replay the whole game with every card open and every hidden action opened: []
        if every move adds up, else the seat whose move does not (an opening that is not
        its commitment, a hidden action that is not what was shown, an illegal move,
        cards shown that are not the ones the rules show)."""
        cards = {point: card for card, point in self.all_points.items()}
        if any(point not in cards for _, _, point in dealt.values()):
            raise DealError(-1, "the keys open no card of this deck")
        opened = {position: cards[point] for position, (_, _, point) in dealt.items()}
        shares = [self.shares[seat] for seat in range(self.plan.seats)]
        size = len(self.points)  # where a new game of a match starts its deck, as in play
        chance = DeckChance(
            self.plan.layout, opened, self.seat, shares, sees_all=True, book=self, size=size
        )
        plan = self.plan
        try:
            state = GAMES[plan.game_id].new_state(plan.seats, options=plan.options, chance=chance)
        except Misshown as wrong:
            return [wrong.seat]
        except PendingDisclosure as missing:  # a seat that never showed its part
            return [] if missing.by is None else [missing.by]
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
                except PendingDisclosure as missing:
                    return [] if missing.by is None else [missing.by]
        self.whole = list(state.history)
        return []

    def dealt_positions(self) -> list[int]:
        """Every position of every deal whose steps are all done."""
        positions = list(range(len(self.points)))
        for redeal in self.redeals.values():
            positions += range(redeal.start, redeal.start + redeal.size)
        done = []
        for position in positions:
            _, steps, count, _, _ = self.locate(position)
            if len(steps) == count:
                done.append(position)
        return done

    def dealt_openings(self) -> dict[int, tuple[bytes, bytes, bytes]]:
        """At the audit, each dealt position's (dealt point, product of every seat's key
        for it, the point those keys open it to): for a card this device opened during
        the game, the keys it opened it with; for any other, the keys the seats
        published at the audit (one lock each). The dealt point is the opened point
        locked by the product, by construction; the deals' audit (`Traced`) finds
        whether that point is the card its redone deal put there. A position whose keys
        do not open it (a key missing or zero) is left out: the audit names the seat."""
        openings = {}
        for position in self.dealt_positions():
            name, steps, _, index, _ = self.locate(position)
            dealt = steps[-1].deck[index]
            card = self.opened.get(position)
            keys = self.keys.get(position, {})
            try:
                if card is None or len(keys) < self.plan.seats:
                    card, keys = None, self.published_keys(name, index)
                product = key_product(self.group, [keys[s] for s in range(self.plan.seats)])
                if not any(product):  # a zero key, which nothing inverts
                    continue
                point = (
                    self.all_points[card]
                    if card is not None
                    else self.group.lock_public(dealt, self.group.invert(product))
                )
            except (KeyError, IndexError, ValueError):
                continue
            openings[position] = (dealt, product, point)
        return openings

    def open_everything(self, keys_of: Callable[[str, int], dict[int, bytes]]) -> dict[int, str]:
        """Every position of every deal done, opened with every seat's keys
        `keys_of(deal, index)` (seat -> key), each checked against its commitment."""
        opened = {}
        for position in self.dealt_positions():
            name, steps, _, index, _ = self.locate(position)
            commitments = {s.seat: s.commitments for s in steps if s.commitments}
            final = steps[-1].deck
            keys = keys_of(name, index)
            opened[position] = open_card(
                self.group, self.all_points, final, commitments, index, keys
            )
        return opened

    def published_keys(self, name: str, index: int) -> dict[int, bytes]:
        """Every seat's key for a position of deal `name`, from the audit's secrets."""
        if name in ("1", "2"):
            secrets = self.secrets if name == "1" else self.secrets2
            return {seat: found.position_keys[index] for seat, found in secrets.items()}
        published = self.redeal_secrets.get(int(name[1:]), {})
        return {seat: found.position_keys[index] for seat, (_, found) in published.items()}

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
            seat, action, hidden = self.queue[0]
            try:
                self.apply(seat, action, hidden)
            except Pending:
                return
            self.queue.pop(0)
            self.count_hidden(seat, hidden)
            if seat == self.seat:
                self.waiting = None

    def count_hidden(self, seat: int, hidden: bool) -> None:
        if hidden:
            self.hidden_done[seat] = self.hidden_done.get(seat, 0) + 1

    def choice_index(self, seat: int) -> int:
        """Which of `seat`'s commitments a choice it reveals now opens: its last hidden
        action's (the action applied now counts)."""
        return self.hidden_now.get(seat, 0) - 1

    def apply(self, seat: int, action: str, hidden: bool = False) -> None:
        """The action on a copy, kept only if it went through: an action that waits
        (`Pending`), or an illegal one, leaves the state as it was. My own key opens what
        my seat may see at once. What I owe for it is noted (`owe`), and if it waits,
        what I owe for as far as I can look ahead."""
        assert self.state is not None
        base = self.state.chance
        assert isinstance(base, DeckChance)
        self.hidden_now = dict(self.hidden_done)
        if hidden:
            self.hidden_now[seat] = self.hidden_now.get(seat, 0) + 1

        def run(chance: DeckChance) -> State:
            assert self.state is not None
            trial = self.state.clone()
            trial.chance = chance
            trial.apply(seat, action, known_legal=self.script is not None)
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
            known = (len(self.state.history), len(self.state.events))
            self.state = self.masked(trial, chance, known)
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
        except Exception:  # noqa: BLE001 - the rules on stand-ins: nothing more to learn
            return
        self.note(chance, base)

    def note(self, chance: DeckChance, base: DeckChance, pending: Pending | None = None) -> None:
        """What I owe for the draws and disclosures `chance` made beyond `base`."""
        draws = chance.made[len(base.made) :] + chance.opens[len(base.opens) :]
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

    def masked(self, state: State, chance: DeckChance, known: tuple[int, int] = (0, 0)) -> State:
        """What the device keeps: `state` (a trial copy, masked in place) as its seat knows
        it, drawing on from `chance` (`known`: the history entries and events at the start
        already masked)."""
        kept = state.masked(self.seat, known, copy=False)
        kept.chance = chance
        return kept

    # ----- what I owe -----

    def owe(self, draws: list[tuple[int, str]]) -> None:
        for draw in draws:
            if draw not in self.to_release and self.unreleased([draw]):
                self.to_release.append(draw)

    def owes(self) -> bool:
        """Something I must send: keys another seat needs, cards I show, a deal step."""
        if self.unsent_steps or self.unsent_redeal:
            return True
        if any(n not in self.shown_sent for n, _ in self.to_show):
            return True
        return bool(self.unreleased(self.to_release))

    def unreleased(self, draws: list[tuple[int, str]]) -> list[tuple[int, str | int]]:
        """Where my keys for `draws` must still go: (position, "" for everyone, or a seat)."""
        due: list[tuple[int, str | int]] = []
        for position, audience in draws:
            if position in self.released:
                continue
            seen = audience_seats(audience)
            if seen is None:
                due.append((position, ""))
                continue
            due += [
                (position, s)
                for s in sorted(seen - {self.seat})
                if (position, s) not in self.sealed_to
            ]
        return due

    def owed(self) -> dict:
        """The body's parts for what I owe (what the message holds is owed no more
        once it is sent: `mark_given`)."""
        body = self.release(self.to_release)
        shown = self.show([entry for entry in self.to_show if entry[0] not in self.shown_sent])
        self.to_show = []
        if shown:
            body["shown"] = shown
        for name, step in self.unsent_steps.items():
            body[name] = step.to_json()
        self.unsent_steps = {}
        if self.unsent_redeal:
            body["redeal"], self.unsent_redeal = self.unsent_redeal, []
        return body

    # ----- keys and cards -----

    def locate(self, position: int) -> tuple[str, list[Step], int, int, SeatDeal | None]:
        """The deal that holds `position`: its name ("1", "2": the first deal's stages;
        "r1", "r2", ...: reshuffles), its steps so far, how many it has, the position's
        index in it, and my side of it."""
        seats = self.plan.seats
        if position < len(self.points):
            first = self.plan.layout.first
            if self.deal2 is not None and position >= first:
                return "2", self.steps2, len(second_order(seats)), position - first, self.deal2
            return "1", self.steps, len(deal_order(seats)), position, self.deal
        for number, redeal in self.redeals.items():
            if redeal.start <= position < redeal.start + redeal.size:
                steps = self.redeal_steps.setdefault(number, [])
                mine = self.my_redeals[number].deal
                return f"r{number}", steps, len(redeal_order(seats)), position - redeal.start, mine
        raise DealError(-1, f"no deal has a position {position}")

    def in_deck(self, position: int) -> bool:
        """A position of a deal known here (a reshuffle this device has not come to yet
        has none)."""
        if position < 0:
            return False
        try:
            self.locate(position)
        except DealError:
            return False
        return True

    def key_for(self, position: int) -> bytes:
        _, _, _, index, mine = self.locate(position)
        assert mine is not None
        return mine.release(index)

    def own_key(self, name: str, index: int) -> bytes:
        """My key for a position of the deal `name` (the referee's and the audit's)."""
        if name == "1":
            return self.deal.release(index)
        if name == "2":
            assert self.deal2 is not None
            return self.deal2.release(index)
        return self.my_redeals[int(name[1:])].deal.release(index)

    def commitment(self, position: int, seat: int) -> bytes:
        _, steps, _, index, _ = self.locate(position)
        for step in steps:
            if step.seat == seat and step.commitments:
                return step.commitments[index]
        raise DealError(seat, "no commitment for this card")

    def final_point(self, position: int) -> bytes:
        """The point a position's card lies under once its deal is done."""
        _, steps, _, index, _ = self.locate(position)
        return steps[-1].deck[index]

    def release(self, draws: list[tuple[int, str]]) -> dict:
        """My keys for `draws` not released yet: to everyone for a public draw, sealed to
        each other seat that sees the draw otherwise (none to a draw nobody sees). They
        count as given once the message that holds them is sent (`mark_given`)."""
        public: dict[str, str] = {}
        sealed: list[dict] = []
        for position, to in dict.fromkeys(self.unreleased(draws)):
            key = self.key_for(position)
            if to == "":
                public[str(position)] = b64(key)
                continue
            assert isinstance(to, int)
            if self.script is not None:  # taking my chain again: the saved message has it
                continue
            box = seal(self.group, self.box_keys[to], key, self.context(position))
            entry = {"p": position, "to": to, "r": b64(box.ephemeral)}
            sealed.append({**entry, "m": b64(box.masked)})
        return {"keys": public, "sealed": sealed}

    def mark_given(self, body: dict) -> None:
        """The keys a message of mine holds are given. Marked from the message itself: a
        chain taken again from a save holds what the release that sent it owed then,
        which may be less than this one owes (the rest goes with my next message)."""
        self.released.update(int(position) for position in body.get("keys", {}))
        self.sealed_to.update((int(e["p"]), int(e["to"])) for e in body.get("sealed", []))
        self.to_release = [draw for draw in self.to_release if self.unreleased([draw])]

    def context(self, position: int, seat: int | None = None) -> str:
        """What a sealed key belongs to: this game's chain and the deck position (and,
        for a key shown on another seat's behalf, that seat)."""
        context = f"{self.chain.messages[0].digest()} position {position}"
        return context if seat is None else f"{context} key of seat {seat}"

    def open_if_ready(self, position: int) -> None:
        keys = self.keys.get(position, {})
        if position in self.opened or len(keys) < self.plan.seats or not self.in_deck(position):
            return
        name, steps, count, index, _ = self.locate(position)
        if len(steps) < count:
            return
        commitments = {s.seat: s.commitments for s in steps if s.commitments}
        final = steps[-1].deck
        try:
            saved = self.saved_opened.get(position, "")
            card = (
                saved
                if saved in self.all_points
                else open_card(self.group, self.all_points, final, commitments, index, keys)
            )
        except DealError as fault:  # a cheat, found now: the audit will confirm it
            if not any(str(f) == str(fault) for f in self.faults):
                self.faults.append(fault)
            return
        same_deal = [q for q in self.opened if self.locate(q)[0] == name]
        if card in {self.opened[q] for q in same_deal}:
            self.faults.append(DealError(-1, f"the card at {position} opened before"))
            return
        self.opened[position] = card

    def remember_commitments(self) -> None:
        """At the end of a restore: the commitments this device worked out before its
        save, which the restore took from it instead (my steps as made, the cards
        opened), remembered for the audit as if worked out again (`RememberedCommitments`):
        my keys' and the keys of each card opened here."""
        sides = [(self.deal.made, self.deal.secrets)]
        if self.deal2 is not None:
            sides.append((self.deal2.made, self.deal2.secrets))
        sides += [(redeal.made, redeal.deal.secrets) for redeal in self.my_redeals.values()]
        for made, secrets in sides:
            for step in made.values():
                if len(step.commitments) == len(secrets.position_keys):
                    self.group.remember(secrets.position_keys, step.commitments)
        for position in self.opened:
            _, steps, _, index, _ = self.locate(position)
            commitments = {step.seat: step.commitments for step in steps if step.commitments}
            for seat, key in self.keys.get(position, {}).items():
                if index < len(commitments.get(seat, [])):
                    self.group.remember([key], [commitments[seat][index]])

    def seat_deals(self, seat: int, seed: bytes) -> tuple[SeatDeal, SeatDeal | None]:
        """`seat`'s side of the deal, and of its second stage (cards that join the deck
        after the first draws: the last seat shuffles first, seat n-2 last, as
        `pygames.remote.deal.second_order`), secrets from `seed`."""
        plan, group = self.plan, self.group
        first = plan.layout.first
        deal = SeatDeal(
            group,
            seat,
            plan.seats,
            len(plan.deck),
            first or None,
            len(plan.additions),
            seed=Seed(seed, "deal"),
        )
        if not plan.additions:
            return deal, None
        deal2 = SeatDeal(
            group,
            seat,
            plan.seats,
            len(self.points) - first,
            last=seat == (plan.seats - 2) % plan.seats,
            previous=(seat - 1) % plan.seats,
            seed=Seed(seed, "deal2"),
        )
        return deal, deal2

    def seat_redeal(self, seat: int, redeal: Redeal, seed: bytes | None) -> SeatRedeal:
        """`seat`'s side of a reshuffle's deal, secrets from `seed` (or drawn: None)."""
        named = None if seed is None else Seed(seed, f"redeal {redeal.number}")
        return SeatRedeal(self.group, seat, self.plan.seats, redeal.size, seed=named)

    # ----- reshuffles -----

    def redealt(self, redeal: Redeal) -> None:
        """A reshuffle the rules made here: my side of its deal, made once."""
        known = self.redeals.get(redeal.number)
        if known is not None:
            if known != redeal:
                raise DealError(-1, f"reshuffle {redeal.number} is not the one it was")
            return
        self.redeals[redeal.number] = redeal
        mine = self.seat_redeal(self.seat, redeal, self.deal_seed)
        saved = self.saved_redeals.get(redeal.number)
        if saved is not None:  # a saved device taking its chain again: as it dealt then
            mine.strip_key, mine.deal.secrets = saved
            mine.made = self.saved_redeal_steps.get(redeal.number, {})
        self.my_redeals[redeal.number] = mine
        names = fresh_names(redeal.number, redeal.shown)
        self.all_points.update(card_points(self.group, self.plan.game_id, names, named=True))

    def knows(self, redeal: Redeal) -> bool:
        return self.redeals.get(redeal.number) == redeal

    def redeal_start(self, redeal: Redeal) -> list[bytes]:
        """The deck a reshuffle's deal starts from: the face-down cards as they lie, then
        the face-up cards' fresh points."""
        names = fresh_names(redeal.number, redeal.shown)
        return [self.final_point(p) for p in redeal.hidden] + [self.all_points[n] for n in names]

    def next_redeal_steps(self) -> bool:
        """My steps of the reshuffles' deals that are due (True if I made one)."""
        made = False
        for number, redeal in sorted(self.redeals.items()):
            steps = self.redeal_steps.setdefault(number, [])
            order = redeal_order(self.plan.seats)
            while len(steps) < len(order) and order[len(steps)][0] == self.seat:
                kind = order[len(steps)][1]
                if kind.startswith("strip"):
                    if any(self.deal_incomplete(p) for p in redeal.hidden):
                        return made
                    deck = self.redeal_start(redeal) if not steps else steps[-1].deck
                    keys = [self.key_for(p) for p in redeal.hidden]
                else:
                    deck, keys = steps[-1].deck, []
                step = self.my_redeals[number].step(kind, deck, keys)
                steps.append(step)
                self.unsent_redeal.append({"n": number, **step.to_json()})
                made = True
        return made

    def deal_incomplete(self, position: int) -> bool:
        _, steps, count, _, _ = self.locate(position)
        return len(steps) < count

    def take_redeal_steps(self, sender: int, entries: list[dict]) -> None:
        order = redeal_order(self.plan.seats)
        for entry in entries:
            number = int(entry["n"])
            step = Step.from_json(entry)
            steps = self.redeal_steps.setdefault(number, [])
            if len(steps) >= len(order) or order[len(steps)][0] != sender or step.seat != sender:
                raise DealError(sender, "a deal step out of turn")
            steps.append(step)

    def send(self, body: dict, game: str = "") -> str:
        if self.script is not None:  # the chain's next message, which this very send made
            message = self.script.pop(0) if self.script else None
            if message is None or message.seat != self.seat or message.body["kind"] != body["kind"]:
                raise DealError(self.seat, "a saved chain that this device would not send")
        else:
            message = self.chain.next(self.signer, self.seat, body, game)
        self.chain.append(message)
        self.mark_given(message.body)
        self.take(message)
        return message.to_text()


# What a checkpoint keeps (and restores) of a device, besides its chain and the cards
# opened: everything a received link may change.
SAVED = (
    "joined",
    "unsealed",
    "box_keys",
    "steps",
    "steps2",
    "keys",
    "released",
    "sealed_to",
    "state",
    "waiting",
    "unsent",
    "queue",
    "hidden_done",
    "to_release",
    "to_show",
    "shown_sent",
    "unsent_steps",
    "shown_here",
    "my_shown",
    "my_choices",
    "choices_shown",
    "claims",
    "commitments_of",
    "redeals",
    "my_redeals",
    "redeal_steps",
    "unsent_redeal",
    "redeal_secrets",
    "all_points",
    "secrets",
    "secrets2",
    "openings_of",
    "verdict",
    "faults",
    "names",
    "whole",
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
