"""Devices of one remote game, simulated in one process: they exchange only links.

For the tests and `./dev bench-remote`: a `Table` passes every link a device sends to
every other device, as text, and keeps the links in order (to count and measure
them). Devices answer by themselves (keys) as they would on opening a link.
"""

from __future__ import annotations

from collections.abc import Callable

from pygames.bots import make_bot
from pygames.position import encode_state
from pygames.remote.chain import SodiumSigner, sodium_verify
from pygames.remote.device import Device, GamePlan
from pygames.remote.group import SodiumGroup


class Table:
    """Two devices of a new game, dealt: the invite, the join and the lock exchanged."""

    def __init__(self, game_id: str, options: dict[str, str], name: str):
        group = SodiumGroup()
        self.plan = GamePlan.of(game_id, 2, options)
        signers = [SodiumSigner(), SodiumSigner()]
        first, invite = Device.create(group, sodium_verify, signers[0], self.plan, name)
        second, join = Device.join(group, sodium_verify, signers[1], 1, [invite])
        self.devices = [first, second]
        self.links = [invite, join]
        self.deliver(1, join)
        self.send(0, first.lock())

    def send(self, sender: int, text: str) -> None:
        self.links.append(text)
        self.deliver(sender, text)

    def deliver(self, sender: int, text: str) -> None:
        for device in self.devices:
            if device.seat != sender:
                for answer in device.receive(text):
                    self.send(device.seat, answer)

    def states_agree(self) -> bool:
        """Every device holds the same game as far as everyone may see it."""
        texts = {encode_state(d.state.masked(None)) for d in self.devices if d.state}
        return len(texts) == 1


def play_out(
    table: Table,
    seed: int,
    move_limit: int = 20_000,
    after_link: Callable[[Table], None] = lambda table: None,
) -> int:
    """Greedy players, each reading its own device's state, to the end; each sends a
    link when its turn passes or a draw waits for the other's key (then `after_link`).
    The turns played."""
    bots = [make_bot("greedy", seed * 2 + seat) for seat in (0, 1)]
    turns = 0
    for _ in range(move_limit):
        state = table.devices[0].state
        assert state is not None
        if state.is_over():
            return turns
        seat = state.to_act()[0]
        mover = table.devices[seat]
        assert mover.state is not None
        mover.play(bots[seat].choose(mover.state, seat))
        passed = mover.state.is_over() or mover.state.to_act() != [seat]
        turns += passed
        if mover.waiting is not None or passed:
            table.send(seat, mover.send_moves())
            if not table.states_agree():
                raise AssertionError("the devices disagree")
            after_link(table)
    raise AssertionError("the game did not end")
