"""Games with hidden draws between simulated devices that exchange only links: each
device holds its seat's copy of the game (`?` for what it cannot see); cards only one
seat sees open with the other seat's key sealed to it."""

from __future__ import annotations

import pytest
from referee import each_device_holds_its_seats_view as holds_its_seats_view
from referee import truth_of

from pygames.core import UNKNOWN
from pygames.fools.rules import FoolsState
from pygames.fools_field.cards import ALL_CARDS
from pygames.remote.chain import Message
from pygames.remote.commit import Opening
from pygames.remote.deal import DealError
from pygames.remote.device import Device, GamePlan, NotDealtYet
from pygames.remote.simulate import Table, play_out

GAME = "fools-field"


def each_device_holds_its_seats_view(table: Table) -> None:
    """The referee's check (tests/referee.py), and the rival's hand all `?`."""
    holds_its_seats_view(table)
    truth = truth_of(table)
    for device in table.devices:
        rival = truth.hands[1 - device.seat]
        assert device.state.hands[1 - device.seat] == [UNKNOWN] * len(rival)


@pytest.mark.parametrize("seed", range(6))
def test_a_fools_field_game_by_links_keeps_each_hand_on_its_own_device(seed):
    table = Table(GAME, {"start": ["random", "A", "B"][seed % 3]}, f"ff-{seed}")
    assert len(table.links) == 3  # invite, join (with B's keys for A's cards), lock
    for device in table.devices:
        mine = device.state.hands[device.seat]
        assert len(mine) == 6 and UNKNOWN not in mine
    links = len(table.links)
    checked = []
    play_out(table, seed, after_link=lambda t: checked.append(each_device_holds_its_seats_view(t)))
    assert table.devices[0].state.is_over()
    assert len(checked) > 10
    in_play = [Message.from_text(link).body for link in table.links[links:]]
    assert not [body for body in in_play if body["kind"] == "keys"]  # no pause:
    # a Retreat's draw-up opens with the retreater's key, sealed to the rival, sent with it
    assert any(body["kind"] == "move" and body["sealed"] for body in in_play)
    assert any(action == "discard:?" for body in in_play for action in body.get("actions", []))
    assert finish_with_audits(table) == [[], []]  # the deal, and every move replayed


def finish_with_audits(table: Table) -> list:
    for device in table.devices:
        table.send(device.seat, device.send_audit())
    return [device.verdict for device in table.devices]


def discarding_seat(table: Table) -> int:
    for link in table.links:
        body = Message.from_text(link).body
        if body.get("committed"):
            return Message.from_text(link).seat
    raise AssertionError("nobody discarded")


def test_a_hidden_discard_opened_otherwise_at_the_audit_names_its_seat():
    table = Table(GAME, {}, "ff-cheat-1")
    play_out(table, 0)
    cheater = discarding_seat(table)
    opening = table.devices[cheater].openings[0]
    table.devices[cheater].openings[0] = Opening("discard:XXXX", opening.nonce)
    assert finish_with_audits(table) == [[cheater], [cheater]]


def test_a_hidden_discard_of_a_card_not_held_is_named_by_the_audit(monkeypatch):
    """The cheater's device commits to a card its hand does not hold: the commitment
    opens, and the replay with every card open finds the discard illegal."""
    honest = Device.commit_action
    cheats = []

    def commit_a_card_not_held(device, action):
        held = device.state.hands[device.seat]
        other = next(card for card in ALL_CARDS if card not in held)
        cheats.append(device.seat)
        return honest(device, f"discard:{other}")

    monkeypatch.setattr(Device, "commit_action", commit_a_card_not_held)
    table = Table(GAME, {}, "ff-cheat-2")
    play_out(table, 0)
    first = cheats[0]
    verdicts = finish_with_audits(table)
    assert verdicts[0] == verdicts[1] == [first]


def test_a_key_sealed_to_one_seat_is_unreadable_to_another():
    table = Table(GAME, {"start": "A"}, "ff-sealed")
    first, second = table.devices
    join = table.links[1]
    assert '"sealed"' in join
    # Seat B's key for A's cards is sealed to A: B's device, reading its own link, never
    # opened A's cards, and a third party holding every link learns nothing more.
    assert all(card == UNKNOWN for card in second.state.hands[0])
    assert all(card != UNKNOWN for card in first.state.hands[0])


def test_who_starts_at_random_is_picked_jointly_and_nobody_steers_it():
    starts = set()
    for number in range(12):
        table = Table(GAME, {"start": "random"}, f"ff-pick-{number}")
        assert table.states_agree()
        starts.add(table.devices[0].state.turn)
    assert starts == {0, 1}  # the joint pick gives either seat


def test_a_first_seat_that_opens_another_share_than_it_committed_to_is_named(monkeypatch):
    original = Device.lock

    def lock_with_another_share(device):
        device.pick_opening = Opening("00" * 32, device.pick_opening.nonce)
        return original(device)

    monkeypatch.setattr(Device, "lock", lock_with_another_share)
    with pytest.raises(DealError) as refusal:
        Table(GAME, {"start": "random"}, "ff-steered")
    assert refusal.value.seat == 0 and "committed" in str(refusal.value)


def test_a_game_these_devices_cannot_deal_yet_is_refused_before_the_deal(monkeypatch):
    """A setup whose draws come from another pool than the deck (here, a reshuffle
    before the first battle) is refused before anything is dealt."""
    honest = FoolsState.setup

    def setup_with_a_reshuffle(state):
        honest(state)
        state.chance.reshuffled([], [], [])

    monkeypatch.setattr(FoolsState, "setup", setup_with_a_reshuffle)
    with pytest.raises(NotDealtYet):
        GamePlan.of("fools", 2, {})


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_fools_deal_gives_the_armies_and_each_hand_a_block(seats):
    """The setup's draws by audience: every army card (nobody sees them), then three
    cards a hand; an honourable check's draws come later, in order."""
    layout = GamePlan.of("fools", seats, {}).layout
    assert layout.blocks["-"] == (0, 3 * seats)
    assert (
        sorted(size for audience, (_, size) in layout.blocks.items() if audience != "-")
        == [3] * seats
    )
    assert layout.after == 6 * seats
