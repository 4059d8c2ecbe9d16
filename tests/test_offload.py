"""A decision sent to other processes (the page's computer workers), part by part, is the
one the page would make, and the messages hold nothing its seat may not know."""

import json
import random

import pytest

from pygames import GAMES
from pygames.ai import offload
from pygames.ai.ismcts import FOLLOWS_AT_MOST, run_start
from pygames.ai.offload import choice, compact_json, parts, requests, search_part
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
    messages = requests(state, seat, bot, seed, count, [])
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
        message = json.loads(requests(state, seat, "hard", 1, 2, [])[0])
        assert message["position"] == encode_state(state.masked(seat))
        if UNKNOWN in encode_state(state.masked(seat)):
            assert message["position"] != encode_state(state)


def test_a_request_of_another_version_or_bot_is_refused():
    state, seat = decisions("fools-field", 2, 1)[0]
    message = json.loads(requests(state, seat, "hard", 1, 2, [])[0])
    for change in ({"v": 99}, {"bot": "cheat"}, {"game": "chess"}, {"part": 2}):
        with pytest.raises(GameError):
            search_part(json.dumps({**message, **change}))


# ----- decisions in a row -----


def rows(game_id: str, seats: int, count: int):
    """Decisions of a seat that made the move before too, each with the row it goes on
    from (`run_start`: the states and seeds of the seat's decisions just before), along
    a seeded random game."""
    rng = random.Random(seats)
    state = GAMES[game_id].new_state(seats, seed=5)
    before = {}
    found = []
    while not state.is_over() and len(found) < count:
        seat = state.to_act()[0]
        history = state.history
        start = run_start(history, seat)
        if start < len(history) and len(state.legal_actions(seat)) > 1:
            run = [(before[k], 100 + k) for k in range(start, len(history))]
            found.append((state.clone(), seat, run))
        before[len(history)] = state.clone()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


def searched_in_a_row(state, seat, bot, seed, run):
    """The decision as the page makes it, the row first, each going on from the last;
    and how many iterations it took over from the one before."""
    follows = None
    for before, before_seed in run:
        follows = make_bot(bot, before_seed).start(before, seat, follows)
        while not follows.advance(1000):
            pass
    thinking = make_bot(bot, seed).start(state, seat, follows)
    taken_over = thinking.iterations
    while not thinking.advance(1000):
        pass
    return thinking, taken_over


@pytest.mark.parametrize(("game_id", "seats"), [("game-of-fields", 2), ("fools", 4)])
def test_a_decision_in_a_row_is_the_same_on_the_page_and_in_any_worker(game_id, seats):
    """The page, a worker that kept its part of the last decision, and one that searches
    the row again find the same visits; and the search does go on from the one before."""
    went_on = 0
    for number, (state, seat, run) in enumerate(rows(game_id, seats, 6)):
        bot = "hard" if number == 0 else "normal"
        page, taken_over = searched_in_a_row(state, seat, bot, number, run)
        went_on += taken_over > 0
        on_the_page = [compact_json(part.visits()) for part in parts(page)]
        count = len(on_the_page)
        offload._kept.clear()
        again = [search_part(m) for m in requests(state, seat, bot, number, count, run)]
        offload._kept.clear()
        *earlier, (last, last_seed) = run
        for message in requests(last, seat, bot, last_seed, count, earlier):
            search_part(message)  # the worker keeps its part of the decision before
        kept = [search_part(m) for m in requests(state, seat, bot, number, count, run)]
        assert again == kept == on_the_page
        assert choice(page, kept) == page.best()
    assert went_on >= 3


def test_a_row_goes_on_only_from_the_seats_own_moves_and_for_a_few_in_a_row():
    one, two = 0, 1
    assert run_start([], one) == 0
    assert run_start([(one, "a"), (two, "b")], one) == 2  # another seat moved last
    assert run_start([(two, "b"), (one, "a")], one) == 1
    row = [(two, "b")] + [(one, "a")] * FOLLOWS_AT_MOST
    assert run_start(row, one) == 1  # goes on from all of them
    assert run_start([*row, (one, "a")], one) == len(row) + 1  # then afresh


def test_the_decisions_a_request_goes_on_from_hold_only_what_the_seat_knew():
    state, seat, run = rows("fools", 4, 1)[0]
    message = json.loads(requests(state, seat, "hard", 1, 2, run)[0])
    assert [step["position"] for step in message["run"]] == [
        encode_state(before.masked(seat)) for before, _ in run
    ]
    assert all(
        step["position"] != encode_state(before)
        for step, (before, _) in zip(message["run"], run, strict=True)
    )


def test_a_worker_keeps_only_its_latest_decisions():
    offload._kept.clear()
    places = set()
    for seats in (2, 3, 4):
        for number, (state, seat) in enumerate(decisions("fools", seats, 4)):
            for bot in ("easy", "normal"):
                for message in requests(state, seat, bot, number, 1, []):
                    search_part(message)
                    places.add((seats, seat, bot))
    assert len(places) > offload.KEPT_AT_MOST  # more than it keeps were searched
    assert len(offload._kept) == offload.KEPT_AT_MOST
    latest = json.loads(list(offload._kept)[-1])
    assert (latest[1], latest[3], latest[4]) == (seats, seat, bot)


def test_a_device_runs_a_worker_per_part_of_each_computers_decision_while_it_can():
    from pygames.ai.levels import PARTS

    assert offload.workers_for(cores=8, computers=3) == 3 * PARTS  # three choose at once
    assert offload.workers_for(cores=8, computers=1) == PARTS
    assert offload.workers_for(cores=4, computers=3) == 3  # a core kept for the page
    assert offload.workers_for(cores=1, computers=3) == 1
    assert offload.workers_for(cores=8, computers=3, memory_gb=2) == PARTS
    assert offload.workers_for(cores=8, computers=3, memory_gb=8) == 3 * PARTS


def test_a_seats_position_is_encoded_once_for_the_decisions_that_follow(monkeypatch):
    """A decision's run repeats the states of the decisions before it: each is encoded
    once, and an equal state (another copy, the same history) reads the same text."""
    encoded = []

    def counted(state):
        encoded.append(len(state.history))
        return encode_state(state)

    monkeypatch.setattr(offload, "encode_state", counted)
    monkeypatch.setattr(offload, "_ENCODED", {})  # nothing kept from other tests
    (state, seat), (later, _) = decisions("fools", 3, 2)
    first = offload.seat_position(state, seat)
    assert first == encode_state(state.masked(seat))
    assert offload.seat_position(state.clone(), seat) == first
    assert offload.seat_position(later, seat) == encode_state(later.masked(seat))
    other = next(s for s in range(3) if s != seat)
    assert offload.seat_position(state, other) == encode_state(state.masked(other))
    assert len(encoded) == 3  # the copy was read from what the first call encoded


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_the_page_masks_a_sent_decision_once_and_samples_nothing(game_id, seats, monkeypatch):
    """The page's side of a decision sent to the workers (web/session.py): its search's
    parts share one masked state, the request is encoded from it, and nothing is sampled
    on the page; the request is the one encoded from the state itself."""
    state, seat = decisions(game_id, seats, 1)[0]
    monkeypatch.setattr(offload, "_ENCODED", {})
    expected = requests(state, seat, "hard", 5, 2, [])
    monkeypatch.setattr(offload, "_ENCODED", {})
    masked = []
    real_masked = type(state).masked

    def counted(self, *args, **kwargs):
        masked.append(len(self.history))
        return real_masked(self, *args, **kwargs)

    monkeypatch.setattr(type(state), "masked", counted)
    thinking = make_bot("hard", 5).start(state.clone(), seat)
    searches = parts(thinking)
    known = searches[0].state
    assert all(search.state is known for search in searches)
    assert requests(state, seat, "hard", 5, len(searches), [], known) == expected
    assert len(masked) == 1
    assert not any("sampler" in vars(search) for search in searches)
    searches[1].advance(1)  # a worker searches its part: only that part samples
    assert "sampler" in vars(searches[1]) and "sampler" not in vars(searches[0])
