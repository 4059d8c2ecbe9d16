"""Fools! layout: when you must deploy, the instruction, your hand and the slots you may
pick are on one screen, on a phone and on a desktop, before and after a battle report.

Each position is made in Python (a seeded game played until seat A owes a deploy) and
opened as a link, so the page shows exactly that position.
"""

from __future__ import annotations

import random

import pytest
from conftest import PHONE, SCREENSHOTS, settle, wait_ready
from playwright.sync_api import Page, expect

from pygames import GAMES
from pygames.record import Record

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
HAND_CARDS = ".fools-hand .hand-card"
USABLE = ".fools-hand .hand-card[aria-disabled='false']"
LEGAL = "button.slot.legal"

# What is on screen: every element's box inside the window as it is now scrolled.
IN_VIEW_JS = """els => els.map(e => {
  const box = e.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight
    && box.right <= window.innerWidth && box.height > 0;
})"""


def deploy_link(seats: int, battles_before: int, seed: int, target: int = 1) -> str:
    """A game in which seat A owes a deploy into `target`'s army, after `battles_before`
    or more battles were fought: the first such game from `seed` on."""
    for tried in range(seed, seed + 50):
        state = owing_a_deploy(seats, battles_before, tried, target)
        if state is not None:
            break
    assert state is not None, "no random game came to such a deploy"
    record = Record.new("fools", ["human"] + ["easy"] * (seats - 1))
    record.actions = list(state.history)
    return record.to_link_fragment()


def owing_a_deploy(seats: int, battles_before: int, seed: int, target: int):
    """A random game from `seed` up to seat A owing that deploy, or None if it ends first."""
    rng = random.Random(seed)
    state = GAMES["fools"].new_state(seats, seed)
    while not state.is_over():
        step = state.view(0)["step"]
        owed = step and step["kind"] == "deploy" and step["seat"] == 0
        if owed and step["target"] == target and state.round > battles_before:
            return state
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return None


def screen_shot(page: Page, name: str) -> None:
    """What one screen shows (not the whole page), for a person to look at."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def open_position(page: Page, site_url: str, fragment: str) -> None:
    page.goto(site_url + "#" + fragment)
    wait_ready(page)
    assert settle(page, 60_000) == "mine"
    expect(page.locator(".play")).to_have_attribute("data-turn", "mine")


def assert_in_view(page: Page, selector: str, what: str) -> None:
    flags = page.locator(selector).evaluate_all(IN_VIEW_JS)
    assert flags and all(flags), f"{what} not all on screen: {flags}"


def check_deploy_screen(page: Page) -> None:
    """The instruction and every hand card on screen; after a card is picked, also the
    instruction, the hand and the first slot it may go to."""
    assert_in_view(page, "#status", "the instruction")
    assert_in_view(page, HAND_CARDS, "your hand")
    page.locator(USABLE).first.click()
    expect(page.locator(".hand-card.selected")).to_have_count(1)
    expect(page.locator(LEGAL).first).to_be_focused()
    assert_in_view(page, "#status", "the instruction, a card picked")
    assert_in_view(page, HAND_CARDS, "your hand, a card picked")
    assert_in_view(page, f"{LEGAL} >> nth=0", "the first slot you may pick")


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_the_instruction_hand_and_slots_share_one_screen_at_a_deploy(
    new_context, site_url: str, seats: int, screen: str
) -> None:
    page = new_context(**(PHONE if screen == "phone" else DESKTOP)).new_page()
    lang = "en" if seats == 3 else "ja"
    page.goto(site_url)
    wait_ready(page)
    page.click(f"[data-lang='{lang}']")
    # Into the first army to deploy to, then (after a battle) into the last one, which a
    # phone shows furthest down.
    for battles_before, seed, target in ((0, 11, 1), (1, 12, seats - 1)):
        open_position(page, site_url, deploy_link(seats, battles_before, seed, target))
        if battles_before:
            expect(page.locator(".fools-report")).to_be_visible()
        check_deploy_screen(page)
    if seats == 4:
        screen_shot(page, f"fools-layout-{screen}-{lang}-4-deploy")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_four_seats_mid_deploy_in_english(new_context, site_url: str, screen: str) -> None:
    page = new_context(**(PHONE if screen == "phone" else DESKTOP)).new_page()
    open_position(page, site_url, deploy_link(4, 1, 13, target=2))
    expect(page.locator(".fools-report")).to_be_visible()
    check_deploy_screen(page)
    screen_shot(page, f"fools-layout-{screen}-en-4-deploy")
