"""The computer opponents: they never peek, keep every card, play legally and beat random."""

import gc
import random
from collections import Counter

import pytest

from pygames import GAMES
from pygames.ai.bench import sample_positions
from pygames.ai.hooks import hooks_for
from pygames.ai.ismcts import Search, StageChance, StageOver
from pygames.ai.levels import LEVELS
from pygames.ai.yardstick import CheatingBot
from pygames.bots import BOTS, make_bot
from pygames.cloth_of_gold.board import all_tiles
from pygames.core import CHANCE, RandomChance
from pygames.fools_field import GAME
from pygames.fools_field.ai import legal_actions
from pygames.fools_field.cards import ALL_CARDS
from pygames.fools_field.rules import FoolsFieldState

BOT_NAMES = ["random", "greedy", *LEVELS]


def all_cards(state):
    field = [card for card, _ in state.field.values()]
    return Counter(state.deck + sum(state.hands, []) + field + sum(state.discards, []))


def positions(seed, options=None, every=0.15, moves=400):
    """States along a seeded random game (voluntary Retreats rare), one seat to act in each."""
    state = GAME.new_state(2, seed, options)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.random() < every:
            yield state.clone(), seat
        deploys = [a for a in legal if a != "retreat"]
        action = rng.choice(deploys if deploys and rng.random() < 0.9 else legal)
        state.apply(seat, action)


def hide_differently(state, seat, rng):
    """A clone `seat` cannot tell apart: the rival's hand, discards and the deck reshuffled."""
    other = state.clone()
    rival = 1 - seat
    hidden = other.deck + other.hands[rival] + other.discards[rival]
    rng.shuffle(hidden)
    sizes = len(other.deck), len(other.hands[rival])
    other.deck = hidden[: sizes[0]]
    other.hands[rival] = hidden[sizes[0] : sum(sizes)]
    other.discards[rival] = hidden[sum(sizes) :]
    assert other.view(seat) == state.view(seat)
    return other


def peek_positions(count):
    found = []
    for seed in range(100):
        for state, seat in positions(seed, every=0.3):
            other = hide_differently(state, seat, random.Random(seed))
            if other.hands[1 - seat] != state.hands[1 - seat]:
                found.append((state, other, seat))
                break
        if len(found) == count:
            return found
    raise AssertionError("too few positions")


# ----- never peeking -----


@pytest.mark.parametrize("name", BOT_NAMES)
def test_a_bot_decides_the_same_when_only_hidden_cards_differ(name):
    for number, (state, other, seat) in enumerate(peek_positions(3)):
        first = make_bot(name, number).choose(state, seat)
        second = make_bot(name, number).choose(other, seat)
        assert first == second


@pytest.mark.parametrize("level", LEVELS)
def test_search_statistics_do_not_depend_on_hidden_cards(level):
    for state, other, seat in peek_positions(2):
        visits = []
        for position in (state, other):
            search = Search(position, seat, LEVELS[level], random.Random(5))
            search.advance(LEVELS[level])
            visits.append(search.visits())
        assert visits[0] == visits[1]


def test_the_statistics_check_catches_a_search_that_peeks(monkeypatch):
    """The same check fails for a search that samples from the real state: it can fail."""

    def peeking_fill(self, seat, rng):
        copy = self.clone()
        copy.chance = RandomChance(rng)
        return copy

    monkeypatch.setattr(FoolsFieldState, "masked", lambda self, seat: self.clone())
    monkeypatch.setattr(FoolsFieldState, "filled", peeking_fill)
    differ = 0
    for state, other, seat in peek_positions(3):
        visits = []
        for position in (state, other):
            search = Search(position, seat, 200, random.Random(5))
            search.advance(200)
            visits.append(search.visits())
        differ += visits[0] != visits[1]
    assert differ > 0


def test_a_sample_reads_only_what_the_seat_sees():
    for state, other, seat in peek_positions(4):
        a = state.resample(seat, random.Random(11))
        b = other.resample(seat, random.Random(11))
        assert (a.hands, a.deck, a.discards) == (b.hands, b.deck, b.discards)


@pytest.mark.parametrize("match", ["single", "best-of-3"])
def test_a_sample_keeps_the_view_and_every_card(match):
    rng = random.Random(3)
    checked = changed = 0
    for seed in range(40):
        for state, seat in positions(seed, {"match": match}):
            sample = state.resample(seat, rng)
            assert sample.view(seat) == state.view(seat)
            assert all_cards(sample) == Counter(ALL_CARDS)
            assert legal_actions(sample, seat) == state.legal_actions(seat)
            rival = 1 - seat
            kept = Counter(sample.hands[rival] + sample.discards[rival])
            assert not Counter(state.known_held[rival]) - kept
            changed += sample.hands[rival] != state.hands[rival]
            checked += 1
    assert checked > 100 and changed > checked // 2


def test_cards_the_rival_took_back_stay_with_the_rival():
    for seed in range(60):
        for state, seat in positions(seed, every=1.0):
            took = state.known_held[1 - seat]
            if len(took) >= 3 and not state.deck:
                for k in range(20):
                    sample = state.resample(seat, random.Random(k))
                    rival = 1 - seat
                    assert set(took) <= set(sample.hands[rival] + sample.discards[rival])
                return
    raise AssertionError("no position where the rival took cards back")


def test_fast_legal_actions_match_the_rules():
    for seed in range(30):
        for state, seat in positions(seed, every=1.0):
            assert legal_actions(state, seat) == state.legal_actions(seat)
            assert legal_actions(state, 1 - seat) == []


def test_a_cloth_of_gold_sample_keeps_the_view_every_tile_and_what_a_hand_lacks():
    game = GAMES["cloth-of-gold"]
    lacking = 0
    for seed in range(10):
        state = game.new_state(2, seed)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in (0, 1):
                sample = state.resample(seat, rng)
                assert sample.view(seat) == state.view(seat)
                on_board = [t for t in sample.squares.values() if t is not None]
                courts = sample.courts[0] + sample.courts[1] + sample.removed
                tiles = Counter(sample.darkness + sum(sample.hands, []) + on_board) + courts
                assert tiles == Counter(all_tiles())
                rival = 1 - seat
                assert not set(sample.hands[rival]) & set(state.lacks[rival])
                lacking += bool(state.lacks[rival] and sample.hands[rival])
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert lacking > 100


# ----- playing -----


def play(game_id, names, seed, options=None):
    game = GAMES[game_id]
    state = game.new_state(len(names), seed, options)
    bots = [make_bot(name, seed * 10 + seat) for seat, name in enumerate(names)]
    while not state.is_over():
        for seat in state.to_act():
            action = bots[seat].choose(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
    return state


def test_every_level_is_registered():
    assert set(BOT_NAMES) <= set(BOTS)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_bots_play_only_legal_actions_to_the_end(game_id):
    play(game_id, ["easy", "greedy"], 1)
    play(game_id, ["random", "easy"], 2)


def test_bots_play_a_best_of_three_match():
    state = play("fools-field", ["easy", "random"], 4, {"match": "best-of-3"})
    assert len(state.game_results) >= 2


def test_thinking_in_slices_gives_the_same_answer_as_at_once():
    for number, (state, _, seat) in enumerate(peek_positions(3)):
        thinking = make_bot("normal", number).start(state, seat)
        slices = 0
        while not thinking.advance(7):
            slices += 1
        at_once = make_bot("normal", number).start(state, seat)
        assert at_once.advance(10**6)
        assert slices >= 1 and thinking.iterations == at_once.iterations
        assert thinking.best() == at_once.best() == make_bot("normal", number).choose(state, seat)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_search_stops_once_its_choice_cannot_change_and_chooses_the_same(game_id):
    """`settles`: the leader's margin is more than the budget left, so stopping there
    chooses what the whole budget would have."""
    game = GAMES[game_id]
    settled_early = 0
    for number in range(8):
        state = game.new_state(game.min_seats, number)
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) < 2:
            continue
        searches = [Search(state, seat, 300, random.Random(number), settles=s) for s in (0, 1)]
        for search in searches:
            assert search.advance(10**6)
        full, settling = searches
        assert settling.best() == full.best()
        settled_early += settling.iterations < full.iterations == 300
    assert settled_early >= 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_search_leaves_nothing_for_the_garbage_collector(game_id):
    """Every object a search makes is freed by reference counting once it is no longer
    used: no reference cycles, so no collections. In the page's large Python heap a full
    collection is a pause the person feels, and playouts that made cycles (a recursive
    closure, a chance source pointing back at its state) set one off every few hundred."""
    game = GAMES[game_id]
    for seats in sorted({game.min_seats, game.max_seats}):
        for number, (state, seat) in enumerate(sample_positions(game_id, 3, seats=seats)):
            gc.disable()
            try:
                gc.collect()
                Search(state, seat, 100, random.Random(number)).advance(100)
                left_for_the_collector = gc.collect()
            finally:
                gc.enable()
            assert left_for_the_collector == 0, (game_id, seats, number)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_larger_table_has_the_budget_the_game_sets_for_it(seats):
    """Fools! sets Hard's budget by the number of seats (ITERATIONS_BY_SEATS), for the
    level and the yardstick alike; a game that sets none keeps the common budget."""
    fools = GAMES["fools"]
    state = fools.new_state(seats, 1)
    hooks = hooks_for(state)
    expected = hooks.iterations_by_seats.get(seats, hooks.iterations)["hard"]
    assert expected == {2: 600, 3: 600, 4: 240}[seats]
    seat = state.to_act()[0]
    assert len(state.legal_actions(seat)) > 1
    for bot in (make_bot("hard", 1), CheatingBot(1)):
        thinking = bot.start(state, seat)
        assert sum(part.budget for part in getattr(thinking, "parts", [thinking])) == expected
    field_state, field_seat = next(positions(3))
    assert make_bot("hard", 1).start(field_state, field_seat).parts[0].budget * 2 == LEVELS["hard"]


def test_a_forced_move_needs_no_thinking():
    for state, seat in positions(5, every=1.0):
        state.hands[seat] = []  # only a Retreat is left, unless it is the first turn
        if not state.is_first_turn() and state.phase == "deploy":
            thinking = make_bot("hard").start(state, seat)
            assert thinking.advance(1) and thinking.best() == "retreat"
            return


def test_the_same_seeds_replay_the_same_game():
    first = play("fools-field", ["easy", "greedy"], 9)
    second = play("fools-field", ["easy", "greedy"], 9)
    assert first.history == second.history


def score(first, second, games):
    """The first bot's score over `games` seeded games, seats alternated."""
    total = 0.0
    for number in range(games):
        names = [first, second] if number % 2 == 0 else [second, first]
        total += play("fools-field", names, number).outcome()[number % 2]
    return total


def test_search_beats_random_and_greedy_beats_random():
    """A seeded smoke check of strength, not a benchmark (tools/bench_ai.py is)."""
    assert score("easy", "random", 8) >= 6
    assert score("greedy", "random", 20) >= 12


def test_a_time_budget_of_nothing_still_answers_legally():
    state, seat = next(positions(2, every=1.0))
    thinking = Search(state, seat, 10**6, random.Random(1), seconds=0.0)
    assert thinking.advance(10)
    assert thinking.best() in state.legal_actions(seat)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_playouts_choose_only_legal_actions(game_id):
    """The search applies playout moves unchecked: each game's policy must stay legal."""
    game = GAMES[game_id]
    hooks = hooks_for(game.new_state(game.min_seats, 0))
    chosen = 0
    for seats in sorted({game.min_seats, game.max_seats}):
        for options in option_choices(game):
            for seed in range(3):
                state = game.new_state(seats, seed, options)
                rng = random.Random(seed)
                while not state.is_over():
                    for seat in state.to_act():
                        action = hooks.rollout_action(state, seat, rng)
                        assert action in state.legal_actions(seat), (game_id, action)
                        chosen += 1
                    for seat in state.to_act():
                        if not state.is_over():
                            state.apply(seat, hooks.rollout_action(state, seat, rng))
    assert chosen >= 30  # every game, High Card too, makes at least this many choices


def option_choices(game):
    """Every value of each option, one option at a time (the defaults for the rest)."""
    choices = [{}]
    for option in game.options:
        choices += [{option.key: value} for value in option.choices if value != option.default]
    return choices


def round_changed(state):
    begun = state.round
    return lambda: state.round != begun


@pytest.mark.parametrize("seats", [2, 4])
def test_a_fools_playout_stops_before_the_next_deal_and_scores_the_battle_the_same(seats):
    """A playout's chance draws nothing once the round is over (`StageChance`); the battle
    it just fought is scored as if the next round had been dealt."""
    game = GAMES["fools"]
    hooks = hooks_for(game.new_state(seats, 0))
    compared = 0
    for seed in range(6):
        state = game.new_state(seats, seed)
        rng = random.Random(seed)
        while not state.is_over() and compared <= seed:
            seat = state.to_act()[0]
            action = hooks.rollout_action(state, seat, rng)
            dealt, stopped = state.clone(), state.clone()
            stopped.chance = StageChance(stopped.chance, round_changed(stopped))
            dealt.apply_unchecked(seat, action)
            try:
                stopped.apply_unchecked(seat, action)
            except StageOver:
                assert dealt.round == state.round + 1 and not dealt.is_over()
                assert stopped.history == dealt.history[: len(stopped.history)]
                assert stopped.history[-1][0] != CHANCE  # nothing drawn for the new round
                assert dealt.history[-1][0] == CHANCE
                assert hooks.values(stopped) == hooks.values(dealt)
                compared += 1
            state.apply(seat, action)
    assert compared >= 6
