"""A decision sent to other processes (the page's computer workers), part by part, is the
one the page would make, and the messages hold nothing its seat may not know."""

import json
import random

import pytest

from pygames import GAMES
from pygames.ai.offload import choice, parts, requests, search_part
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


def sent(state, seat: int, bot: str, seed: int) -> str:
    """The decision from its parts' requests, answered last part first (as workers may)."""
    thinking = make_bot(bot, seed).start(state, seat)
    count = len(parts(thinking))
    messages = requests(state, seat, bot, seed, count)
    answers = [search_part(message) for message in reversed(messages)]
    return choice(thinking, answers)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_sent_decision_is_the_one_the_page_would_make(game_id, seats):
    found = decisions(game_id, seats, 4)
    assert found
    for number, (state, seat) in enumerate(found):
        bots = ("easy", "hard") if number == 0 else ("easy",)
        for bot in bots:
            assert sent(state, seat, bot, number) == make_bot(bot, number).choose(state, seat)


def test_hard_decides_in_independent_parts_and_quick_bots_are_not_sent():
    state, seat = decisions("fools-field", 2, 1)[0]
    assert len(parts(make_bot("hard", 1).start(state, seat))) == 2
    assert len(parts(make_bot("easy", 1).start(state, seat))) == 1
    assert parts(make_bot("greedy", 1).start(state, seat)) == []


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_sent_decision_holds_only_what_its_seat_knows(game_id, seats):
    for state, seat in decisions(game_id, seats, 4):
        message = json.loads(requests(state, seat, "hard", 1, 2)[0])
        assert message["position"] == encode_state(state.masked(seat))
        if UNKNOWN in encode_state(state.masked(seat)):
            assert message["position"] != encode_state(state)


def test_a_request_of_another_version_or_bot_is_refused():
    state, seat = decisions("fools-field", 2, 1)[0]
    message = json.loads(requests(state, seat, "hard", 1, 2)[0])
    for change in ({"v": 99}, {"bot": "cheat"}, {"game": "chess"}, {"part": 2}):
        with pytest.raises(GameError):
            search_part(json.dumps({**message, **change}))
