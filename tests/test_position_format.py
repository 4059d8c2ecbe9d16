"""The position format (docs/positions.md): declared field names, a version, migration."""

import json
from collections import Counter
from enum import IntEnum
from typing import NamedTuple

import highcard
import pytest

from pygames import GAMES
from pygames.core import Event, RecordedChance
from pygames.position import (
    CORE_FIELDS,
    FORMAT,
    PositionError,
    _encode,
    decode_state,
    encode_state,
)
from pygames.record import Record, RecordError

REAL_GAMES = [g for g in GAMES if type(GAMES[g]).__module__.startswith("pygames.")]


def played(game_id: str, seats: int, moves: int = 12):
    state = GAMES[game_id].new_state(seats, seed=5)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_position_names_every_field_the_game_declares_and_its_format(game_id):
    game = GAMES[game_id]
    data = json.loads(encode_state(played(game_id, game.min_seats)))
    assert data.pop("format") == FORMAT
    assert set(data) == set(CORE_FIELDS) | set(game.position_fields)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_position_field_has_words_for_the_documentation(game_id):
    for name, (attribute, meaning) in GAMES[game_id].position_fields.items():
        assert name and attribute and len(meaning) > 8


class RenamedHighCard(highcard.HighCardState):
    """High Card with an attribute renamed, as a refactoring would: `shown` -> `face_up`."""

    @property
    def shown(self):
        return self.face_up

    @shown.setter
    def shown(self, value):
        self.face_up = value


class RenamedGame(highcard.HighCard):
    state_class = RenamedHighCard
    position_fields = {**highcard.HighCard.position_fields, "shown": ("face_up", "revealed")}


def test_renaming_a_state_attribute_does_not_change_the_written_position():
    original, renamed = highcard.GAME.new_state(3, seed=2), RenamedGame().new_state(3, seed=2)
    for state in (original, renamed):
        for seat in state.to_act():
            state.apply(seat, state.legal_actions(seat)[0])
    assert "face_up" in renamed.__dict__ and "shown" not in renamed.__dict__
    assert encode_state(renamed) == encode_state(original)
    read = decode_state(RenamedGame(), 3, {}, encode_state(original), RecordedChance([]), None)
    assert read.view(0) == original.view(0)


def test_an_attribute_without_a_declared_field_is_refused_when_writing():
    state = highcard.GAME.new_state(2, seed=2)
    state.scratch = 1
    with pytest.raises(TypeError, match="scratch"):
        encode_state(state)


def format_1(game, state) -> str:
    """The position as format 1 wrote it: the attribute names of that release."""
    data = json.loads(encode_state(state))
    del data["format"]
    core = {"seats": "num_seats", "moves": "history", "log": "events"}
    core |= {"undo_fence": "fixed_upto", "outcome": "final_outcome"}
    old = {v: k for k, v in game.position_fields_v1.items()}
    return json.dumps({core.get(k, old.get(k, k)): v for k, v in data.items()})


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_format_1_position_migrates_to_the_same_state(game_id):
    game = GAMES[game_id]
    state = played(game_id, game.max_seats)
    text = format_1(game, state)
    assert '"format"' not in text and '"history"' in text
    read = decode_state(game, game.max_seats, state.options, text, RecordedChance([]), None)
    assert encode_state(read) == encode_state(state)


def test_a_newer_format_is_refused_with_a_reason_and_nonsense_formats_too():
    state = highcard.GAME.new_state(2, seed=2)
    data = json.loads(encode_state(state))
    for version, key in ((FORMAT + 1, "position_newer"), ("2", "position_other_game")):
        text = json.dumps({**data, "format": version})
        with pytest.raises(PositionError) as refused:
            decode_state(highcard.GAME, 2, {}, text, RecordedChance([]), None)
        assert refused.value.key == key
    assert "newer" in str(PositionError("position_newer", version=3, ours=2))


def test_an_option_renamed_since_reads_in_old_records_and_positions():
    game = GAMES["cloth-of-gold"]
    assert game.renamed_options == {"first": "start"}
    record = Record.dealt("cloth-of-gold", ["human", "human"], {"start": "B"}, seed=3)
    old_text = record.to_text().replace("start=B", "first=B")
    assert Record.from_text(old_text).options == {"start": "B"}
    shared = Record.shared_position(record, record.replay(), 0).to_text()
    old_shared = shared.replace('["start","B"]', '["first","B"]')
    assert old_shared != shared
    assert Record.from_text(old_shared).replay().view(0) == record.replay().view(0)
    with pytest.raises(RecordError):
        Record.from_text(old_text.replace("first=B", "first=C"))


def test_the_documented_fields_are_the_games_fields():
    from pathlib import Path

    from pygames.position import fields_markdown

    doc = (Path(__file__).parents[1] / "docs" / "positions.md").read_text(encoding="utf-8")
    start, end = "<!-- fields: start -->\n", "<!-- fields: end -->"
    documented = doc[doc.index(start) + len(start) : doc.index(end)]
    assert documented == fields_markdown([GAMES[g] for g in REAL_GAMES])


class Pair(NamedTuple):
    first: int
    second: str


class Level(IntEnum):
    HIGH = 3


def test_each_kind_a_state_holds_is_written_in_its_own_form_subclasses_by_their_kind():
    """The written forms of docs/positions.md, the fast exact-type path and a subclass's
    (a Counter is a dict, a named tuple a tuple, an IntEnum an int) alike."""
    held = [
        None, True, 2, 0.5, "x", [1, "a"], (1, 2), {"k": [1]}, Counter({"a": 2}),
        {3, 1}, frozenset({"b"}), Pair(4, "y"), Level.HIGH,
        Event("play", {"n": 1}, frozenset({1, 0})), Event("deal", {}),
    ]  # fmt: skip
    assert _encode(held) == [
        None, True, 2, 0.5, "x", [1, "a"], {"t": [1, 2]}, {"d": [["k", [1]]]},
        {"c": [["a", 2]]}, {"s": [1, 3]}, {"f": ["b"]}, {"t": [4, "y"]}, Level.HIGH,
        {"e": ["play", {"d": [["n", 1]]}, [0, 1]]}, {"e": ["deal", {"d": []}, None]},
    ]  # fmt: skip
    with pytest.raises(TypeError, match="bytes"):
        _encode([b"raw"])
