"""Replays, for every registered game and seat count: a step is the live game's position,
every viewpoint holds only what it may, the log splits into moves, records round-trip
through the exported file (the command line reads it too), and a shared position's past
holds only what its sharer saw."""

import json
import random
import re

import pytest

from pygames import GAMES
from pygames.__main__ import main as cli
from pygames.core import CHANCE, UNKNOWN, RecordedChance, log_entry
from pygames.position import encode_state
from pygames.record import Record, RecordError
from pygames.replay import EVERYTHING, Replay
from pygames.text import describe, picks_done

CASES = [
    (game_id, seats)
    for game_id, game in sorted(GAMES.items())
    for seats in range(game.min_seats, game.max_seats + 1)
]


def live_game(game_id, seats, seed, stop=None):
    """A seeded random game, with the position (as JSON) after the deal and each seat's move."""
    state = GAMES[game_id].new_state(seats, seed)
    rng = random.Random(seed)
    snapshots = [state.clone()]
    while not state.is_over() and (stop is None or len(snapshots) <= stop):
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        snapshots.append(state.clone())
    record = Record.new(game_id, ["human"] + ["random"] * (seats - 1))
    record.actions = list(state.history)
    return record, state, snapshots


def data(state):
    return encode_state(state)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_replaying_to_move_n_gives_the_live_games_position_at_move_n(game_id, seats):
    for seed in range(4):
        record, state, snapshots = live_game(game_id, seats, seed)
        replay = Replay(Record.from_text(record.to_text()))
        assert replay.last == len(snapshots) - 1 == sum(s != CHANCE for s, _ in state.history)
        for step, live in enumerate(snapshots):
            assert data(replay.state(step)) == data(live)
            for seat in range(seats):
                live_view = live.view(seat)
                live_view["actions"], live_view["choices"] = [], None
                assert replay.view(step, seat) == live_view
        assert replay.state(replay.last + 5) is replay.state(replay.last)
        assert replay.state(-1) is replay.state(0)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_replay_position_has_no_future(game_id, seats):
    record, _, _ = live_game(game_id, seats, 1)
    for state in Replay(record).states:
        assert isinstance(state.chance, RecordedChance) and not state.chance.outcomes


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_everything_is_seen_after_the_end_and_each_seat_sees_only_its_own(game_id, seats):
    record, state, _ = live_game(game_id, seats, 2)
    replay = Replay(record)
    assert replay.viewpoints() == [*range(seats), EVERYTHING]
    full = replay.view(replay.last, EVERYTHING)
    assert full["everything"] and full["choices"] is None
    assert len(full["log"]) == len(state.events)
    assert "open_hands" in full and UNKNOWN not in json.dumps(full)
    for seat in range(seats):
        assert replay.view(replay.last, seat)["log"] == state.view(seat)["log"]
    # An unfinished game offers no all-seeing viewpoint.
    unfinished, _, _ = live_game(game_id, seats, 2, stop=3)
    assert EVERYTHING not in Replay(unfinished).viewpoints()
    with pytest.raises(ValueError):
        Replay(unfinished).view(1, EVERYTHING)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_everything_is_seen_from_the_place_of_whoever_looks(game_id, seats):
    """A seat's own things stay its own in the all-seeing view from its place (a board
    draws them as "your hand"); an onlooker's view owns nothing."""
    record, state, _ = live_game(game_id, seats, 2)
    replay = Replay(record)
    onlooker = replay.view(replay.last, EVERYTHING)
    assert onlooker["seat"] is None
    for seat in range(seats):
        seen = replay.view(replay.last, EVERYTHING, at=seat)
        assert seen["seat"] == seat and seen["everything"]
        opened = state.open_game_view(seat)
        apart = (*opened, "log", "actions", "choices")  # the log and choices differ by design
        own = {k: v for k, v in state.view(seat).items() if k not in apart}
        assert {k: seen[k] for k in own} == own
        assert {k: seen[k] for k in opened} == {k: onlooker[k] for k in opened}


@pytest.mark.parametrize(("game_id", "seats"), CASES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_seen_from_everywhere_a_seats_private_lines_name_it_to_any_other_reader(
    game_id, seats, lang
):
    """The all-seeing log holds every seat's private lines (a hand dealt, a card drawn):
    read by another seat, each names the seat it is about, never "you"."""
    names = [f"Seat{letter}" for letter in "ABCD"[:seats]]
    checked = 0
    for seed in range(3):
        _, state, _ = live_game(game_id, seats, seed)
        for event in state.events:
            if event.to is None or len(event.to) != 1:
                continue
            (owner,) = event.to
            for reader in range(seats):
                words = describe(game_id, log_entry(event), lang, names, reader)
                if words is None:
                    continue
                if reader != owner:
                    assert names[owner] in words, words
                    assert not re.search(r"\b(you|your)\b", words, re.IGNORECASE), words
                    checked += 1
    hands_hidden = game_id in ("fools-field", "cloth-of-gold", "fools")
    assert checked > 0 or not hands_hidden


def read_log(state, seat):
    """The log `seat` reads in `state`; everything's (None) holds every line."""
    return state.view(seat)["log"] if seat is not None else [log_entry(e) for e in state.events]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_record_replayed_before_steps_alike_without_checking_its_moves_again(game_id, seats):
    for seed in range(3):
        record, _, snapshots = live_game(game_id, seats, seed)
        checked, trusted = Replay(record), Replay(record, known_legal=True)
        assert [data(s) for s in trusted.states] == [data(s) for s in checked.states]
        assert [data(s) for s in trusted.states] == [data(s) for s in snapshots]


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_the_log_splits_into_the_moves_that_wrote_it(game_id, seats):
    record, state, snapshots = live_game(game_id, seats, 3)
    replay = Replay(record)
    for viewpoint in replay.viewpoints():
        segments = replay.logs(viewpoint)
        assert len(segments) == replay.last + 1
        seat = viewpoint if isinstance(viewpoint, int) else None
        whole = (
            state.view(seat)["log"]
            if seat is not None
            else replay.view(replay.last, EVERYTHING)["log"]
        )
        assert sum(segments, []) == whole
        # Each step's part is what that move added to the log its viewpoint read then.
        for step in range(1, replay.last + 1):
            before, after = (read_log(snapshots[n], seat) for n in (step - 1, step))
            assert after[: len(before)] == before
            assert segments[step] == after[len(before) :]
            assert replay.mover(step) == next(
                s for s, _ in reversed(snapshots[step].history) if s != CHANCE
            )


def test_decisions_leave_out_chance_and_resignations():
    record, state, _ = live_game("fools-field", 2, 4, stop=6)
    state.apply(state.to_act()[0], "resign")
    record.actions = list(state.history)
    replay = Replay(record)
    decisions = replay.decisions()
    assert [d.step for d in decisions] == list(range(1, replay.last))
    assert all(d.action != "resign" for d in decisions)
    for d in decisions:
        assert replay.state(d.step - 1).legal_actions(d.seat).count(d.action) == 1


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_export_then_import_round_trips_and_the_command_line_reads_the_file(
    game_id, seats, tmp_path, capsys
):
    record, state, _ = live_game(game_id, seats, 5)
    record.hints = [0]
    exported = record.to_text() + "\n"  # what the page's Export writes
    path = tmp_path / f"{game_id}.txt"
    path.write_text(exported, encoding="utf-8")
    opened = Record.from_text(path.read_text(encoding="utf-8"))
    assert opened == record and opened.to_text() + "\n" == exported
    assert data(Replay(opened).states[-1]) == data(state)
    assert cli(["log", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(record.to_text().split("\n")[0])
    assert "A asked the computer for hints in this game." in out
    assert cli(["analyse", str(path), "--iterations", "4"]) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert len(lines) == 1 + len(Replay(record).decisions())


def test_hints_are_a_checked_header_field():
    record, _, _ = live_game("fools-field", 2, 6)
    record.hints = [0, 1]
    assert " hints=AB " in record.to_text().split("\n")[0] + " "
    assert Record.from_link_fragment(record.to_link_fragment()).hints == [0, 1]
    head, moves = record.to_text().split("\n")
    for bad in ("hints=C", "hints=BA", "hints=", "hints=-"):
        with pytest.raises(RecordError, match="hints"):
            Record.from_text(head.replace("hints=AB", bad) + "\n" + moves)


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_shared_positions_past_is_what_its_sharer_saw(game_id, seats):
    for seed in range(3):
        record, state, snapshots = live_game(game_id, seats, seed, stop=8)
        if state.is_over():
            continue
        seat = seed % seats
        shared = Record.shared_position(record, state, seat, with_past=True)
        opened = Record.from_link_fragment(shared.to_link_fragment())
        replay = Replay(opened)
        assert replay.viewpoints() == [seat] and replay.decisions() == []
        assert replay.last == len(snapshots) - 1
        for step, live in enumerate(snapshots):
            assert replay.view(step, seat)["log"] == live.view(seat)["log"]
            expected = live.view(seat)
            expected["actions"], expected["choices"] = [], None
            assert replay.view(step, seat) == expected
        assert not replay.over or state.is_over()


def test_a_shared_positions_past_holds_no_card_its_sharer_never_saw():
    checked = 0
    for seed in range(20):
        record, state, _ = live_game("fools-field", 2, seed, stop=25)
        if state.is_over():
            continue
        seat = seed % 2
        text = Record.shared_position(record, state, seat, with_past=True).to_text()
        rival = 1 - seat
        hidden = set(state.hands[rival] + state.discards[rival] + state.deck)
        hidden -= set(state.known_held[rival])
        seen_before = {c for c in re.findall(r"\b[XSF]{4}\b", text)}
        assert hidden and not hidden & seen_before
        checked += 1
    assert checked > 5


def test_a_shared_positions_past_is_checked_like_a_position():
    record, state, _ = live_game("fools-field", 2, 7, stop=6)
    shared = Record.shared_position(record, state, 0, with_past=True)
    lines = shared.to_text().split("\n")
    assert lines[2].startswith("step ")
    forged = lines[2].replace('"deck":[', '"deck":["XXXX",', 1)
    text = "\n".join([*lines[:2], forged, *lines[3:]])
    with pytest.raises(RecordError, match="position"):
        Replay(Record.from_text(text))
    bad_size = re.sub(r'"log":\d+', '"log":9999', lines[2])
    with pytest.raises(RecordError, match="position"):
        Replay(Record.from_text("\n".join([*lines[:2], bad_size, *lines[3:]])))
    # A full record cannot smuggle in steps.
    full = record.to_text().split("\n")
    with pytest.raises(RecordError, match="shared position"):
        Record.from_text("\n".join([full[0], lines[2], full[1]]))


# ----- a move that wrote no line -----


def test_a_step_of_a_longer_move_reads_as_what_it_picked_once_made():
    """Game of Fields logs a pawn's move when it ends: each step before it reads as what it
    picked ("A went on to hex 14."), in both languages, not only who moved."""
    record, state, _ = live_game("game-of-fields", 2, seed=1)
    replay = Replay(Record.from_text(record.to_text()))
    told = 0
    for step, entries in enumerate(replay.logs(EVERYTHING)):
        picks = replay.picks_of_move(step, EVERYTHING)
        seat, action = replay.move(step) or (None, "")
        if entries or not picks or not action.startswith("g"):
            continue
        hex_id = int(action[1:]) + 1  # a step: g<hex>, hexes named from 1
        en = picks_done("game-of-fields", seat, picks, "en", ["A", "B"])
        ja = picks_done("game-of-fields", seat, picks, "ja", ["A", "B"])
        assert "".join(p if isinstance(p, str) else p["text"] for p in en) == (
            f"{'AB'[seat]} went on to hex {hex_id}."
        )
        assert "".join(p if isinstance(p, str) else p["text"] for p in ja) == (
            f"{'AB'[seat]}がヘクス{hex_id}へ進みました。"
        )
        told += 1
    assert told > 3


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_a_move_is_told_by_its_picks_only_as_the_viewpoint_knows_it(game_id, seats):
    """A hidden action (a Standard Bearer chosen, a card discarded face down) gives no
    picks to a seat that cannot see it; every other move gives the seat what it picked."""
    hidden = 0
    for seed in range(3):
        record, state, _ = live_game(game_id, seats, seed, stop=60)
        replay = Replay(Record.from_text(record.to_text()))
        for step in range(1, replay.last + 1):
            mover, action = replay.move(step)
            before = replay.state(step - 1)
            for seat in range(seats):
                known = before.redacted(mover, action, seat)
                picks = replay.picks_of_move(step, seat)
                if UNKNOWN in known:
                    hidden += 1
                    assert picks == [], (action, known, picks)
                elif known == action and action not in ("resign", "draw"):
                    assert picks == before.picks(mover, action)
    if game_id == "fools":  # every round opens with secret Standard Bearers
        assert hidden > 0


@pytest.mark.parametrize(("game_id", "seats"), CASES)
def test_one_steps_log_is_its_part_of_the_whole_log(game_id, seats):
    """The replay's headline reads one step's lines (`Replay.log`): the same lines the move
    list shows for that step, through every viewpoint."""
    record, _, _ = live_game(game_id, seats, seed=2)
    replay = Replay(Record.from_text(record.to_text()))
    assert EVERYTHING in replay.viewpoints()
    for viewpoint in replay.viewpoints():
        whole = replay.logs(viewpoint)
        assert [replay.log(step, viewpoint) for step in range(replay.last + 1)] == whole
    with pytest.raises(ValueError, match="no such viewpoint"):
        replay.log(1, 7)
