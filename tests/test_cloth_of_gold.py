"""The Field of the Cloth of Gold: one test per rule of the rulebook and ruling of rulings.md §2."""

import html
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from stacked import LastFirst

from pygames.cloth_of_gold import GAME, notation
from pygames.cloth_of_gold.board import (
    DRAGON_HOME,
    OVALS,
    SQUARE_OVALS,
    TILE_COUNTS,
    all_tiles,
    gold_value,
    row_index,
    secrecy_draws,
)
from pygames.cloth_of_gold.notation import GAME_ID, NOTATION, Enter, Move, SendDragon
from pygames.core import IllegalAction
from pygames.text import describe

A, B = 0, 1
NEUTRAL = "jewel"  # a Gift that no action scores


def position(
    hands=((), ()),
    courts=({}, {}),
    squares=None,
    darkness=("white",) * 20,
    scores=(0, 0),
    tokens=((), ()),
    dragon=DRAGON_HOME,
    turn=A,
):
    """A state set up field by field (the Darkness's last tile is drawn first).

    Squares hold a neutral tile, except under a token or the Dragon, where they are empty.
    """
    state = GAME.new_state(2, seed=0, options={"start": "A"})
    state.hands = [list(hand) for hand in hands]
    state.courts = [Counter(court) for court in courts]
    covered = {*tokens[0], *tokens[1], dragon}
    state.squares = {oval: None if oval in covered else NEUTRAL for oval in SQUARE_OVALS}
    state.squares.update(squares or {})
    state.darkness = list(darkness)
    state.scores = list(scores)
    state.tokens = [list(t) for t in tokens]
    state.dragon = dragon
    state.turn = turn
    state.removed = Counter()
    state.events = []
    state.lacks = [[], []]
    state.chance = LastFirst()
    return state


def later(**kwargs):
    """A position after both players' first two turns: A on Secrecy and Purple, B on Dragon-free
    ovals Blue and White, unless told otherwise."""
    kwargs.setdefault("tokens", (["secrecy", "purple"], ["blue", "white"]))
    return position(**kwargs)


def refusal(state, seat, action):
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, action)
    return str(error.value)


def kinds(state):
    return [e.kind for e in state.events]


# ----- components and setup -----


def test_there_are_54_tiles_twelve_of_each_colour_and_six_jewels():
    assert TILE_COUNTS == {"gold": 12, "blue": 12, "white": 12, "red": 12, "jewel": 6}
    assert len(all_tiles()) == 54


def test_the_seven_ovals_are_in_printed_order_and_six_have_squares():
    assert OVALS == ("dragon", "secrecy", "gold", "blue", "white", "red", "purple")
    assert [o for o in OVALS if o != "dragon"] == list(SQUARE_OVALS)


@pytest.mark.parametrize(
    ("score", "row", "draws", "gold"),
    [
        (0, 0, 1, 3),
        (7, 0, 1, 3),
        (8, 1, 2, 3),
        (15, 1, 2, 3),
        (16, 2, 2, 2),
        (23, 2, 2, 2),
        (24, 3, 3, 1),
        (31, 3, 3, 1),
        (32, 4, 0, 1),
        (39, 4, 0, 1),
        (57, 4, 0, 1),  # past the last square the score keeps counting in row 5
    ],
)
def test_the_track_rows_give_secrecy_draws_and_gold_values(score, row, draws, gold):
    assert (row_index(score), secrecy_draws(score), gold_value(score)) == (row, draws, gold)


def test_setup_deals_two_non_jewels_to_each_hand_and_fills_the_six_squares():
    for seed in range(30):
        state = GAME.new_state(2, seed)
        assert [len(hand) for hand in state.hands] == [2, 2]
        assert "jewel" not in state.hands[0] + state.hands[1]
        assert all(state.squares[oval] for oval in SQUARE_OVALS)
        assert len(state.darkness) == 44
        everything = state.darkness + state.hands[0] + state.hands[1] + list(state.squares.values())
        assert Counter(everything) == Counter(all_tiles())
        assert state.tokens == [[], []] and state.dragon == DRAGON_HOME
        assert state.scores == [0, 0]


def test_first_option_chooses_the_first_player():
    assert GAME.new_state(2, 1, {"start": "A"}).turn == A
    assert GAME.new_state(2, 1, {"start": "B"}).turn == B
    assert {GAME.new_state(2, seed).turn for seed in range(20)} == {A, B}


def test_hands_are_private_in_the_log():
    state = GAME.new_state(2, 3)
    dealt = [e for e in state.events if e.kind == "dealt"]
    assert [e.to for e in dealt] == [frozenset({A}), frozenset({B})]


# ----- moving tokens -----


def test_first_two_turns_bring_tokens_from_off_the_board_to_any_empty_oval():
    state = position()
    assert state.legal_actions(A) == list(OVALS)  # the Dragon at home blocks nothing
    state.apply(A, "gold")
    assert state.tokens[A] == ["gold"] and state.turn == B
    assert "gold" not in state.legal_actions(B)
    assert refusal(state, B, "secrecy>blue").startswith("on your first two turns")


def test_later_turns_name_the_token_that_moves():
    state = later()
    moves = state.legal_actions(A)
    assert "secrecy>gold" in moves and "purple>gold" in moves
    assert all(isinstance(NOTATION.parse(move), Move) for move in moves)
    assert refusal(state, A, "gold").startswith("both your tokens are on the board")
    assert "no token on Red" in refusal(state, A, "red>gold")


def test_a_token_never_stays_put_nor_enters_an_occupied_oval():
    state = later()
    assert "must move" in refusal(state, A, "secrecy>secrecy")
    assert "taken by a token" in refusal(state, A, "secrecy>purple")
    assert "taken by a token" in refusal(state, A, "secrecy>blue")


def test_unknown_actions_are_named():
    state = position()
    assert "not an action of this game" in refusal(state, A, "castle")
    assert "only when your token has just entered" in refusal(state, A, "dragon:gold")


# ----- the notation -----


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("gold", Enter("gold")),
        ("dragon", Enter("dragon")),
        ("red>gold", Move("red", "gold")),
        ("secrecy>secrecy", Move("secrecy", "secrecy")),  # well formed; the rules refuse it
        ("dragon:white", SendDragon("white")),
    ],
)
def test_every_kind_of_action_reads_and_writes_back(text, action):
    assert NOTATION.parse(text) == action
    assert NOTATION.format(action) == text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("castle", "castle is not an action of this game"),
        ("Gold", "Gold is not an action of this game"),
        ("dragon:", "not an action of this game"),
        ("red>gold>blue", "not an action of this game"),
        (">gold", "not an action of this game"),
        ("red>moat", "there is no oval called moat"),
        ("dragon:home", "there is no oval called home"),
        ("?", "not an action of this game"),
    ],
)
def test_text_that_is_no_action_is_refused_in_words(text, words):
    kept = notation.read.cache_info().currsize
    for _ in range(2):  # refused again: what does not read is never kept
        with pytest.raises(IllegalAction) as error:
            NOTATION.parse(text)
        assert words in str(error.value)
    assert notation.read.cache_info().currsize == kept
    assert error.value.key.startswith(GAME.id + ".")  # a refusal the game's text words
    assert GAME.id == GAME_ID


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_pages_notation_is_the_games(lang):
    """The rules page's Notation section shows each kind of action and every oval's word."""
    page = Path(__file__).parents[1] / "web" / "rules" / f"cloth-of-gold.{lang}.html"
    section = page.read_text(encoding="utf-8").split('id="notation"')[1].split("<h2")[0]
    codes = [html.unescape(code) for code in re.findall(r"<code>(.*?)</code>", section)]
    examples = [code for code in codes if code in ("gold", "red>gold", "dragon:white")]
    assert {type(NOTATION.parse(code)) for code in examples} == {Enter, Move, SendDragon}
    grammar = html.unescape(section.split("<pre")[1].split("</pre>")[0])
    assert all(f'"{oval}"' in grammar for oval in OVALS)
    assert '">"' in grammar and '"dragon:"' in grammar


def test_the_rules_refuse_an_unreadable_action_as_the_notation_does():
    assert "no oval called moat" in refusal(position(), A, "moat>gold")
    state = position(tokens=(["secrecy"], []))
    state.apply(A, "dragon")
    assert "no oval called moat" in refusal(state, A, "dragon:moat")
    assert "not an action of this game" in refusal(state, A, "dragon:")


def test_the_gift_is_the_tile_on_the_entered_ovals_square_for_the_rival():
    state = later(squares={"gold": "red"})
    state.apply(A, "secrecy>gold")
    assert state.courts[B]["red"] == 1 and state.courts[A]["red"] == 0
    assert state.squares["gold"] is None  # not refilled while the token stands there


def test_refill_only_fills_empty_squares_of_empty_ovals():
    state = later(squares={"secrecy": None, "purple": None, "gold": "blue"}, darkness=["red"] * 5)
    state.apply(A, "secrecy>gold")
    assert state.squares["secrecy"] == "red"  # vacated: refilled
    assert state.squares["purple"] is None  # A's other token still stands there
    assert state.squares["gold"] is None  # the token that just arrived stands there
    assert len(state.darkness) == 4


def test_refills_go_in_printed_order():
    state = later(squares={"secrecy": None, "red": None}, darkness=["white", "jewel"] * 3)
    state.dragon = "red"  # blocked: not refilled
    state.apply(A, "secrecy>gold")
    assert state.squares["secrecy"] == "jewel" and state.squares["red"] is None


# ----- the Dragon -----


def test_entering_the_dragon_oval_asks_for_the_dragons_target_and_gives_nothing_yet():
    state = later(tokens=(["secrecy", "purple"], ["blue", "white"]))
    state.apply(A, "secrecy>dragon")
    assert state.view(A)["phase"] == "choose_dragon_target"
    assert state.to_act() == [A]
    assert state.legal_actions(A) == ["dragon:gold", "dragon:red"]  # not Secrecy: just left
    assert sum(state.courts[B].values()) == 0
    assert state.undo_point(A) == len(state.history) - 1  # nothing revealed or drawn yet


def test_the_dragon_may_not_go_to_the_oval_just_vacated():
    state = later()
    state.apply(A, "secrecy>dragon")
    assert "just left" in refusal(state, A, "dragon:secrecy")
    assert "taken by a token" in refusal(state, A, "dragon:blue")
    assert refusal(state, A, "secrecy>gold").startswith("first send the Dragon")


def test_the_dragons_target_tile_is_the_rivals_gift_and_the_oval_stays_blocked():
    state = later(squares={"gold": "white"})
    state.apply(A, "secrecy>dragon")
    state.apply(A, "dragon:gold")
    assert state.courts[B]["white"] == 1
    assert state.dragon == "gold" and state.squares["gold"] is None  # blocked: no refill
    assert state.squares["secrecy"] is not None  # the vacated oval is refilled
    assert state.turn == B
    assert not any(move.endswith(">gold") for move in state.legal_actions(B))
    assert "blocked by the Dragon" in refusal(state, B, "blue>gold")


def test_a_token_from_off_the_board_may_send_the_dragon_anywhere_empty():
    state = position()
    state.apply(A, "dragon")
    assert state.legal_actions(A) == ["dragon:" + oval for oval in SQUARE_OVALS]


def test_the_dragon_goes_home_when_the_token_leaves_the_dragon_oval():
    state = later(tokens=(["dragon", "purple"], ["blue", "white"]), dragon="gold")
    state.squares["gold"] = None
    state.apply(A, "dragon>secrecy")
    assert state.dragon == DRAGON_HOME
    assert state.squares["gold"] is not None  # its oval is empty again: refilled this turn
    assert "dragon_home" in kinds(state)


def test_the_dragon_stays_while_the_other_token_moves():
    state = later(tokens=(["dragon", "purple"], ["blue", "white"]), dragon="gold")
    state.apply(A, "purple>red")
    assert state.dragon == "gold"


# ----- Secrecy -----


@pytest.mark.parametrize(("score", "draws"), [(0, 1), (8, 2), (16, 2), (24, 3)])
def test_secrecy_draws_by_the_row(score, draws):
    state = later(tokens=(["gold", "purple"], ["blue", "white"]), scores=(score, 0))
    state.apply(A, "gold>secrecy")
    assert len(state.hands[A]) == draws
    public = [e for e in state.events if e.kind == "secrecy"][0]
    assert public.to is None and public.data["count"] == draws
    private = [e for e in state.events if e.kind == "drew"][0]
    assert private.to == frozenset({A}) and len(private.data["tiles"]) == draws


def test_secrecy_is_capped_by_the_tiles_left_and_the_empty_darkness_ends_the_game():
    state = later(tokens=(["gold", "purple"], ["blue", "white"]), scores=(24, 0))
    state.darkness = ["red", "white"]
    state.apply(A, "gold>secrecy")
    assert sorted(state.hands[A]) == ["red", "white"]
    assert state.is_over() and state.end_reason == "darkness"
    assert state.squares["gold"] is None  # ended at once: no refill


# ----- Gold -----


def test_gold_reveals_hand_gold_and_scores_2_for_more_court_gold_than_the_rival():
    state = later(hands=(["gold", "gold", "red"], ["gold"] * 5), courts=({}, {"gold": 1}))
    state.apply(A, "secrecy>gold")
    assert state.hands[A] == ["red"] and state.courts[A]["gold"] == 2
    assert state.scores[A] == 2  # the rival's Hand Gold does not count
    assert state.courts[A]["gold"] == 2  # nothing removed


def test_gold_scores_nothing_on_equal_court_gold():
    state = later(hands=(["gold"], []), courts=({}, {"gold": 1}))
    state.apply(A, "secrecy>gold")
    assert state.scores[A] == 0


def test_the_gift_reaches_the_rivals_court_before_the_gold_comparison():
    state = later(hands=(["gold"], []), squares={"gold": "gold"})
    state.apply(A, "secrecy>gold")
    assert state.courts[B]["gold"] == 1 and state.scores[A] == 0


# ----- Blue and White -----


@pytest.mark.parametrize(("blues", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (5, 6)])
def test_blue_scores_1_3_6_for_court_blue_then_removes_it(blues, points):
    state = later(hands=(["blue"] * blues, []), tokens=(["secrecy", "purple"], ["red", "white"]))
    state.apply(A, "secrecy>blue")
    assert state.scores[A] == points
    assert state.courts[A]["blue"] == 0 and state.removed["blue"] == blues


def test_blue_counts_court_blue_from_gifts_too():
    state = later(hands=(["blue"], []), courts=({"blue": 1}, {}))
    state.tokens[B] = ["red", "white"]
    state.apply(A, "secrecy>blue")
    assert state.scores[A] == 3


def test_white_scores_one_per_court_white_then_removes_it():
    state = later(hands=(["white", "white"], []), courts=({"white": 1}, {"white": 4}))
    state.tokens[B] = ["red", "blue"]
    state.apply(A, "secrecy>white")
    assert state.scores[A] == 3
    assert state.courts[A]["white"] == 0 and state.courts[B]["white"] == 4


def test_blue_and_white_are_removed_before_the_end_check():
    state = later(hands=(["white"] * 3, []), scores=(28, 0))
    state.tokens[B] = ["red", "blue"]
    state.apply(A, "secrecy>white")
    assert state.is_over() and state.final["seats"][A]["white"] == 0


# ----- Red -----


def test_red_scores_both_players_court_red_at_once_then_both_draw():
    state = later(
        hands=(["red"], ["red", "red"]),
        courts=({"red": 1}, {"red": 3}),
        scores=(6, 7),
        darkness=["red", "blue", "white", "jewel", "gold", "gold"],
    )
    state.apply(A, "secrecy>red")
    assert state.scores == [8, 10]  # rival's Hand Red is not revealed
    assert state.courts[A]["red"] == state.courts[B]["red"] == 0
    assert state.removed["red"] == 5
    assert state.hands[B].count("red") == 2
    # A draws first by A's new row (2), then B by B's new row (2).
    assert state.hands[A] == ["gold", "gold"]
    assert sorted(state.hands[B]) == ["jewel", "red", "red", "white"]
    draws = [e.data["seat"] for e in state.events if e.kind == "secrecy"]
    assert draws == [A, B]


def test_after_red_each_player_draws_by_their_own_row():
    # Nobody has Red in Court, so the scores stay: A in row 1 draws 1, B in row 4 draws 3.
    state = later(courts=({}, {}), scores=(0, 24))
    state.apply(A, "secrecy>red")
    assert state.scores == [0, 24]
    assert [len(hand) for hand in state.hands] == [1, 3]
    draws = [(e.data["seat"], e.data["count"]) for e in state.events if e.kind == "secrecy"]
    assert draws == [(A, 1), (B, 3)]


def test_red_scores_both_even_when_one_reaches_30_and_then_ends_without_draws():
    state = later(hands=(["red"], []), courts=({"red": 2}, {"red": 4}), scores=(20, 27))
    state.apply(A, "secrecy>red")
    assert state.is_over() and state.end_reason == "score"
    assert not state.hands[A] and not state.hands[B]
    assert "secrecy" not in kinds(state)


def test_reds_secrecy_for_the_rival_is_capped_by_what_the_actor_left():
    state = later(courts=({}, {}), darkness=["gold"])
    state.apply(A, "secrecy>red")
    assert state.hands[A] == ["gold"] and state.hands[B] == []
    assert state.is_over() and state.end_reason == "darkness"


# ----- Purple -----


def test_purple_reveals_the_whole_hand_and_scores_2_per_set_removing_nothing():
    hand = ["gold", "blue", "white", "red", "jewel", "gold"]
    court = {"gold": 1, "blue": 1, "white": 1, "red": 1}
    state = later(hands=(hand, []), courts=(court, {}))
    state.tokens[A] = ["secrecy", "gold"]
    state.apply(A, "secrecy>purple")
    assert state.hands[A] == []
    assert state.scores[A] == 4
    assert state.courts[A] == Counter(gold=3, blue=2, white=2, red=2, jewel=1)


# ----- the end -----


def test_an_action_reaching_30_ends_the_game_at_once():
    state = later(hands=(["white"] * 2, []), scores=(28, 0), squares={"secrecy": None})
    state.tokens[B] = ["red", "blue"]
    state.apply(A, "secrecy>white")
    assert state.is_over() and state.end_reason == "score"
    assert state.squares["secrecy"] is None  # no refill after the end


def test_a_refill_emptying_the_darkness_ends_the_game():
    state = later(darkness=["blue", "gold"])
    state.apply(A, "purple>gold")
    assert not state.is_over() and state.view(B)["phase"] == "choose_oval"
    state = later(darkness=["gold"])
    state.apply(A, "purple>gold")
    assert state.is_over() and state.end_reason == "darkness"
    assert state.squares["purple"] == "gold"


def test_jewels_score_n_times_n_and_hands_score_nothing():
    state = later(courts=({"jewel": 3}, {"jewel": 1}), hands=(["jewel"] * 2, ["gold"] * 4))
    state.end_contest("darkness")
    assert state.scores == [9, 1]


def test_gold_is_valued_at_the_row_reached_after_the_jewels():
    state = later(courts=({"jewel": 2, "gold": 3}, {"gold": 3}), scores=(13, 13))
    state.end_contest("darkness")
    # A: 13 + 4 = 17 (row 3, Gold 2 each); B stays in row 2 (Gold 3 each).
    assert state.scores == [17 + 6, 13 + 9]
    assert state.final["seats"][A]["gold_value"] == 2


@pytest.mark.parametrize(
    ("courts", "scores", "decided_by", "outcome"),
    [
        (({}, {}), (10, 12), "score", [0.0, 1.0]),
        (({"white": 2}, {"white": 1, "red": 5}), (10, 10), "white", [1.0, 0.0]),
        (({"white": 1, "red": 1}, {"white": 1, "red": 2}), (10, 10), "court_size", [0.0, 1.0]),
        (({"white": 1, "red": 2}, {"white": 1, "blue": 2}), (10, 10), "shared", [0.5, 0.5]),
    ],
)
def test_ties_are_broken_by_court_white_then_court_size_else_shared(
    courts, scores, decided_by, outcome
):
    state = later(courts=courts, scores=scores)
    state.end_contest("score")
    assert state.final["decided_by"] == decided_by
    assert state.outcome() == outcome


def test_the_final_breakdown_is_in_the_view():
    state = later(courts=({"jewel": 2, "gold": 1, "white": 1}, {}), scores=(30, 5))
    state.end_contest("score")
    final = state.view(B)["final"]
    assert final["seats"][A] == {
        "jewels": 2,
        "jewel_points": 4,
        "gold": 1,
        "gold_value": 1,
        "gold_points": 1,
        "score": 35,
        "white": 1,
        "court_size": 4,
    }
    assert final["decided_by"] == "score"
    assert state.view(A)["phase"] == "over" and state.view(A)["end_reason"] == "score"


# ----- undo -----


def test_reveals_draws_and_the_end_of_a_turn_cannot_be_undone():
    state = later()
    state.apply(A, "secrecy>gold")
    assert state.undo_point(A) is None
    state.apply(B, "blue>dragon")
    assert state.undo_point(B) == len(state.history) - 1
    state.apply(B, "dragon:red")
    assert state.undo_point(B) is None


# ----- what a seat sees -----


def test_the_view_shows_ovals_tokens_dragon_courts_and_counts():
    state = later(hands=(["gold", "red"], ["blue"]), courts=({"white": 2}, {}), dragon="red")
    state.squares["red"] = None
    view = state.view(A)
    assert [oval["oval"] for oval in view["ovals"]] == list(OVALS)
    assert view["ovals"][1] == {
        "oval": "secrecy",
        "has_square": True,
        "tile": None,
        "tokens": [A],
        "dragon": False,
    }
    assert view["ovals"][5]["dragon"] and view["dragon"] == "red"
    assert view["tokens"][B] == {"off_board": 0, "ovals": ["blue", "white"]}
    assert view["courts"][A]["white"] == 2 and view["courts"][B]["gold"] == 0
    assert view["hand"] == ["gold", "red"] and view["hand_sizes"] == [2, 1]
    assert view["darkness"] == 20 and view["phase"] == "choose_oval"
    assert view["rows"] == [1, 1] and view["secrecy_draws"] == [1, 1]


def test_the_preview_shows_gift_points_and_draws_for_each_oval():
    state = later(
        hands=(["gold", "blue", "red"], ["red"] * 3),
        courts=({"blue": 1, "white": 2, "red": 1}, {"gold": 1, "red": 2}),
        squares={"gold": "gold", "red": "red"},
        scores=(7, 0),
        tokens=(["secrecy", "purple"], ["dragon", "white"]),
    )
    preview = state.view(A)["preview"]
    assert set(preview) == {"gold", "blue", "red"}
    assert preview["gold"] == {  # the Gold Gift makes the rival's Court Gold 2: no majority
        "gift": "gold",
        "points": 0,
        "rival_points": 0,
        "draws": 0,
        "rival_draws": 0,
    }
    assert preview["blue"]["points"] == 3
    red = preview["red"]
    assert (red["gift"], red["points"], red["rival_points"]) == ("red", 2, 3)
    assert (red["draws"], red["rival_draws"]) == (2, 1)  # A moves up to row 2
    assert state.view(B)["preview"] == {} and state.view(None)["preview"] == {}


def test_the_preview_matches_what_the_action_does():
    state = later(
        hands=(["gold", "blue", "red", "white"], ["red"]),
        courts=({"blue": 1, "white": 2, "red": 1}, {"gold": 1, "red": 2}),
    )
    for oval, effect in state.view(A)["preview"].items():
        after = state.clone()
        after.apply(A, f"secrecy>{oval}")
        if oval == "dragon":
            continue
        assert after.scores[A] - state.scores[A] == effect["points"], oval
        assert after.scores[B] - state.scores[B] == effect["rival_points"], oval


def test_the_dragon_phase_previews_each_targets_gift():
    state = later(squares={"gold": "red", "red": "white"})
    state.apply(A, "secrecy>dragon")
    preview = state.view(A)["preview"]
    assert {oval: e["gift"] for oval, e in preview.items()} == {"gold": "red", "red": "white"}


def test_a_view_holds_neither_the_rivals_hand_nor_the_darkness():
    state = later(hands=(["gold"], ["red", "jewel"]), darkness=["blue", "white", "red"])
    other = later(hands=(["gold"], ["white", "white"]), darkness=["red", "red", "gold"])
    assert state.view(A) == other.view(A)
    assert state.view(B) != other.view(B)


# ----- the log in words -----


def test_every_logged_event_has_words_in_both_languages():
    state = GAME.new_state(2, 8)
    rng = random.Random(8)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in (A, B, None):
        for entry in state.view(seat)["log"]:
            for lang in ("en", "ja"):
                assert describe("cloth-of-gold", entry, lang), entry


def test_moves_read_naturally():
    entry = {"kind": "move", "seat": 0, "source": "red", "oval": "gold"}
    assert describe("cloth-of-gold", entry, "en") == "A moved a token from Red to Gold."
    entry = {"kind": "move", "seat": 1, "source": None, "oval": "dragon"}
    assert describe("cloth-of-gold", entry, "en") == "B brought a token onto the Dragon."
    assert describe("cloth-of-gold", entry, "ja") == "Bがコマを「ドラゴン」に置きました。"


def test_a_level_finish_is_a_shared_victory_in_the_log():
    entry = {"kind": "game_over", "outcome": [0.5, 0.5]}
    assert describe("cloth-of-gold", entry, "en") == "Game over: shared victory."
    assert describe("fools-field", entry, "en") == "Game over: a tie."
