"""A decision sent to another process (the page's computer worker) is the one the page
would make, and the message holds nothing its seat may not know."""

import json
import random

import pytest

from pygames import GAMES
from pygames.ai.offload import decide, request
from pygames.bots import make_bot
from pygames.core import UNKNOWN, GameError
from pygames.position import encode_state

CASES = [
    (game_id, seats)
    for game_id, game in sorted(GAMES.items())
    for seats in sorted({game.min_seats, game.max_seats})
]


def decisions(game_id: str, seats: int, count: int):
    """(state, seat) with a real choice, along a seeded random game."""
    rng = random.Random(seats)
    state = GAMES[game_id].new_state(seats, seed=11)
    found = []
    while not state.is_over() and len(found) < count:
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) > 1 and rng.random() < 0.3:
            found.append((state.clone(), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_sent_decision_is_the_one_the_page_would_make(game_id, seats):
    found = decisions(game_id, seats, 4)
    assert found
    for number, (state, seat) in enumerate(found):
        for bot in ("greedy", "easy"):
            here = make_bot(bot, number).choose(state, seat)
            assert decide(request(state, seat, bot, number)) == here


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_sent_decision_holds_only_what_its_seat_knows(game_id, seats):
    for state, seat in decisions(game_id, seats, 4):
        message = json.loads(request(state, seat, "hard", 1))
        assert message["position"] == encode_state(state.masked(seat))
        if UNKNOWN in encode_state(state.masked(seat)):
            assert message["position"] != encode_state(state)


def test_a_request_of_another_version_or_bot_is_refused():
    state, seat = decisions("fools-field", 2, 1)[0]
    message = json.loads(request(state, seat, "easy", 1))
    for change in ({"v": 99}, {"bot": "cheat"}, {"game": "chess"}):
        with pytest.raises(GameError):
            decide(json.dumps({**message, **change}))
