"""Seeded random play-throughs of The Fool's Field, checking invariants after every action."""

import json
import random
from collections import Counter

import pytest
from roundtrip import check_round_trips

from pygames.fools_field import GAME
from pygames.fools_field.cards import ALL_CARDS
from pygames.fools_field.rules import HAND_LIMIT
from pygames.record import Record

GAMES = 2000
MOVE_CAP = 3000


def all_cards(state):
    field = [card for card, _ in state.field.values()]
    return Counter(state.deck + state.hands[0] + state.hands[1] + field + sum(state.discards, []))


def hide_differently(state, seat, rng):
    """A clone differing only in what `seat` cannot see: the deck order and rival's hand."""
    other = state.clone()
    rival = 1 - seat
    hidden = other.deck + other.hands[rival]
    rng.shuffle(hidden)
    other.deck = hidden[: len(other.deck)]
    other.hands[rival] = hidden[len(other.deck) :]
    return other


def play_random_game(seed, options):
    state = GAME.new_state(2, seed, options)
    rng = random.Random(seed)
    record = Record.new("fools-field", ["random", "random"], options)
    for _ in range(MOVE_CAP):
        if state.is_over():
            return state, record, rng
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions = state.history
        yield_check(state, rng)
    raise AssertionError(f"seed {seed}: no end after {MOVE_CAP} moves")


def yield_check(state, rng):
    assert all_cards(state) == Counter(ALL_CARDS)
    if state.phase == "deploy":
        assert max(len(h) for h in state.hands) <= HAND_LIMIT
    if rng.random() < 0.02:
        seat = rng.randrange(2)
        assert hide_differently(state, seat, rng).view(seat) == state.view(seat)


@pytest.mark.parametrize("match", ["single", "best-of-3"])
def test_random_games_keep_every_card_end_and_replay(match):
    results = Counter()
    for seed in range(GAMES // 2):
        state, record, rng = play_random_game(seed, {"match": match})
        results[tuple(state.outcome())] += 1
        if seed % 10 == 0:
            check_round_trips(state, record)
    assert results[(1.0, 0.0)] > 0 and results[(0.0, 1.0)] > 0


def test_a_view_never_changes_when_only_hidden_cards_move():
    rng = random.Random(1)
    state = GAME.new_state(2, 11)
    for _ in range(40):
        if state.is_over():
            break
        for seat in (0, 1):
            assert hide_differently(state, seat, rng).view(seat) == state.view(seat)
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_view_shows_the_own_hand_and_only_counts_of_the_rest():
    state = GAME.new_state(2, 5)
    view = state.view(0)
    assert view["hand"] == sorted(state.hands[0])
    assert view["hand_sizes"] == [6, 6] and view["deck"] == 11
    assert not set(state.hands[1]) & set(json.dumps(view).replace('"', " ").split())
    spectator = state.view(None)
    assert spectator["hand"] == [] and spectator["actions"] == []
