"""Hidden cards the rules show, between simulated devices that exchange only links.

A seat shows its own hidden cards (Cloth of Gold's reveals from the Hand) by naming
the deck positions they were dealt to and giving every seat's key for them; each
device that may see them opens them there and checks that they are cards dealt to
that seat. Cloth of Gold's Jewels join the Darkness after the Hands are dealt: the
deal has a second stage. See docs/remote-play.md."""

from __future__ import annotations

import contextlib

import pytest
from referee import each_device_holds_its_seats_view, links_of, seeded, truth_of

from pygames.core import UNKNOWN
from pygames.remote.chain import Message
from pygames.remote.deal import DealError, SeatDeal
from pygames.remote.device import Device
from pygames.remote.redeal import SeatRedeal
from pygames.remote.simulate import Table, play_out

COG = "cloth-of-gold"


class Stop(Exception):
    """Ends a game early, once a cheat has gone out."""


def finish_with_audits(table: Table) -> list:
    for device in table.devices:
        table.send(device.seat, device.send_audit())
    return [device.verdict for device in table.devices]


@pytest.mark.parametrize("seed", range(3))
def test_a_cloth_of_gold_game_by_links_shows_each_reveal_to_the_rival(monkeypatch, seed):
    seeded(monkeypatch, seed)
    table = Table(COG, {}, f"cog-{seed}")
    each_device_holds_its_seats_view(table)
    starter = truth_of(table).turn
    # invite, join, lock; the second stage's lock rides with B's first move, or is a link
    # of its own when A starts.
    assert len(table.links) == (3 if starter == 1 else 4)
    checked = []
    play_out(table, seed, after_link=lambda t: checked.append(each_device_holds_its_seats_view(t)))
    truth = truth_of(table)
    assert truth.is_over() and all(device.state.is_over() for device in table.devices)
    for device in table.devices:
        rival = device.state.hands[1 - device.seat]
        assert rival == [UNKNOWN] * len(truth.hands[1 - device.seat])
    assert len(checked) > 10
    shown = [entry for body in links_of(table, "move") for entry in body.get("shown", [])]
    assert shown and all(set(entry["k"]) == {str(body_seat)} for body_seat, entry in by_seat(table))
    revealed = sum(truth.courts[seat].total() for seat in (0, 1)) + truth.removed.total()
    assert revealed > 0
    assert finish_with_audits(table) == [[], []]


def by_seat(table: Table):
    """(sender, disclosure entry) for every disclosure in the table's links."""
    for text in table.links:
        message = Message.from_text(text)
        for entry in message.body.get("shown", []):
            yield message.seat, entry


def cheating_show(monkeypatch, tamper):
    """Patches Device.show so that the first disclosure of a seat's with cards in it
    goes out changed by `tamper(device, entry)` (which returns False to let it be).
    Returns the list the cheating seat is put in."""
    honest = Device.show
    cheats: list[int] = []

    def show(device, disclosures):
        entries = honest(device, disclosures)
        for entry in entries:
            if not cheats and entry["p"] and tamper(device, entry):
                cheats.append(device.seat)
        return entries

    monkeypatch.setattr(Device, "show", show)
    return cheats


def play_until_caught(monkeypatch, table: Table, cheats: list[int]) -> None:
    """Plays until the cheat has gone out and another seat has answered it (the
    cheater's copy of the game and the others' differ from then on; a seat that shows
    its part of a check after the cheater has shown its own has shown it by then)."""
    out_at: list[int] = []

    def stop_after_cheat(table: Table) -> None:
        if cheats and not out_at:
            out_at.append(len(table.links))
        elif out_at:
            later = [Message.from_text(text).seat for text in table.links[out_at[0] :]]
            if any(seat != cheats[0] for seat in later):
                raise Stop

    monkeypatch.setattr(Table, "states_agree", lambda table: True)
    with pytest.raises(Stop):
        play_out(table, 1, after_link=stop_after_cheat)


def test_a_tile_shown_from_a_square_instead_of_the_hand_names_its_seat(monkeypatch):
    """A seat that shows a card dealt face up (every key of it is public) as if from its
    Hand: the card was not dealt to it, and the rival refuses the link at once."""

    def from_a_square(device, entry):
        public = [p for p, audience in device.state.chance.made if audience == ""]
        entry["p"][0] = public[0]
        entry["k"] = {
            seat: [b64_key(device, p, int(seat)) for p in entry["p"]] for seat in entry["k"]
        }
        return True

    cheats = cheating_show(monkeypatch, from_a_square)
    seeded(monkeypatch, 7)
    table = Table(COG, {}, "cog-square")
    with pytest.raises(DealError) as refusal:
        play_out(table, 1)
    assert refusal.value.seat == cheats[0] and "not dealt to it" in str(refusal.value)


def b64_key(device: Device, position: int, seat: int) -> str:
    from pygames.remote.wire import b64

    return b64(device.keys[position][seat])


def test_a_tile_of_another_colour_shown_as_revealed_names_its_seat(monkeypatch):
    """A seat that shows, for its Gold, a Blue tile of its Hand: the rules show only
    Gold tiles, and the rival's copy refuses them at once."""

    def another_colour(device, entry):
        from pygames.remote.deal import card_of

        shown = [card_of(device.opened[p]) for p in entry["p"]]
        held = device.state.chance.holdings(device.seat)
        other = [p for p in sorted(held) if card_of(device.opened[p]) not in shown]
        if not other:
            return False
        entry["p"][0] = other[0]
        entry["k"] = {
            seat: [b64_key(device, p, int(seat)) for p in entry["p"]] for seat in entry["k"]
        }
        return True

    cheats = cheating_show(monkeypatch, another_colour)
    seeded(monkeypatch, 7)
    table = Table(COG, {}, "cog-colour")
    with pytest.raises(DealError) as refusal:
        play_out(table, 1)
    assert refusal.value.seat == cheats[0] and "rules" in str(refusal.value)


def test_a_tile_kept_back_from_a_reveal_is_named_by_the_audit(monkeypatch):
    """A seat that reveals one Gold of two: each card it shows is its own, so the rival
    takes the link; the audit, with every card open, finds the Gold it kept back."""

    def keep_one_back(device, entry):
        if len(entry["p"]) < 2:
            return False
        entry["p"].pop()
        entry["k"] = {seat: keys[:-1] for seat, keys in entry["k"].items()}
        return True

    cheats = cheating_show(monkeypatch, keep_one_back)
    seeded(monkeypatch, 7)
    table = Table(COG, {}, "cog-kept")
    play_until_caught(monkeypatch, table, cheats)
    assert finish_with_audits(table) == [cheats, cheats]


def test_a_wrong_or_withheld_key_for_shown_cards_names_its_seat(monkeypatch):
    def wrong_key(device, entry):
        seat = next(iter(entry["k"]))
        entry["k"][seat][0] = entry["k"][seat][0][::-1]
        return True

    cheats = cheating_show(monkeypatch, wrong_key)
    seeded(monkeypatch, 7)
    table = Table(COG, {}, "cog-wrong-key")
    with pytest.raises(DealError) as refusal:
        play_out(table, 1)
    assert refusal.value.seat == cheats[0]

    def no_key(device, entry):
        entry["k"] = {}
        return True

    monkeypatch.undo()
    seeded(monkeypatch, 8)
    cheats = cheating_show(monkeypatch, no_key)
    seeded(monkeypatch, 7)
    table = Table(COG, {}, "cog-no-key")
    with pytest.raises(DealError) as refusal:
        play_out(table, 1)
    assert refusal.value.seat == cheats[0] and "do not read" in str(refusal.value)


@pytest.mark.parametrize("cheater", [0, 1])
def test_a_card_dealt_twice_in_the_second_stage_is_named_by_the_audit(monkeypatch, cheater):
    """Seat B shuffles the rest of the Darkness with the Jewels first, seat A last."""
    honest = SeatDeal.shuffle

    def shuffle_with_a_copy(self, deck, unlock=None):
        step = honest(self, deck, unlock)
        if self.seat == cheater and self.size == 50:  # the second stage: 44 tiles + 6 Jewels
            step.deck[1] = step.deck[0]
        return step

    monkeypatch.setattr(SeatDeal, "shuffle", shuffle_with_a_copy)
    table = Table(COG, {"start": "A"}, f"cog-twice-{cheater}")
    monkeypatch.setattr(SeatDeal, "shuffle", honest)
    assert finish_with_audits(table) == [[cheater], [cheater]]


# ----- Fools! -----

FOOLS = "fools"


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_fools_game_by_links_shows_checks_bearers_looks_and_armies(monkeypatch, seats):
    """Whole games: hands dealt to each seat alone, the honourable check, Standard
    Bearers committed to and revealed, armies shown by the seats that placed their cards
    and (cards nobody holds) by every seat's key, reshuffles dealt again."""
    seeded(monkeypatch, seats)
    table = Table(FOOLS, {}, f"fools-{seats}", seats)
    each_device_holds_its_seats_view(table)
    checked = []
    play_out(table, seats, after_link=lambda t: checked.append(each_device_holds_its_seats_view(t)))
    truth = truth_of(table)
    assert truth.is_over() and all(device.state.is_over() for device in table.devices)
    for device in table.devices:
        for seat in range(seats):
            if seat != device.seat:
                assert set(device.state.hands[seat]) <= {UNKNOWN}
    assert len(checked) > 20
    entries = [entry for _, entry in by_seat(table)]
    assert any("o" in entry for entry in entries)  # a Standard Bearer revealed
    assert any(body.get("redeal") for body in map(body_of, table.links))  # a reshuffle
    assert finish_with_audits(table) == [[]] * seats


def body_of(text: str) -> dict:
    return Message.from_text(text).body


def test_a_standard_bearer_revealed_otherwise_than_committed_names_its_seat(monkeypatch):
    """A seat that, having seen the others' Standard Bearers, reveals another card of
    its hand than the one it committed to: its opening does not fill its redacted choice
    with what it shows, and the link is refused naming it."""

    def another_bearer(device, entry):
        if "o" not in entry or entry["p"] == [None]:
            return False
        from pygames.remote.deal import card_of

        chosen = entry["i"][0]
        held = device.state.chance.holdings(device.seat) | {entry["p"][0]}
        other = [p for p in sorted(held) if card_of(device.opened[p]) != chosen]
        if not other:
            return False
        entry["p"] = [other[0]]
        entry["i"] = [card_of(device.opened[other[0]])]
        entry["k"] = {seat: [b64_key(device, other[0], int(seat))] for seat in entry["k"]}
        return True

    cheats = cheating_show(monkeypatch, another_bearer)
    seeded(monkeypatch, 7)
    table = Table(FOOLS, {}, "fools-bearer")
    with pytest.raises(DealError) as refusal:
        play_out(table, 2)
    assert refusal.value.seat == cheats[0] and "committed" in str(refusal.value)


def test_an_honourable_hand_kept_back_is_named_by_the_audit(monkeypatch):
    """A seat that says its hand holds no Queen, King or Champion when it does: nobody
    can tell then; the audit, with every card open, names it."""

    def no_honourable(device, entry):
        if len(entry["p"]) != 3 or "o" in entry or device.state is None:
            return False
        entry["p"], entry["k"] = [], {seat: [] for seat in entry["k"]}
        return True

    cheats = cheating_show(monkeypatch, no_honourable)
    seeded(monkeypatch, 7)
    table = Table(FOOLS, {}, "fools-honourable")
    if not cheats:
        play_until_caught(monkeypatch, table, cheats)
    assert finish_with_audits(table) == [cheats] * 2


def test_a_wrong_key_for_the_armies_names_its_seat(monkeypatch):
    """Cards nobody holds (the armies' own cards) open with every seat's key: a key that
    is not the one committed to is found at once, and names its seat."""
    honest = Device.release
    cheats: list[int] = []

    def release(device, draws):
        body = honest(device, draws)
        if not cheats and len(body["keys"]) >= 2 and device.state is not None:
            position = next(iter(body["keys"]))
            body["keys"][position] = body["keys"][position][::-1]
            cheats.append(device.seat)
        return body

    monkeypatch.setattr(Device, "release", release)
    seeded(monkeypatch, 7)
    table = Table(FOOLS, {}, "fools-army-key")
    with pytest.raises((DealError, AssertionError)):
        play_out(table, 3)
    faults = [fault.seat for device in table.devices for fault in device.faults]
    assert cheats and faults and set(faults) == set(cheats)


def test_a_reshuffle_dealt_with_a_wrong_step_is_named_by_the_audit(monkeypatch):
    """A seat that deals a card twice when the discards are dealt again (one lost): the
    game may stop where a card opens twice; the audit, redoing the steps, names it."""
    honest = SeatRedeal.strip
    cheater = 1

    def strip(redeal, deck, position_keys):
        stripped = honest(redeal, deck, position_keys)
        if redeal.seat == cheater:
            stripped[0] = stripped[1]
        return stripped

    monkeypatch.setattr(SeatRedeal, "strip", strip)
    seeded(monkeypatch, 7)
    table = Table(FOOLS, {}, "fools-redeal")
    with contextlib.suppress(AssertionError):  # it may stop where a card opens twice
        play_out(table, 0)
    assert any(device.redeals for device in table.devices)
    monkeypatch.undo()  # the audit redoes the seat's steps honestly
    assert finish_with_audits(table) == [[cheater], [cheater]]


def test_the_audit_gives_each_seats_seed_alone_and_every_deal_is_redone_from_it(monkeypatch):
    """Three seats and reshuffles: each audit link holds the seat's seed and its
    openings, nothing per deal, and every device derives every secret from the seeds."""
    seeded(monkeypatch, 3)
    table = Table(FOOLS, {}, "fools-seeds", 3)
    play_out(table, 3)
    assert table.devices[0].redeals  # the seeds must give the reshuffles' secrets too
    before = len(table.links)
    assert finish_with_audits(table) == [[]] * 3
    audits = [Message.from_text(text).body for text in table.links[before:]]
    assert [set(body) for body in audits] == [{"kind", "seed", "openings"}] * 3
    for device in table.devices:
        derived = table.devices[1].secrets[device.seat]
        assert derived == device.deal.secrets
        for number, mine in device.my_redeals.items():
            assert table.devices[0].redeal_secrets[number][device.seat] == mine.secrets_json()


@pytest.mark.parametrize("cheater", [0, 2])
def test_a_seed_that_is_not_the_one_the_deals_came_from_names_its_seat(monkeypatch, cheater):
    seeded(monkeypatch, 3)
    table = Table(FOOLS, {}, f"fools-other-seed-{cheater}", 3)
    play_out(table, 3)
    table.devices[cheater].deal_seed = bytes(range(32))
    assert finish_with_audits(table) == [[cheater]] * 3
