"""The rules contract, checked the same way for every registered game and seat count.

What a seat knows decides everything it gets: two states that a seat cannot tell
apart give it the same view, the same legal actions and the same bot decision (and
send the computer's workers the same requests); a
sample of what it cannot see never contradicts its view; a masked state holds no
more than the seat knows; and changing a clone never changes the original.
"""

import json
import random

import pytest

from pygames import GAMES
from pygames.ai.offload import requests
from pygames.bots import make_bot
from pygames.choices import action_for, next_picks, picks_of
from pygames.core import CHANCE, UNKNOWN, IllegalAction, RandomChance
from pygames.position import encode_state
from pygames.record import Record
from pygames.views import View, check_view

CASES = [
    (game_id, seats)
    for game_id, game in sorted(GAMES.items())
    for seats in range(game.min_seats, game.max_seats + 1)
]


# Past this many moves, positions are taken ever more sparsely (by the square of the
# ratio), so that a game whose random play runs long is checked in reasonable time.
DENSE_MOVES = 150


def positions(game_id, seats, seed, every=0.25):
    """States along a seeded random game, with the seats to check in each."""
    state = GAMES[game_id].new_state(seats, seed)
    rng = random.Random(seed)
    while not state.is_over():
        thinning = min(1.0, DENSE_MOVES / max(1, len(state.history))) ** 2
        if rng.random() < every * thinning:
            yield state
        for seat in state.to_act():
            if not state.is_over():
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    yield state


def observers(state):
    return [*range(state.num_seats), None]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_masked_state_gives_the_same_view_and_choices(game_id, seats):
    """... and a copy masked in place (`copy=False`) is that very copy, masked the same."""
    checked = 0
    for seed in range(12):
        for state in positions(game_id, seats, seed, every=0.5):
            for seat in observers(state):
                masked = state.masked(seat)
                assert masked.view(seat) == state.view(seat)
                throwaway = state.clone()
                in_place = throwaway.masked(seat, copy=False)
                assert in_place is throwaway and encode_state(in_place) == encode_state(masked)
                checked += 1
    assert checked > 30


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_sample_agrees_with_everything_the_seat_knows(game_id, seats):
    rng = random.Random(seats)
    changed = hidden = 0
    for seed in range(6):
        for state in positions(game_id, seats, seed):
            for seat in observers(state):
                sample = state.resample(seat, rng)
                sample.check_invariants()
                data = json.loads(encode_state(sample))
                del data["moves"]  # the past stays as the seat saw it: redacted
                assert UNKNOWN not in json.dumps(data)
                assert sample.view(seat) == state.view(seat)
                if seat is not None:
                    assert sample.legal_actions(seat) == state.legal_actions(seat)
                assert encode_state(sample.masked(seat)) == encode_state(state.masked(seat))
                changed += encode_state(sample) != encode_state(state)
                hidden += UNKNOWN in encode_state(state.masked(seat))
    assert changed > 0 or not hidden  # samples really differ where something is hidden


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_states_a_seat_cannot_tell_apart_get_the_same_bot_decision(game_id, seats):
    decided = 0
    for seed in range(40):
        for state in positions(game_id, seats, seed, every=0.15):
            for seat in state.to_act():
                if len(state.legal_actions(seat)) < 2:
                    continue
                twins = [state.resample(seat, random.Random(k)) for k in (1, 2)]
                for bot in ("greedy", "easy"):
                    choices = {make_bot(bot, 7).choose(twin, seat) for twin in [state, *twins]}
                    assert len(choices) == 1
                # The workers' path: what they are sent (all they know) is the same too.
                sent = {tuple(requests(twin, seat, "hard", 7, 2, [])) for twin in [state, *twins]}
                assert len(sent) == 1
                decided += 1
        if decided >= 6:
            return
    raise AssertionError(f"only {decided} decisions with a choice were found")


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_changing_a_clone_never_changes_the_original(game_id, seats):
    for seed in range(4):
        for state in positions(game_id, seats, seed, every=0.3):
            before = encode_state(state)
            clone = state.clone()
            rng = random.Random(seed)
            while not clone.is_over():
                seat = clone.to_act()[0]
                clone.apply(seat, rng.choice(clone.legal_actions(seat)))
            assert encode_state(state) == before


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_game_ends_and_its_record_replays(game_id, seats):
    for seed in range(10):
        *_, state = positions(game_id, seats, seed, every=0)
        outcome = state.outcome()
        assert outcome is not None and abs(sum(outcome) - 1) < 1e-9
        record = Record.new(game_id, ["random"] * seats)
        record.actions = list(state.history)
        assert any(seat == CHANCE for seat, _ in record.actions)
        replayed = Record.from_link_fragment(record.to_link_fragment()).replay()
        for seat in observers(state):
            assert replayed.view(seat) == state.view(seat)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_legal_action_is_offered_as_picks(game_id, seats):
    for seed in range(3):
        for state in positions(game_id, seats, seed, every=0.5):
            for seat in state.to_act():
                view = state.view(seat)
                choices = view["choices"]
                assert choices["prompt"]["key"]
                assert sorted(o["action"] for o in choices["options"]) == sorted(view["actions"])
                for action in view["actions"]:
                    chosen = []
                    for kind, value in state.picks(seat, action):
                        assert value in next_picks(choices, chosen)[kind]
                        chosen.append((kind, value))
                    assert action_for(choices, chosen) == action
                    assert picks_of(choices, action) == chosen  # what a hint's move marks
                assert picks_of(choices, "no such action") is None


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_resignation_leaves_the_rest_playing_until_one_is_left(game_id, seats):
    rng = random.Random(3)
    state = GAMES[game_id].new_state(seats, 3)
    state.apply(0, "resign")
    with pytest.raises(IllegalAction):
        state.apply(0, "resign")
    if seats == 2:
        assert state.outcome() == [0.0, 1.0]
        return
    played_on = state.clone()
    while not played_on.is_over():  # the others play on, and A never wins
        assert 0 not in played_on.to_act()
        seat = played_on.to_act()[0]
        played_on.apply(seat, rng.choice(played_on.legal_actions(seat)))
    assert played_on.outcome()[0] == 0.0 and abs(sum(played_on.outcome()) - 1) < 1e-9
    for leaving in range(1, seats - 1):
        assert not state.is_over()
        state.apply(leaving, "resign")
    assert state.outcome() == [0.0] * (seats - 1) + [1.0]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_view_is_of_the_games_declared_type(game_id, seats):
    game = GAMES[game_id]
    assert game.view_type is not View, f"{game_id} declares no view type of its own"
    checked = 0
    for seed in range(4):
        for state in positions(game_id, seats, seed, every=0.5):
            for seat in observers(state):
                check_view(state.view(seat), game.view_type)
                checked += 1
            if state.is_over():
                for seat in observers(state):
                    check_view(state.full_view(seat), game.view_type)
    assert checked > 20


def test_a_view_with_a_misspelt_or_missing_key_is_refused():
    game = GAMES["highcard"]
    state = game.new_state(2, 1)
    check_view(state.view(0), game.view_type)
    view = dict(state.view(0))
    view["hands"] = view.pop("hand")
    with pytest.raises(ValueError, match="hand"):
        check_view(view, game.view_type)
    with pytest.raises(ValueError, match="seats"):
        check_view({**state.view(0), "seats": "two"}, game.view_type)
    with pytest.raises(ValueError, match="shown"):
        check_view({**state.view(0), "shown": [[7]]}, game.view_type)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_action_reads_and_writes_back_in_the_games_notation(game_id, seats):
    notation = GAMES[game_id].notation
    read = 0
    for seed in range(8):
        for state in positions(game_id, seats, seed, every=0.5):
            for seat in state.to_act():
                for action in state.legal_actions(seat):
                    assert notation.format(notation.parse(action)) == action
                    read += 1
    assert read > 30
    for nonsense in ("", "x" * 200, "@@", "::", "resign:", "?"):
        with pytest.raises(IllegalAction):
            notation.parse(nonsense)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_undo_stops_where_another_seat_acted_unless_that_seat_may_decide_again(game_id, seats):
    """The core's undo fence: a person's decision is never taken back by someone else;
    the computer's may be (it decides again), as long as nothing was revealed."""
    found = 0
    for seed in range(30):
        for state in positions(game_id, seats, seed, every=0.5):
            moves = [(i, s) for i, (s, _) in enumerate(state.history) if s != CHANCE]
            if len(moves) < 2 or state.is_over():
                continue
            (first, mover), (_, other) = moves[-2], moves[-1]
            if mover == other or first < state.fixed_upto:
                continue
            assert state.undo_point(mover) is None
            assert state.undo_point(mover, replayable=[other]) == first
            found += 1
        if found >= 3:
            return
    pytest.skip(f"{game_id} at {seats} seats: no two seats acted in a row without a reveal")


def test_a_draw_of_one_item_takes_the_item_sample_would():
    """`RandomChance.draw` takes one item without `random.sample`, from the same random
    number, so seeded games and the computer's searches go on as they did."""
    for size in (1, 2, 7, 60, 500):
        pool = [f"card{n}" for n in range(size)]
        for seed in range(20):
            ours, theirs = RandomChance(random.Random(seed)), random.Random(seed)
            for _ in range(3):
                assert ours.draw(pool, 1, "") == theirs.sample(pool, 1)
