"""Saving, resuming, share links, and bad input from links or storage."""

from __future__ import annotations

import json

from conftest import moves, screenshot, settle, wait_ready
from playwright.sync_api import Browser, Page, expect
from test_fools_field_play import field_labels, play_a_turn, start_game

from pygames.record import Record

SAVES_JS = "() => Object.keys(localStorage).filter(k => k.startsWith('ff:save:'))"


def test_resume_after_reload(ready_page: Page) -> None:
    page = ready_page
    start_game(page, seat_b="greedy", start="A")
    play_a_turn(page)
    settle(page)
    before, board = moves(page), field_labels(page)
    page.reload()
    wait_ready(page)
    assert settle(page) == "mine"
    assert moves(page) == before
    assert field_labels(page) == board
    # The lobby lists it and resumes it too.
    page.click(".play-bar [data-act='lobby']")
    saved = page.locator("#saves .save")
    expect(saved).to_have_count(1)
    expect(saved).to_contain_text(f"{before} moves")
    saved.locator("[data-act='resume']").click()
    assert settle(page) == "mine"
    assert field_labels(page) == board


def test_share_link_reaches_the_same_position_in_a_fresh_browser(
    ready_page: Page, browser: Browser, new_context
) -> None:
    page = ready_page
    start_game(page, seat_b="random", start="A")
    play_a_turn(page)
    settle(page)
    board, count = field_labels(page), moves(page)
    page.click("[data-act='share']")
    url = page.locator("#share-url").input_value()
    assert "#r=" in url
    page.click("dialog[open] button[value='close']")

    other = new_context().new_page()
    other.goto(url)
    wait_ready(other)
    assert settle(other) == "mine"
    assert moves(other) == count
    assert field_labels(other) == board
    # Same seat kinds: still me against the computer.
    expect(other.locator(".play-bar .seats")).to_have_text("You vs Computer (Random)")


def test_a_tampered_or_truncated_link_shows_a_message(page: Page, site_url: str) -> None:
    record = Record.new("fools-field", 5, ["human", "random"], {"start": "A"})
    good = record.to_link_fragment()
    # A record that decodes but breaks the rules is refused when replayed.
    record.actions = [(1, "XXXX@4")]
    illegal = record.to_link_fragment()
    fragments = (good[:-6], good[:12] + "A" + good[13:], "r=not-a-game", illegal)
    for fragment in fragments:
        # The first opens a fresh page; the others arrive as a changed hash.
        page.goto(site_url + "#" + fragment)
        wait_ready(page)
        expect(page.locator("#message")).to_be_visible()
        expect(page.locator("#message")).to_contain_text("cannot be opened")
        expect(page.locator("#lobby")).to_be_visible()
        if fragment == illegal:
            expect(page.locator("#message")).to_contain_text("illegal")
        else:
            page.click("#message [data-act='dismiss']")
    screenshot(page, "bad-link-message")
    # The app still works: a new game starts.
    start_game(page)


def test_corrupt_and_foreign_saves_are_reported_and_the_rest_still_list(
    page: Page, site_url: str
) -> None:
    record = Record.new("fools-field", 9, ["human", "random"], {"start": "A"})
    good = {
        "format": "ff-save/1",
        "game": "fools-field",
        "record": record.to_text(),
        "seats": ["human", "random"],
        "created": 1,
        "saved": 2,
        "moves": 0,
        "over": False,
    }
    tampered = dict(good, record=record.to_text().replace("seed=9", "seed=x"))
    entries = {
        "ff:save:good1": json.dumps(good),
        "ff:save:broken": "{this is not json",
        "ff:save:foreign": json.dumps({"hello": "<img src=x onerror=alert(1)>"}),
        "ff:save:tampered": json.dumps(tampered),
        "unrelated": "kept",
    }
    page.goto(site_url)
    page.evaluate(
        "(entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v))",
        entries,
    )
    page.reload()
    wait_ready(page)
    expect(page.locator("#saves .save")).to_have_count(4)
    expect(page.locator("#saves .save.bad")).to_have_count(2)
    expect(page.locator("#saves .save.bad").first).to_contain_text("cannot be read")
    assert page.locator("#saves img").count() == 0
    screenshot(page, "lobby-with-bad-saves")
    # The tampered record fails when resumed, with a message; the good one resumes.
    page.locator("[data-save='tampered'] [data-act='resume']").click()
    expect(page.locator("#message")).to_contain_text("cannot be resumed")
    page.locator("[data-save='good1'] [data-act='resume']").click()
    assert settle(page) == "mine"
    # Deleting a bad entry leaves the others alone.
    page.click(".play-bar [data-act='lobby']")
    page.locator("[data-save='broken'] [data-act='delete']").click()
    page.click("dialog[open] button[value='yes']")
    expect(page.locator("#saves .save")).to_have_count(3)
    assert page.evaluate("localStorage.getItem('unrelated')") == "kept"


def test_a_full_storage_quota_shows_a_message_and_play_goes_on(page: Page, site_url: str) -> None:
    page.add_init_script(
        """
        const realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
          if (key.startsWith("ff:save:")) {
            throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
          }
          return realSetItem.call(this, key, value);
        };
        """
    )
    page.goto(site_url)
    wait_ready(page)
    start_game(page, seat_b="greedy", start="A")
    expect(page.locator("#message")).to_contain_text("Storage is full")
    play_a_turn(page)
    assert settle(page) == "mine"
    assert moves(page) >= 2
    assert page.evaluate(SAVES_JS) == []
