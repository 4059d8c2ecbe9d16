"""A seat's copy of a game kept from what it sees only (`pygames.remote.replica`): the
rules play every move on a state that holds `?` for what the seat cannot see, and the
copy stays equal to the true game as that seat knows it."""

import random

import pytest

from pygames import GAMES
from pygames.core import CHANCE, Chance, IllegalAction, fresh_chance
from pygames.position import encode_state
from pygames.remote.replica import SeatCopy, seen_draws

# The games with hidden cards whose rules play on from a seat's copy so far (Game of
# Fields, whose draws every seat sees, plays by links in test_remote_play.py; the
# rest: docs/remote-play.md).
COPYABLE = [
    ("fools-field", {}, 2),
    ("fools-field", {"match": "best-of-3"}, 2),
    ("cloth-of-gold", {}, 2),
    ("fools", {}, 2),
    ("fools", {}, 3),
    ("fools", {}, 4),
]


class Disclosures(Chance):
    """The true game's chance, noting what each seat discloses of its hidden cards."""

    def __init__(self, inner):
        self.inner = inner
        self.told = []

    def draw(self, pool, count, audience):
        return self.inner.draw(pool, count, audience)

    def copy(self):
        raise AssertionError("the true game is never copied here")

    def disclosed(self, items, by=None, to=None, drawn=None, choice=False, steady=False):
        self.told.append((list(items), by, to))
        return items

    def disclosed_each(self, parts, by, to=None):
        self.told.append(([list(part) for part in parts], list(by), to))
        return [list(part) for part in parts]


def random_game(game_id, options, seats, seed):
    """A seeded random game (voluntary Retreats rare): its moves, each with the draws it
    made and what it disclosed, after the setup's draws."""
    chance = Disclosures(fresh_chance(seed))
    state = GAMES[game_id].new_state(seats, options=options, chance=chance)
    setup = list(state.history), list(state.chance.told)
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        deploys = [a for a in legal if a != "retreat"]
        action = rng.choice(deploys if deploys and rng.random() < 0.85 else legal)
        before, told = len(state.history), len(state.chance.told)
        state.apply(seat, action)
        draws = [entry for entry in state.history[before + 1 :] if entry[0] == CHANCE]
        moves.append((seat, action, draws, state.chance.told[told:]))
    return setup, moves


def same_as_the_truth(copy, truth, seat):
    assert copy.state.view(seat) == truth.view(seat)
    assert encode_state(copy.state.masked(seat)) == encode_state(truth.masked(seat))


@pytest.mark.parametrize(("game_id", "options", "seats"), COPYABLE)
def test_a_seat_copy_kept_from_what_the_seat_sees_equals_the_game_as_it_knows_it(
    game_id, options, seats
):
    compared = disclosed = 0
    for seed in range(12):
        (setup, told), moves = random_game(game_id, options, seats, seed)
        truth = GAMES[game_id].new_state(seats, seed, options)
        copies = [
            SeatCopy(game_id, seats, truth.options, seat, seen_draws(setup, seat, truth), told)
            for seat in range(seats)
        ]
        for seat, copy in enumerate(copies):
            same_as_the_truth(copy, truth, seat)
        for actor, action, draws, told in moves:
            truth.apply(actor, action)
            disclosed += len(told)
            for seat, copy in enumerate(copies):
                seen = truth.redacted(actor, action, seat)
                copy.apply(actor, seen, seen_draws(draws, seat, truth), told)
                same_as_the_truth(copy, truth, seat)
                compared += 1
        else:
            assert all(copy.state.is_over() for copy in copies)
    assert compared > 500
    if game_id != "fools-field":
        assert disclosed > 100


def test_a_copy_refuses_a_card_its_seat_knows_the_rival_cannot_hold():
    truth = GAMES["fools-field"].new_state(2, 3)
    rival = 1 - truth.turn
    copy = SeatCopy("fools-field", 2, truth.options, rival, seen_draws(truth.history, rival, truth))
    mine = truth.hands[rival][0]
    with pytest.raises(IllegalAction):
        copy.apply(truth.turn, f"{mine}@4", [])
    theirs = truth.hands[truth.turn][0]
    copy.apply(truth.turn, f"{theirs}@4", [])  # a card it has not seen: it may be there
    assert copy.state.field[4][0] == theirs
