"""The computer's study of decisions, for every registered game and seat count: it reads
only the deciding seat's knowledge, slicing never changes it, and its marks follow the
thresholds shown on the page."""

import json
import random

import pytest

from pygames import GAMES
from pygames.ai.offload import answer, study_request
from pygames.analysis import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    GameStudy,
    advised_places,
    analyse_decision,
    chances,
    mark_for,
    move_lines,
    moves_in_words,
    pack_verdict,
    preferred_places,
    unpack_verdict,
)
from pygames.choices import picks_of
from pygames.core import GameError
from pygames.position import encode_state
from pygames.record import Record
from pygames.replay import Replay
from pygames.text import game_text, pick_words

CASES = [
    (game_id, seats)
    for game_id, game in sorted(GAMES.items())
    for seats in range(game.min_seats, game.max_seats + 1)
]


def decisions_along(game_id, seats, seed, every=0.3):
    """(state, seat) with a real choice, along a seeded random game."""
    state = GAMES[game_id].new_state(seats, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.to_act())
        if len(state.legal_actions(seat)) > 1 and rng.random() < every:
            yield state.clone(), seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def plain(parts) -> str:
    return "".join(p if isinstance(p, str) else p["text"] for p in parts)


def finished(game_id, seats, seed):
    state = GAMES[game_id].new_state(seats, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = Record.new(game_id, ["random"] * seats)
    record.actions = list(state.history)
    return record


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_states_a_seat_cannot_tell_apart_get_the_same_analysis(game_id, seats):
    studied = 0
    for seed in range(20):
        for state, seat in decisions_along(game_id, seats, seed):
            action = state.legal_actions(seat)[-1]
            twins = [state, *(state.resample(seat, random.Random(k)) for k in (1, 2))]
            verdicts = [analyse_decision(t, seat, action, 60, random.Random(9)) for t in twins]
            assert verdicts[0] == verdicts[1] == verdicts[2]
            assert set(verdicts[0]["values"]) == set(state.legal_actions(seat))
            studied += 1
            if studied >= 5:
                return
    raise AssertionError(f"only {studied} decisions were studied")


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_study_in_slices_stopped_and_resumed_gives_the_same_results(game_id, seats):
    replay = Replay(finished(game_id, seats, 1))
    whole = GameStudy(replay, iterations=20, seed=3)
    assert whole.advance(10**9) and whole.progress() == 1
    sliced = GameStudy(replay, iterations=20, seed=3)
    slices = 0
    while not sliced.advance(7):
        slices += 1
        assert 0 <= sliced.progress() < 1
        if slices == 5:  # stopped: what is done is kept, and the rest resumes
            kept = dict(sliced.results)
            sliced = GameStudy(replay, iterations=20, seed=3, done=kept)
    assert slices > 5
    assert sliced.results == whole.results
    assert set(whole.results) == {d.step for d in replay.decisions()}
    lines = chances(whole.decisions, whole.results, seats)
    assert len(lines) == seats and all(line[0] == (0, 1 / seats) for line in lines)
    assert sum(len(line) - 1 for line in lines) == len(whole.decisions)


def test_a_kept_verdict_reads_back_as_it_was_made():
    replay = Replay(finished("fools", 3, 2))
    study = GameStudy(replay, iterations=12, seed=1)
    study.advance(10**9)
    fields = ("step", "before", "after", "best", "best_value", "mark", "forced")
    for step, verdict in study.results.items():
        packed = json.loads(json.dumps(pack_verdict(step, verdict)))  # as a save keeps it
        assert unpack_verdict(packed) == {"step": step} | {f: verdict[f] for f in fields[1:]}
    assert any(v["mark"] for v in study.results.values())  # marks, too, made the trip


@pytest.mark.parametrize(
    "entry",
    [
        None,
        "a verdict",
        [],
        [3, 0.5, 0.4, "play", 0.5, "", 0, "one more"],
        [0, 0.5, 0.4, "play", 0.5, "", 0],  # no move 0 is a decision
        [True, 0.5, 0.4, "play", 0.5, "", 0],
        [3, 1.5, 0.4, "play", 0.5, "", 0],  # a chance above 1
        [3, 0.5, -0.1, "play", 0.5, "", 0],
        [3, 0.5, 0.4, "play", False, "", 0],
        [3, 0.5, 0.4, ["play"], 0.5, "", 0],
        [3, 0.5, 0.4, "p" * 201, 0.5, "", 0],
        [3, 0.5, 0.4, "play", 0.5, "<b>blunder</b>", 0],  # no such mark
    ],
)
def test_a_kept_verdict_that_is_not_one_is_dropped(entry):
    assert unpack_verdict(entry) is None
    assert unpack_verdict([3, 0.5, 0.4, "play", 0.5, "mistake", 1]) is not None


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_study_sent_to_a_worker_gives_the_verdicts_of_the_page(game_id, seats):
    """Each decision's study request, answered as a worker answers it (`offload.answer`),
    gives the verdict the page's own study gives; the request holds only what the deciding
    seat knew then."""
    replay = Replay(finished(game_id, seats, 2))
    here = GameStudy(replay, iterations=20, seed=5)
    assert here.advance(10**9)
    elsewhere = GameStudy(replay, iterations=20, seed=5)
    for decision in list(elsewhere.todo):
        request = elsewhere.request(decision)
        position = json.loads(request)["position"]
        assert position == encode_state(replay.state(decision.step - 1).masked(decision.seat))
        elsewhere.take(decision, json.loads(answer(request)))
    assert elsewhere.finished() and elsewhere.progress() == 1
    assert elsewhere.results == here.results
    assert len(here.results) == len(replay.decisions()) > 0


def test_a_hint_sent_to_a_worker_is_the_page_s_hint():
    state = GAMES["fools-field"].new_state(2, 4)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act()[0]
    verdict = json.loads(answer(study_request(state, seat, None, 11, 60)))
    page = analyse_decision(state, seat, None, 60, random.Random(11))
    assert verdict == page and set(verdict["values"]) == set(state.legal_actions(seat))
    assert verdict["mark"] is None and verdict["before"] == verdict["after"]


@pytest.mark.parametrize(
    "change",
    [{"v": 3}, {"game": "chess"}, {"iterations": 0}, {"iterations": 10**6}, {"iterations": "9"}],
)
def test_a_study_request_of_another_version_or_an_unbounded_budget_is_refused(change):
    state = GAMES["fools-field"].new_state(2, 4)
    request = json.loads(study_request(state, state.to_act()[0], None, 1, 20))
    with pytest.raises(GameError):
        answer(json.dumps({**request, **change}))


def test_marks_follow_the_thresholds():
    assert INACCURACY < MISTAKE < BLUNDER
    assert mark_for(0) is None and mark_for(INACCURACY - 0.01) is None
    assert mark_for(INACCURACY) == "inaccuracy"
    assert mark_for(MISTAKE) == "mistake"
    assert mark_for(BLUNDER) == "blunder" and mark_for(1) == "blunder"


def test_the_preferred_move_is_never_marked_and_bad_moves_are():
    replay = Replay(finished("fools-field", 2, 11))
    study = GameStudy(replay, iterations=120, seed=1)
    study.advance(10**9)
    marked = 0
    for decision in study.decisions:
        verdict = study.results[decision.step]
        assert 0 <= verdict["after"] <= 1 and 0 <= verdict["before"] <= 1
        assert (
            verdict["best_value"] == max(verdict["values"].values())
            or verdict["best"] in (verdict["values"])
        )
        if verdict["best"] == decision.action or verdict["forced"]:
            assert verdict["mark"] is None
        if verdict["mark"]:
            marked += 1
            assert verdict["before"] - verdict["after"] >= INACCURACY - 1e-9
    assert marked > 0  # a random player errs


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_move_in_words_tells_only_what_its_seat_may_know(game_id, seats):
    checked = 0
    for seed in range(3):
        for state, seat in decisions_along(game_id, seats, seed, every=0.5):
            actions = state.legal_actions(seat)
            twin = state.resample(seat, random.Random(5))

            words = [moves_in_words(s, seat, actions, "en", None, seat) for s in (state, twin)]
            assert words[0] == words[1]
            said = [plain(parts) for parts in words[0].values()]
            assert len(set(said)) == len(actions) and all(said)
            for action in actions:
                assert move_lines(state, seat, action, random.Random(1)) == move_lines(
                    twin, seat, action, random.Random(1)
                )
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_move_in_words_never_tells_what_its_sample_made_up(game_id, seats):
    """The words are played on a sample of what the seat knows: they stop where the move
    would show a card the seat does not know (a rival's Standard Bearer, an army turned
    face up), so every sample gives the same words."""
    checked = 0
    for seed in range(3):
        for state, seat in decisions_along(game_id, seats, seed, every=0.5):
            for action in state.legal_actions(seat):
                lines = [move_lines(state, seat, action, random.Random(n)) for n in range(4)]
                assert all(line == lines[0] for line in lines), (action, lines)
                checked += 1
    assert checked >= 10


# Lines a move may bring about that read the same in advice as in the log: news of the
# table, not told in any time ("Battle 4 begins", "A new battle: B starts", "Game over").
TOLD_AS_NEWS = {"round", "battle", "game_over"}


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_every_move_offered_as_advice_reads_as_advice_in_both_languages(game_id, seats):
    """A hint or the study's preferred move says what to do ("Deploy XSSX."), not what the
    log would say once it is done ("You deployed" the card); a move that writes no line is
    told by what it picks, in words, never by a bare value of its notation."""
    log = game_text(game_id).LOG
    checked, stepped = 0, 0
    for state, seat in decisions_along(game_id, seats, seed=2, every=0.5):
        actions = state.legal_actions(seat)
        for lang in ("en", "ja"):
            words = moves_in_words(state, seat, actions, lang, None, seat)
            for action in actions:
                said = plain(words[action])
                assert said and not said.startswith("You "), (action, said)
                lines = move_lines(state, seat, action, random.Random(0))
                # A line its subject never reads (a private one follows) may go unsaid.
                kinds = [e["kind"] for e in lines]
                kinds = [k for k in kinds if not log.get(k, {}).get("quiet_for_subject")] or kinds
                if lines:
                    first = kinds[0]
                    assert f"{lang}:hint" in log[first], f"{game_id} {first} has no {lang}:hint"
                    checked += 1
                for after in kinds[1:]:  # what the move brings about reads as to come
                    told = f"{lang}:hint" in log.get(after, {}) or after in TOLD_AS_NEWS
                    assert told, f"{game_id} {after} has no {lang}:hint"
                else:
                    stepped += 1
                for kind, value in state.picks(seat, action):
                    picked = pick_words(game_id, [(kind, value)], lang)
                    assert picked, (kind, value)
                    assert picked != value or not value.isdigit(), (kind, value)
                    if lang == "ja":
                        assert not picked.isascii(), (kind, value)  # no notation's word
    assert checked >= 4
    if game_id == "game-of-fields":
        assert stepped > 0  # its moves go one step at a time


def test_a_step_of_a_longer_move_is_advised_by_the_hex_it_goes_to():
    for state, seat in decisions_along("game-of-fields", 2, seed=3, every=1.0):
        steps = [
            action
            for action in state.legal_actions(seat)
            if action[0] == "g" and not move_lines(state, seat, action, random.Random(0))
        ]
        if steps:
            break
    else:
        raise AssertionError("no step that writes no line")
    hex_number = int(steps[0][1:]) + 1
    en = moves_in_words(state, seat, steps, "en", None, seat)
    ja = moves_in_words(state, seat, steps, "ja", None, seat)
    assert plain(en[steps[0]]) == f"Go on to hex {hex_number}."
    assert plain(ja[steps[0]]) == f"ヘクス{hex_number}へ進む。"


def test_a_deployment_offered_as_advice_names_its_space_as_its_seat_sees_the_field():
    checked = 0
    for state, seat in decisions_along("fools-field", 2, seed=4, every=1.0):
        actions = [a for a in state.legal_actions(seat) if "@" in a]
        words = moves_in_words(state, seat, actions, "en", None, seat)
        for action in actions:
            card, cell = action.split("@")  # in the seat's own frame
            row, col = divmod(int(cell), 3)
            where = "in the centre" if cell == "4" else f"at row {row + 1}, column {col + 1}"
            said = words[action]
            assert said[:3] == ["Deploy ", said[1], f" {where}."], said
            assert said[1]["item"] == "card" and said[1]["value"] == card
            checked += 1
    assert checked > 20


def test_two_moves_that_read_alike_end_with_what_only_they_pick():
    """Secret Standard Bearer choices all read "you chose": each ends with its card."""
    for state, seat in decisions_along("fools", 2, seed=4, every=1.0):
        actions = state.legal_actions(seat)
        if all(a.startswith("bearer:") for a in actions):
            break
    else:
        raise AssertionError("no Standard Bearer choice")
    words = moves_in_words(state, seat, actions, "en", None, seat)
    japanese = moves_in_words(state, seat, actions, "ja", None, seat)
    for action in actions:
        card = action.removeprefix("bearer:")
        said = plain(words[action])
        assert said.startswith("Make your secret Standard Bearer choice. (")
        if card == "none":  # as the board's button says it
            assert said.endswith("(no Standard Bearer)")
            assert plain(japanese[action]).endswith("（旗手なし）")
        else:
            assert words[action][-2]["value"] == card  # the card, drawn as an item


# ----- moves on the board -----


def test_advice_marks_what_its_move_picks_and_where_it_goes():
    """A hint's move (and the study's preferred one) is marked by its picks as the seat's
    choices offer it and the places it goes to, each once; a move that is none of the
    seat's legal actions (an answer read as hostile) marks nothing."""
    checked = 0
    for state, seat in decisions_along("game-of-fields", 2, seed=2):
        choices = state.view(seat)["choices"]
        for action in state.legal_actions(seat):
            picks = picks_of(choices, action)
            places = advised_places(state, seat, action)
            assert places[: len(picks)] == picks
            assert set(places) == set(picks) | set(state.goes_to(seat, action))
            assert len(places) == len(set(places))
            checked += 1
        assert advised_places(state, seat, "not a move") == []
    assert checked > 50


def preferred_elsewhere(record):
    """Each decision of a finished game, with another legal move of its position (as a
    study that preferred that one would have it)."""
    replay = Replay(record)
    for decision in replay.decisions():
        before = replay.state(decision.step - 1)
        others = [a for a in before.legal_actions(decision.seat) if a != decision.action]
        if others:
            yield replay, decision, others[len(others) // 2]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_the_preferred_move_is_marked_only_on_the_deciding_seats_board(game_id, seats):
    """On a replay's board, the move the study preferred at a step is marked as a hint's is
    in play, on the board of the seat that chose (its hand, its frame); the same in every
    position that seat could not tell apart, so it shows nothing it did not know. Another
    seat's board and an onlooker's mark nothing: the move's cards or places could be ones
    they never saw. Nor is a move marked where the one made was the one preferred."""
    marked = 0
    for replay, decision, best in preferred_elsewhere(finished(game_id, seats, seed=5)):
        step, seat = decision.step, decision.seat
        before = replay.state(step - 1)
        places = preferred_places(replay, step, best, seat)
        assert places == advised_places(before, seat, best)
        twin = before.resample(seat, random.Random(step))
        assert advised_places(twin, seat, best) == places
        for other in [*range(seats), None]:
            if other != seat:
                assert preferred_places(replay, step, best, other) == []
        assert preferred_places(replay, step, decision.action, seat) == []
        marked += bool(places)
    assert marked >= 3
