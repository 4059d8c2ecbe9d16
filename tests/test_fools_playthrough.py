"""Seeded random play-throughs of Fools! at 2, 3 and 4 seats, checked after every action.

Every card is accounted for, every game ends, records replay, and no view holds a
card its seat has not seen. The suite plays a few hundred games; for thousands:

    .venv/bin/pygames play fools --bots random,random,random,random --games 5000 --quiet

(every game of `pygames play` runs the invariant check of each action through
`State.apply`; set GAMES below higher for the checks of this file).
"""

import json
import random
from collections import Counter

import pytest
from roundtrip import check_round_trips

from pygames.core import CHANCE
from pygames.fools import GAME
from pygames.fools.cards import deck_for
from pygames.fools.notation import Deploy, parse, slot_name
from pygames.record import Record

GAMES = {2: 600, 3: 400, 4: 400}
MOVE_CAP = 2000


def every_card(state):
    places = (
        state.deck
        + state.discard_up
        + state.discard_down
        + [c for c in state.armies if c is not None]
        + [c for c in state.bearers if c is not None]
        + sum(state.hands, [])
        + sum(state.vp, [])
    )
    return Counter(places)


def check_views(state, rng):
    """Each seat's view holds only cards it has seen: its hand, face-up cards, known slots."""
    for seat in (*range(state.num_seats), None):
        view = state.view(seat)
        for owner, army in enumerate(view["armies"]):
            for slot in army:
                if slot["card"] is not None:
                    assert slot["know"] in ("placed", "saw", "shown"), (seat, owner, slot)
                    index = "ABCD".index(slot["slot"][0]) * 3 + int(slot["slot"][1]) - 1
                    assert slot["card"] == state.armies[index]
        if seat is not None:
            assert sorted(view["hand"]) == sorted(state.hands[seat])
        if rng.random() < 0.05:
            twin = state.resample(seat, rng)
            assert twin.view(seat) == view
        for entry in view["log"]:
            if "card" in entry or "cards" in entry:
                assert entry["kind"] in PUBLIC_CARDS or entry.get("seat") == seat, entry


# Log lines that show cards to everyone (the rest go only to the seat they are about).
PUBLIC_CARDS = {"honourable", "army", "vp"}


def play_random_game(seats, seed, resign=False):
    state = GAME.new_state(seats, seed)
    rng = random.Random(seed)
    record = Record.new("fools", ["random"] * seats)
    for _ in range(MOVE_CAP):
        if state.is_over():
            record.actions = list(state.history)
            return state, record
        seat = rng.choice(state.to_act())
        if resign and seats > 2 and rng.random() < 0.01:
            state.apply(rng.choice(state.seats_in_play()), "resign")
        else:
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert every_card(state) == Counter(deck_for(seats))
        state.check_invariants()
        if rng.random() < 0.1:
            check_views(state, rng)
    raise AssertionError(f"seed {seed}: no end after {MOVE_CAP} moves")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_random_games_keep_every_card_end_and_replay(seats):
    winners = Counter()
    reshuffles = 0
    for seed in range(GAMES[seats]):
        state, record = play_random_game(seats, seed, resign=seed % 5 == 0)
        outcome = state.outcome()
        assert abs(sum(outcome) - 1) < 1e-9
        for seat, share in enumerate(outcome):
            winners[seat] += share > 0
        reshuffles += any(e.kind == "reshuffle" for e in state.events)
        if seed % 15 == 0:
            check_round_trips(state, record)
    assert all(winners[seat] > 0 for seat in range(seats))
    assert reshuffles > 0


def test_a_seat_never_sees_the_cards_put_into_its_own_army():
    for seed in range(20):
        state = GAME.new_state(3, seed)
        rng = random.Random(seed)
        while not state.is_over() and state.phase != "over":
            seat = state.to_act()[0]
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            deploy = parse(action)
            if isinstance(deploy, Deploy):
                target = deploy.slot // 3
                slot = slot_name(deploy.slot)
                view = state.view(target)
                cell = next(s for s in view["armies"][target] if s["slot"] == slot)
                if state.round == state.view(target)["round"] and state.phase == "steps":
                    assert cell["card"] is None or cell["know"] == "shown"
            if state.round > 2:
                break


def test_chance_outcomes_are_recorded_with_who_saw_them():
    state = GAME.new_state(4, 3)
    audiences = Counter(a.partition(":")[0] for s, a in state.history if s == CHANCE)
    assert audiences["-"] == 4  # the four armies: nobody sees them
    assert all(audiences[letter] >= 1 for letter in "ABCD")  # each hand: its owner
    assert json.dumps(state.view(None))
