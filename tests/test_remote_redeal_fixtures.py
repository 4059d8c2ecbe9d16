"""Games by links saved by the release of 2026-11-27 just after a new deck came (a
Fools! reshuffle at two and three seats, the next game of a match of The Fool's Field;
see fixtures/make_redeal_fixtures.py) open and play on to a verified audit. That
release stopped looking ahead at a new deck, so its messages hold fewer keys than a
device now owes there: a restore marks as sent only what the saved messages hold (the
rest goes with the device's next link) and answers only where the chain holds its
answer. Marking what it computed would leave another seat waiting for keys that never
come; answering wherever it owes would refuse the save."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_remote_game import CRYPTO, GroupChat

from pygames.bots import make_bot
from pygames.remote.game import VERIFIED, RemoteGame

FIXTURES = Path(__file__).with_name("fixtures").joinpath("remote_redeal_saves.json")
CASES = json.loads(FIXTURES.read_text())


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['game']}-{c['seats']}-{n}" for n, c in enumerate(CASES)]
)
def test_a_game_saved_just_after_a_new_deck_plays_on_to_a_verified_audit(case):
    apps = [RemoteGame.from_saved(CRYPTO, saved) for saved in case["saves"]]
    assert any(app.device.redeals for app in apps)  # a new deck was known when saved
    bots = [make_bot("greedy", case["seed"] + seat) for seat in range(len(apps))]

    def choose(app: RemoteGame) -> str:
        assert app.state is not None
        return bots[app.seat].choose(app.state, app.seat)

    unread = [(reader, sender, link) for reader, sender, link in case["unread"]]
    apps = GroupChat(apps, case["seed"], unread).play_to_the_audit(choose)
    assert all(app.phase() == VERIFIED for app in apps)
