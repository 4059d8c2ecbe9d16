"""Devices of one remote game, simulated in one process: they exchange only links.

For the tests and `./dev bench-remote`: a `Table` passes every link a device sends to
every other device, as text, and keeps the links in order (to count and measure
them). Devices answer by themselves (keys, cards they show, a deal step) as they
would on opening a link; several answers to one link go out at once, and each device
opens the links waiting for it in an order of its own (drawn from the game's name),
as friends in a group chat do.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pygames.bots import make_bot
from pygames.core import CHANCE
from pygames.position import encode_state
from pygames.remote.chain import Message, SodiumSigner, sodium_verify
from pygames.remote.device import Device, GamePlan
from pygames.remote.group import SodiumGroup


class Table:
    """The devices of a new game, dealt: the invite, the joins and the locks exchanged
    (and whatever the devices answer by themselves).

    A link goes to every other device. Each device opens the links that reached it in
    an order of its own, any link whose earlier messages it holds (a real link carries
    those), and its answers go to every other device in turn."""

    def __init__(self, game_id: str, options: dict[str, str], name: str, seats: int = 2):
        group = SodiumGroup()
        self.order = random.Random(f"the order links are opened in {name}")
        self.plan = GamePlan.of(game_id, seats, options)
        first, invite = Device.create(group, sodium_verify, SodiumSigner(), self.plan, name)
        self.devices = [first]
        self.links = [invite]
        self.inbox: list[list[str]] = [[]]
        for seat in range(1, seats):
            device, join = Device.join(group, sodium_verify, SodiumSigner(), seat, list(self.links))
            self.devices.append(device)
            self.inbox.append([])
            self.send(seat, join)
        for seat in range(seats - 1):
            self.send(seat, self.devices[seat].lock())

    def send(self, sender: int, text: str) -> None:
        """`sender`'s link to every other device; then every device opens what reached
        it, answers included, until nothing is left to open."""
        self.post(sender, text)
        while True:
            ready = [(seat, text) for seat in range(len(self.devices)) for text in self.ready(seat)]
            if not ready:
                return
            seat, text = self.order.choice(ready)
            self.inbox[seat].remove(text)
            for answer in self.devices[seat].receive(text):
                self.post(seat, answer)

    def post(self, sender: int, text: str) -> None:
        if text not in self.links:
            self.links.append(text)
        for seat in range(len(self.devices)):
            if seat != sender:
                self.inbox[seat].append(text)

    def ready(self, seat: int) -> list[str]:
        """The links waiting for `seat` whose earlier messages its device holds."""
        held = self.devices[seat].chain.index()
        return [
            text
            for text in self.inbox[seat]
            if all(h in held for h in Message.from_text(text).after)
        ]

    def states_agree(self) -> bool:
        """The devices that have applied the same moves hold the same game as everyone
        sees it (a device may be behind, waiting for keys or shown cards)."""
        by_point: dict[int, set[str]] = {}
        for device in self.devices:
            if device.state is not None:
                point = len(device.state.history)
                by_point.setdefault(point, set()).add(encode_state(device.state.masked(None)))
        return all(len(texts) == 1 for texts in by_point.values())

    def kinds(self) -> list[str]:
        """Each link's kind of message, in order (``move``, ``keys``, ...)."""
        return [str(Message.from_text(text).body["kind"]) for text in self.links]


def play_out(
    table: Table,
    seed: int,
    move_limit: int = 20_000,
    after_link: Callable[[Table], None] = lambda table: None,
) -> int:
    """Greedy players, each reading its own device's state, to the end; each sends a
    link when its turn passes or its move waits for the others (then `after_link`).
    The turns played (each seat's run of actions counts one)."""
    seats = len(table.devices)
    bots = [make_bot("greedy", seed * seats + seat) for seat in range(seats)]
    for _ in range(move_limit):
        ready = [device for device in table.devices if device.can_act()]
        if not ready:
            if all(d.caught_up() and d.state.is_over() for d in table.devices):  # type: ignore[union-attr]
                return turns_of(table.devices[0])
            raise AssertionError("no device can act, and the game is not over")
        # Several seats choosing at once (Standard Bearers): the first in turn order first.
        mover = min(ready, key=lambda device: device.state.to_act().index(device.seat))  # type: ignore[union-attr]
        state, seat = mover.state, mover.seat
        assert state is not None
        mover.play(bots[seat].choose(state, seat))
        state = mover.state
        assert state is not None
        if mover.waiting is not None or state.is_over() or seat not in state.to_act():
            table.send(seat, mover.send_moves())
            if not table.states_agree():
                raise AssertionError("the devices disagree")
            after_link(table)
    raise AssertionError("the game did not end")


def turns_of(device: Device) -> int:
    """The turns of a game: each seat's run of actions counts one."""
    assert device.state is not None
    actors = [actor for actor, _ in device.state.history if actor != CHANCE]
    return sum(1 for k, actor in enumerate(actors) if k == 0 or actors[k - 1] != actor)
