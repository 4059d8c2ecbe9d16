"""Many whole games by links among simulated devices, for every game and seat count:
every honest game ends and verifies, the devices agree, and after every link each
device holds its seat's view of the true game and has opened only what its seat may
see (tests/referee.py). Each game's deal comes from its number (`seeded`), so a failure
names a game that plays the same again.

CI plays GAMES_EACH games of each kind; `FF_SOAK_GAMES=100 pytest tests/test_remote_soak.py`
plays that many (the figures in docs/remote-play.md come from such a run)."""

from __future__ import annotations

import os

import pytest
from referee import each_device_holds_its_seats_view, seeded

from pygames.remote.simulate import Table, play_out

GAMES_EACH = int(os.environ.get("FF_SOAK_GAMES", "2"))
KINDS = [
    ("fools-field", {}, 2),
    ("cloth-of-gold", {}, 2),
    ("game-of-fields", {"map": "blank"}, 2),
    ("game-of-fields", {"map": "open"}, 2),
    ("fools", {}, 2),
    ("fools", {}, 3),
    ("fools", {}, 4),
]


@pytest.mark.parametrize(("game_id", "options", "seats"), KINDS)
def test_honest_games_by_links_end_verify_and_show_each_seat_its_view_only(
    monkeypatch, game_id, options, seats
):
    checked = 0
    for number in range(GAMES_EACH):
        seeded(monkeypatch, 1000 * seats + number)
        table = Table(game_id, options, f"soak-{game_id}-{seats}-{number}", seats)
        checked += play_checked(table, number)
        assert all(device.state is not None and device.state.is_over() for device in table.devices)
        for device in table.devices:
            table.send(device.seat, device.send_audit())
        assert [device.verdict for device in table.devices] == [[]] * seats, number
        assert table.states_agree()
    assert checked >= 10 * GAMES_EACH


def play_checked(table: Table, number: int) -> int:
    """Plays game `number` to its end, checking every device after every link; the
    links checked."""
    links = []

    def check(table: Table) -> None:
        each_device_holds_its_seats_view(table)
        links.append(table.links[-1])

    check(table)
    play_out(table, number, after_link=check)
    return len(links)
