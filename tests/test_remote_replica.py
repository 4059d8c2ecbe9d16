"""A seat's copy of a game kept from what it sees only (`pygames.remote.replica`): the
rules play every move on a state that holds `?` for what the seat cannot see, and the
copy stays equal to the true game as that seat knows it."""

import random

import pytest

from pygames import GAMES
from pygames.core import CHANCE, IllegalAction
from pygames.position import encode_state
from pygames.remote.replica import SeatCopy, seen_draws

# The games with hidden cards whose rules play on from a seat's copy so far (Game of
# Fields, whose draws every seat sees, plays by links in test_remote_play.py; the
# rest: docs/remote-play.md).
COPYABLE = [("fools-field", {}), ("fools-field", {"match": "best-of-3"})]


def steps(state):
    """The true game's history cut into (actor, action, the draws it made)."""
    history = state.history
    setup = 0
    while setup < len(history) and history[setup][0] == CHANCE:
        setup += 1
    found = []
    for actor, action in history[setup:]:
        if actor == CHANCE:
            found[-1][2].append((actor, action))
        else:
            found.append((actor, action, []))
    return history[:setup], found


def random_game(game_id, options, seed):
    state = GAMES[game_id].new_state(2, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        deploys = [a for a in legal if a != "retreat"]
        state.apply(seat, rng.choice(deploys if deploys and rng.random() < 0.85 else legal))
    return state


def same_as_the_truth(copy, truth, seat):
    assert copy.state.view(seat) == truth.view(seat)
    assert encode_state(copy.state.masked(seat)) == encode_state(truth.masked(seat))


@pytest.mark.parametrize(("game_id", "options"), COPYABLE)
def test_a_seat_copy_kept_from_what_the_seat_sees_equals_the_game_as_it_knows_it(game_id, options):
    compared = repeated = 0
    for seed in range(12):
        final = random_game(game_id, options, seed)
        setup, moves = steps(final)
        game = GAMES[game_id]
        truth = game.new_state(2, seed, options)
        copies = [
            SeatCopy(game_id, 2, truth.options, seat, seen_draws(setup, seat, truth))
            for seat in (0, 1)
        ]
        for seat, copy in enumerate(copies):
            same_as_the_truth(copy, truth, seat)
        for actor, action, draws in moves:
            truth.apply(actor, action)
            for seat, copy in enumerate(copies):
                seen = truth.redacted(actor, action, seat)
                copy.apply(actor, seen, seen_draws(draws, seat, truth))
                if truth.end_reason == "repetition" and not copy.state.is_over():
                    repeated += 1  # both hands compared: see the test below
                    break
                same_as_the_truth(copy, truth, seat)
                compared += 1
            else:
                continue
            break
    assert compared > 1000
    assert repeated <= 2


def test_a_copy_refuses_a_card_its_seat_knows_the_rival_cannot_hold():
    truth = GAMES["fools-field"].new_state(2, 3)
    setup, _ = steps(truth)
    copy = SeatCopy(
        "fools-field", 2, truth.options, 1 - truth.turn, seen_draws(setup, 1 - truth.turn, truth)
    )
    mine = truth.hands[1 - truth.turn][0]
    with pytest.raises(IllegalAction):
        copy.apply(truth.turn, f"{mine}@4", [])
    theirs = truth.hands[truth.turn][0]
    copy.apply(truth.turn, f"{theirs}@4", [])  # a card it has not seen: it may be there
    assert copy.state.field[4][0] == theirs
