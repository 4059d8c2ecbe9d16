"""Where the latest moves went (`State.marks`, a view's ``marks``), for every game.

Every board marks the places its view names, so that a player sees at a glance what
the other seats did since their own last move. A view's marks come from the moves as
its seat knows them: `tests/test_contract.py` checks that a seat's masked copy gives
the same view, marks included, in every game.
"""

import random

import pytest

from pygames import GAMES
from pygames.core import CHANCE, RecordedChance
from pygames.fools_field.rules import to_table
from pygames.position import decode_state, encode_state

A, B = 0, 1


def first_move(state, seat, kind):
    """The first legal action of `seat` whose first pick is of `kind`."""
    for action in state.legal_actions(seat):
        if state.picks(seat, action)[0][0] == kind:
            return action
    raise AssertionError(f"no {kind} move for seat {seat}")


def test_a_rivals_deployment_is_marked_where_each_seat_sees_it():
    state = GAMES["fools-field"].new_state(2, seed=4, options={"start": "A"})
    state.apply(A, first_move(state, A, "card"))  # the centre, the first turn
    assert state.view(A)["marks"] == [["cell", "4"]]  # A moved last: A's own move
    assert state.view(B)["marks"] == [["cell", "4"]]
    action = next(a for a in state.legal_actions(B) if state.picks(B, a)[1][1] != "4")
    cell = int(state.picks(B, action)[1][1])
    state.apply(B, action)
    assert state.view(B)["marks"] == [["cell", str(cell)]]
    assert state.view(A)["marks"] == [["cell", str(to_table(B, cell))]]  # A's frame
    assert to_table(B, cell) != cell  # the frames differ: the test can tell them apart
    assert state.view(None)["marks"] == [["cell", str(to_table(B, cell))]]


def test_a_card_that_left_the_field_is_not_marked():
    state = GAMES["fools-field"].new_state(2, seed=4, options={"start": "A"})
    state.apply(A, first_move(state, A, "card"))
    state.field.clear()  # as when a battle ends and the Field is cleared
    assert state.view(B)["marks"] == []


def game_of_fields_after_b_moved():
    state = GAMES["game-of-fields"].new_state(2, seed=2)
    rng = random.Random(5)
    while state.to_act() != [A] or not state.history or state.history[-1][0] != B:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_while_a_seat_makes_its_move_the_rivals_last_move_stays_marked():
    state = game_of_fields_after_b_moved()
    rivals = state.view(A)["marks"]
    assert rivals, "B's turn went somewhere"
    assert all(kind == "hex" for kind, _ in rivals)
    start = first_move(state, A, "pawn")
    state.apply(A, start)
    assert state.to_act() == [A]  # A is still making its move
    assert state.view(A)["marks"] == rivals
    begun = state.view(B)["marks"]  # B sees A's move so far
    assert begun == [["hex", state.picks(A, start)[0][1]]]


def test_cloth_of_gold_marks_the_oval_a_token_left_and_the_one_it_went_to():
    state = GAMES["cloth-of-gold"].new_state(2, seed=1)
    rng = random.Random(1)
    for _ in range(200):
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        if ">" in action and state.to_act() == [1 - seat]:
            break
    else:
        raise AssertionError("no token moved from one oval to another")
    source, target = action.split(">")
    assert source != target
    assert state.view(1 - seat)["marks"] == [["oval", source], ["oval", target]]


def test_fools_marks_the_slots_others_played_on_this_round_and_none_of_the_last():
    state = GAMES["fools"].new_state(3, seed=7)
    rng = random.Random(7)
    marked_in_round = False
    crossed_a_round = False
    while not state.is_over():
        seat = state.to_act()[0]
        round_before = state.round
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        viewer = state.to_act()[0] if state.to_act() else None
        marks = state.view(viewer)["marks"]
        if state.round != round_before and viewer is not None:
            crossed_a_round = True
            assert marks == []  # a new round's armies: nothing played on them yet
        elif marks:
            marked_in_round = True
            assert {kind for kind, _ in marks} <= {"slot", "bearer"}
    assert marked_in_round and crossed_a_round


MARKED_KINDS = {
    "fools-field": {"cell"},
    "fools": {"slot", "bearer"},
    "cloth-of-gold": {"oval"},
    "game-of-fields": {"hex"},
}


@pytest.mark.parametrize(("game_id", "kinds"), sorted(MARKED_KINDS.items()))
def test_marks_are_places_the_seats_board_can_pick(game_id, kinds):
    """Every mark is a kind of pick that the game's own actions make, so its board
    knows the place; for every seat and a spectator, along a seeded game."""
    game = GAMES[game_id]
    state = game.new_state(game.min_seats, seed=3)
    rng = random.Random(3)
    marked = 0
    while not state.is_over() and len(state.history) < 400:
        for seat in [*range(state.num_seats), None]:
            for kind, value in state.view(seat)["marks"]:
                assert kind in kinds
                assert isinstance(value, str) and value
                marked += 1
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert marked > 20


UNREADABLE = ["garbage", "", "?", "deploy:?@Z9", "XSSX@99", "red>moat", "m99", "bearer:"]


@pytest.mark.parametrize("game_id", sorted(MARKED_KINDS))
def test_a_position_whose_latest_moves_are_unreadable_opens_and_marks_none_of_them(game_id):
    """A position may come from a link: its past is read as hostile. A move that is no
    action of the game marks nothing; the position opens as it did before marks, and the
    readable moves before it still mark their places."""
    game = GAMES[game_id]
    state = game.new_state(game.min_seats, seed=1)
    rng = random.Random(1)
    while len(state.history) < 30 or not state.view(None)["marks"]:
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    marked = state.view(None)["marks"]
    mover = next(actor for actor, _ in reversed(state.history) if actor != CHANCE)
    state.history += [(mover, junk) for junk in UNREADABLE]
    read = decode_state(
        game, state.num_seats, state.options, encode_state(state), RecordedChance([]), None
    )
    assert read.view(None)["marks"] == marked


@pytest.mark.parametrize(("game_id", "kinds"), sorted(MARKED_KINDS.items()))
def test_where_a_move_would_go_is_a_place_its_seat_knows(game_id, kinds):
    """`goes_to` (where a hint's move goes) names places of the kinds a mark names, the
    same in every state the seat cannot tell apart, and changes nothing it is asked of."""
    game = GAMES[game_id]
    for seats in sorted({game.min_seats, game.max_seats}):
        state = game.new_state(seats, seed=5)
        rng = random.Random(5)
        placed = 0
        while not state.is_over() and len(state.history) < 300:
            seat = state.to_act()[0]
            before = (list(state.history), state.view(seat))
            other = state.resample(seat, random.Random(len(state.history)))
            for action in state.legal_actions(seat):
                places = state.goes_to(seat, action)
                assert {kind for kind, _ in places} <= kinds
                assert other.goes_to(seat, action) == places
                placed += bool(places)
            assert (list(state.history), state.view(seat)) == before
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert placed > 20


def test_a_queens_city_goes_to_her_hex():
    state = game_of_fields_after_b_moved()
    seat = state.to_act()[0]
    city = next((a for a in state.legal_actions(seat) if a == "city"), None)
    assert city is not None
    assert state.goes_to(seat, city) == [("hex", str(state.queens[seat]))]


def pawn_ways(state, seat):
    """The ways `seat`'s pawns went in its last turn, read from the record by hand: each
    pawn's hex where it set off and every hex it stepped into."""
    moves = []
    for actor, action in reversed(state.history):
        if actor == CHANCE:
            continue
        if actor != seat:
            break
        moves.insert(0, action)  # a turn's moves, oldest first
    ways = []
    for action in moves:
        if action.startswith("m"):
            ways.append([action[1:]])
        elif action.startswith("g") and ways:
            ways[-1].append(action[1:])
    return [way for way in ways if len(way) > 1]


@pytest.mark.parametrize("blank", [False, True])
def test_game_of_fields_draws_each_pawns_way_in_order(blank):
    """A view's trails are the ways the rival's pawns went, in order, one per pawn; a hex
    turned over on the way (the blank map) is on none unless the pawn stepped into it.
    Along seeded games, at each of A's turns."""
    options = {"map": "blank"} if blank else None
    seen = turned = 0
    for seed in range(6):
        state = GAMES["game-of-fields"].new_state(2, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_over() and len(state.history) < 400:
            seat = state.to_act()[0]
            view = state.view(A)
            last = next((actor for actor, _ in reversed(state.history) if actor != CHANCE), A)
            if seat == A and last == B:  # A's turn begins
                trails = [[value for _, value in trail] for trail in view["trails"]]
                assert trails == pawn_ways(state, B)
                marks = [tuple(mark) for mark in view["marks"]]
                assert all(tuple(place) in marks for trail in view["trails"] for place in trail)
                seen += bool(trails)
                turned += any(action.startswith("r") for _, action in state.history[-12:])
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen > 20
    assert turned or not blank


@pytest.mark.parametrize("game_id", ["fools-field", "fools", "cloth-of-gold"])
def test_the_other_games_draw_no_ways(game_id):
    """Their moves put a card or a token somewhere in one go: marks enough, no arrows."""
    game = GAMES[game_id]
    state = game.new_state(game.max_seats, seed=3)
    rng = random.Random(3)
    while not state.is_over() and len(state.history) < 300:
        assert all(state.view(seat)["trails"] == [] for seat in range(state.num_seats))
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert len(state.history) > 30


def test_a_castling_is_marked_on_both_hexes_it_swaps():
    """Castling swaps the Queen and a Prince: the move is on both hexes, as the latest move
    each seat sees and as where a hint's move goes, though its notation names only the
    Prince's hex (c12)."""
    from test_game_of_fields import position

    state = position(queens=(7, 2), princes=([9, 12], []))
    both = [("hex", "12"), ("hex", "7")]  # the Prince's, where the Queen goes; and hers
    assert state.goes_to(A, "c12") == both
    state.apply(A, "c12")
    assert state.queens[A] == 12 and 7 in state.princes[A]
    for seat in (A, B, None):
        assert [tuple(mark) for mark in state.view(seat)["marks"]] == both
    masked = state.masked(B)
    assert [tuple(mark) for mark in masked.view(B)["marks"]] == both


def test_a_castling_whose_log_line_is_lost_marks_the_princes_hex():
    """A position may come from a link with its log read as hostile: a castling with no
    readable line of its own still marks the hex its notation names."""
    from test_game_of_fields import position

    state = position(queens=(7, 2), princes=([9, 12], []))
    state.apply(A, "c12")
    castle = next(event for event in state.events if event.kind == "castle")
    castle.data["source"] = "seven"
    assert state.view(B)["marks"] == [["hex", "12"]]
    state.events.clear()
    assert state.view(B)["marks"] == [["hex", "12"]]
