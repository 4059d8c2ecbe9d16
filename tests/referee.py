"""The true game at a table of simulated devices (`pygames.remote.simulate.Table`), for
the tests: every card opened with every seat's deal secrets, every hidden action as
its actor made it. Each device must hold exactly its seat's view of it."""

from __future__ import annotations

from pygames import GAMES
from pygames.core import CHANCE, State, audience_seats
from pygames.position import encode_state
from pygames.remote.chain import Message
from pygames.remote.device import DeckChance
from pygames.remote.simulate import Table


def true_states(table: Table) -> tuple[dict[int, State], DeckChance]:
    """The true game after the setup and after every action in the chain so far, by
    the length of its history; and its chance (what each position holds and shows)."""
    # The device furthest in the deal (one may hold its last step back, to send it with
    # its first move).
    probe = max(table.devices, key=lambda device: len(device.steps) + len(device.steps2))
    secrets = {device.seat: device.deal.secrets for device in table.devices}
    secrets2 = {d.seat: d.deal2.secrets for d in table.devices if d.deal2 is not None}
    opened = probe.open_everything(secrets, secrets2)
    plan = table.plan
    shares = [probe.shares[seat] for seat in range(plan.seats)]
    chance = DeckChance(plan.layout, opened, 0, shares, sees_all=True, book=probe)
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
            truth.apply(message.seat, action)
            states[len(truth.history)] = truth.clone()
    return states, chance


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
        truth = states[len(state.history)]
        assert encode_state(state) == encode_state(truth.masked(device.seat))
        may_see = set()
        for position, audience in chance.made:
            seen = audience_seats(audience)
            if seen is None or device.seat in seen:
                may_see.add(position)
        for number, to in chance.shown:
            claim = probe.claims.get(number)
            if claim is not None and (to is None or device.seat in to):
                may_see.update(claim[1])
        assert set(device.opened) <= may_see, sorted(set(device.opened) - may_see)


def links_of(table: Table, kind: str) -> list[dict]:
    """The bodies of the table's links of one kind."""
    bodies = [Message.from_text(text).body for text in table.links]
    return [body for body in bodies if body["kind"] == kind]


def chance_entries(state: State) -> list[str]:
    return [action for actor, action in state.history if actor == CHANCE]
