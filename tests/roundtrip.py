"""Checks shared by every game's play-through tests."""

import json

from pygames.record import Record


def check_round_trips(state, record: Record) -> None:
    """The record survives text and link form, and replays to the same view for every seat."""
    from_text = Record.from_text(record.to_text())
    from_link = Record.from_link_fragment(record.to_link_fragment())
    for copy in (from_text, from_link):
        assert copy == record
        replayed = copy.replay()
        for seat in (*range(state.num_seats), None):
            assert replayed.view(seat) == state.view(seat)
            json.dumps(replayed.view(seat))
