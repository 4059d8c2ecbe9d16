"""Seeded random play-throughs of The Field of the Cloth of Gold, checking invariants."""

import random
from collections import Counter

from roundtrip import check_round_trips

from pygames.cloth_of_gold import GAME
from pygames.cloth_of_gold.board import all_tiles
from pygames.core import CHANCE
from pygames.record import Record

GAMES = 2000
MOVE_CAP = 500


def every_tile(state):
    squares = [tile for tile in state.squares.values() if tile]
    courts = state.courts[0] + state.courts[1]
    tiles = Counter(state.darkness + squares + state.hands[0] + state.hands[1])
    return tiles + courts + state.removed


def hide_differently(state, seat, rng):
    """A clone differing only in what `seat` cannot see: the Darkness and the rival's Hand."""
    other = state.clone()
    rival = 1 - seat
    hidden = other.darkness + other.hands[rival]
    rng.shuffle(hidden)
    other.darkness = hidden[: len(other.darkness)]
    other.hands[rival] = hidden[len(other.darkness) :]
    return other


def play_random_game(seed, options=None):
    options = options or {}
    state = GAME.new_state(2, seed, options)
    rng = random.Random(seed)
    record = Record.new(GAME.id, ["random", "random"], options)
    for _ in range(MOVE_CAP):
        if state.is_over():
            return state, record
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        record.actions = state.history
        check_invariants(state, rng)
    raise AssertionError(f"seed {seed}: no end after {MOVE_CAP} moves")


def check_invariants(state, rng):
    assert every_tile(state) == Counter(all_tiles())
    occupied = [oval for tokens in state.tokens for oval in tokens]
    assert len(occupied) == len(set(occupied)) and state.dragon not in occupied
    if not state.is_over():
        assert max(state.scores) < 30 and state.darkness
    if rng.random() < 0.01:
        seat = rng.randrange(2)
        assert hide_differently(state, seat, rng).view(seat) == state.view(seat)


def test_random_games_keep_every_tile_end_and_replay():
    results = Counter()
    reasons = Counter()
    for seed in range(GAMES):
        state, record = play_random_game(seed)
        results[tuple(state.outcome())] += 1
        reasons[state.end_reason] += 1
        if seed % 50 == 0:
            check_round_trips(state, record)
    assert results[(1.0, 0.0)] > 0 and results[(0.0, 1.0)] > 0
    assert reasons["darkness"] > 0 and reasons["score"] > 0


def test_a_view_never_changes_when_only_hidden_tiles_move():
    rng = random.Random(1)
    for seed in range(5):
        state = GAME.new_state(2, seed)
        while not state.is_over():
            for seat in (0, 1):
                assert hide_differently(state, seat, rng).view(seat) == state.view(seat)
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_view_shows_the_own_hand_and_only_counts_of_the_rest():
    state = GAME.new_state(2, 5)
    view = state.view(0)
    assert view["hand"] == sorted(state.hands[0], key=["gold", "blue", "white", "red"].index)
    assert view["hand_sizes"] == [2, 2] and view["darkness"] == 44
    spectator = state.view(None)
    assert spectator["hand"] == [] and spectator["actions"] == []
    assert spectator["preview"] == {}


def test_the_start_option_replays_from_a_record_and_its_old_name_still_reads():
    state, record = play_random_game(7, {"start": "B"})
    assert record.to_text().split("\n")[0].endswith("start=B")
    old_name = record.to_text().replace("start=B", "first=B", 1)
    assert Record.from_text(old_name).replay().view(None) == state.view(None)
    assert next(seat for seat, _ in record.actions if seat != CHANCE) == 1
    assert Record.from_text(record.to_text()).replay().view(None) == state.view(None)
