"""Whole games of Game of Fields between simulated devices that exchange only links.

Each device is a `pygames.remote.device.Device`; the harness passes every link it
sends to every other device, as text, and nothing else. The terrain is dealt by
mental poker, so every hex turned over waits for both seats' keys."""

from __future__ import annotations

import pytest

from pygames import GAMES
from pygames.core import CHANCE, IllegalAction, RecordedChance
from pygames.position import encode_state
from pygames.remote.chain import ChainError, Message, SodiumSigner
from pygames.remote.deal import SeatDeal
from pygames.remote.device import Device
from pygames.remote.simulate import Table, play_out

GAME = "game-of-fields"


def new_table(options: dict[str, str], name: str) -> Table:
    return Table(GAME, options, name)


def reference_of(device: Device):
    """The game replayed by the ordinary engine from the device's own record."""
    assert device.state is not None
    outcomes = [action for actor, action in device.state.history if actor == CHANCE]
    plan = device.plan
    reference = GAMES[GAME].new_state(2, options=plan.options, chance=RecordedChance(outcomes))
    for actor, action in device.state.history[len(reference.history) :]:
        if actor != CHANCE:
            reference.apply(actor, action)
    return reference


@pytest.mark.parametrize("seed", range(6))
def test_a_blank_map_game_by_links_ends_and_verifies(seed):
    table = new_table({"map": "blank"}, f"game-{seed}")
    before_first_move = len(table.links)
    play_out(table, seed)
    for device in table.devices:
        assert device.state is not None and device.state.is_over()
        assert encode_state(device.state) == encode_state(reference_of(device))
    for device in table.devices:
        table.send(device.seat, device.send_audit())
    assert [device.verdict for device in table.devices] == [[], []]
    assert before_first_move == 3
    revealed = sum(1 for e in table.devices[0].state.events if e.kind == "reveal")
    assert revealed > 0  # hexes were turned over, each by both seats' keys


def test_an_open_map_game_deals_everything_at_the_start():
    table = new_table({"map": "open"}, "open-game")
    assert table.plan.setup_draws == len(table.plan.deck)
    play_out(table, 1)
    assert table.states_agree()


def test_a_tampered_link_is_refused_and_the_game_goes_on():
    table = new_table({"map": "blank"}, "tampered")
    mover = table.devices[0]
    assert mover.state is not None
    action = mover.state.legal_actions(0)[0]
    mover.play(action)
    text = mover.send_moves()
    message = Message.from_text(text)
    forged = Message(message.game, message.number, 0, message.after, {"kind": "move"})
    with pytest.raises(ChainError) as error:
        table.devices[1].receive(forged.signed_by(SodiumSigner()).to_text())
    assert (error.value.reason, error.value.seat) == ("bad_signature", 0)
    table.send(0, text)  # the real link still goes through
    assert table.states_agree()


def test_a_wrong_key_names_its_seat_and_the_card_stays_closed():
    table = new_table({"map": "blank"}, "wrong-key")
    device = table.devices[1]
    other = table.devices[0]
    position = table.plan.setup_draws  # the first hex turned over in play
    device.take_key(0, position, other.deal.release(position + 1))
    device.take_key(1, position, device.deal.release(position))
    assert [fault.seat for fault in device.faults] == [0]
    assert position not in device.opened


def test_an_illegal_move_is_refused_and_changes_nothing():
    table = new_table({"map": "blank"}, "illegal")
    mover, other = table.devices
    assert mover.state is not None and other.state is not None
    before = encode_state(other.state), len(other.chain.messages)
    mover.unsent = ["q18.3"]  # nowhere a Queen of A's can go at the start
    text = mover.send_moves()
    with pytest.raises(IllegalAction):
        other.receive(text)
    assert (encode_state(other.state), len(other.chain.messages)) == before


@pytest.mark.parametrize("cheater", [0, 1])
def test_a_seat_that_deals_a_card_twice_is_named_by_the_audit(monkeypatch, cheater):
    honest_shuffle = SeatDeal.shuffle

    def shuffle_with_a_copy(self, deck):
        step = honest_shuffle(self, deck)
        if self.seat == cheater:
            step.deck[1] = step.deck[0]
        return step

    monkeypatch.setattr(SeatDeal, "shuffle", shuffle_with_a_copy)
    table = new_table({"map": "blank"}, f"cheat-{cheater}")
    monkeypatch.setattr(SeatDeal, "shuffle", honest_shuffle)
    if cheater == 1:
        # Seat 1 locks as it shuffles: the copy sits under position 1's key, a setup
        # draw, and opens to no card on both devices: the game cannot start. (A copy seat
        # 0 made is shuffled on by seat 1 and shows only if both copies are drawn.)
        assert table.plan.setup_draws > 1
        for device in table.devices:
            faults = [(fault.seat, fault.what) for fault in device.faults]
            assert faults == [(-1, "the keys open no card of this deck")]
            assert device.state is None
    for device in table.devices:
        table.send(device.seat, device.send_audit())
    assert [device.verdict for device in table.devices] == [[cheater], [cheater]]


@pytest.mark.parametrize(("cheater", "key"), [(1, "position"), (0, "position"), (0, "deck")])
def test_a_zero_key_published_at_the_audit_names_its_seat(cheater, key):
    """A game begun before seeds publishes each secret as such: a seat that publishes a
    zero key (which locks nothing and inverts to nothing) is named by the other
    device's audit, which goes on to its verdict."""
    table = new_table({"map": "blank"}, "zero-key")
    play_out(table, 2)
    cheat = table.devices[cheater]
    cheat.deal_seed = None  # its audit lists its secrets
    if key == "deck":
        cheat.deal.secrets.deck_key = bytes(32)
    else:
        cheat.deal.secrets.position_keys[0] = bytes(32)
    honest = table.devices[1 - cheater]
    table.send(honest.seat, honest.send_audit())
    table.send(cheater, cheat.send_audit())
    assert honest.verdict == [cheater]
