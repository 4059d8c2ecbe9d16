"""Seeded random play-throughs of Game of Fields on both maps, checking invariants throughout.

The suite plays a modest number of games per map (random games run to several
hundred steps). For thousands, either set the count:

    GOF_PLAYTHROUGHS=2000 .venv/bin/pytest tests/test_game_of_fields_playthrough.py

or play them from the command line (records replayed, every game must end):

    .venv/bin/pygames play game-of-fields --bots random,random --games 2000 --quiet
    .venv/bin/pygames play game-of-fields --bots random,random --games 2000 \\
        --option map=blank --quiet
"""

import json
import os
import random
from collections import Counter

import pytest
from roundtrip import check_round_trips

from pygames.game_of_fields import GAME
from pygames.game_of_fields.hexmap import FACE_DOWN, TERRAIN_COUNTS
from pygames.game_of_fields.rules import FIELD_PAWNS, MAX_CITIES, MAX_PRINCES
from pygames.record import Record

GAMES = int(os.environ.get("GOF_PLAYTHROUGHS", "60"))
MOVE_CAP = 20_000


def check_limits(state):
    state.check_invariants()
    for seat in (0, 1):
        assert len(state.princes[seat]) <= state.limits[seat] <= MAX_PRINCES
        assert len(state.cities[seat]) <= MAX_CITIES
        assert len(state.fields[seat]) <= FIELD_PAWNS
        assert (
            state.queens[seat] >= 0
            or state.cities[seat]
            and state.princes[seat]
            or (state.is_over())
        )
        for hex_id in set(state.princes[seat]) | {state.queens[seat]} - {-1}:
            assert state.own_count(seat, hex_id) <= 2 or state.mover
    laid = Counter(t for t in state.terrain if t != FACE_DOWN) + Counter(state.pool)
    assert laid == Counter(TERRAIN_COUNTS)


def check_views_hide_face_down_hexes(state):
    hidden = [h for h in range(19) if state.terrain[h] == FACE_DOWN]
    for seat in (0, 1, None):
        view = state.view(seat)
        assert all(view["terrain"][h] == FACE_DOWN for h in hidden)
        told = [e.get("hex") for e in view["log"] if e["kind"] == "reveal"]
        assert not set(told) & set(hidden)
        json.dumps(view)


def play_random_game(seed, options):
    state = GAME.new_state(2, seed, options)
    rng = random.Random(seed)
    for _ in range(MOVE_CAP):
        if state.is_over():
            return state
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check_limits(state)
        if rng.random() < 0.02:
            check_views_hide_face_down_hexes(state)
    raise AssertionError(f"seed {seed}: no end after {MOVE_CAP} steps")


@pytest.mark.parametrize("map_option", ["open", "blank"])
def test_random_games_keep_the_limits_end_and_replay(map_option):
    options = {"map": map_option}
    reasons = Counter()
    winners = Counter()
    for seed in range(GAMES):
        state = play_random_game(seed, options)
        reasons[state.end_reason] += 1
        winners[tuple(state.outcome())] += 1
        if seed % 10 == 0:
            record = Record.new(GAME.id, ["random", "random"], options)
            record.actions = list(state.history)
            check_round_trips(state, record)
            check_views_hide_face_down_hexes(state)
    assert reasons["fields"] > 0 and reasons["queen"] > 0
    assert winners[(1.0, 0.0)] > 0 and winners[(0.0, 1.0)] > 0


def test_blank_map_games_turn_hexes_over_as_chance_outcomes():
    state = play_random_game(3, {"map": "blank"})
    reveals = [e for e in state.events if e.kind == "reveal"]
    assert reveals
    chance = [a for seat, a in state.history if seat == -1]
    assert len(chance) == 6 + len(reveals)  # the Princes' hexes, then each hex turned over
