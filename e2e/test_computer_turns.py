"""The computer's turn in the browser: the page never freezes, and undo or leaving still work.

A long-task observer (Chromium reports every main-thread task over 50 ms) watches
while the Hard computer thinks; any task over 100 ms fails the test.
"""

from __future__ import annotations

import json

import pytest
from conftest import moves, settle, wait_ready
from playwright.sync_api import Page, expect
from test_cloth_of_gold_play import play_a_turn as play_cloth_turn
from test_fools_field_play import play_a_turn as play_field_turn
from test_fools_field_play import start_game

from pygames import GAMES
from pygames.record import Record
from tools.chromium import WATCH_LONG_TASKS

LONG_TASK_LIMIT_MS = 100
BLOCK_150_MS = (
    "setTimeout(() => { const end = performance.now() + 150; while (performance.now() < end); })"
)
THINKING = "#status.thinking"
DECISIONS_ENDED = "html[data-decisions-ended='{}']"


def cloth_link(seats=("human", "hard"), seed: int = 5) -> str:
    """A Cloth of Gold game from a known deal, nobody has moved yet."""
    options = {"first": "A"}
    record = Record.new("cloth-of-gold", list(seats), options)
    record.actions = list(GAMES["cloth-of-gold"].new_state(2, seed, options).history)
    return record.to_link_fragment()


def open_against_hard(page: Page, site_url: str, game: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    if game == "fools-field":
        start_game(page, seat_b="hard", start="A")
    else:
        page.goto(site_url + "#" + cloth_link())
        wait_ready(page)
        settle(page)


def play_turn(page: Page, game: str) -> None:
    if game == "fools-field":
        play_field_turn(page)
    else:
        play_cloth_turn(page)


def catch_the_computer_thinking(page: Page, site_url: str) -> None:
    """My first move of a Fool's Field game against Hard; returns while Hard thinks."""
    open_against_hard(page, site_url, "fools-field")
    play_field_turn(page)
    expect(page.locator(THINKING)).to_be_visible()


@pytest.mark.parametrize("game", ["fools-field", "cloth-of-gold"])
def test_no_long_task_while_the_hard_computer_thinks(page: Page, site_url: str, game) -> None:
    open_against_hard(page, site_url, game)
    page.evaluate(WATCH_LONG_TASKS)
    thought = 0
    for _ in range(3):
        if settle(page) != "mine":
            break
        before = moves(page)
        play_turn(page, game)
        if settle(page) == "mine" and moves(page) == before + 1:
            continue  # a second decision of my own turn (the Dragon's target)
        thought += 1
    assert thought, "the computer never took a turn"
    assert settle(page) in ("mine", "over")
    tasks = page.evaluate("window.__longTasks")
    too_long = [round(duration) for _, duration in tasks if duration > LONG_TASK_LIMIT_MS]
    assert not too_long, f"main-thread tasks over {LONG_TASK_LIMIT_MS} ms: {too_long}"


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
    page.wait_for_selector(DECISIONS_ENDED.format(1), state="attached")
    assert moves(page) == 0
    assert settle(page) == "mine"


def test_leaving_during_the_computers_turn_keeps_the_game_to_resume(
    page: Page, site_url: str
) -> None:
    catch_the_computer_thinking(page, site_url)
    page.click("[data-act='lobby']")
    expect(page.locator("#lobby")).to_be_visible()
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
