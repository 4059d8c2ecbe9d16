"""The Fool's Field: one test per rule of the rulebook and ruling of rulings.md §1."""

import random
from collections import Counter

import pytest

from pygames.core import IllegalAction
from pygames.fools_field import GAME
from pygames.fools_field.cards import ALL_CARDS, may_face, rotate_half_turn
from pygames.fools_field.rules import HAND_LIMIT, to_table
from pygames.position import encode_state
from pygames.record import Record
from pygames.text import describe

A, B = 0, 1


def position(hands, deck=(), field=None, start=A, turn=None, tie=False, match="single", rules=None):
    """A state with the given hands, deck (last card drawn first) and table-frame field."""
    state = GAME.new_state(2, seed=0, options={"match": match}, rules_version=rules)
    state.hands = [list(hands[0]), list(hands[1])]
    state.deck = list(deck)
    state.discards = [[], []]
    state.events = []  # forget the random deal the state was made with
    state.start_battle(start)
    state.field = dict(field or {})
    state.turn = start if turn is None else turn
    state.tie_battle = tie
    return state


# ----- cards -----


def test_there_are_23_distinct_cards_in_the_printed_composition():
    assert len(ALL_CARDS) == len(set(ALL_CARDS)) == 23
    sword_shield = [c for c in ALL_CARDS if "F" not in c]
    swords = Counter(card.count("X") for card in sword_shield)
    assert swords == {0: 1, 1: 4, 2: 6, 3: 4, 4: 1}
    flower = [c for c in ALL_CARDS if "F" in c]
    assert sorted(c.count("F") for c in flower) == [2, 2, 2, 2, 2, 2, 4]
    assert all(set(c) <= {"F", "S"} for c in flower)


@pytest.mark.parametrize(
    ("a", "b", "legal"),
    [
        ("X", "X", True),
        ("S", "F", True),
        ("F", "S", True),
        ("X", "S", False),
        ("S", "X", False),
        ("S", "S", False),
        ("X", "F", False),
        ("F", "X", False),
        ("F", "F", False),
    ],
)
def test_only_sword_sword_and_shield_flower_may_face(a, b, legal):
    assert may_face(a, b) is legal


# ----- setup -----


def test_setup_deals_six_each_and_leaves_eleven_in_the_deck():
    state = GAME.new_state(2, seed=7)
    assert [len(h) for h in state.hands] == [6, 6]
    assert len(state.deck) == 11
    assert sorted(state.deck + state.hands[0] + state.hands[1]) == sorted(ALL_CARDS)


def test_start_option_chooses_the_start_player():
    assert GAME.new_state(2, 1, {"start": "A"}).turn == A
    assert GAME.new_state(2, 1, {"start": "B"}).turn == B
    random_starts = {GAME.new_state(2, seed, {"start": "random"}).turn for seed in range(20)}
    assert random_starts == {A, B}


# ----- orientation -----


def test_second_seat_cards_lie_turned_half_way_round_on_the_table():
    state = position([["XSSF"], ["SXXX", "SSSS"]], deck=["FFFF"], start=B)
    state.apply(B, "SXXX@4")
    card, owner = state.field[4]
    assert (card, owner) == ("SXXX", B)
    # In A's frame the card shows its sides turned 180°; to B it looks upright.
    assert state.view(A)["field"] == [
        {"cell": 4, "card": "SXXX", "owner": B, "sides": rotate_half_turn("SXXX")}
    ]
    assert state.view(B)["field"][0]["sides"] == "SXXX"


def test_each_seat_names_cells_in_its_own_frame():
    assert to_table(A, 1) == 1
    assert to_table(B, 1) == 7  # B's far row is A's near row
    state = position([["XXSS"], ["XSSS", "SSSS"]], deck=["FFFF"], field={4: ("XSXS", A)}, turn=B)
    # B's cell 7 is table cell 1, between the centre and B. B's XSSS lies turned there,
    # so its top Sword (B's frame) is its bottom side in the table frame, facing the
    # centre card's top Sword.
    state.apply(B, "XSSS@7")
    assert state.field[1] == ("XSSS", B)


def test_rotation_makes_a_placement_legal_for_one_seat_and_not_the_other():
    # Centre card SXSS (A's): only its right edge is a Sword.
    field = {4: ("SXSS", A)}
    a_state = position([["SSSX"], ["FFFF"]], deck=["XXXX"], field=field, turn=A)
    assert "SSSX@5" in a_state.legal_actions(A)  # A's left Sword meets the centre's right Sword
    b_state = position([["FFFF"], ["SSSX"]], deck=["XXXX"], field=field, turn=B)
    # B holds the same card; turned 180° its Sword faces right in the table frame.
    assert not any(a.startswith("SSSX") for a in b_state.legal_actions(B))


def test_cards_taken_back_in_a_retreat_are_held_index_up():
    state = position(
        [["SSSS"], ["SSSX"]], deck=["XXXX"], field={4: ("XSXS", A), 1: ("XXSS", B)}, turn=A
    )
    state.apply(A, "retreat")
    # B's card, turned 180° as it faces A on the table, reads SSXX: held, it is XXSS.
    assert sorted(state.hands[A]) == sorted(["SSSS", "XSXS", "XXSS"])


# ----- battles and deployments -----


def test_first_card_of_a_battle_goes_in_the_centre():
    state = GAME.new_state(2, seed=3, options={"start": "A"})
    actions = state.legal_actions(A)
    assert actions and all(a.endswith("@4") for a in actions)
    card = state.hands[A][0]
    with pytest.raises(IllegalAction, match="centre"):
        state.apply(A, f"{card}@0")


def test_no_retreat_on_the_first_turn_of_a_battle():
    state = GAME.new_state(2, seed=3, options={"start": "A"})
    assert "retreat" not in state.legal_actions(A)
    with pytest.raises(IllegalAction, match="first turn"):
        state.apply(A, "retreat")


def test_a_deployment_must_adjoin_a_card():
    state = position([["XXXX", "SSSS"], ["FFFF"]], deck=["SXSX"], field={4: ("XXXX", B)})
    with pytest.raises(IllegalAction, match="must touch"):
        state.apply(A, "XXXX@0")  # a corner touches no card


def test_a_deployment_may_not_go_on_a_taken_space():
    state = position([["XXXX"], ["FFFF"]], deck=["SXSX"], field={4: ("XXXX", B)})
    with pytest.raises(IllegalAction, match="taken"):
        state.apply(A, "XXXX@4")


def test_every_adjoining_side_must_be_a_legal_pair():
    # Cell 1 touches cell 4 (below it) and cell 2 (right of it).
    field = {4: ("XXXX", A), 2: ("FFFF", A)}
    state = position([["SXXX", "XFSX"], ["SSSS"]], deck=["SSSX"], field=field)
    legal = state.legal_actions(A)
    # SXXX: bottom X meets X (good) but right X meets the Flower card's left F (bad).
    assert "SXXX@1" not in legal
    with pytest.raises(IllegalAction, match="Sword against a Flower|only Sword"):
        state.apply(A, "SXXX@1")


def test_shield_faces_flower_legally():
    field = {4: ("FFFF", A)}
    state = position([["SSSS"], ["XXXX"]], deck=["SXSX"], field=field)
    assert {"SSSS@1", "SSSS@3", "SSSS@5", "SSSS@7"} <= set(state.legal_actions(A))


def test_the_grid_is_three_by_three_round_the_first_card():
    state = position([["XXXX"], ["SSSS"]], deck=["SXSX"], field={4: ("XXXX", B)})
    cells = {int(a.split("@")[1]) for a in state.legal_actions(A) if "@" in a}
    assert cells == {1, 3, 5, 7}  # nothing outside cells 0-8 is ever offered


def test_illegal_action_leaves_the_state_untouched():
    state = GAME.new_state(2, seed=5)
    before = state.view(state.turn)
    for bad in ("nonsense", "XXXX@9", "retreat", "discard:XXXX"):
        with pytest.raises(IllegalAction):
            state.apply(state.turn, bad)
    with pytest.raises(IllegalAction, match="not A's turn|not B's turn"):
        state.apply(1 - state.turn, state.legal_actions(state.turn)[0])
    assert state.view(state.turn) == before


# ----- retreat -----


def test_retreat_is_forced_when_no_deployment_is_legal():
    state = position([["SSSS"], ["XXXX"]], deck=["SXSX"], field={4: ("XXXX", B)})
    assert state.legal_actions(A) == ["retreat"]
    assert state.prompt(A)["key"] == "ff.forced"  # the retreating player is told


def test_the_log_tells_nobody_whether_a_retreat_was_forced_since_rules_3():
    """Whether a Retreat was forced tells the rival about a hand it cannot see: games
    begun under rules 2 go on logging it, as they did."""
    for rules, logged in ((None, [None]), (2, [True])):
        state = position([["SSSS"], ["XXXX"]], deck=["SXSX"], field={4: ("XXXX", B)}, rules=rules)
        state.apply(A, "retreat")
        retreats = [e for e in state.events if e.kind == "retreat"]
        assert [e.data.get("forced") for e in retreats] == logged
        assert all(e.to is None for e in retreats)  # the Retreat itself is public


def test_retreat_is_allowed_voluntarily_after_the_first_turn():
    state = position([["XXXX"], ["SSSS"]], deck=["SXSX"], field={4: ("XXXX", B)})
    assert "retreat" in state.legal_actions(A) and len(state.legal_actions(A)) > 1


def test_retreat_takes_the_field_and_the_rival_draws_up_to_six_and_starts():
    field = {4: ("XXXX", B), 1: ("XSXS", A)}
    deck = ["SSSS", "SSSX", "SSXS", "SXSS"]
    state = position([["FFFF"], ["FFSS", "FSFS"]], deck=deck, field=field, turn=A)
    state.apply(A, "retreat")
    assert sorted(state.hands[A]) == sorted(["FFFF", "XXXX", "XSXS"])
    assert len(state.hands[B]) == 6 and state.deck == []  # drew all 4 that were left
    assert state.field == {} and state.turn == B and state.battle_start == B


def test_rival_draws_fewer_when_the_deck_runs_out():
    state = position([["FFFF"], ["FFSS"]], deck=["SSSS", "SSSX"], field={4: ("XXXX", B)})
    state.apply(A, "retreat")
    assert len(state.hands[B]) == 3 and not state.deck


def test_retreat_over_six_discards_down_to_six_by_choice_out_of_the_game():
    hand = ["SSSS", "SSSX", "SSXS", "SXSS", "XSSS"]
    field = {4: ("XXXX", B), 1: ("XXXS", A), 7: ("XSXX", B)}
    state = position([hand, ["FFFF"]], deck=["FFSS"], field=field)
    state.apply(A, "retreat")
    assert len(state.hands[A]) == 8
    assert state.to_act() == [A] and state.view(A)["phase"] == "discard"
    with pytest.raises(IllegalAction, match="discard"):
        state.apply(A, "SSSS@4")
    state.apply(A, "discard:XXXX")
    state.apply(A, "discard:SSSS")
    assert len(state.hands[A]) == HAND_LIMIT
    assert state.discards[A] == ["XXXX", "SSSS"]
    assert state.turn == B and state.view(B)["phase"] == "deploy"
    # Discards never come back: the hidden discard pile is not part of any deck.
    assert "XXXX" not in state.deck and "XXXX" not in state.hands[A]


def test_discards_are_hidden_from_the_rival():
    hand = ["SSSS", "SSSX", "SSXS", "SXSS", "XSSS", "XSSX"]
    state = position([hand, ["FFFF"]], deck=["FFSS"], field={4: ("XXXX", B)})
    state.apply(A, "retreat")
    state.apply(A, "discard:SSSS")
    rival = state.view(B)
    assert rival["discard_counts"] == [1, 0] and rival["my_discards"] == []
    assert "SSSS" not in str(rival["log"])
    assert state.view(A)["my_discards"] == ["SSSS"]


# ----- the end -----


def test_emptying_the_hand_wins_only_when_the_deck_is_empty():
    state = position([["XXXX"], ["SSSS"]], deck=["FFFF"], field={4: ("XXXX", B)})
    state.apply(A, "XXXX@1")
    assert not state.is_over() and state.hands[A] == []
    # With an empty hand and cards in the deck, A must Retreat on the next turn.
    state.apply(B, "retreat")
    assert state.hands[A] == ["FFFF"]  # A drew; B starts

    done = position([["XXXX"], ["SSSS"]], deck=[], field={4: ("XXXX", B)})
    done.apply(A, "XXXX@1")
    assert done.outcome() == [1.0, 0.0]


def test_a_player_with_an_empty_hand_and_cards_in_the_deck_must_retreat():
    state = position([[], ["SSSS"]], deck=["FFFF"], field={4: ("XXXX", B)}, turn=A)
    assert state.legal_actions(A) == ["retreat"]


def test_tie_rule_the_non_start_player_answers_and_draws_the_game():
    state = position([["XXXX"], ["XXXS"]], deck=[], start=A, tie=True)
    state.apply(A, "XXXX@4")
    assert not state.is_over() and state.to_act() == [B]
    state.apply(B, "XXXS@7")  # turned, its Sword faces the centre's Sword
    assert state.outcome() == [0.5, 0.5]


def test_tie_rule_start_player_wins_if_the_answer_fails():
    state = position([["XXXX"], ["SSSS"]], deck=[], start=A, tie=True)
    state.apply(A, "XXXX@4")
    assert state.legal_actions(B) == ["retreat"]
    state.apply(B, "retreat")
    assert state.outcome() == [1.0, 0.0]


def test_tie_battle_is_set_only_with_an_empty_deck_and_equal_hands():
    state = position([["XXXX"], ["SSSS"]], deck=[], field={4: ("XXXX", B)})
    state.apply(A, "retreat")  # B starts with hands 2 vs 1
    assert not state.tie_battle
    even = position([["XXXX", "SSSS"], ["FFFF"]], deck=[], field={4: ("XSXS", A)}, turn=B)
    even.apply(B, "retreat")  # B takes the centre: 2 vs 2, deck empty
    assert even.tie_battle and even.battle_start == A


def test_resign_at_any_time_even_out_of_turn():
    state = GAME.new_state(2, seed=2, options={"start": "A"})
    state.apply(B, "resign")
    assert state.outcome() == [1.0, 0.0]
    with pytest.raises(IllegalAction, match="over"):
        state.apply(A, state.hands[A][0] + "@4")


def test_agreed_draw():
    state = GAME.new_state(2, seed=2)
    state.apply(A, "draw")
    assert state.outcome() == [0.5, 0.5]


def test_bots_are_never_offered_meta_actions():
    state = GAME.new_state(2, seed=2)
    assert not {"resign", "draw"} & set(state.legal_actions(state.turn))


def test_a_battle_start_seen_three_times_draws_the_game():
    # Each player in turn places, the other answers, and the first retreats: two
    # battles later both hold what they held before, with the same start player.
    loop = position([["XXXX", "FFFF"], ["XSXS", "XXXS", "SSSS"]], deck=[], start=A)
    cycle = [(A, "XXXX@4"), (B, "XSXS@7"), (A, "retreat"), (B, "XXXS@4"), (A, "XSXS@1")]
    cycle.append((B, "retreat"))
    for seat, action in cycle * 3:
        if loop.is_over():
            break
        loop.apply(seat, action)
    assert loop.outcome() == [0.5, 0.5]
    assert any(e.kind == "repetition" for e in loop.events)


def test_a_copy_that_sees_one_hand_ends_a_repeating_game_when_the_true_game_does():
    """Play by links: each seat's copy holds the other hand as `?`. Counting starts by
    its own hand and the other's size, it ends the game at the third repeat exactly as
    the true game does, and until then it stays the true game as its seat knows it."""
    truth = position([["XXXX", "FFFF"], ["XSXS", "XXXS", "SSSS"]], deck=[], start=A)
    cycle = [(A, "XXXX@4"), (B, "XSXS@7"), (A, "retreat"), (B, "XXXS@4"), (A, "XSXS@1")]
    cycle.append((B, "retreat"))
    copies = {seat: truth.masked(seat) for seat in (A, B)}
    for actor, action in cycle * 3:
        truth.apply(actor, action)
        for seat in (A, B):
            copy = copies[seat]
            copy.apply(actor, truth.redacted(actor, action, seat))
            copy.masked(seat, copy=False)
            assert copy.view(seat) == truth.view(seat)
            assert encode_state(copy) == encode_state(truth.masked(seat))
        if truth.is_over():
            break
    assert truth.end_reason == "repetition"
    assert all(copy.end_reason == "repetition" for copy in copies.values())


def test_only_the_same_hands_repeat_a_battle_start_not_the_same_sizes():
    start = [["XXXX", "FFFF"], ["XSXS"]]
    state = position(start, deck=[], start=A)
    for hands in ([["XXXX", "XSXS"], ["FFFF"]], [["FFFF", "XSXS"], ["XXXX"]], start):
        state.hands = [list(hand) for hand in hands]
        state.start_battle(A)
        assert not state.is_over()  # the same sizes thrice, the same hands twice
    state.start_battle(A)
    assert state.end_reason == "repetition"


def test_a_battle_start_repeats_only_with_the_same_start_player():
    hands = [["XXXX", "FFFF"], ["XSXS"]]
    state = position(hands, deck=[], start=A)  # A starts with these hands: once
    for starter in (B, B, A):  # B twice, A a second time
        state.start_battle(starter)
        assert not state.is_over()
    state.start_battle(A)
    assert state.end_reason == "repetition"


def test_a_battle_start_repeats_only_with_the_same_deck_size():
    hands = [["XXXX", "FFFF"], ["XSXS"]]
    state = position(hands, deck=["SSSS", "FFFF"], start=A)  # with 2 in the deck: once
    for deck_size in (1, 1, 0, 0):  # the same hands and start player throughout
        del state.deck[deck_size:]
        state.start_battle(A)
        assert not state.is_over()
    state.start_battle(A)
    assert state.end_reason == "repetition"


# ----- match play -----


def test_match_play_first_to_two_and_the_loser_starts_the_next_game():
    state = GAME.new_state(2, seed=4, options={"match": "best-of-3", "start": "A"})
    finish_game_won_by(state, A)
    assert not state.is_over() and state.match_scores == [1.0, 0.0]
    assert state.turn == B  # B lost, B starts game 2
    assert sorted(state.deck + state.hands[A] + state.hands[B]) == sorted(ALL_CARDS)
    finish_game_won_by(state, A)
    assert state.outcome() == [1.0, 0.0]


def test_match_draw_counts_half_and_the_previous_start_player_starts_again():
    state = GAME.new_state(2, seed=4, options={"match": "best-of-3", "start": "B"})
    state.apply(A, "draw")
    assert state.match_scores == [0.5, 0.5] and not state.is_over()
    assert state.turn == B
    finish_game_won_by(state, B)
    assert state.match_scores == [0.5, 1.5]
    finish_game_won_by(state, A)
    assert state.match_scores == [1.5, 1.5] and not state.is_over()
    finish_game_won_by(state, B)
    assert state.outcome() == [0.0, 1.0]


def test_match_ending_level_is_a_draw():
    state = GAME.new_state(2, seed=4, options={"match": "best-of-3"})
    for _ in range(4):
        state.apply(A, "draw")
    assert state.outcome() == [0.5, 0.5] and state.match_scores == [2.0, 2.0]


def finish_game_won_by(state, winner):
    """End the current game of a match with a win: `winner` starts a battle holding one card."""
    state.hands[winner] = state.hands[winner][:1]
    state.deck = []
    state.start_battle(winner)
    state.tie_battle = False
    state.apply(winner, state.legal_actions(winner)[0])


# ----- undo -----


def test_undo_takes_back_a_placement_but_never_a_retreat():
    state = GAME.new_state(2, seed=9, options={"start": "A"})
    dealt = len(state.history)
    state.apply(A, state.legal_actions(A)[0])
    assert state.undo_point(A) == dealt
    record = Record.new("fools-field", ["human", "human"], {"start": "A"})
    record.actions = list(state.history)
    assert record.replay(dealt).view(A) == GAME.new_state(2, 9, {"start": "A"}).view(A)
    state.apply(B, "retreat")
    assert state.undo_point(A) is None and state.undo_point(B) is None


def test_a_discard_may_be_taken_back_until_the_rival_acts_but_not_its_retreat():
    hand = ["SSSS", "SSSX", "SSXS", "SXSS", "XSSS"]
    field = {4: ("XXXX", B), 1: ("XXXS", A), 7: ("XSXX", B)}
    state = position([hand, ["FFFF"]], deck=["FFSS"], field=field)
    state.apply(A, "retreat")  # B drew up: nothing before this can be taken back
    assert state.undo_point(A) is None
    retreated = len(state.history)
    state.apply(A, "discard:XXXX")
    assert state.undo_point(A) == retreated
    state.apply(A, "discard:SSSS")  # the last: B's turn, B has not acted yet
    assert state.undo_point(A) == retreated + 1
    state.apply(B, state.legal_actions(B)[0])
    assert state.undo_point(A) is None


# ----- the log in words -----


def test_every_logged_event_has_words_in_both_languages():
    state = GAME.new_state(2, seed=4, options={"match": "best-of-3"})
    rng = random.Random(4)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for entry in state.view(A)["log"]:
        for lang in ("en", "ja"):
            assert describe("fools-field", entry, lang), entry


def test_log_counts_read_naturally():
    one = {"kind": "retreat", "seat": A, "cards": ["XSSF"], "forced": True}
    assert describe("fools-field", one, "en") == (
        "A announced a Retreat (forced), taking 1 card from the Field."
    )
    two = {"kind": "draw", "seat": B, "count": 2, "deck": 0}
    assert describe("fools-field", two, "en") == "B drew 2 cards (0 left in the deck)."
    assert describe("fools-field", two, "ja") == "Bが2枚引きました（山札残り0枚）。"


# ----- notation -----


def test_the_notation_reads_each_kind_of_action_and_refuses_malformed_text():
    from pygames.fools_field.notation import NOTATION, Deploy, Discard, Retreat

    assert NOTATION.parse("XSSX@4") == Deploy("XSSX", 4)
    assert NOTATION.parse("retreat") == Retreat()
    assert NOTATION.parse("discard:FFSS") == Discard("FFSS")
    assert NOTATION.parse("discard:?") == Discard("?")  # another seat's, face down
    for text in ("XSSX@9", "XSSX@", "XSSQ@4", "XSSX@44", "discard:", "Retreat", "FFFX@4"):
        with pytest.raises(IllegalAction) as refused:
            NOTATION.parse(text)
        assert refused.value.key == "bad_notation"


def test_a_malformed_action_is_refused_in_words_by_the_rules():
    state = position([["XXXX"], ["SSSS"]], field={4: ("XXXX", B)})
    with pytest.raises(IllegalAction) as refused:
        state.apply(A, "XXXX@12")
    assert refused.value.key == "fools-field.unknown_action"
    assert "XXXX@12" in describe_error(refused.value)


def describe_error(error) -> str:
    from pygames.text import error_words

    return error_words(error, "en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_pages_notation_section_is_the_games(lang):
    import html
    import re
    from pathlib import Path

    from pygames.fools_field.notation import NOTATION, Deploy, Discard, Retreat

    page = Path(__file__).parents[1] / "web" / "rules" / f"fools-field.{lang}.html"
    section = page.read_text(encoding="utf-8").split('id="notation"')[1].split("<h2")[0]
    codes = [html.unescape(code) for code in re.findall(r"<code>(.*?)</code>", section)]
    moves = [code.removeprefix("A:") for code in codes if code not in ("@", "X", "S", "F")]
    moves = [code for code in moves if "?" not in code and code != "pygames log"]
    kinds = {type(NOTATION.parse(code)) for code in moves if not code.startswith("*")}
    assert kinds == {Deploy, Retreat, Discard}
    grammar = html.unescape(section.split("<pre")[1].split("</pre>")[0])
    assert all(f'"{word}"' in grammar for word in ("@", "retreat", "discard:", "X", "S", "F"))
