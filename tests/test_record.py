"""Records and links: chance moves, round trips, shared positions, old records, bad input."""

import base64
import json
import random
import re
import zlib
from collections import Counter
from pathlib import Path

import pytest

from pygames import GAMES
from pygames.cloth_of_gold.board import all_tiles
from pygames.core import CHANCE, UNKNOWN
from pygames.fools_field.cards import ALL_CARDS
from pygames.position import bounded_json
from pygames.record import MAX_LINK_CHARS, Record, RecordError

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "v1_records.json").read_text())


def played(game_id="fools-field", seed=42, moves=6, options=None, seats=("human", "random")):
    """A record and its state after `moves` random moves (chance from `seed`)."""
    record = Record.new(game_id, list(seats), options or {})
    state = GAMES[game_id].new_state(len(seats), seed, record.options)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record.actions = list(state.history)
    return record, state


# ----- chance moves -----


def test_text_form_is_two_readable_lines_with_chance_moves_and_no_seed():
    record, _ = played(options={"match": "best-of-3"})
    header, moves = record.to_text().split("\n")
    assert header.startswith(f"fools-field {GAMES['fools-field'].rules_version} seats=human,random")
    assert "match=best-of-3" in header and "seed" not in header
    tokens = moves.split()
    assert tokens[0] in ("*:A", "*:B")  # who starts: seen by everyone
    assert re.fullmatch(r"\*[AB]:[XSF]{4}", tokens[1])  # a card dealt, seen by its taker
    assert any(re.fullmatch(r"[AB]:[XSF]{4}@\d", token) for token in tokens)


def test_replay_consumes_the_recorded_outcomes_and_needs_no_seed():
    for seed in range(20):
        record, state = played(seed=seed, moves=60)
        replayed = Record.from_text(record.to_text()).replay()
        assert replayed.history == state.history
        for seat in (0, 1, None):
            assert replayed.view(seat) == state.view(seat)


def test_the_future_exists_nowhere_before_it_is_drawn():
    """Two replays of one record agree on the past and draw their futures independently."""
    record, _ = played(seed=3, moves=2)
    decks = {tuple(record.replay().deck) for _ in range(3)}
    assert len(decks) == 1  # an unordered pool, in canonical order: no order to read
    futures = set()
    for _ in range(12):
        state = record.replay()
        futures.add(tuple(state.draw(state.deck, 3, to=0)))
    assert len(futures) > 1


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t[1][:3] + "QQQQ", "could not have been drawn"),  # no such card
        (lambda t: "*:A", "could not have been drawn"),  # a start player for a card
        (lambda t: None, "could not have been drawn"),  # a dealt card left out
    ],
)
def test_a_damaged_chance_move_is_refused(edit, message):
    record, _ = played(seed=5, moves=4)
    tokens = record.to_text().split("\n")[1].split()
    changed = edit(tokens)
    tokens = tokens[:1] + ([changed] if changed else []) + tokens[2:]
    text = record.to_text().split("\n")[0] + "\n" + " ".join(tokens)
    with pytest.raises(RecordError, match=message):
        Record.from_text(text).replay()


def test_a_card_drawn_twice_is_refused():
    record, _ = played(seed=5, moves=0)
    tokens = record.to_text().split("\n")[1].split()
    tokens[2] = tokens[2][0] + tokens[1][1:]  # B is dealt A's card again
    text = record.to_text().split("\n")[0] + "\n" + " ".join(tokens)
    with pytest.raises(RecordError, match="could not have been drawn"):
        Record.from_text(text).replay()


def test_text_and_link_round_trip():
    record, _ = played()
    assert Record.from_text(record.to_text()) == record
    assert Record.from_link_fragment("#" + record.to_link_fragment()) == record


def test_replay_upto_rebuilds_an_earlier_position():
    record, _ = played(moves=20)
    first_move = next(i for i, (seat, _) in enumerate(record.actions) if seat != CHANCE)
    earlier = record.replay(first_move + 3)
    assert earlier.history[: first_move + 3] == record.actions[: first_move + 3]


# ----- bad input -----


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "header"),
        ("chess 2 seats=human,human\n", "unknown game"),
        ("fools-field 9 seats=human,human\n", "newer version"),
        ("fools-field 0 seats=human,human\n", "rules version 0"),
        ("fools-field 1 seed=x seats=human,human\n", "seed"),
        ("fools-field 2 seats=human,wizard\n", "seat kind"),
        ("fools-field 2 seats=human\n", "2-2 players"),
        ("fools-field 2 seats=human,human colour=red\n", "no option"),
        ("fools-field 2 seats=human,human match=best-of-9\n", "match must be"),
        ("fools-field 2 seats=human,human\nC:retreat", "unreadable move"),
        ("fools-field 2 seats=human,human\n*Q:XSSF", "unreadable move"),
        ("fools-field 2 seats=human,human start=A\n*A:XSSF A:retreat", "could not|out of place"),
        ("fools-field 2 seats=human,human viewer=A\n", "no position line"),
    ],
)
def test_bad_records_are_refused_with_a_clear_message(text, message):
    with pytest.raises(RecordError, match=message):
        Record.from_text(text).replay()


def test_a_truncated_link_is_refused():
    fragment = played()[0].to_link_fragment()
    for cut in (len(fragment) // 2, len(fragment) - 3):
        with pytest.raises(RecordError, match="damaged or incomplete"):
            Record.from_link_fragment(fragment[:cut])


def test_a_tampered_link_is_refused():
    fragment = played()[0].to_link_fragment()
    middle = len(fragment) // 2
    flipped = "A" if fragment[middle] != "A" else "B"
    with pytest.raises(RecordError):
        Record.from_link_fragment(fragment[:middle] + flipped + fragment[middle + 1 :]).replay()


def test_a_link_without_a_game_is_refused():
    with pytest.raises(RecordError, match="does not hold a game"):
        Record.from_link_fragment("#rules")


def test_an_oversized_link_or_a_zip_bomb_is_refused_at_once():
    with pytest.raises(RecordError, match="too long"):
        Record.from_link_fragment("r=" + "A" * (MAX_LINK_CHARS + 1))
    bomb = zlib.compress(b"fools-field 2 seats=human,human\n" + b" " * 50_000_000, 9)
    fragment = "r=" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(fragment) < MAX_LINK_CHARS
    with pytest.raises(RecordError, match="more than any game holds"):
        Record.from_link_fragment(fragment)


# ----- version 1 records -----


def test_every_version_1_record_converts_to_the_same_game():
    """Records made by the released, seeded engine (tests/fixtures) replay to the views it had."""
    for entry in FIXTURES:
        record = Record.from_text(entry["record"])
        assert record.rules_version == 2 and "seed" not in record.to_text()
        state = Record.from_text(record.to_text()).replay()
        assert state.is_over() == entry["over"]
        for seat, old_view in entry["views"].items():
            view = state.view(int(seat))
            assert {key: view[key] for key in old_view} == old_view


def test_a_converted_save_resumes_at_the_same_position_and_plays_on():
    entry = next(e for e in FIXTURES if not e["over"] and "cloth-of-gold" in e["record"])
    state = Record.from_text(entry["record"]).replay()
    assert state.view(0)["hand"] == entry["views"]["0"]["hand"]
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])  # fresh chance from here on


# ----- shared positions -----


def rival_cards(state, seat):
    rival = 1 - seat
    return set(state.hands[rival] + state.discards[rival] + state.deck)


def test_a_shared_position_holds_nothing_the_sharer_has_not_seen():
    checked = 0
    for seed in range(30):
        record, state = played(seed=seed, moves=30)
        if state.is_over():
            continue
        seat = seed % 2
        link = Record.shared_position(record, state, seat).to_link_fragment()
        decoded = Record.from_link_fragment(link)
        text = decoded.to_text()
        hidden = rival_cards(state, seat) - set(state.known_held[1 - seat])
        assert hidden and not any(re.search(rf"\b{card}\b", text) for card in hidden)
        opened = decoded.replay()
        assert opened.view(seat) == state.view(seat)
        checked += 1
    assert checked > 10


def test_a_shared_position_plays_on_from_a_sample_of_what_the_sharer_knew():
    record, state = played(seed=8, moves=30, seats=("human", "human"))
    seat = state.to_act()[0]
    shared = Record.shared_position(record, state, seat)
    on = shared.played_on(random.Random(1))
    assert on.viewer is None and on.seats[seat] == "human" and on.seats[1 - seat] == "normal"
    game = Record.from_link_fragment(on.to_link_fragment()).replay()
    assert UNKNOWN not in json.dumps(game.view(1 - seat))
    mine = game.view(seat)
    assert mine["hand"] == state.view(seat)["hand"] and mine["field"] == state.view(seat)["field"]
    assert sorted(sum(game.hands, []) + game.deck + sum(game.discards, [])) == sorted(
        card for card in ALL_CARDS if card not in {c for c, _ in game.field.values()}
    )
    while not game.is_over():
        actor = game.to_act()[0]
        game.apply(actor, game.legal_actions(actor)[-1])


def test_a_shared_position_cannot_carry_moves_and_refuses_a_forged_position():
    record, state = played(seed=2, moves=10)
    shared = Record.shared_position(record, state, 0)
    with pytest.raises(RecordError, match="holds no moves"):
        Record.from_text(shared.to_text() + " A:retreat")
    head, position, _ = shared.to_text().split("\n")
    forged = [
        position.replace('"deck":[', '"deck":["XXXX",', 1),  # a card created
        position.replace("position {", 'position {"play":1,', 1),  # an attribute smuggled in
        "position " + "[" * 5000 + "]" * 5000,  # deep nesting
        "position {}",
    ]
    for line in forged:
        with pytest.raises(RecordError, match="position"):
            Record.from_text(f"{head}\n{line}\n").replay()


def test_a_full_record_holds_the_past_but_no_undrawn_card():
    """What a save or a device-move link holds: every item drawn so far, and nothing else."""
    for game_id, pool_of, everything in (
        ("fools-field", lambda state: state.deck, list(ALL_CARDS)),
        ("cloth-of-gold", lambda state: state.darkness, all_tiles()),
    ):
        for seed in range(10):
            record, state = played(game_id, seed=seed, moves=25, options=SINGLE[game_id])
            outcomes = [
                action.split(":", 1)[1] for seat, action in record.actions if seat == CHANCE
            ]
            named = [item for items in outcomes for item in items.split(",") if item not in "AB"]
            drawn = Counter(everything) - Counter(pool_of(state))
            assert Counter(named) == drawn
            assert not set(pool_of(state)) - set(named) or not set(
                re.findall(r"[A-Za-z]+", record.to_text())
            ) & (set(pool_of(state)) - set(named))


SINGLE = {"fools-field": {"match": "single"}, "cloth-of-gold": {}}


def test_bounded_json_ignores_brackets_in_strings_and_refuses_deep_nesting():
    assert bounded_json('{"a": "[[[[[[", "b": ["\\"]"]}') == {"a": "[[[[[[", "b": ['"]']}
    with pytest.raises(ValueError, match="nested 30 deep"):
        bounded_json("[" * 30 + "]" * 30)
    for broken in ('"' + '\\"' * 100_000, '["' + "[" * 100_000):  # unclosed strings
        with pytest.raises(ValueError):
            bounded_json(broken)
