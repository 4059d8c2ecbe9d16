"""Games by links saved and sent by the release before message format 2 (see
fixtures/make_remote_fixtures.py) still open: each save comes back to the same game,
the link the host had made is taken, and the game plays on in format 1 to a verified
audit; a changed link is refused naming its seat and changes nothing saved."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from test_release_fixtures import without_logged_since
from test_remote_game import CRYPTO, play_whole_game

from pygames.position import encode_state
from pygames.remote.game import VERIFIED, RemoteError, RemoteGame
from pygames.remote.link import from_fragment, to_fragment

CASES = json.loads(Path(__file__).with_name("fixtures").joinpath("remote_saves.json").read_text())
MIDDLE = [case for case in CASES if case["kind"] == "middle"]


# What a copy holds now that the earlier release's copies did not: The Fool's Field's
# copy counts the battle starts it sees (its own hand, the other's size), which that
# release's left empty.
COUNTED_SINCE = {"battle_starts_seen"}
# The Fool's Field's face-down discards after a Retreat may be taken back since then (the
# undo fence stood after each): its fence is worked out anew.
FENCE_MOVED_SINCE = {"fools-field"}


def without_new_counts(encoded: str | None, game: str) -> dict | None:
    if encoded is None:
        return None
    data = json.loads(encoded)
    for field in COUNTED_SINCE & set(data):
        data[field] = "(counted since)"
    if game in FENCE_MOVED_SINCE:
        data["undo_fence"] = "(moved since)"
    return without_logged_since(data)


def opened(case: dict) -> list[RemoteGame]:
    apps = [RemoteGame.from_saved(CRYPTO, saved) for saved in case["saves"]]
    assert [app.phase() for app in apps] == case["phases"]
    states = [encode_state(app.state) if app.state else None for app in apps]
    now = [without_new_counts(state, case["game"]) for state in states]
    assert now == [without_new_counts(state, case["game"]) for state in case["states"]]
    if case["game"] in FENCE_MOVED_SINCE:  # a fence moved back, never on past what it fixed
        fences = [[fence(state) for state in group] for group in (states, case["states"])]
        assert all(new <= old for new, old in zip(*fences, strict=True)), fences
    return apps


def fence(encoded: str | None) -> int:
    return -1 if encoded is None else json.loads(encoded)["undo_fence"]


@pytest.mark.parametrize("case", MIDDLE, ids=[case["game"] for case in MIDDLE])
def test_a_game_saved_by_the_earlier_release_takes_its_link_and_plays_on(case):
    host, guest = opened(case)
    assert all(m.v == 1 for m in from_fragment(case["pending"]))
    guest.take_link(case["pending"])
    links, apps = play_whole_game([host, guest], 5)
    assert links > 0 and all(app.phase() == VERIFIED for app in apps)
    assert all(m.v == 1 for app in apps for m in app.device.chain.messages)  # one format


@pytest.mark.parametrize("case", MIDDLE[:1], ids=[MIDDLE[0]["game"]])
def test_a_changed_link_of_the_earlier_release_is_refused_and_nothing_saved_changes(case):
    host, guest = opened(case)
    messages = from_fragment(case["pending"])
    last = messages[-1]
    changed = dataclasses.replace(last, body={**last.body, "x": 1})
    before = json.dumps(guest.to_saved())
    with pytest.raises(RemoteError) as refused:
        guest.take_link(to_fragment([*messages[:-1], changed]))
    assert (refused.value.reason, refused.value.seat) == ("bad_signature", last.seat)
    assert json.dumps(guest.to_saved()) == before
    guest.take_link(case["pending"])  # the untouched link is still taken


def test_a_verified_game_of_the_earlier_release_opens_for_review():
    case = next(case for case in CASES if case["kind"] == "verified")
    apps = opened(case)
    whole = apps[0].whole_game()
    assert whole is not None and whole == apps[1].whole_game()
