"""Records and links: round trips, and clear refusals of damaged input."""

import pytest

from pygames.record import Record, RecordError


def sample_record():
    record = Record.new("fools-field", 42, ["human", "random"], {"match": "best-of-3"})
    state = record.new_state()
    for _ in range(6):
        seat = state.to_act()[0]
        action = state.legal_actions(seat)[0]
        state.apply(seat, action)
        record.actions.append((seat, action))
    return record


def test_text_form_is_two_readable_lines():
    text = sample_record().to_text()
    header, moves = text.split("\n")
    assert header.startswith("fools-field 1 seed=42 seats=human,random")
    assert "match=best-of-3" in header
    assert moves.split()[0].split(":")[0] in ("A", "B")


def test_text_and_link_round_trip():
    record = sample_record()
    assert Record.from_text(record.to_text()) == record
    assert Record.from_link_fragment("#" + record.to_link_fragment()) == record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "header"),
        ("chess 1 seed=1 seats=human,human\n", "unknown game"),
        ("fools-field 9 seed=1 seats=human,human\n", "rules version 9"),
        ("fools-field 1 seed=x seats=human,human\n", "seed"),
        ("fools-field 1 seed=1 seats=human,wizard\n", "seat kind"),
        ("fools-field 1 seed=1 seats=human\n", "2-2 seats"),
        ("fools-field 1 seed=1 seats=human,human colour=red\n", "no option"),
        ("fools-field 1 seed=1 seats=human,human match=best-of-9\n", "match must be"),
        ("fools-field 1 seed=1 seats=human,human\nC:retreat", "unreadable move"),
        ("fools-field 1 seed=1 seats=human,human start=A\nA:retreat", "move 1 .* illegal"),
    ],
)
def test_bad_records_are_refused_with_a_clear_message(text, message):
    with pytest.raises(RecordError, match=message):
        Record.from_text(text).replay()


def test_a_truncated_link_is_refused():
    fragment = sample_record().to_link_fragment()
    for cut in (len(fragment) // 2, len(fragment) - 3):
        with pytest.raises(RecordError, match="damaged or incomplete"):
            Record.from_link_fragment(fragment[:cut])


def test_a_tampered_link_is_refused():
    fragment = sample_record().to_link_fragment()
    middle = len(fragment) // 2
    flipped = "A" if fragment[middle] != "A" else "B"
    with pytest.raises(RecordError):
        Record.from_link_fragment(fragment[:middle] + flipped + fragment[middle + 1 :]).replay()


def test_a_link_without_a_game_is_refused():
    with pytest.raises(RecordError, match="does not hold a game"):
        Record.from_link_fragment("#rules")


def test_replay_upto_rebuilds_an_earlier_position():
    record = sample_record()
    earlier = record.replay(3)
    assert len(earlier.history) == 3
    assert earlier.history == record.actions[:3]
