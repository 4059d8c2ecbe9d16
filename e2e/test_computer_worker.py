"""The computer thinking in its own workers: three Hard computers at a 4-seat Fools!
table answer from two workers (each searching one part of every decision), and the
page answers a keypress while they think.

The workers boot in the background, one after the other, when a game with a
searching computer opens (web/computer.py); until one is ready the page searches
itself in slices
(e2e/test_computer_turns.py). Where each decision was searched is counted on
<html> (``data-think-worker-count``, ``data-think-page-count``), and a watcher in
the page notes what the status line said when a keypress opened the share dialog.
"""

from __future__ import annotations

from conftest import hold_the_computer, moves, settle
from playwright.sync_api import Page, expect
from test_fools_play import new_link, open_link, play_a_step, saved_record

from pygames.core import CHANCE

# The page boots one worker per part of a Hard decision if the device has cores to spare.
AS_IF_FOUR_CORES = (
    "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 4 });"
)
TWO_WORKERS_READY = "html[data-computer-worker='ready'][data-computer-workers='2']"
THINKING = "#status.thinking"
# When a dialog opens, note whether the computer was thinking at that moment.
WATCH_DIALOG = """() => {
  window.__dialogOpenedWhile = null;
  new MutationObserver(() => {
    if (window.__dialogOpenedWhile === null && document.querySelector("dialog[open]")) {
      window.__dialogOpenedWhile = document.querySelector("#status.thinking") ? "thinking" : "idle";
    }
  }).observe(document, { attributes: true, childList: true, subtree: true });
}"""


def searched(page: Page, where: str) -> int:
    """How many decisions were searched in the worker, or on the page."""
    return int(page.get_attribute("html", f"data-think-{where}-count") or 0)


def computer_moves_since(page: Page, before: int) -> int:
    """How many of the record's actions after the first `before` a computer made."""
    actions = [(seat, action) for seat, action in saved_record(page).actions if seat != CHANCE]
    return sum(1 for seat, _ in actions[before:] if seat != 0)


def test_three_computers_think_in_two_workers_while_the_page_answers_a_key(
    page: Page, site_url: str
) -> None:
    page.add_init_script(AS_IF_FOUR_CORES)
    turn = open_link(page, site_url, new_link(["human", "hard", "hard", "hard"], seed=4))
    page.wait_for_selector(TWO_WORKERS_READY, state="attached", timeout=300_000)
    for _ in range(20):  # my steps until one hands the turn to the computers
        assert turn == "mine"
        # A computer choosing at the same time as me may still be searching on the page,
        # begun before its worker was ready: count from when none is thinking.
        expect(page.locator(THINKING)).to_have_count(0)
        in_worker, on_page = searched(page, "worker"), searched(page, "page")
        played = len([1 for seat, _ in saved_record(page).actions if seat != CHANCE])
        page.evaluate(WATCH_DIALOG)
        # Held, the computers' first answer waits until the key has been pressed, however
        # fast their workers and however slow this page.
        hold_the_computer(page, True)
        play_a_step(page)
        if page.locator(".play").get_attribute("data-turn") == "mine":
            hold_the_computer(page, False)
            turn = "mine"
            continue
        # The computers think; the page answers a key at once.
        page.focus("[data-act='share']")
        page.keyboard.press("Enter")
        expect(page.locator("dialog[open]")).to_be_visible()
        assert page.evaluate("window.__dialogOpenedWhile") == "thinking"
        hold_the_computer(page, False)
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
        turn = settle(page, 120_000)
        by_computers = computer_moves_since(page, played)
        assert by_computers >= 1
        assert searched(page, "page") == on_page  # none searched on the page
        assert searched(page, "worker") - in_worker >= by_computers
        assert page.get_attribute("html", "data-think-where") == "worker"
        assert page.get_attribute("html", "data-think-workers") == "2"
        break
    else:
        raise AssertionError("no step of mine handed the turn to the computers")
    assert moves(page) > played


def play_until_the_computer_moved(page: Page, turn: str) -> None:
    while turn == "mine":
        play_a_step(page)
        turn = settle(page, 60_000)
        if computer_moves_since(page, 0):
            break
    assert computer_moves_since(page, 0) >= 1, "the computer never moved"


def test_a_table_whose_computers_do_not_search_boots_no_worker(page: Page, site_url: str) -> None:
    turn = open_link(page, site_url, new_link(["human", "random"], seed=3))
    play_until_the_computer_moved(page, turn)
    assert page.get_attribute("html", "data-computer-worker") is None


def test_when_the_workers_cannot_load_the_page_searches_itself(page: Page, site_url: str) -> None:
    page.route("**/computer-worker.mjs", lambda route: route.abort())
    turn = open_link(page, site_url, new_link(["human", "easy"], seed=3))
    page.wait_for_selector("html[data-computer-worker='failed']", state="attached")
    play_until_the_computer_moved(page, turn)
    assert searched(page, "page") >= 1
    assert searched(page, "worker") == 0
