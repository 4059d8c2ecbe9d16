"""Mental-poker dealing among simulated devices that exchange only JSON text.

Each device is a `SeatDeal` and sees the others' steps only as serialized messages;
nothing but the audit ever moves a secret between devices."""

from __future__ import annotations

import json

import pytest
from referee import CountingGroup

from pygames.remote.deal import (
    DealError,
    Openings,
    SeatDeal,
    Step,
    audit,
    card_of,
    card_points,
    copy_names,
    deal_order,
    key_product,
    open_card,
    second_order,
)
from pygames.remote.group import BadPoint, SodiumGroup
from pygames.remote.redeal import SeatRedeal, audit_redeal, fresh_names, redeal_order

GROUP = SodiumGroup()
POINTS = card_points(GROUP, "test-deck", [f"card{n}" for n in range(12)])
LABELS = list(POINTS)
START = [POINTS[label] for label in LABELS]


def wire(step: Step) -> Step:
    """What the next device gets: the step as text, read back."""
    return Step.from_json(json.loads(json.dumps(step.to_json())))


def run_deal(seats: int, cheat=None) -> tuple[list[SeatDeal], list[Step]]:
    devices = [SeatDeal(GROUP, seat, seats, len(START)) for seat in range(seats)]
    steps: list[Step] = []
    deck = START
    for seat, kind in deal_order(seats):
        device = devices[seat]
        step = device.shuffle(deck) if kind == "shuffle" else device.lock(deck)
        if cheat is not None:
            step = cheat(seat, kind, step)
        step = wire(step)
        steps.append(step)
        deck = step.deck
    return devices, steps


def commitments_of(steps: list[Step]) -> dict[int, list[bytes]]:
    return {step.seat: step.commitments for step in steps if step.commitments}


def open_for(devices, steps, position: int, keys_from=None) -> str:
    keys = {d.seat: d.release(position) for d in devices if keys_from in (None, d.seat)}
    return open_card(GROUP, POINTS, steps[-1].deck, commitments_of(steps), position, keys)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_position_opens_to_a_different_card_and_the_audit_passes(seats):
    devices, steps = run_deal(seats)
    opened = [open_for(devices, steps, position) for position in range(len(START))]
    assert sorted(opened) == sorted(LABELS)
    assert opened != LABELS  # shuffled: all n seats' orders composing to none is 1 in 12!
    secrets = {d.seat: d.secrets for d in devices}
    assert audit(GROUP, START, steps, secrets) == []


def test_the_dealt_deck_shows_nothing_of_the_cards():
    devices, steps = run_deal(2)
    final = steps[-1].deck
    assert not set(final) & set(START)
    for step in steps:
        assert not set(step.deck) & set(START)


def test_seats_acting_together_cannot_open_a_third_seats_card():
    devices, steps = run_deal(3)
    position = 5
    keys = {d.seat: d.release(position) for d in devices[:2]}
    with pytest.raises(DealError) as missing:
        open_card(GROUP, POINTS, steps[-1].deck, commitments_of(steps), position, keys)
    assert missing.value.seat == 2
    # Even taking off every key the two know (their deck keys are off already) leaves
    # a point that is no card: the third seat's lock is still on.
    product = GROUP.multiply_scalars(keys[0], keys[1])
    point = GROUP.lock(steps[-1].deck[position], GROUP.invert(product))
    assert point not in POINTS.values()


def test_a_wrong_released_key_names_its_seat():
    devices, steps = run_deal(3)
    keys = {d.seat: d.release(4) for d in devices}
    keys[1] = devices[1].release(5)  # another position's key
    with pytest.raises(DealError) as wrong:
        open_card(GROUP, POINTS, steps[-1].deck, commitments_of(steps), 4, keys)
    assert wrong.value.seat == 1


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("kind", ["shuffle", "lock"])
def test_a_changed_card_is_found_by_the_audit(seats, kind):
    cheater = 0

    def swap_in_a_copy(seat, step_kind, step):
        if seat == cheater and step_kind == kind:
            step.deck[1] = step.deck[0]  # one card twice, another gone
        return step

    devices, steps = run_deal(seats, swap_in_a_copy)
    assert audit(GROUP, START, steps, {d.seat: d.secrets for d in devices}) == [cheater]


def test_a_seat_whose_secrets_do_not_explain_its_step_is_named():
    devices, steps = run_deal(3)
    secrets = {d.seat: d.secrets for d in devices}
    secrets[2].order = list(reversed(secrets[2].order))  # not the order it used
    assert audit(GROUP, START, steps, secrets) == [2]


def test_a_seat_that_keeps_its_secrets_is_not_verified():
    devices, steps = run_deal(3)
    secrets = {d.seat: d.secrets for d in devices if d.seat != 1}
    assert audit(GROUP, START, steps, secrets) == [1]


def test_a_point_off_the_group_is_refused():
    devices, steps = run_deal(2)
    deck = list(steps[-1].deck)
    deck[0] = bytes(32)  # not a point of the prime-order group
    with pytest.raises(BadPoint):
        devices[0].lock(deck)


def test_points_of_the_same_card_agree_and_differ_between_decks():
    cards = [card_of(name) for name in LABELS]
    assert card_points(GROUP, "test-deck", cards) == POINTS
    other = card_points(GROUP, "other-deck", cards)
    assert not set(other.values()) & set(POINTS.values())
    assert len(set(POINTS.values())) == len(LABELS)


def test_copies_of_a_card_get_points_of_their_own():
    pool = ["gold"] * 12 + ["jewel"] * 6
    points = card_points(GROUP, "cloth-of-gold", pool)
    assert len(set(points.values())) == 18
    assert sorted(card_of(name) for name in points) == sorted(pool)
    assert copy_names(["a", "b", "a"]) == ["a#0", "b#0", "a#1"]


def test_the_order_of_a_shuffle_is_not_the_same_twice():
    orders = {tuple(SeatDeal(GROUP, 0, 2, 12).secrets.order) for _ in range(5)}
    assert len(orders) > 1


def run_staged_deal(seats: int, block: int, additions: list[str]):
    """A deal in two stages: `block` positions of the first pool, then the rest of it
    with `additions` (cards that join after the first draws), as the devices deal it."""
    pool = [f"card{n}" for n in range(12)]
    points = card_points(GROUP, "staged-deck", pool + additions)
    size, rest = len(pool), len(pool) - block + len(additions)
    first = [SeatDeal(GROUP, s, seats, size, block, len(additions)) for s in range(seats)]
    second = [SeatDeal(GROUP, s, seats, rest, last=s == (seats - 2) % seats) for s in range(seats)]
    steps: list[Step] = []
    steps2: list[Step] = []
    deck = list(points.values())
    for seat, kind in deal_order(seats):
        device = first[seat]
        step = device.shuffle(deck) if kind == "shuffle" else device.lock(deck)
        steps.append(wire(step))
        deck = step.deck
        if kind == "shuffle" and seat == seats - 1:
            steps2.append(wire(second[seat].shuffle(device.merged)))
    for seat, kind in second_order(seats)[1:]:
        device = second[seat]
        previous = steps2[-1].deck
        if kind == "shuffle":
            unlock = GROUP.invert(first[seat].secrets.deck_key)
            step = device.shuffle(previous, unlock)
        else:
            step = device.lock(previous)
        steps2.append(wire(step))
    return points, first, second, steps, steps2


@pytest.mark.parametrize("seats", [2, 3])
def test_a_deal_in_two_stages_deals_the_additions_only_after_the_block(seats):
    """Cloth of Gold's shape: the Hands from the first pool only, the Jewels then mixed
    into the rest; every card opens once, and the audit redoes both stages."""
    additions = ["jewel"] * 3
    points, first, second, steps, steps2 = run_staged_deal(seats, 4, additions)
    block = [opened_in(points, steps, first, p) for p in range(4)]
    rest = [opened_in(points, steps2, second, p) for p in range(len(steps2[-1].deck))]
    assert not any(card_of(name) == "jewel" for name in block)
    assert sorted(block + rest) == sorted(points)
    secrets = {d.seat: d.secrets for d in first}
    secrets2 = {d.seat: d.secrets for d in second}
    start = list(points.values())
    assert audit(GROUP, start, steps, secrets, 4, 3, steps2, secrets2) == []
    secrets2[0].order = list(reversed(secrets2[0].order))
    assert audit(GROUP, start, steps, secrets, 4, 3, steps2, secrets2) == [0]


def opened_in(points, steps, devices, position: int) -> str:
    keys = {d.seat: d.release(position) for d in devices}
    return open_card(GROUP, points, steps[-1].deck, commitments_of(steps), position, keys)


HIDDEN = [2, 5, 7]  # positions of a finished deal, face down, dealt again
SHOWN = ["card0", "card1"]  # cards known to all, dealt again


def run_redeal(seats: int):
    """A deal, then a reshuffle of some of its cards (`HIDDEN`) and fresh ones (`SHOWN`):
    (the deal's devices and steps, the reshuffle's start deck, devices and steps, the
    points of every card)."""
    devices, steps = run_deal(seats)
    names = fresh_names(1, SHOWN)
    fresh = card_points(GROUP, "test-deck", names, named=True)
    start = [steps[-1].deck[p] for p in HIDDEN] + [fresh[name] for name in names]
    mine = [SeatRedeal(GROUP, s, seats, len(start)) for s in range(seats)]
    redealt: list[Step] = []
    for seat, kind in redeal_order(seats):
        keys = [devices[seat].release(p) for p in HIDDEN] if kind.startswith("strip") else []
        deck = redealt[-1].deck if redealt else start
        redealt.append(wire(mine[seat].step(kind, deck, keys)))
    return devices, steps, start, mine, redealt, {**POINTS, **fresh}


@pytest.mark.parametrize("seats", [2, 3])
def test_a_reshuffle_dealt_again_opens_every_card_once_and_the_audit_redoes_it(seats):
    """Cards of a finished deal (face down: still locked at their positions) and cards
    known to all (face up: fresh points), dealt again: every seat strips its position
    keys, then they shuffle and lock; each card opens once, and a seat whose step its
    secrets do not explain is named."""
    devices, steps, start, mine, redealt, points = run_redeal(seats)
    opened = []
    for index in range(len(start)):
        keys = {s.seat: s.deal.release(index) for s in mine}
        opened.append(
            open_card(GROUP, points, redealt[-1].deck, commitments_of(redealt), index, keys)
        )
    assert sorted(card_of(name) for name in opened) == sorted(
        [card_of(open_for(devices, steps, p)) for p in HIDDEN] + SHOWN
    )
    position_keys = {d.seat: [d.release(p) for p in HIDDEN] for d in devices}
    secrets = {s.seat: s.secrets_json() for s in mine}
    assert audit_redeal(GROUP, start, position_keys, redealt, secrets, seats) == []
    wrong = dict(secrets)
    wrong[0] = (GROUP.random_scalar(), wrong[0][1])  # not the strip key it used
    assert audit_redeal(GROUP, start, position_keys, redealt, wrong, seats) == [0]


@pytest.mark.parametrize("seats", [2, 3])
def test_a_reshuffle_whose_openings_are_known_is_audited_with_a_lock_per_step(seats):
    """A card dealt again from a face-down position is traced from that position's
    dealt point, whose opening the device knows too: no lock for it either."""
    devices, steps, start, mine, redealt, _ = run_redeal(seats)
    known = openings_of(lambda i: [d.release(i) for d in devices], steps[-1].deck)
    known |= openings_of(lambda i: [s.deal.release(i) for s in mine], redealt[-1].deck)
    position_keys = {d.seat: [d.release(p) for p in HIDDEN] for d in devices}
    secrets = {s.seat: s.secrets_json() for s in mine}
    counting = CountingGroup()
    assert audit_redeal(counting, start, position_keys, redealt, secrets, seats, known) == []
    assert counting.locks == len(redealt) - 1
    wrong = dict(secrets)
    wrong[0] = (GROUP.random_scalar(), wrong[0][1])
    assert audit_redeal(GROUP, start, position_keys, redealt, wrong, seats, known) == [0]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_fair_deal_is_audited_with_a_lock_per_card_and_one_per_step(seats):
    devices, steps = run_deal(seats)
    counting = CountingGroup()
    assert audit(counting, START, steps, {d.seat: d.secrets for d in devices}) == []
    assert counting.locks == len(START) + len(steps) - 1
    redone_step_by_step = seats * len(START) + (seats - 1) * len(START)
    assert counting.locks < redone_step_by_step


def openings_of(keys_of, final: list[bytes]) -> Openings:
    """Each dealt point's opening, as a device works it out at the audit: the product
    of every seat's key for its position (`keys_of(index)`), and the point it opens to."""
    opened = {}
    for index, dealt in enumerate(final):
        product = key_product(GROUP, keys_of(index))
        opened[dealt] = (product, GROUP.lock(dealt, GROUP.invert(product)))
    return opened


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_fair_deal_whose_openings_are_known_is_audited_with_a_lock_per_step(seats):
    """The dealt deck is compared through the openings the device works out anyway:
    only each earlier step's first card is locked."""
    devices, steps = run_deal(seats)
    known = openings_of(lambda i: [d.release(i) for d in devices], steps[-1].deck)
    counting = CountingGroup()
    secrets = {d.seat: d.secrets for d in devices}
    assert audit(counting, START, steps, secrets, opened=known) == []
    assert counting.locks == len(steps) - 1


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("kind", ["shuffle", "lock"])
def test_known_openings_do_not_hide_a_changed_card(seats, kind):
    """The openings are of the deck as dealt, changed card and all: the audit still
    names the seat that changed it."""
    cheater = seats - 1 if kind == "shuffle" else 0

    def swap_in_a_copy(seat, step_kind, step):
        if seat == cheater and step_kind == kind:
            step.deck[1] = step.deck[0]
        return step

    devices, steps = run_deal(seats, swap_in_a_copy)
    known = openings_of(lambda i: [d.release(i) for d in devices], steps[-1].deck)
    secrets = {d.seat: d.secrets for d in devices}
    assert audit(GROUP, START, steps, secrets, opened=known) == [cheater]


def test_an_opening_that_does_not_fit_the_redone_deal_costs_a_lock_and_changes_nothing():
    """An opening known with another product (a key the seat did not publish) or to
    another point is no shortcut: that card is locked and compared as before."""
    devices, steps = run_deal(2)
    final = steps[-1].deck
    known = openings_of(lambda i: [d.release(i) for d in devices], final)
    other = GROUP.random_scalar()
    known[final[0]] = (other, GROUP.lock(final[0], GROUP.invert(other)))
    known[final[1]] = (known[final[1]][0], GROUP.lock(START[0], other))  # no card
    counting = CountingGroup()
    secrets = {d.seat: d.secrets for d in devices}
    assert audit(counting, START, steps, secrets, opened=known) == []
    assert counting.locks == len(steps) - 1 + 2


@pytest.mark.parametrize("seats", [2, 3])
def test_a_deck_key_that_was_not_the_one_used_is_named(seats):
    """A deck key comes off again before the cards are dealt: a false one leaves the
    dealt deck as it was, and is still found (it changes every card of its steps)."""
    devices, steps = run_deal(seats)
    secrets = {d.seat: d.secrets for d in devices}
    secrets[0].deck_key = GROUP.random_scalar()
    assert audit(GROUP, START, steps, secrets) == [0]


def test_a_shuffle_that_deals_a_card_twice_is_named_though_its_steps_follow():
    """A seat whose order repeats a place (one card twice, another gone) is refused by
    its own code; a seat that changed that code and made its steps by such an order
    passes them on unseen (the cards are locked), and the audit names it."""
    devices = [SeatDeal(GROUP, seat, 3, len(START)) for seat in range(3)]
    cheat = devices[1].secrets.order
    cheat[cheat.index(1)] = cheat[cheat.index(0)]
    with pytest.raises(DealError) as refused:
        devices[1].shuffle(START)
    assert refused.value.seat == 1
    steps: list[Step] = []
    deck = START
    for seat, kind in deal_order(3):
        if (seat, kind) == (1, "shuffle"):
            key = devices[1].secrets.deck_key
            assert key is not None
            step = Step(1, "shuffle", [GROUP.lock(deck[place], key) for place in cheat])
        else:
            device = devices[seat]
            step = device.shuffle(deck) if kind == "shuffle" else device.lock(deck)
        steps.append(wire(step))
        deck = steps[-1].deck
    assert audit(GROUP, START, steps, {d.seat: d.secrets for d in devices}) == [1]


def test_a_seat_that_strips_without_a_key_of_its_own_is_named():
    """Seat 0 takes its keys off the face-down cards and puts none on: seat 1, taking
    its own off next, would see them. Its steps follow from its secrets; still named."""
    devices, steps = run_deal(2)
    hidden = [2, 5, 7]
    start = [steps[-1].deck[p] for p in hidden]
    mine = [SeatRedeal(GROUP, s, 2, len(start)) for s in range(2)]
    mine[0].strip_key = None
    redealt: list[Step] = []
    for seat, kind in redeal_order(2):
        keys = [devices[seat].release(p) for p in hidden] if kind.startswith("strip") else []
        deck = redealt[-1].deck if redealt else start
        redealt.append(wire(mine[seat].step(kind, deck, keys)))
    seen = GROUP.lock(redealt[0].deck[0], GROUP.invert(devices[1].release(hidden[0])))
    assert seen in POINTS.values()  # what seat 1 could do
    position_keys = {d.seat: [d.release(p) for p in hidden] for d in devices}
    secrets = {s.seat: s.secrets_json() for s in mine}
    assert audit_redeal(GROUP, start, position_keys, redealt, secrets, 2) == [0]


def test_a_key_used_for_two_positions_is_refused_naming_its_seat():
    """Releasing such a key for one card would open the other: equal commitments show it."""

    def reuse_a_key(seat, kind, step):
        if seat == 0 and kind == "lock":
            step.commitments[3] = step.commitments[2]
        return step

    with pytest.raises(DealError) as refused:
        run_deal(3, reuse_a_key)
    assert refused.value.seat == 0 and "two positions" in refused.value.what
