"""What people saved with an earlier release still opens, to the same views.

`fixtures/release_records.json` was written by the release before declared
formats (position format 1, options as then named; see make_release_fixtures.py):
records, finished games, games played on from a position, and shared positions
with their past, for every game at every seat count and option. Each must open
today to exactly the views it opened to then, but for what log lines say since
(`LOGGED_SINCE`) and the keys views have had since (`VIEWED_SINCE`).
"""

import json
from pathlib import Path

import pytest

from pygames.record import Record

CASES = json.loads(
    Path(__file__).with_name("fixtures").joinpath("release_records.json").read_text()
)
# Log lines' fields added since that release, by kind: where a card of The Fool's Field
# was deployed (the log named the card only). A line logged before still reads.
LOGGED_SINCE = {"deploy": {"cell"}}
# Where the latest moves went, for the board to mark, and the ways pieces went there.
VIEWED_SINCE = {"marks", "trails"}


def without_logged_since(found):
    """Views or an encoded position, less the log fields `LOGGED_SINCE` names and the
    view keys `VIEWED_SINCE` names."""
    if isinstance(found, list):
        return [without_logged_since(item) for item in found]
    if not isinstance(found, dict):
        return found
    if "kind" in found and found["kind"] in LOGGED_SINCE:  # a view's log line
        return {k: v for k, v in found.items() if k not in LOGGED_SINCE[found["kind"]]}
    if set(found) == {"e"} and found["e"][0] in LOGGED_SINCE:  # a position's log line
        kind, data, readers = found["e"]
        pairs = [pair for pair in data["d"] if pair[0] not in LOGGED_SINCE[kind]]
        return {"e": [kind, {"d": pairs}, readers]}
    if "moves_played" in found:  # a view
        found = {key: value for key, value in found.items() if key not in VIEWED_SINCE}
    return {key: without_logged_since(value) for key, value in found.items()}


@pytest.mark.parametrize("case", CASES, ids=[f"{i}" for i in range(len(CASES))])
def test_a_record_saved_by_the_earlier_release_opens_to_the_same_views(case):
    record = Record.from_text(case["text"])
    if case["kind"] == "shared":
        views = [step.view(record.viewer) for step in record.stepping()]
    else:
        state = record.replay()
        views = {str(seat): state.view(seat) for seat in [*range(len(record.seats)), None]}
    assert without_logged_since(json.loads(json.dumps(views))) == case["views"]


def test_the_fixtures_cover_every_game_and_kind():
    from pygames import GAMES

    covered = {(case["text"].split()[0], case["kind"]) for case in CASES}
    kinds = ("record", "finished", "played_on", "shared")
    released = [game for game in GAMES if type(GAMES[game]).__module__.startswith("pygames.")]
    assert covered == {(game, kind) for game in released for kind in kinds}
