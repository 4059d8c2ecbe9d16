"""The true game at a table of simulated devices (`pygames.remote.simulate.Table`), for
the tests: every card opened with every seat's deal secrets, every hidden action as
its actor made it. Each device must hold exactly its seat's view of it."""

from __future__ import annotations

import contextlib

from pygames import GAMES
from pygames.core import CHANCE, State, audience_seats
from pygames.position import encode_state
from pygames.remote.chain import Message
from pygames.remote.chance import Pending
from pygames.remote.device import DeckChance, Device
from pygames.remote.group import SodiumGroup
from pygames.remote.simulate import Table


def true_states(table: Table) -> tuple[dict[int, State], DeckChance]:
    """The true game after the setup and after every action in the chain so far, by
    the length of its history; and its chance (what each position holds and shows)."""
    # The device furthest in the deal (one may hold its last step back, to send it with
    # its first move).
    probe = max(table.devices, key=steps_made)
    devices = table.devices
    opened = probe.open_everything(lambda name, index: keys_of(devices, name, index))
    plan = table.plan
    shares = [probe.shares[seat] for seat in range(plan.seats)]
    chance = DeckChance(plan.layout, opened, 0, shares, sees_all=True, book=Everything(table))
    truth = GAMES[plan.game_id].new_state(plan.seats, options=plan.options, chance=chance)
    states = {len(truth.history): truth.clone()}
    hidden = {device.seat: iter(device.openings) for device in table.devices}
    for message in probe.chain.messages:
        body = message.body
        if body["kind"] != "move":
            continue
        committed = body.get("committed") or [None] * len(body["actions"])
        for shown, commitment in zip(body["actions"], committed, strict=True):
            action = shown if commitment is None else next(hidden[message.seat]).value
            try:
                truth.apply(message.seat, action)
            except (KeyError, Pending):  # a card of a reshuffle not dealt yet: it stops here
                return states, chance
            states[len(truth.history)] = truth.clone()
    return states, chance


class Everything:
    """What the referee's chance reads: every claim in the chain, and every device's own
    part of a disclosure it has not sent yet (held back to go with its move)."""

    def __init__(self, table: Table):
        self.devices = table.devices
        self.probe = max(table.devices, key=steps_made)

    def claimed(self, number: int) -> list:
        found = self.probe.claimed(number)
        senders = {sender for sender, _, _ in found}
        for device in self.devices:
            if number in device.my_shown and device.seat not in senders:
                items = device.my_choices.get(number, (None, 0))[0]
                found.append((device.seat, device.my_shown[number], items))
        return found

    def redealt(self, redeal) -> None:
        self.probe.redealt(redeal)

    def shown_to_me(self, number: int, holder: int):
        return None

    def positions_for(self, number, items, held, choice):
        raise AssertionError("the referee shows no cards")

    def stand_in(self) -> str:
        return self.probe.stand_in()


def keys_of(devices: list[Device], name: str, index: int) -> dict[int, bytes]:
    """Every seat's key for a position of a deal (each device's own secret)."""
    found = {}
    for device in devices:
        with contextlib.suppress(KeyError):  # a reshuffle this device has not come to yet
            found[device.seat] = device.own_key(name, index)
    return found


def steps_made(device: Device) -> int:
    """How far a device is in every deal (one may hold its step back, to send with its move)."""
    redealt = sum(len(steps) for steps in device.redeal_steps.values())
    return len(device.steps) + len(device.steps2) + redealt


def truth_of(table: Table) -> State:
    """The true game as far as the chain goes."""
    states, _ = true_states(table)
    return states[max(states)]


def each_device_holds_its_seats_view(table: Table) -> None:
    """Every device holds its seat's view of the true game (as far as it has come: a
    device may wait for keys or shown cards), and opened only cards its seat may see."""
    states, chance = true_states(table)
    probe = table.devices[0]  # every device has every claim of the chain
    for device in table.devices:
        state = device.state
        if state is None:
            continue
        truth = states.get(len(state.history))
        if truth is None:
            # The truth stops where a card of a reshuffle not dealt yet is drawn; a device
            # that sees none of it draws on (`?`): it is checked once the deal is done.
            assert len(state.history) > max(states) and chance.redeals, "a device ahead"
            continue
        assert encode_state(state) == encode_state(truth.masked(device.seat))
        may_see = set()
        for position, audience in chance.made:
            seen = audience_seats(audience)
            if seen is None or device.seat in seen:
                may_see.add(position)
        for number, to in chance.shown:
            if to is None or device.seat in to:
                for _, positions, _ in probe.claimed(number):
                    may_see.update(p for p in positions if p is not None)
        for position, audience in chance.opens:
            seen = audience_seats(audience)
            if seen is None or device.seat in seen:
                may_see.add(position)
        assert set(device.opened) <= may_see, sorted(set(device.opened) - may_see)


def links_of(table: Table, kind: str) -> list[dict]:
    """The bodies of the table's links of one kind."""
    bodies = [Message.from_text(text).body for text in table.links]
    return [body for body in bodies if body["kind"] == kind]


def chance_entries(state: State) -> list[str]:
    return [action for actor, action in state.history if actor == CHANCE]


def seeded(monkeypatch, seed: int) -> None:
    """Deals the same cards in every run of a test: every seat's deal seed (its shuffles
    and keys) and share of the joint picks come from `seed` (nonces stay random: they
    do not move cards)."""
    import random

    import pygames.remote.deal
    import pygames.remote.device

    rng = random.Random(seed)
    monkeypatch.setattr(pygames.remote.deal.random, "SystemRandom", lambda: rng)
    monkeypatch.setattr(pygames.remote.device, "new_deal_seed", lambda: rng.randbytes(32))
    monkeypatch.setattr(
        pygames.remote.device, "random_share", lambda: f"{rng.getrandbits(256):064x}"
    )


class CountingGroup(SodiumGroup):
    """libsodium's group, counting its locks and each scalar's commitments worked out."""

    def __init__(self) -> None:
        super().__init__()
        self.locks = 0
        self.worked: dict[bytes, int] = {}  # scalar -> base_times worked out

    def lock(self, point: bytes, scalar: bytes) -> bytes:
        self.locks += 1
        return super().lock(point, scalar)

    def base_times(self, scalar: bytes) -> bytes:
        self.worked[scalar] = self.worked.get(scalar, 0) + 1
        return super().base_times(scalar)
