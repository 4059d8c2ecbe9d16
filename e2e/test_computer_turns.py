"""The computer's turn in the browser: the page never freezes, and undo or leaving still work.

"Never freezes" is checked by counting, not timing: searching on the page (before
its worker is ready, or with ``?noworker``), the Hard computer yields to the
browser after at most MAX_SLICE_ITERATIONS iterations, however fast or busy the
machine; searching in its worker (e2e/test_computer_worker.py), it leaves the
page alone. What a slice costs in milliseconds is a benchmark
figure (./dev bench-ai-browser), not a test.

Tests that act while the computer thinks hold its answer (data-hold-computer
on <html>) so that the computer cannot answer before the click lands.
"""

from __future__ import annotations

import json

import pytest
from conftest import hold_the_computer, moves, run_python, settle, wait_ready
from playwright.sync_api import Page, expect
from test_cloth_of_gold_play import play_a_turn as play_cloth_turn
from test_fools_field_play import play_a_turn as play_field_turn
from test_fools_field_play import start_game

from pygames.ai.levels import LEVELS
from pygames.record import Record
from tools.chromium import WATCH_LONG_TASKS

MAX_SLICE_ITERATIONS = 32  # about 25 ms of Hard search in Pyodide on a fast machine
BLOCK_150_MS = (
    "setTimeout(() => { const end = performance.now() + 150; while (performance.now() < end); })"
)
THINKING = "#status.thinking"
DECISIONS_ENDED = "html[data-decisions-ended='{}']"
SEARCHED_ON_PAGE = "html[data-think-page-count='1']"


def cloth_link(seats=("human", "hard"), seed: int = 5) -> str:
    """A Cloth of Gold game from a known deal, nobody has moved yet."""
    options = {"start": "A"}
    record = Record.dealt("cloth-of-gold", list(seats), options, seed)
    return record.to_link_fragment()


def open_against_hard(page: Page, site_url: str, game: str, query: str = "") -> None:
    page.goto(site_url + query)
    wait_ready(page)
    if game == "fools-field":
        start_game(page, seat_b="hard", start="A")
    else:
        page.goto(site_url + query + "#" + cloth_link())
        wait_ready(page)
        settle(page)


def play_turn(page: Page, game: str) -> None:
    if game == "fools-field":
        play_field_turn(page)
    else:
        play_cloth_turn(page)


def catch_the_computer_thinking(page: Page, site_url: str) -> None:
    """My first move of a Fool's Field game against Hard; returns while Hard's answer is held."""
    open_against_hard(page, site_url, "fools-field")
    hold_the_computer(page, True)
    play_field_turn(page)
    expect(page.locator(THINKING)).to_be_visible()


@pytest.mark.parametrize("game", ["fools-field", "cloth-of-gold"])
def test_the_hard_computer_searches_on_the_page_in_small_slices(
    page: Page, site_url: str, game
) -> None:
    open_against_hard(page, site_url, game, query="?noworker")
    # Held, the first decision stays the last one reported while the test reads it (a
    # second decision could follow within one poll of a busy machine's page).
    hold_the_computer(page, True)
    play_turn(page, game)
    # A whole Hard search on a busy machine's page: give up late, never wait for a time.
    page.wait_for_selector(SEARCHED_ON_PAGE, state="attached", timeout=120_000)
    assert page.get_attribute("html", "data-computer-worker") == "off"
    assert page.get_attribute("html", "data-think-where") == "page"
    slices, largest, iterations = (
        int(page.get_attribute("html", f"data-think-{name}"))
        for name in ("slices", "largest-slice", "iterations")
    )
    # The level's budget, or less where the choice could no longer change (`settles`),
    # never cut by time: a search stopped by time reports nothing.
    assert 0 < iterations <= LEVELS["hard"]
    assert largest <= MAX_SLICE_ITERATIONS
    assert slices >= iterations / MAX_SLICE_ITERATIONS  # it yielded between slices


def test_the_long_task_watch_sees_a_blocked_page(ready_page: Page) -> None:
    """The check above can fail: a 150 ms busy loop is reported."""
    ready_page.evaluate(WATCH_LONG_TASKS)
    ready_page.evaluate(BLOCK_150_MS)
    ready_page.wait_for_function("window.__longTasks.some(([, duration]) => duration > 100)")


def test_the_thinking_indicator_shows_and_undo_cancels_the_computers_turn(
    page: Page, site_url: str
) -> None:
    catch_the_computer_thinking(page, site_url)
    expect(page.locator(THINKING)).to_contain_text("Computer is thinking")
    page.click("[data-act='undo']")
    expect(page.locator(".play")).to_have_attribute("data-moves", "0")
    expect(page.locator(THINKING)).to_have_count(0)
    # The dropped decision ends without landing.
    hold_the_computer(page, False)
    page.wait_for_selector(DECISIONS_ENDED.format(1), state="attached")
    assert moves(page) == 0
    assert settle(page) == "mine"


def test_leaving_during_the_computers_turn_keeps_the_game_to_resume(
    page: Page, site_url: str
) -> None:
    catch_the_computer_thinking(page, site_url)
    page.click("[data-act='lobby']")
    expect(page.locator("#lobby")).to_be_visible()
    hold_the_computer(page, False)
    page.wait_for_selector(DECISIONS_ENDED.format(1), state="attached")
    saves = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('ff:save:'))"
        ".map(k => localStorage.getItem(k))"
    )
    assert [json.loads(save)["moves"] for save in saves] == [1]
    # Resuming hands the turn back to the computer, which answers (a Retreat and its
    # discard are two actions, so it may be more than one).
    page.click("[data-act='resume']")
    assert settle(page) == "mine"
    assert moves(page) >= 2


def test_a_game_opened_by_link_imports_its_computer_before_any_decision(
    page: Page, site_url: str
) -> None:
    """Opened from a link (no lobby, so no idle preload), with the person to move first:
    the computer's hooks are imported with the screen, not in its first decision (a long
    task on a phone while it thinks)."""
    page.goto(site_url + "#" + cloth_link())
    wait_ready(page)
    assert settle(page) == "mine"
    imported = run_python(page, "import sys\nstr('pygames.cloth_of_gold.ai' in sys.modules)")
    assert imported == "True"
    assert page.get_attribute("html", "data-decisions-ended") is None  # no decision yet


# The held computer's move made at once, as its decision would make it (the decision itself
# is then dropped, the game having moved on), with what the board shows before and after.
# `redrawn` is done once the screen has dealt with the move's redraw (drawn it, or not).
COMPUTER_MOVES_NOW = """
import asyncio
import web.app
from web import dom
app = web.app._app
screen = app.play
session = screen.session
redrawn = asyncio.get_event_loop().create_future()


async def redraw_then_tell(session, redraw=screen.redraw_in_own_task):
    try:
        await redraw(session)
    finally:
        redrawn.set_result(True)


screen.redraw_in_own_task = redraw_then_tell
seat = session.computers_to_act()[0]
shown = lambda: str(dom.query(".play", app.screen).getAttribute("data-moves"))
before = shown()
session.act(seat, session.state.legal_actions(seat)[0])
made = shown()
THEN
if made == before:  # the redraw is still to come (drawn at once, no redraw follows)
    await redrawn
"""


def computer_moves_now(then: str = "", answer: str = "[before, made, shown()]") -> str:
    """The code of COMPUTER_MOVES_NOW, doing `then` in the task of the move, returning
    `answer`."""
    return COMPUTER_MOVES_NOW.replace("THEN", then) + answer


def test_a_computers_move_is_drawn_in_a_task_after_the_one_that_made_it(
    page: Page, site_url: str
) -> None:
    """On a phone, making and saving a move and then drawing it is too long for one task:
    the page could not answer a tap in between."""
    catch_the_computer_thinking(page, site_url)
    before, made, drawn = run_python(page, computer_moves_now())
    assert made == before  # not drawn in the task that made it
    assert int(drawn) == int(before) + 1  # drawn in the next one


def test_a_computers_move_left_at_once_is_not_drawn_over_the_lobby(
    page: Page, site_url: str
) -> None:
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    catch_the_computer_thinking(page, site_url)
    code = computer_moves_now("app.leave_game()", "[before, made, str(app.play.is_open)]")
    before, made, is_open = run_python(page, code)
    assert made == before and is_open == "False"  # left before the move's redraw came
    expect(page.locator("#lobby")).to_be_visible()
    hold_the_computer(page, False)
    page.wait_for_selector(DECISIONS_ENDED.format(1), state="attached")
    assert errors == []
