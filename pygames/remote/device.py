"""One seat's device in a game played by links, for games whose chance is public.

Each device holds the game's state as its seat knows it, and changes it only by
messages of the game's chain (`pygames.remote.chain`): its own, and those it
receives as links. Chance comes from one deck dealt by mental poker at the start
(`pygames.remote.deal`): the game's n-th draw is the deck's n-th position
(`DeckChance`), and a position opens on a device once every seat has released
its key for it. A draw whose keys are not all there yet stops an action before it
changes anything (`PendingChance`): the device that acted sends the action with its
own key, and every other device, on receiving it, opens the card and answers by
itself with its key (`receive` returns that answer).

This version supports games whose draws every seat sees (Game of Fields): each
key is released to everyone, so nothing has to be sealed to one seat. Draws that
only some seats see need keys sealed to those seats: see docs/remote-play.md.

Message bodies (JSON, in the chain):
- ``invite`` (seat 0): its public key, the game, seats and options, its shuffle;
- ``join`` (each other seat, in order): its public key and its shuffle (the last
  seat's shuffle locks too), and the keys of the draws the game's setup makes;
- ``lock`` (each seat but the last, in order): its lock step and its setup keys;
- ``move``: actions in order (the last may wait for a draw) and the sender's keys
  for the draws they make;
- ``keys``: keys released for draws another seat's move made;
- ``audit``: the seat's deal secrets, once the game is over.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pygames import GAMES
from pygames.core import Chance, IllegalAction, RandomChance, State
from pygames.remote.chain import Chain, Message, Signer, Verify
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
from pygames.remote.wire import b64


class PendingChance(Exception):
    """A draw from a deck position that does not open here yet."""

    def __init__(self, position: int):
        super().__init__(f"waiting for the keys of position {position}")
        self.position = position


class DeckChance(Chance):
    """The game's draws, in deck order, from the positions this device opened."""

    def __init__(self, opened: dict[int, str], used: int = 0):
        self.opened = opened  # position -> the card's copy name (shared with the device)
        self.used = used

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        if audience != "":
            raise NotImplementedError("draws seen by some seats only need sealed keys")
        items = []
        left = list(pool)
        for position in range(self.used, self.used + count):
            if position not in self.opened:
                raise PendingChance(position)
            item = card_of(self.opened[position])
            if item not in left:  # a card twice: the audit will name who dealt it
                raise IllegalAction("chance_impossible", outcome=item[:40])
            left.remove(item)
            items.append(item)
        self.used += count
        return items

    def copy(self) -> DeckChance:
        return DeckChance(self.opened, self.used)


@dataclass
class GamePlan:
    """What every device agrees on before the deal: the game, its seats and options,
    the deck of its chance and how many draws its setup makes."""

    game_id: str
    seats: int
    options: dict[str, str]
    deck: list[str] = field(default_factory=list)
    setup_draws: int = 0

    @classmethod
    def of(cls, game_id: str, seats: int, options: dict[str, str]) -> GamePlan:
        """The deck is the pool the game draws its first item from; a rehearsal of the
        setup with throwaway chance counts its draws (the same in every deal for the
        games this version supports)."""
        game = GAMES[game_id]
        options = game.check_options(options)
        watcher = WatchingChance(random.Random(0))
        game.new_state(seats, options=options, chance=watcher)
        return cls(game_id, seats, options, watcher.first_pool, watcher.drawn)


class WatchingChance(RandomChance):
    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.first_pool: list[str] = []
        self.drawn = 0

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        if not self.drawn and not self.first_pool:
            self.first_pool = sorted(pool)
        self.drawn += count
        return super().draw(pool, count, audience)


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
        self.steps: list[Step] = []
        self.keys: dict[int, dict[int, bytes]] = {}  # position -> seat -> key
        self.opened: dict[int, str] = {}
        self.state: State | None = None
        self.waiting: str | None = None  # my action that waits for others' keys
        self.unsent: list[str] = []  # my actions applied here, not yet sent
        self.secrets: dict[int, DealSecrets] = {}
        self.verdict: list[int] | None = None  # after the audit: the seats at fault
        # Cheats found while opening cards (a key that is not the one committed to names
        # its seat; a card that is no card of the deck, or that opened before, names no
        # one until the audit). The position stays closed, and the game waits there.
        self.faults: list[DealError] = []

    # ----- starting -----

    @classmethod
    def create(
        cls, group: Group, verify: Verify, signer: Signer, plan: GamePlan, game: str
    ) -> tuple[Device, str]:
        """Seat 0's device and its invite (message 0, as text)."""
        device = cls(group, verify, signer, 0, plan)
        start = list(device.points.values())
        step = device.deal.shuffle(start)
        body = {
            "kind": "invite",
            "public_key": b64(signer.public_key),
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
        body = {"kind": "join", "public_key": b64(signer.public_key), "step": step.to_json()}
        if step.commitments:  # the last seat locks now: its setup keys go with it
            body["keys"] = device.own_keys(range(plan.setup_draws))
        return device, device.send(body)

    def lock(self) -> str:
        """This seat's lock step, once every seat has shuffled (seats but the last)."""
        step = self.deal.lock(self.steps[-1].deck)
        body = {"kind": "lock", "step": step.to_json()}
        body["keys"] = self.own_keys(range(self.plan.setup_draws))
        return self.send(body)

    # ----- playing -----

    def play(self, action: str) -> None:
        """Apply this seat's action here (raises IllegalAction); if a draw waits for other
        seats' keys, the action waits too and goes with the next message."""
        assert self.state is not None and self.waiting is None
        try:
            self.apply(self.seat, action)
        except PendingChance:
            self.waiting = action
            return
        self.unsent.append(action)

    def send_moves(self) -> str:
        """The message with my actions since the last one (and the one that waits)."""
        actions = self.unsent + ([self.waiting] if self.waiting else [])
        self.unsent = []
        positions = [self.next_position()] if self.waiting else []
        return self.send({"kind": "move", "actions": actions, "keys": self.own_keys(positions)})

    def send_audit(self) -> str:
        secrets = self.deal.secrets
        body = {
            "kind": "audit",
            "deck_key": b64(secrets.deck_key) if secrets.deck_key else None,
            "order": secrets.order,
            "position_keys": [b64(key) for key in secrets.position_keys],
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
        return (
            list(self.chain.messages),
            dict(self.chain.public_keys),
            list(self.steps),
            {position: dict(keys) for position, keys in self.keys.items()},
            dict(self.opened),
            state,
            self.waiting,
            list(self.unsent),
            dict(self.secrets),
            self.verdict,
            list(self.faults),
        )

    def restore(self, saved: tuple) -> None:
        messages, public_keys, steps, keys, opened, state, *rest = saved
        self.chain.messages, self.chain.public_keys = messages, public_keys
        self.steps, self.keys = steps, keys
        self.opened.clear()  # in place: the state's DeckChance reads this very dict
        self.opened.update(opened)
        self.state = state
        self.waiting, self.unsent, self.secrets, self.verdict, self.faults = rest

    def take(self, message: Message) -> list[str]:
        body, sender = message.body, message.seat
        if "step" in body:
            self.take_step(sender, Step.from_json(body["step"]))
        for position, key in body.get("keys", {}).items():
            self.take_key(sender, int(position), decode(key))
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

    def take_step(self, sender: int, step: Step) -> None:
        seat, kind = deal_order(self.plan.seats)[len(self.steps)]
        if step.seat != sender or sender != seat:
            raise DealError(sender, "a deal step out of turn")
        self.steps.append(step)

    def take_key(self, sender: int, position: int, key: bytes) -> None:
        self.keys.setdefault(position, {})[sender] = key
        self.open_if_ready(position)

    def take_moves(self, sender: int, actions: list[str]) -> list[str]:
        answers = []
        for action in actions:
            try:
                self.apply(sender, action)
            except PendingChance as pending:
                # The sender's key came with the message: mine opens the card here.
                self.take_key(self.seat, pending.position, self.deal.release(pending.position))
                self.apply(sender, action)
                keys = {str(pending.position): b64(self.deal.release(pending.position))}
                answers.append(self.send({"kind": "keys", "keys": keys}))
        return answers

    def resume(self) -> None:
        """The keys my waiting action needed came: apply it here too."""
        action, self.waiting = self.waiting, None
        assert action is not None
        self.apply(self.seat, action)

    def take_audit(self, sender: int, body: dict) -> None:
        deck_key = body["deck_key"]
        self.secrets[sender] = DealSecrets(
            deck_key=decode(deck_key) if deck_key else None,
            order=[int(i) for i in body["order"]],
            position_keys=[decode(key) for key in body["position_keys"]],
        )
        if len(self.secrets) == self.plan.seats:
            start = list(self.points.values())
            self.verdict = audit(self.group, start, self.steps, self.secrets)

    # ----- the game -----

    def start_when_dealt(self) -> None:
        dealt = len(self.steps) == len(deal_order(self.plan.seats))
        if self.state is not None or not dealt:
            return
        if any(position not in self.opened for position in range(self.plan.setup_draws)):
            return
        plan = self.plan
        game = GAMES[plan.game_id]
        self.state = game.new_state(plan.seats, options=plan.options, chance=self.chance())

    def chance(self) -> DeckChance:
        return DeckChance(self.opened)

    def apply(self, seat: int, action: str) -> None:
        """The action on a copy, kept only if it went through: a draw that waits, or an
        illegal action, leaves the state as it was."""
        assert self.state is not None
        trial = self.state.clone()
        trial.chance = self.state.chance.copy()
        trial.apply(seat, action)
        self.state = trial

    def next_position(self) -> int:
        assert self.state is not None and isinstance(self.state.chance, DeckChance)
        return self.state.chance.used

    # ----- keys and cards -----

    def own_keys(self, positions) -> dict[str, str]:
        """My keys for `positions`, released to everyone."""
        return {str(position): b64(self.deal.release(position)) for position in positions}

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
