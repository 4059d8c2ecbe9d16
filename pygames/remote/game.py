"""One remote game as a player's app holds it: its seat's device, the link to send
next, and the save that brings it back.

The page talks to this alone (web/remote_screen.py); the tests play it between
simulated apps. It adds to the device what a person needs around it:

- **the link to send**: every message of mine that some other seat may not have yet
  (after the last message that seat sent, which shows everything before it reached
  it), packed in one link (`pygames.remote.link`). Sending it twice does no harm: a
  device skips a message it already holds;
- **the steps nobody decides**: the lock of the deal when my turn in it comes, and my
  keys and deal secrets (the audit) once the game is over, made as soon as a link
  allows them;
- **the save**: this seat's secrets and every message of the chain (format
  `SAVE_FORMAT`); restoring replays the chain through a fresh device, so a save holds
  nothing the device would not rebuild, and a changed one is refused like a changed
  link.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Protocol

from pygames.core import AGREED_DRAW, IllegalAction, State
from pygames.remote.chain import JOIN, ChainError, Message, Signer, Verify
from pygames.remote.commit import Opening, commitment_of
from pygames.remote.deal import DealError, DealSecrets, Step, deal_order, decode
from pygames.remote.device import (
    SEED_BYTES,
    Device,
    NotDealtYet,
    check_share,
    plan_of_invite,
    player_name,
    secrets_json,
    secrets_of,
)
from pygames.remote.group import Group
from pygames.remote.link import for_seat, from_fragment, seat_of, to_fragment
from pygames.remote.redeal import redeal_order
from pygames.remote.wire import b64, unb64

SAVE_FORMAT = "ff-remote/1"
SAVE_DEPTH = 4  # how deep a save nests (web/storage.py reads one level more)
INVITE = "invite"
AUDIT = "audit"
# A tie by agreement: a seat offers on its move (it then waits for the answers); the
# other seats still playing answer in seat order from the offerer on, each accepting or
# declining (which ends the offer); the last to accept plays the agreed draw as its
# move. A "draw" that answers no offer, or comes before the others accepted, is refused.
OFFER, ACCEPT, DECLINE = "offer", "accept", "decline"

# What the game waits for, for the page's words: the others' deal steps, a move, the
# audit's keys, or nothing more (verified, or a seat named).
DEALING, PLAYING, AUDITING = "dealing", "playing", "auditing"
VERIFIED, UNFAIR = "verified", "unfair"


class Crypto(Protocol):
    """The back end of one runtime: PyNaCl in CPython, @noble in the page."""

    group: Group
    verify: Verify

    def signer(self, seed: bytes | None = None) -> Signer:
        """The signing key made from `seed`, or a new one."""
        ...


class RemoteError(ValueError):
    """A link or save this game cannot take. `reason` is a key of the page's words;
    `seat` the seat to blame (None: nobody can be named)."""

    def __init__(self, reason: str, seat: int | None = None, detail: str = ""):
        super().__init__(f"{reason} (seat {seat}){': ' + detail if detail else ''}")
        self.reason = reason
        self.seat = seat


@dataclass(frozen=True)
class Invitation:
    """What an invite link offers, read before joining: the game, who invites."""

    chain_id: str
    game_id: str
    seats: int
    options: dict[str, str]
    host: str
    seat: int  # the seat the link's reader would take


@dataclass(frozen=True)
class Taken:
    """What a link brought: how many of its messages were new here, and whether this
    app made messages of its own to send on (keys, its lock, its audit)."""

    fresh: int
    answered: bool


class RemoteGame:
    def __init__(self, device: Device):
        self.device = device
        # The device as it was before each of my actions not in a link yet (a turn of
        # several actions), newest last: what `undo` takes back. Not saved.
        self.undoable: list[dict] = []

    # ----- starting -----

    @classmethod
    def create(
        cls, crypto: Crypto, game_id: str, seats: int, options: dict[str, str], player: str
    ) -> RemoteGame:
        """A new game of mine (seat 0): its invite is the link to send."""
        from pygames.remote.device import GamePlan

        plan = GamePlan.of(game_id, seats, options)
        chain_id = secrets.token_urlsafe(12)
        signer = crypto.signer()
        device, _ = Device.create(
            crypto.group, crypto.verify, signer, plan, chain_id, player_name(player)
        )
        return cls(device)

    @staticmethod
    def invitation(fragment: str) -> Invitation:
        """What an invite link offers (RemoteError if it is no invite we can take)."""
        messages = read_link(fragment)
        invite = messages[0]
        if invite.number != 0 or invite.body.get("kind") != INVITE:
            raise RemoteError("not_invite")
        try:
            plan = plan_of_invite(invite)
        except NotDealtYet as error:
            raise RemoteError("not_by_link", None, str(error)) from None
        except DealError as error:
            raise RemoteError("damaged", 0, str(error)) from None
        joined = joined_seats(messages)
        free = [seat for seat in range(1, plan.seats) if seat not in joined]
        try:
            named = seat_of(fragment)
        except ChainError as error:
            raise refusal(error) from None
        seat = named if named is not None else (free[0] if free else None)
        if seat not in free:
            raise RemoteError("seats_taken")
        assert seat is not None
        host = player_name(invite.body.get("name"))
        return Invitation(invite.game, plan.game_id, plan.seats, plan.options, host, seat)

    @classmethod
    def join(cls, crypto: Crypto, fragment: str, player: str) -> RemoteGame:
        """My seat in a game I was invited to: my join is the link to send."""
        offer = cls.invitation(fragment)
        texts = [message.to_text() for message in read_link(fragment)]
        try:
            device, _ = Device.join(
                crypto.group, crypto.verify, crypto.signer(), offer.seat, texts, player_name(player)
            )
        except Exception as error:  # an invite of any shape
            raise refusal(error) from None
        return cls(device)

    # ----- who, what, whose turn -----

    @property
    def chain_id(self) -> str:
        game = self.device.chain.game
        assert game is not None
        return game

    @property
    def seat(self) -> int:
        return self.device.seat

    @property
    def game_id(self) -> str:
        return self.device.plan.game_id

    @property
    def seats(self) -> int:
        return self.device.plan.seats

    @property
    def state(self) -> State | None:
        return self.device.state

    def names(self) -> list[str]:
        """The players' names, in seat order ("" for a seat not joined yet)."""
        return [self.device.names.get(seat, "") for seat in range(self.seats)]

    def phase(self) -> str:
        device = self.device
        if device.state is None:
            return DEALING
        if not device.state.is_over():
            return PLAYING
        if device.verdict is None:
            return AUDITING
        return VERIFIED if not device.verdict else UNFAIR

    def at_fault(self) -> list[int]:
        """After the audit, the seats whose messages do not add up."""
        return list(self.device.verdict or [])

    def whole_game(self) -> list[tuple[int, str]] | None:
        """Once the audit found the game fair: every move and every card, as a record's
        actions (for the replay and the study); None before."""
        whole = self.device.whole
        return list(whole) if whole is not None and self.phase() == VERIFIED else None

    def waiting_for(self) -> list[int]:
        """The seats whose link this app waits for (none: it is my move, or all done)."""
        device, phase = self.device, self.phase()
        if phase == DEALING:
            order = deal_order(self.seats)
            done = len(device.steps)
            if done < len(order) and order[done][0] != self.seat:
                return [order[done][0]]
            return [s for s in range(self.seats) if s != self.seat]
        if phase == AUDITING:
            return [s for s in range(self.seats) if s not in device.secrets]
        if phase != PLAYING:
            return []
        assert device.state is not None
        to_act = device.state.to_act()
        if not device.caught_up():
            return [s for s in range(self.seats) if s != self.seat]
        if self.tie_offered_by() is not None:  # an answer to the offer is awaited
            answerer = self.tie_answerer()
            return [] if answerer is None or answerer == self.seat else [answerer]
        if self.seat in to_act:  # seats before me in turn order choose first
            return to_act[: to_act.index(self.seat)]
        return to_act

    # ----- a tie by agreement -----

    def tie_offer(self) -> tuple[int, list[int]] | None:
        """The seat whose offer of a tie is open, and the seats that accepted it since."""
        accepted: list[int] = []
        for message in reversed(self.device.chain.messages):
            kind = message.body.get("kind")
            if kind == ACCEPT:
                accepted.append(message.seat)
            elif kind == OFFER:
                return message.seat, accepted
            elif kind in (DECLINE, "move"):
                return None
        return None

    def tie_offered_by(self) -> int | None:
        offer = self.tie_offer()
        return None if offer is None else offer[0]

    def tie_answerers(self) -> list[int]:
        """The seats yet to answer the open offer, in the order they answer: those still
        playing, in seat order from the offerer on, but for those that accepted."""
        offer, state = self.tie_offer(), self.device.state
        if offer is None or state is None:
            return []
        offered, accepted = offer
        after = [(offered + k) % self.seats for k in range(1, self.seats)]
        return [s for s in after if s not in state.resigned and s not in accepted]

    def tie_answerer(self) -> int | None:
        """The seat whose answer to the open offer is awaited."""
        answerers = self.tie_answerers()
        return answerers[0] if answerers else None

    def may_offer_tie(self) -> bool:
        state = self.device.state
        others = [s for s in range(self.seats) if s != self.seat]
        playing = state is not None and any(s not in state.resigned for s in others)
        return self.my_move() and playing

    def offer_tie(self) -> None:
        if not self.may_offer_tie():
            raise IllegalAction("not_your_turn", seat=self.seat)
        self.send_turn(OFFER)

    def answer_tie(self, accept: bool) -> None:
        """Decline (the game goes on) or accept the offer: the last to accept plays the
        agreed draw as its move (the game ends)."""
        if self.tie_answerer() != self.seat:
            raise IllegalAction("not_your_turn", seat=self.seat)
        if not accept:
            self.send_turn(DECLINE)
            return
        if self.tie_answerers() != [self.seat]:
            self.send_turn(ACCEPT)
            return
        self.device.play(AGREED_DRAW)
        self.device.send_moves()
        self.take_next_steps()

    def send_turn(self, kind: str) -> None:
        """A turn that is no move (an offer, or an answer to one), with what I owe: it
        would have gone with my move."""
        self.device.send({"kind": kind, **self.device.owed()})

    def check_tie(self, message: Message) -> None:
        """An answer to an offer comes from the seat whose answer is awaited, and a "draw"
        in a move is the last of the answers."""
        kind, actions = message.body.get("kind"), message.body.get("actions")
        answerers = self.tie_answerers()
        if kind in (ACCEPT, DECLINE) and answerers[:1] != [message.seat]:
            raise RemoteError("illegal_move", message.seat, "an answer to no offer of a tie")
        drawn = kind == "move" and isinstance(actions, list) and AGREED_DRAW in actions
        if drawn and answerers != [message.seat]:
            raise RemoteError("illegal_move", message.seat, "a tie nobody offered")

    def my_move(self) -> bool:
        """True when this seat must act here now: its copy is up to date, it is to act,
        and first in turn order of the seats choosing at once (each link one seat's: two
        seats sending at once would fork the chain); not while its offer of a tie waits."""
        device = self.device
        if self.phase() != PLAYING or not device.can_act():
            return False
        if self.tie_offered_by() is not None:
            return False
        assert device.state is not None
        return device.state.to_act()[0] == self.seat

    # ----- links -----

    def outbox(self) -> list[Message]:
        """The messages some other seat may not have yet, if any of them is mine: for
        each other seat, every message its last one does not follow (which shows it had
        all those). With two seats those are mine alone; with more, a link so carries
        what a seat missed of the others' too (a third seat joins from the second's
        link, an answer carries the answers it follows)."""
        chain = self.device.chain
        messages = chain.messages
        lacking: set[int] = set()
        for seat in range(self.seats):
            if seat != self.seat:
                lacking |= set(range(len(messages))) - self.held_by(seat)
        if not any(messages[place].seat == self.seat for place in lacking):
            return []
        return [messages[place] for place in sorted(lacking)]

    def held_by(self, seat: int) -> set[int]:
        """The places of the messages `seat` surely holds: its own last message and every
        message that one follows."""
        messages = self.device.chain.messages
        last = next((k for k in range(len(messages) - 1, -1, -1) if messages[k].seat == seat), None)
        return set() if last is None else self.device.chain.lineage(last)

    def link(self) -> str | None:
        """The fragment to send now (``m=...``), or None if the others have all mine."""
        outbox = self.outbox()
        return to_fragment(outbox) if outbox else None

    def invites(self) -> dict[int, str]:
        """One invite link per seat not joined yet (seat -> fragment), while seat 0 deals:
        my link, naming the seat it offers."""
        link = self.link()
        if self.seat != 0 or self.phase() != DEALING or link is None:
            return {}
        joined = joined_seats(self.device.chain.messages)
        return {s: for_seat(link, s) for s in range(1, self.seats) if s not in joined}

    def send_needed(self) -> bool:
        """A link of mine must go out before anything more can happen: it is not my move
        (or my move waits for the others' keys) and some seat lacks my messages."""
        return bool(self.outbox()) and not self.my_move()

    def recipients(self) -> list[int]:
        """Who my link is for: every other seat (a group chat when there are several)."""
        return [seat for seat in range(self.seats) if seat != self.seat]

    def take_link(self, fragment: str) -> Taken:
        """Take every new message of a link, in order, all or nothing (RemoteError says
        why not, naming a seat where one can be named; nothing changes then)."""
        messages = read_link(fragment)
        device = self.device
        if messages[0].game != self.chain_id:
            raise RemoteError("other_game")
        saved = device.checkpoint()
        mine_before = self.mine_count()
        self.undoable = []  # what came may follow my actions: they stand
        fresh = 0
        try:
            self.check_seated(messages)
            for message in messages:
                if self.holds(message):
                    continue
                self.check_join(message, messages)
                try:
                    self.check_tie(message)
                    device.receive(message.to_text())
                except IllegalAction as error:
                    raise RemoteError("illegal_move", message.seat, str(error)) from None
                except (ChainError, DealError, NotDealtYet, RemoteError):
                    raise
                except Exception as error:  # a signed message of any shape: its seat's
                    raise RemoteError("damaged", message.seat, repr(error)[:200]) from None
                fresh += 1
            self.take_next_steps()
        except Exception as error:
            device.restore(saved)
            raise refusal(error) from None
        return Taken(fresh, self.mine_count() > mine_before)

    def check_seated(self, link: list[Message]) -> None:
        """The host's lock names whose each seat is: a link that holds it shows at once
        that another's join took my seat, or the seat of a join mine followed, though
        the link lacks the joins themselves."""
        chain = self.device.chain
        lock = next((m for m in link if m.seat == 0 and m.body.get("kind") == "lock"), None)
        seated = lock.body.get("seated") if lock is not None else None
        if lock is None or not isinstance(seated, dict) or self.seat == 0:
            return
        chain.check_signature(lock)
        for seat, key in chain.public_keys.items():
            if seat > 0 and seated.get(str(seat), b64(key)) != b64(key):
                raise self.left_out(seat)

    def check_join(self, message: Message, link: list[Message]) -> None:
        """A join for a seat another device holds here (two friends opened one link that
        names no seat): the seat is the join's that the host took. Refused, saying whose
        it is: the host's copy, or mine when the host's messages say so, keeps its seat's
        first join (`late_join`, `seat_kept`); a join the host took instead of the one my
        seat is or follows leaves mine out (`seat_taken_first`, `join_overtaken`); with no
        word of the host's yet, nobody knows (`seat_contested`)."""
        chain = self.device.chain
        seat = message.seat
        if message.body.get("kind") != JOIN or seat not in chain.public_keys:
            return
        held = next(
            (m for m in chain.messages if m.seat == seat and m.body.get("kind") == JOIN), None
        )
        if held is None or held.digest() == message.digest():
            return  # the host's seat, or this very join: the chain judges it
        if self.seat == 0 or hosted(held, chain.messages):
            mine = seat == self.seat
            raise RemoteError("seat_kept", seat) if mine else RemoteError("late_join", seat)
        if hosted(message, link):
            raise self.left_out(seat)
        raise RemoteError("seat_contested", seat)

    def left_out(self, seat: int) -> RemoteError:
        """The host took another join for `seat` than the one I hold: mine, or the one
        my join followed."""
        if seat == self.seat:
            return RemoteError("seat_taken_first", seat)
        return RemoteError("join_overtaken", seat)

    def holds(self, message: Message) -> bool:
        """True if this very message is in my chain already (a link sent again)."""
        return message.digest() in self.device.chain.index()

    def mine_count(self) -> int:
        return sum(1 for m in self.device.chain.messages if m.seat == self.seat)

    def take_next_steps(self) -> None:
        """The steps nobody decides: my lock when the deal reaches me, my audit once over."""
        device = self.device
        order = deal_order(self.seats)
        done = len(device.steps)
        if done < len(order) and order[done] == (self.seat, "lock"):
            device.lock()
        state = device.state
        over = state is not None and state.is_over() and device.caught_up()
        if over and self.seat not in device.secrets:
            device.send_audit()
        elif state is not None and device.owes() and device.can_act() and not self.my_move():
            # What I owe would go with my move, but another seat chooses first (seats
            # choosing at once go in turn order): it goes now, lest that seat wait on it.
            device.send({"kind": "keys", **device.owed()})

    # ----- playing -----

    def play(self, action: str) -> None:
        """My move (IllegalAction leaves everything as it was). When my turn passes, or my
        move waits for the others' keys, the move becomes a message: the link to send."""
        device = self.device
        if not self.my_move():
            raise IllegalAction("not_your_turn", seat=self.seat)
        if action == AGREED_DRAW:  # only as the answer to another seat's offer
            raise IllegalAction("not_your_turn", seat=self.seat)
        saved = device.checkpoint()
        try:
            device.play(action)
        except Exception:
            device.restore(saved)
            raise
        state = device.state
        assert state is not None
        if device.waiting is not None or state.is_over() or self.seat not in state.to_act():
            device.send_moves()
            self.take_next_steps()
            self.undoable = []  # in the link now
        else:
            self.undoable.append(saved)

    def can_undo(self) -> bool:
        """My last action can be taken back: it is in no link yet, and nothing since it
        was drawn or shown (the rules' undo fence: `State.undo_point`)."""
        state = self.device.state
        return bool(self.undoable) and state is not None and state.undo_point(self.seat) is not None

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalAction("not_your_turn", seat=self.seat)
        self.device.restore(self.undoable.pop())

    # ----- saving -----

    def play_unsent(self, actions: object) -> None:
        """My unfinished turn as the save kept it, played again; if any of it does not
        play (a damaged save), the turn starts afresh: nothing sent is lost."""
        if not isinstance(actions, list) or not actions:
            return
        before = self.device.checkpoint()
        try:
            for action in actions:
                if not isinstance(action, str) or not self.my_move():
                    raise IllegalAction("not_your_turn", seat=self.seat)
                self.play(action)
            if not self.undoable:
                raise IllegalAction("not_your_turn", seat=self.seat)  # it would have sent
        except Exception:
            self.device.restore(before)
            self.undoable = []

    def to_saved(self) -> dict[str, Any]:
        """Everything this app must keep to go on: my secrets and the chain."""
        device = self.device
        return {
            "format": SAVE_FORMAT,
            "seat": device.seat,
            "player": device.player,
            "signing_seed": b64(device.signer.seed),
            "box_secret": b64(device.box_secret),
            "deal_seed": b64(device.deal_seed) if device.deal_seed is not None else None,
            "deal": secrets_json(device.deal.secrets),
            "deal2": secrets_json(device.deal2.secrets) if device.deal2 is not None else None,
            "redeals": {
                str(number): {"strip": b64(mine.strip_key) if mine.strip_key else None}
                | secrets_json(mine.deal.secrets)
                for number, mine in device.my_redeals.items()
            },
            "pick_share": device.pick_share,
            "pick_nonce": b64(device.pick_opening.nonce),
            "openings": [[o.value, b64(o.nonce)] for o in device.openings],
            "sent_actions": [list(actions) for actions in device.sent_actions],
            "unsent": list(device.unsent),  # my turn so far, in no link yet
            "messages": [message.to_text() for message in device.chain.messages],
            # What this device opened (cards, keys sealed to it): a restore takes them
            # from here instead of redoing the group operations.
            "opened": {str(position): card for position, card in device.opened.items()},
            "unsealed": [[p, seat, b64(key)] for (p, seat), key in device.unsealed.items()],
            "audit": None
            if device.verdict is None
            else {"verdict": device.verdict, "whole": [list(step) for step in device.whole or []]},
        }

    @classmethod
    def from_saved(cls, crypto: Crypto, saved: object) -> RemoteGame:
        """The game a save holds, its chain replayed (RemoteError("bad_save") if the
        save is damaged, changed or from a newer app)."""
        try:
            game = cls(restored_device(crypto, saved))
            assert isinstance(saved, dict)
            game.play_unsent(saved.get("unsent"))
            return game
        except RemoteError:
            raise
        except Exception as error:  # storage may hold anything: whatever it raises
            raise RemoteError("bad_save", None, f"{type(error).__name__}: {error}"[:200]) from None


def restored_device(crypto: Crypto, saved: object) -> Device:
    """A fresh device given this seat's saved secrets, taking its chain again: the others'
    messages as they came, mine made again by what made them then (`redo`)."""
    if not isinstance(saved, dict):
        raise RemoteError("bad_save", None, "not an object")
    if saved.get("format") != SAVE_FORMAT:
        raise RemoteError("bad_save", None, "another format")
    texts = saved["messages"]
    if not isinstance(texts, list) or not texts:
        raise RemoteError("bad_save", None, "no messages")
    messages = [Message.from_text(str(text)) for text in texts]
    seat = int(saved["seat"])
    plan = plan_of_invite(messages[0])
    if not 0 <= seat < plan.seats:
        raise RemoteError("bad_save", None, "no such seat")
    signer = crypto.signer(unb64(str(saved["signing_seed"]), 32))
    seed = saved.get("deal_seed")  # none in saves of games begun before seeds
    deal_seed = unb64(str(seed), SEED_BYTES) if seed is not None else None
    device = Device(crypto.group, crypto.verify, signer, seat, plan, deal_seed)
    device.deal_seed = deal_seed
    device.player = player_name(saved.get("player"))
    device.box_secret = decode(str(saved["box_secret"]))
    device.deal.secrets = checked_secrets(saved["deal"], device.deal.secrets)
    if device.deal2 is not None:
        device.deal2.secrets = checked_secrets(saved["deal2"], device.deal2.secrets)
    for number, mine in dict(saved["redeals"]).items():
        strip = mine["strip"]
        key = decode(str(strip)) if strip is not None else None
        device.saved_redeals[int(number)] = (key, secrets_of(mine))
    device.pick_share = check_share(seat, saved["pick_share"])
    device.pick_opening = Opening(device.pick_share, unb64(str(saved["pick_nonce"]), 32))
    device.pick_commitment_of_mine = commitment_of(device.pick_opening)
    device.saved_openings = [Opening(str(v), unb64(str(n), 32)) for v, n in saved["openings"]]
    sent = [[str(action) for action in actions] for actions in saved["sent_actions"]]
    take_steps_made(device, messages)
    device.saved_audit = saved_audit(saved.get("audit"), plan.seats)
    device.saved_opened = saved_opened(saved.get("opened"))
    device.saved_unsealed = saved_unsealed(saved.get("unsealed"))
    replay_chain(device, messages, sent)
    return device


def saved_audit(data: object, seats: int) -> tuple[list[int], list[tuple[int, str]]] | None:
    """The audit's verdict and whole game as saved, if well formed (else None: the
    device redoes the audit)."""
    if not isinstance(data, dict):
        return None
    verdict, whole = data.get("verdict"), data.get("whole")
    if not isinstance(verdict, list) or not isinstance(whole, list):
        return None
    if not all(type(seat) is int and 0 <= seat < seats for seat in verdict):
        return None
    steps = []
    for step in whole:
        if not (isinstance(step, list) and len(step) == 2 and type(step[0]) is int):
            return None
        if not isinstance(step[1], str):
            return None
        steps.append((step[0], step[1]))
    return verdict, steps


def saved_opened(data: object) -> dict[int, str]:
    """The cards the save says this device opened, if well formed (else none: they open
    again). A card that is no card of the deck opens again too (`Device.open_if_ready`)."""
    if not isinstance(data, dict):
        return {}
    opened = {}
    for position, card in data.items():
        if not (isinstance(position, str) and position.isdigit() and isinstance(card, str)):
            return {}
        opened[int(position)] = card
    return opened


def saved_unsealed(data: object) -> dict[tuple[int, int], bytes]:
    """The keys sealed to this device that the save says it opened, if well formed."""
    if not isinstance(data, list):
        return {}
    unsealed = {}
    for entry in data:
        if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[2], str)):
            return {}
        position, seat, key = entry
        if type(position) is not int or type(seat) is not int:
            return {}
        try:
            unsealed[position, seat] = unb64(key, 32)
        except ValueError:
            return {}
    return unsealed


def take_steps_made(device: Device, messages: list[Message]) -> None:
    """My deal steps as my messages hold them, for the device to take instead of doing
    their group operations again (most of a restore's time). A step that does not follow
    from my secrets would show at the audit, which redoes every step."""
    mine = [message.body for message in messages if message.seat == device.seat]
    for body in mine:
        if isinstance(body.get("step"), dict):
            step = Step.from_json(body["step"])
            device.deal.made[step.kind] = step
        if isinstance(body.get("step2"), dict) and device.deal2 is not None:
            step = Step.from_json(body["step2"])
            device.deal2.made[step.kind] = step
    my_kinds = [kind for seat, kind in redeal_order(device.plan.seats) if seat == device.seat]
    redeal_steps: dict[int, list[Step]] = {}
    for body in mine:
        for entry in body.get("redeal", []):
            redeal_steps.setdefault(int(entry["n"]), []).append(Step.from_json(entry))
    for number, steps in redeal_steps.items():
        device.saved_redeal_steps[number] = dict(zip(my_kinds, steps, strict=False))


def checked_secrets(data: object, fresh: DealSecrets) -> DealSecrets:
    """Saved deal secrets, of the same deck as the fresh ones they replace."""
    if not isinstance(data, dict):
        raise RemoteError("bad_save", None, "no deal secrets")
    secrets = secrets_of(data)
    size = len(fresh.position_keys)
    if sorted(secrets.order) != sorted(fresh.order) or len(secrets.position_keys) != size:
        raise RemoteError("bad_save", None, "deal secrets of another deck")
    if (secrets.deck_key is None) != (fresh.deck_key is None):
        raise RemoteError("bad_save", None, "deal secrets of another seat")
    return secrets


def replay_chain(device: Device, messages: list[Message], sent: list[list[str]]) -> None:
    """Take the chain again as it came: each message of another seat as received (the
    answers it made then are made again), each of mine made again as then."""
    pending = list(messages)
    own_moves = iter(sent)
    device.script = pending  # every message the device sends is the chain's next one
    # A message that a later one follows is bound to it by its hash: only the newest
    # messages' signatures are checked again (a save's restore is mostly signatures).
    device.chain.vouched = {digest for message in messages for digest in message.after}
    try:
        while pending:
            message = pending[0]
            if message.seat != device.seat:
                pending.pop(0)
                device.chain.append(message)
                device.take(message)
                continue
            redo(device, message, own_moves)
            if pending and pending[0] is message:
                raise RemoteError("bad_save", None, "a message of mine not made again")
        device.remember_commitments()
    finally:
        device.script = None
        device.chain.vouched = set()
        device.saved_openings = []
        device.saved_redeal_steps = {}
        device.saved_audit = None
        device.saved_opened, device.saved_unsealed = {}, {}
        for seat_deal in (device.deal, device.deal2):
            if seat_deal is not None:
                seat_deal.made = {}
        for redeal in device.my_redeals.values():
            redeal.made = {}
    if next(own_moves, None) is not None:
        raise RemoteError("bad_save", None, "moves of mine the chain lacks")


def redo(device: Device, message: Message, own_moves) -> None:
    """Make one of my messages again, as the app made it then."""
    kind = message.body.get("kind")
    if kind == INVITE:
        device.invite(message.game)
    elif kind == JOIN:
        device.join_step()
    elif kind == "lock":
        device.lock()
    elif kind == "move":
        actions = next(own_moves, None)
        if actions is None:
            raise RemoteError("bad_save", None, "my moves do not match the chain")
        for action in actions:
            device.play(action)
        state = device.state
        assert state is not None
        made = device.unsent + ([device.waiting] if device.waiting else [])
        shown = [state.redacted(device.seat, action, None) for action in made]
        if made != actions or shown != message.body.get("actions"):
            raise RemoteError("bad_save", None, "my moves do not match the chain")
        device.send_moves()
    elif kind == "keys":
        device.send({"kind": "keys", **device.owed()})
    elif kind == AUDIT:
        device.send_audit()
    elif kind in (OFFER, ACCEPT, DECLINE):
        device.send({"kind": kind, **device.owed()})
    else:
        raise RemoteError("bad_save", None, f"a message of mine of no kind I make: {kind}")


def hosted(join: Message, messages: list[Message]) -> bool:
    """The host sent a message after `join` (in `messages`, in chain order): it took it."""
    after_join = {join.digest()}
    for message in messages:
        if any(digest in after_join for digest in message.after):
            if message.seat == 0:
                return True
            after_join.add(message.digest())
    return False


def joined_seats(messages: list[Message]) -> set[int]:
    return {message.seat for message in messages if message.body.get("kind") == JOIN}


def read_link(fragment: str) -> list[Message]:
    try:
        return from_fragment(fragment)  # one message at least, or ChainError
    except ChainError as error:
        raise refusal(error) from None


def refusal(error: Exception) -> RemoteError:
    """Any refusal of the protocol's, as the page words it."""
    if isinstance(error, RemoteError):
        return error
    if isinstance(error, ChainError):
        return RemoteError(error.reason, error.seat, str(error))
    if isinstance(error, DealError):
        return RemoteError("unfair_step", error.seat if error.seat >= 0 else None, str(error))
    if isinstance(error, NotDealtYet):
        return RemoteError("not_by_link", None, str(error))
    return RemoteError("damaged", None, repr(error)[:200])


class SodiumCrypto:
    """`Crypto` by libsodium (PyNaCl): CPython's tests and tools."""

    def __init__(self) -> None:
        from pygames.remote.chain import sodium_verify
        from pygames.remote.group import SodiumGroup

        self.group: Group = SodiumGroup()
        self.verify: Verify = sodium_verify

    def signer(self, seed: bytes | None = None) -> Signer:
        from pygames.remote.chain import SodiumSigner

        return SodiumSigner(seed)
