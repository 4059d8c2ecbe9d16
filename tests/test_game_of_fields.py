"""Game of Fields: one test per rule of the rulebook and ruling of rulings.md §4.

Hexes are numbered 0-18 in reading order (`hexmap.LAYOUT`):

        0   1   2
      3   4   5   6
    7   8   9  10  11
     12  13  14  15
       16  17  18
"""

import random
import re

import pytest
from stacked import LastFirst

from pygames.core import CHANCE, IllegalAction
from pygames.game_of_fields import GAME, notation
from pygames.game_of_fields.hexmap import (
    COORDS,
    DISTANCE,
    FACE_DOWN,
    LAYOUT,
    NEIGHBOURS,
    TERRAIN_COUNTS,
    all_terrain,
)
from pygames.game_of_fields.notation import (
    Build,
    Castle,
    EndTurn,
    Pass,
    PrinceBack,
    QueenBack,
    StartMove,
    Stay,
    Step,
    Stop,
    TurnOver,
)
from pygames.game_of_fields.rules import GameOfFieldsState
from pygames.game_of_fields.views import GameOfFieldsView
from pygames.record import Record
from pygames.text import describe, error_words
from pygames.views import check_view

A, B = 0, 1
P, M, S = "plain", "mountain", "sea"


def position(terrain=None, queens=(7, 11), princes=((), ()), cities=((), ()), fields=((), ())):
    """A state on an all-plain map (unless `terrain` says otherwise: {hex: terrain})."""
    state = GAME.new_state(2, 0)
    laid = [P] * 19
    for hex_id, kind in (terrain or {}).items():
        laid[hex_id] = kind
    state.terrain = laid
    state.pool = []
    state.queens = list(queens)
    state.princes = [list(princes[0]), list(princes[1])]
    state.cities = [list(cities[0]), list(cities[1])]
    state.fields = [list(fields[0]), list(fields[1])]
    state.events = []
    return state


def ends(state, hex_id):
    """The hexes the pawn on `hex_id` may end on, from the acting player's preview."""
    view = state.view(state.turn)
    return {int(h): e for h, e in view["preview"]["pawns"][str(hex_id)]["ends"].items()}


def play(state, *actions):
    for action in actions:
        state.apply(state.turn, action)


# ----- the map -----


def test_the_map_is_19_hexes_in_rows_of_3_4_5_4_3_symmetric_under_a_half_turn():
    rows = [sum(1 for _, r, _ in LAYOUT if r == row) for row in range(-2, 3)]
    assert rows == [3, 4, 5, 4, 3]
    roles = {(q, r): role for q, r, role in LAYOUT}
    swap = {"A": "B", "B": "A"}
    for (q, r), role in roles.items():
        turned = roles[(-q, -r)]
        if role.split()[-1] in swap:
            assert turned == role.split()[0] + " " + swap[role.split()[-1]]
    assert roles[(-2, 0)] == "queen A" and roles[(2, 0)] == "queen B"
    assert {COORDS.index(c) for c in [(-1, -1), (-1, 0), (-2, 1)]} == {3, 8, 12}


def test_setup_deals_7_plains_5_mountains_7_seas_each_random_hex_a_chance_outcome():
    state = GAME.new_state(2, 3)
    assert sorted(state.terrain) == sorted(all_terrain())
    assert state.terrain[7] == state.terrain[11] == P
    chance = [a for seat, a in state.history if seat == CHANCE]
    assert len(chance) == 17 and all(a.startswith(":") and "," not in a for a in chance)
    assert TERRAIN_COUNTS == {P: 7, M: 5, S: 7}
    assert state.queens == [7, 11] and state.princes == [[3, 8, 12], [6, 10, 15]]


def test_blank_map_lays_only_the_queens_and_princes_hexes_face_up():
    state = GAME.new_state(2, 3, {"map": "blank"})
    face_up = {h for h in range(19) if state.terrain[h] != FACE_DOWN}
    assert face_up == {7, 11, 3, 8, 12, 6, 10, 15}
    assert len(state.pool) == 11
    view = state.view(A)
    assert all(view["terrain"][h] == "" for h in range(19) if h not in face_up)
    assert sum(view["face_down"].values()) == 11  # counts only: which hex holds what is unknown


# ----- moving Princes -----


@pytest.mark.parametrize(("distance", "reach"), [(1, 4), (2, 3), (3, 2), (4, 1)])
def test_a_princes_reach_is_5_minus_its_distance_to_its_queen(distance, reach):
    prince = next(h for h in range(19) if DISTANCE[9][h] == distance or DISTANCE[7][h] == distance)
    queen = 9 if DISTANCE[9][prince] == distance else 7
    state = position(queens=(queen, -1), princes=([prince], []))
    assert state.view(A)["preview"]["pawns"][str(prince)]["reach"] == reach
    furthest = max(len(e["path"]) for e in ends(state, prince).values())
    assert furthest == reach


def test_a_prince_moves_all_on_land_or_all_on_sea_and_crosses_only_as_its_only_step():
    # Prince on 8 (land) next to a sea on 9; more sea on 10 behind it.
    state = position(terrain={9: S, 10: S, 14: S}, queens=(7, 2), princes=([8], []))
    reached = ends(state, 8)
    assert reached[9]["path"] == [9]  # onto the sea: one step, its whole move
    assert 10 not in reached and 14 not in reached  # never on along the sea
    play(state, "m8", "g9")
    assert state.phase == "next"  # the crossing ended that pawn's move
    # On the sea, a Prince goes on along the sea but never back onto land after a step.
    state = position(terrain={9: S, 10: S, 14: S}, queens=(7, 2), princes=([9], []))
    reached = ends(state, 9)
    assert {10, 14} <= set(reached)
    assert reached[4]["path"] == [4]  # land only as the first and only step
    assert all(h in (10, 14) or len(e["path"]) == 1 for h, e in reached.items())


def test_pawns_pass_through_their_own_pawns_but_never_end_on_them():
    state = position(queens=(7, 2), princes=([8, 9], []))
    reached = ends(state, 8)
    assert 9 not in reached and 10 in reached
    assert reached[10]["path"] == [9, 10]


def test_opponent_queen_prince_or_city_blocks_except_to_stop_and_fight():
    # B's Prince on 9 is strong (its Queen is next to it); A cannot beat it or pass it.
    state = position(queens=(7, 10), princes=([8], [9]))
    assert 9 not in ends(state, 8)
    assert all(9 not in e["path"] for e in ends(state, 8).values())
    with pytest.raises(IllegalAction):
        play(state, "m8", "g9")


def test_opponent_fields_never_block_and_ending_on_one_captures_it():
    state = position(queens=(7, 2), princes=([8], []), fields=((), (9, 10)))
    assert ends(state, 8)[10]["path"] == [9, 10]
    assert ends(state, 8)[10].get("capture")
    play(state, "m8", "g9", "g10", "stop", "end")
    assert state.fields == [[10], [9]]  # only the Field it ended on
    assert "took the Field on hex 11" in describe(
        GAME.id, state.view(A)["log"][-1], "en", ["You", "B"], A
    )


def test_a_captured_field_keeps_its_colour_when_the_captor_has_no_field_pawn_left():
    state = position(queens=(7, 2), princes=([8], []), fields=(range(10, 18), (9,)))
    play(state, "m8", "g9", "stop")
    assert 9 in state.fields[B] and len(state.fields[A]) == 8


# ----- moving the Queen, castling -----


def test_the_queen_moves_one_or_two_hexes_over_land_and_never_ends_on_a_sea():
    state = position(terrain={8: S, 13: S}, queens=(7, 2), princes=([], []))
    reached = ends(state, 7)
    assert set(reached) == {0, 3, 4, 12, 16}  # 8 and 13 are seas; 9 lies beyond them
    assert all(len(e["path"]) <= 2 for e in reached.values())


def test_the_queen_crosses_a_sea_only_where_her_own_prince_stands():
    state = position(terrain={8: S}, queens=(7, 2), princes=([8], []))
    reached = ends(state, 7)
    assert reached[9]["path"] == [8, 9] and 8 not in reached
    play(state, "m7", "g8", "g9")  # no step left: her move ends there
    assert state.queens[A] == 9 and state.princes[A] == [8]


def test_castling_switches_the_queen_with_a_prince_within_two_hexes():
    state = position(terrain={8: S, 3: S}, queens=(7, 2), princes=([9, 12], []))
    # 9 lies two away across 8 (a sea with no Prince) and 3 (a sea): not over the sea alone.
    assert "c12" in state.legal_actions(A) and "c9" not in state.legal_actions(A)
    state.princes[A].append(8)
    assert "c9" in state.legal_actions(A)  # the Prince on the sea bridges it
    play(state, "c12")
    assert state.queens[A] == 12 and sorted(state.princes[A]) == [7, 8, 9]


def test_castling_is_refused_with_an_opponent_pawn_in_between_or_onto_a_sea():
    # The Queen on 16; Princes on 9 (two away, only over 13) and 14 (two away, over 13 or 17).
    state = position(queens=(16, 2), princes=([9, 14], [13]))
    assert "c9" not in state.legal_actions(A)  # B's Prince stands in between
    assert "c14" in state.legal_actions(A)  # over 17
    state.terrain[17] = S
    assert "c14" not in state.legal_actions(A)  # 17 is a sea with no Prince of hers
    state = position(terrain={8: S}, queens=(7, 2), princes=([8], []))
    assert "c8" not in state.legal_actions(A)  # the Queen never ends on a sea


def test_an_opponent_field_in_between_blocks_castling_rulings_4():
    # The Queen on 16; a Prince on 9 (two away, only over 13) and one on 14 (over 13 or 17).
    state = position(queens=(16, 2), princes=([9, 14], []), fields=((), (13,)))
    assert "c9" not in state.legal_actions(A)  # B's Field on 13 is a pawn on the way
    assert "c14" in state.legal_actions(A)  # over 17, which is free
    state.fields[B] = [13, 17]
    assert "c14" not in state.legal_actions(A)  # both ways hold one of B's Fields
    with pytest.raises(IllegalAction):
        state.apply(A, "c14")
    state.fields = [[13, 17], []]
    assert {"c9", "c14"} <= set(state.legal_actions(A))  # her own Fields never block


def test_a_game_begun_under_rules_version_2_castles_past_fields_to_its_end():
    """Version 2 read castling like movement (only a Queen, Prince or City blocks); games
    saved then go on under it, and new games are played under version 3."""
    assert GAME.rules_version == 3 and GAME.oldest_rules_version == 2
    old = GAME.new_state(2, 0, rules_version=2)
    state = position(queens=(16, 2), princes=([9, 14], []), fields=((), (13, 17)))
    for name in ("terrain", "pool", "queens", "princes", "cities", "fields", "events"):
        setattr(old, name, getattr(state, name))
    assert "c9" in old.legal_actions(A) and "c9" not in state.legal_actions(A)
    record = Record.new("game-of-fields", ["human", "human"])
    assert record.rules_version == 3


def test_an_opponent_field_blocks_castling_but_not_the_queens_move():
    state = position(queens=(16, 2), princes=([14], []), fields=((), (13, 17)))
    assert "c14" not in state.legal_actions(A)
    assert ends(state, 16)[9]["path"] == [13, 9]  # moving, she may pass over those Fields


# ----- battles -----


def test_a_prince_attacks_with_5_minus_its_distance_to_its_queen_and_must_be_strictly_higher():
    # B's Prince on 10 is 3 from B's Queen on 16: value 2.
    state = position(queens=(7, 16), princes=([8], [10]))
    assert 10 not in ends(state, 8)  # A's Prince ending on 10 is 3 from 7: 2 against 2
    state.queens[A] = 4  # 10 is 2 from 4: value 3 against 2
    entry = ends(state, 8)[10]
    assert (entry["kind"], entry["attack"], entry["defence"]) == ("battle", 3, 2)
    play(state, "m8", *[f"g{h}" for h in entry["path"]])
    assert state.princes[B] == [] and state.princes[A] == [10]
    entry = next(e for e in state.view(B)["log"] if e["kind"] == "battle")
    line = describe(GAME.id, entry, "en", ["A", "You"], B)
    assert line == "A won the battle on hex 11, 3 against 2: Prince defeated."


def test_a_defending_prince_doubles_on_a_mountain():
    state = position(terrain={10: M}, queens=(4, 16), princes=([8], [10]))
    # B's Prince on 10 is 3 from 16: value 2, doubled to 4 on the mountain; A attacks with 3.
    assert state.defence(B, 10) == 4
    assert 10 not in ends(state, 8)
    state.terrain[10] = P
    assert ends(state, 8)[10]["defence"] == 2


def test_a_prince_on_a_sea_counts_as_on_a_plain():
    state = position(terrain={10: S}, queens=(4, 16), princes=([], [10]))
    assert state.defence(B, 10) == 2


@pytest.mark.parametrize(("terrain", "queen", "city"), [(P, 4, 3), (M, 7, 5)])
def test_queen_defends_4_or_7_and_a_city_3_or_5(terrain, queen, city):
    state = position(terrain={9: terrain, 13: terrain}, queens=(7, 9), cities=((), (13,)))
    assert state.defence(B, 9) == queen
    assert state.defence(B, 13) == city


def test_a_pawn_on_its_city_adds_its_plain_value_to_the_citys_value():
    state = position(terrain={9: M}, queens=(7, 9), cities=((), (9,)))
    assert state.defence(B, 9) == 5 + 4  # the mountain City plus the Queen's plain value
    state = position(terrain={9: M}, queens=(7, 10), princes=([], [9]), cities=((), (9,)))
    assert state.defence(B, 9) == 5 + 4  # a Prince 1 from its Queen: 4, not doubled


def test_illegal_attacks_are_not_offered():
    state = position(queens=(7, 9), princes=([8], []))
    assert 9 not in ends(state, 8)  # value 3 against the Queen's 4
    assert "g9" not in (play(state, "m8") or state.legal_actions(A))


def test_two_princes_add_up_against_a_strong_pawn_and_must_split_next_turn():
    # B's Queen on 9 (4). A's Princes end on 9 two from A's Queen on 16: 3 each, 6 together.
    state = position(queens=(16, 2), princes=([13, 12], []))
    state.queens[B] = 9
    state.cities[B] = [0]  # B can still regenerate: the game goes on
    state.princes[B] = [1]
    entry = ends(state, 13)[9]
    assert (entry["kind"], entry["attack"], entry["defence"]) == ("siege", 6, 4)
    play(state, "m13", "g9")
    assert state.siege == 9 and state.legal_actions(A) == ["m12"]  # a second Prince must join
    play(state, "m12", "g8", "g9")
    assert state.queens[B] == -1 and state.princes[A].count(9) == 2
    assert state.turn == B and state.stacks[A] == 9
    play(state, "pass")
    play(state, "field")  # A builds instead of moving one away
    assert state.princes[A].count(9) == 1 and len(state.princes[A]) == 1
    assert state.view(A)["log"][-1]["kind"] == "split_loss"


def test_moving_one_prince_away_splits_the_stack():
    state = position(queens=(16, 2), princes=([9, 9], []))
    state.stacks[A] = 9
    play(state, "m9", "g4", "stop", "end")
    assert sorted(state.princes[A]) == [4, 9] and state.stacks[A] == -1


def test_a_captured_city_changes_colour_and_a_third_city_is_never_taken():
    state = position(queens=(4, 16), princes=([8], []), cities=((), (9,)))
    assert ends(state, 8)[9]["attack"] == 4 > ends(state, 8)[9]["defence"] == 3
    state.cities[A] = [0, 2]
    assert 9 not in ends(state, 8)  # A already has two Cities
    state.cities[A] = [0]
    play(state, "m8", "g9")
    assert state.cities == [[0, 9], []]


def test_winning_a_battle_on_a_field_takes_the_field_too():
    state = position(queens=(4, 16), princes=([8], [9]), fields=((), (9,)))
    play(state, "m8", "g9")
    assert state.fields == [[9], []] and state.princes[B] == []


# ----- building and regenerating -----


def test_the_queen_builds_one_field_or_city_on_her_hex_never_both_and_two_cities_at_most():
    state = position(queens=(7, 11))
    assert {"field", "city"} <= set(state.legal_actions(A))
    play(state, "city")
    assert state.cities[A] == [7] and state.turn == B
    play(state, "field")
    assert "field" not in state.legal_actions(A) and "city" not in state.legal_actions(A)
    state.queens[A] = 8
    state.cities[A] = [7, 0]
    assert "city" not in state.legal_actions(A) and "field" in state.legal_actions(A)
    with pytest.raises(IllegalAction, match="two Cities"):
        play(state, "city")


def test_regenerate_a_prince_on_a_free_city_with_as_many_fields_as_princes():
    state = position(queens=(7, 11), princes=([3, 8], []), cities=((12,), ()), fields=((13,), ()))
    assert "p12" not in state.legal_actions(A)  # 1 Field, 3 Princes after it
    state.fields[A] = [13, 16, 17]
    assert "p12" in state.legal_actions(A)
    state.princes[A].append(12)
    assert "p12" not in state.legal_actions(A)  # three already
    state.princes[A].remove(12)
    play(state, "p12")
    assert sorted(state.princes[A]) == [3, 8, 12]


def test_regenerate_the_queen_on_a_city_the_prince_is_gone_for_good():
    state = position(queens=(-1, 11), princes=([3, 8], []), cities=((12, 16), ()))
    actions = state.legal_actions(A)
    assert "q12.3" in actions and "q16.8" in actions and "field" not in actions
    play(state, "q12.3")
    assert state.queens[A] == 12 and state.princes[A] == [8] and state.limits[A] == 2
    state.fields[A] = [0, 1, 2]
    state.turn = A
    assert "p16" in state.legal_actions(A)
    state.princes[A].append(16)
    assert "p16" not in state.legal_actions(A) and "p12" not in state.legal_actions(A)


def test_a_queenless_players_princes_count_as_four_hexes_away():
    state = position(queens=(-1, 11), princes=([9], []), cities=((0,), ()))
    assert state.prince_value(A, 9) == 1
    assert state.view(A)["preview"]["pawns"]["9"]["reach"] == 1


# ----- passing -----


def test_a_pass_may_be_answered_by_a_pass_then_the_first_passer_must_act():
    state = position(queens=(7, 11))
    play(state, "pass", "pass")
    assert "pass" not in state.legal_actions(A)
    with pytest.raises(IllegalAction, match="must act"):
        play(state, "pass")
    play(state, "field")
    assert "pass" in state.legal_actions(B)


def test_a_player_with_nothing_else_may_always_pass_and_eight_passes_draw():
    # Each Queen on her City, boxed in by seas, with two Cities and no Field or Prince.
    terrain = {3: S, 8: S, 12: S, 6: S, 10: S, 15: S}
    state = position(terrain, queens=(7, 11), cities=((7, 0), (11, 2)))
    for _ in range(7):
        assert state.legal_actions(state.turn) == ["pass"]
        play(state, "pass")
    assert not state.is_over()
    play(state, "pass")
    assert state.outcome() == [0.5, 0.5] and state.end_reason == "passes"


# ----- winning -----


def test_a_city_linked_to_fields_worth_5_wins_plain_1_mountain_half():
    terrain = {3: M, 4: M}
    state = position(terrain, queens=(9, 11), cities=((8,), ()), fields=((7, 12, 13, 3), ()))
    assert state.best_chain(A)[0] == 7  # 3 plains and a mountain: 3½
    state.fields[A].append(4)
    assert state.best_chain(A)[0] == 8  # 4: a mountain Field linked through 3
    play(state, "field")  # the Queen's Field on 9 (a plain) makes 5
    assert state.outcome() == [1.0, 0.0] and state.end_reason == "fields"


def test_fields_not_linked_to_a_city_do_not_count():
    state = position(queens=(9, 11), cities=((0,), ()), fields=((7, 12, 13, 16, 17), ()))
    play(state, "field")
    assert not state.is_over() and state.best_chain(A)[0] == 0


def test_a_chain_crosses_a_sea_only_where_a_prince_stands_on_it():
    terrain = {8: S}
    state = position(terrain, queens=(14, 11), cities=((9,), ()), fields=((4, 10, 7, 12), ()))
    # 7 and 12 lie beyond the sea on 8; 4, 10 touch the City on 9.
    assert state.best_chain(A)[0] == 4
    state.princes[A] = [8]
    assert state.best_chain(A)[0] == 8
    play(state, "field")  # the Queen's Field on 14 makes 5 through the Prince's bridge
    assert state.end_reason == "fields"


def test_a_second_city_links_fields_across_land():
    state = position(queens=(16, 11), cities=((9,), ()), fields=((4, 10, 14, 7, 12), ()))
    # 7 and 12 are cut off by hex 8 (plain, empty): a City there links them.
    assert state.best_chain(A)[0] == 6
    state.queens[A] = 8
    play(state, "city")
    assert state.best_chain(A)[0] == 10 and state.end_reason == "fields"


def test_taking_the_queen_wins_when_the_rival_has_no_city_or_no_prince():
    state = position(queens=(4, 9), princes=([8, 13], [10]))
    play(state, "m8", "g9")  # value 4... against the Queen's 4: not alone
    play(state, "m13", "g9")
    assert state.outcome() == [1.0, 0.0] and state.end_reason == "queen"


def test_a_fallen_queen_with_a_city_and_a_prince_leaves_the_game_going():
    state = position(queens=(4, 9), princes=([8, 13], [0]), cities=((), (2,)))
    play(state, "m8", "g9", "m13", "g9")
    assert not state.is_over() and state.queens[B] == -1


# ----- the blank map -----


def blank_position():
    state = position(queens=(7, 11), princes=([8], []))
    state.options = {"map": "blank"}
    for hex_id in (9, 10, 3, 4, 13, 14):
        state.terrain[hex_id] = FACE_DOWN
    state.pool = sorted([S, P, M, P, P, S])
    state.chance = LastFirst()  # the last terrain of the pool turns up first
    return state


def test_blank_map_a_prince_turns_a_hex_over_mid_move_and_enters_it_or_not():
    state = blank_position()
    assert "r9" in (play(state, "m8") or state.legal_actions(A))
    state.pool = [P, P, P, M, S, S]  # next turned: a sea (last first)
    state.pool = [S, S, P, P, P, M]  # next turned: a mountain
    fixed = state.fixed_upto
    play(state, "r9")
    assert state.terrain[9] == M and state.history[-1] == (CHANCE, ":mountain")
    assert state.fixed_upto > fixed  # turning a hex over cannot be undone
    assert state.legal_actions(A) == ["g9", "stay"]
    play(state, "g9")  # entering costs no extra point: 1 of 4 used
    assert state.used == 1 and state.path == [8, 9]
    state.pool = [P, P, M, S]  # next: a sea, seen from land after a step
    play(state, "r10")
    assert state.terrain[10] == S and state.phase == "move"  # not entered: it moved already
    assert "r14" in state.legal_actions(A) and state.used == 2
    play(state, "stop")
    assert state.princes[A] == [9]


def test_blank_map_a_sea_found_at_the_first_point_may_be_entered_and_ends_the_move():
    state = blank_position()
    play(state, "m8", "r9")  # the pool's last: a sea
    assert state.terrain[9] == S and state.legal_actions(A) == ["g9", "stay"]
    play(state, "g9")
    assert state.princes[A] == [9] and state.phase == "next"


def test_blank_map_a_hex_turned_over_without_moving_is_no_step_rulings_4():
    state = blank_position()
    state.terrain[12] = S  # a face-up sea next to the Prince on the plain 8
    state.pool = [P, P, P, S, S, M]  # turned over: a mountain, then a sea
    play(state, "m8", "r9", "stay")  # a point spent, and the Prince still on 8
    assert state.used == 1 and state.path == [8]
    assert "g12" in state.legal_actions(A)  # its one land-sea step is still open
    play(state, "r13")
    assert state.terrain[13] == S and state.legal_actions(A) == ["g13", "stay"]
    play(state, "g13")  # into the sea it has just turned: the whole move
    assert state.princes[A] == [13] and state.phase == "next"


def test_blank_map_a_prince_that_only_turned_hexes_over_is_logged_so():
    state = blank_position()
    state.pool = [P, P, P, S, S, M]  # a mountain, then a sea
    play(state, "m8", "r9", "stay", "r13", "stay", "stop")
    assert state.princes[A] == [8]
    last = state.view(A)["log"][-1]
    assert last == {
        "kind": "stayed",
        "seat": A,
        "hex": 8,
        "turned": [{"hex": 9, "terrain": M}, {"hex": 13, "terrain": S}],
    }
    assert not [e for e in state.view(A)["log"] if e["kind"] == "move"]
    names = ["Ann", "Bo"]
    assert describe(GAME.id, last, "en", names, B) == (
        "Ann's Prince turned hex 10 (a mountain) and hex 14 (a sea) over and stayed on hex 9."
    )
    assert describe(GAME.id, last, "en", names, A) == (
        "Your Prince turned hex 10 (a mountain) and hex 14 (a sea) over and stayed on hex 9."
    )
    assert describe(GAME.id, last, "ja", names, A) == (
        "Annの王子はヘクス10（山）とヘクス14（海）を表に返し、ヘクス9にとどまりました。"
    )


def test_blank_map_a_prince_that_turned_a_hex_over_then_moved_is_logged_as_a_move():
    state = blank_position()
    state.pool = [P, P, P, S, S, M]
    play(state, "m8", "r9", "stay", "g9", "stop")
    assert state.view(A)["log"][-1] == {
        "kind": "move",
        "seat": A,
        "pawn": "prince",
        "source": 8,
        "hex": 9,
    }


def test_blank_map_only_princes_discover_and_the_queen_stays_on_face_up_land():
    state = blank_position()
    assert set(ends(state, 7)) <= {12, 16} or all(state.terrain[h] for h in ends(state, 7))


def test_face_down_terrain_is_in_no_view():
    state = GAME.new_state(2, 8, {"map": "blank"})
    hidden = [h for h in range(19) if state.terrain[h] == FACE_DOWN]
    for seat in (A, B, None):
        view = state.view(seat)
        assert all(view["terrain"][h] == "" for h in hidden)


# ----- steps, undo, records -----


def test_steps_may_be_undone_until_a_battle_is_fought():
    state = position(queens=(4, 16), princes=([8, 3], [10]))
    play(state, "m8", "g9")
    assert state.undo_point(A) is not None
    play(state, "g10")  # a battle: 3 against 2
    assert state.undo_point(A) is None


def test_a_second_pawn_may_follow_the_first_and_the_queen_first_changes_the_reach():
    state = position(queens=(7, 11), princes=([3, 16], []))
    play(state, "m7", "g8", "stop")
    assert state.phase == "next" and {"m3", "m16", "end"} <= set(state.legal_actions(A))
    assert "m8" not in state.legal_actions(A)  # the Queen moved already
    assert state.view(A)["preview"]["pawns"]["16"]["reach"] == 5 - DISTANCE[8][16]
    play(state, "m3", "g4", "stop")
    assert state.turn == B


def test_a_whole_game_replays_from_its_record():
    import random

    rng = random.Random(5)
    state = GAME.new_state(2, 5, {"map": "blank"})
    while not state.is_over():
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    record = Record.new(GAME.id, ["random", "random"], {"map": "blank"})
    record.actions = list(state.history)
    assert Record.from_text(record.to_text()).replay().view(A) == state.view(A)


def test_views_are_of_the_declared_type_mid_move_on_the_blank_map_and_in_replays():
    state = blank_position()
    state.pool = [P, P, P, S, S, M]
    check_view(state.view(A), GameOfFieldsView)
    play(state, "m8", "r9")  # the found phase: enter or stay
    for seat in (A, B, None):
        check_view(state.view(seat), GameOfFieldsView)
    play(state, "g9")
    check_view(state.view(A), GameOfFieldsView)
    state.apply(B, "resign")
    check_view(state.full_view(A), GameOfFieldsView)


# ----- the notation -----

EVERY_KIND = {
    "m7": StartMove(7),
    "g0": Step(0),
    "r18": TurnOver(18),
    "stay": Stay(),
    "stop": Stop(),
    "end": EndTurn(),
    "c12": Castle(12),
    "field": Build("field"),
    "city": Build("city"),
    "p4": PrinceBack(4),
    "q4.9": QueenBack(4, 9),
    "pass": Pass(),
}


@pytest.mark.parametrize(("text", "action"), EVERY_KIND.items())
def test_every_kind_of_action_reads_and_writes_back(text, action):
    assert notation.parse(text) == action
    assert notation.format(action) == text
    assert GAME.notation.format(GAME.notation.parse(text)) == text


def test_the_grammar_in_the_docstring_gives_an_example_of_every_kind():
    examples = set()
    for word in re.findall(r"[a-z0-9.]+", notation.__doc__ or ""):
        try:
            action = notation.parse(word)
        except IllegalAction:
            continue
        assert notation.format(action) == word
        examples.add(type(action))
    assert examples == {type(action) for action in EVERY_KIND.values()}


@pytest.mark.parametrize(
    "text", ["m19", "m07", "m-1", "m+1", "m 7", "M7", "m", "q4", "q4.", "q.9", "q4.19", "g٣",
             "stop ", "Pass", "resign", "m7\n", "r1.2"]
)  # fmt: skip
def test_text_that_is_no_action_is_refused_in_words(text):
    with pytest.raises(IllegalAction) as refused:
        notation.parse(text)
    assert refused.value.key == "game-of-fields.bad_notation"
    assert error_words(refused.value, "en").endswith("is not an action of this game")
    assert error_words(refused.value, "ja") == "このゲームの行動として読めません"


def test_the_rules_refuse_a_malformed_action_as_no_action():
    state = GAME.new_state(2, 1)
    with pytest.raises(IllegalAction) as refused:
        state.apply(A, "m07")
    assert refused.value.key == "game-of-fields.bad_notation"
    with pytest.raises(IllegalAction) as refused:
        state.apply(A, "m0")  # well formed, but no pawn stands there
    assert refused.value.key == "game-of-fields.cannot_move"


def test_every_hex_has_its_neighbours_on_the_map():
    assert sorted(len(n) for n in NEIGHBOURS).count(6) == 7  # the inner hexes


@pytest.mark.parametrize("options", [{}, {"map": "blank"}])
def test_the_quick_answer_to_which_pawns_may_move_is_the_walks(monkeypatch, options):
    """A pawn with a free face-up hex next to it may move without a walk to find out; the
    pawns that may move are the same as when every pawn is walked (random games)."""

    def walked(state, seat):
        with monkeypatch.context() as patched:
            patched.setattr(GameOfFieldsState, "free_next_to", lambda *args, **kwargs: False)
            return state.movable(seat)

    compared = quick_ones = 0
    for seed in range(6):
        state = GAME.new_state(2, seed, options)
        rng = random.Random(seed)
        while not state.is_over():
            for seat in (0, 1):
                found = state.movable(seat)
                assert found == walked(state, seat)
                compared += 1
                taken = state.pawns_and_cities(1 - seat) | state.pawns(seat)
                quick_ones += any(state.free_next_to(h, taken, False) for h in found)
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert compared > 500 and quick_ones > 100
