"""Hostile storage and links: nothing in localStorage or a link can break the app.

On GitHub Pages every project site of a user shares one origin, so any of them
may write anything under our "ff:save:" prefix. Each hostile entry must show as
one unreadable save with a working Delete while the good saves still list and
resume; a link of any size shows a message at once and touches no save.
Waits are for states, never for fixed times.
"""

from __future__ import annotations

import base64
import json
import re
import zlib

from conftest import from_a_newer_app, settle, wait_ready
from playwright.sync_api import Page, expect
from test_fools_field_play import start_game
from test_fools_field_saves import (
    SAVES_JS,
    known_deal,
    let_python_boot,
    opened_before_python,
    save_entry,
)

from pygames.record import MAX_LINK_CHARS

SAVE = "ff:save:"
SET_ENTRIES = "(entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v))"
NESTED = "[" * 5_000
INJECTED_ID = "<img src=x onerror=window.__pwned=1>"


def good_save_text() -> str:
    return json.dumps(save_entry(known_deal(9).to_text(), moves=0))


def hostile_entries() -> dict[str, str]:
    """Entry id -> raw localStorage value, each of which must list as unreadable."""
    shaped = save_entry(known_deal(9).to_text())
    huge_number = json.dumps(shaped).replace('"moves": 0', '"moves": 1e400')
    assert '"moves": 1e400' in huge_number
    nested_record = json.dumps(shaped).replace(
        json.dumps(shaped["record"]), NESTED + "]" * len(NESTED)
    )
    assert NESTED in nested_record
    wrong_types = {
        "format": "ff-save/1",
        "game": {"id": "fools-field"},
        "record": 7,
        "seats": "human",
        "created": "yesterday",
        "saved": None,
        "moves": -1,
    }
    six_seats = {**shaped, "seats": ["human"] * 6}  # the lobby names seats A to D
    return {
        "huge-number": huge_number,
        "nested": NESTED,
        "nested-record": nested_record,
        "junk": "\x00<b>junk</b>" * 250_000,  # 3 MB
        "wrong-types": json.dumps(wrong_types),
        "six-seats": json.dumps(six_seats),
        "open-quotes": '"' + '\\"' * 200_000,  # every quote unclosed: no quadratic scan
        "not-json": "{this is not json",
        INJECTED_ID: json.dumps(shaped),  # a save under an id we never write
    }


def seed(page: Page, site_url: str, entries: dict[str, str]) -> None:
    """Write `entries` (id -> raw value) under our prefix, then boot the app on them."""
    page.goto(site_url)
    page.evaluate(SET_ENTRIES, {SAVE + key: value for key, value in entries.items()})
    page.reload()
    wait_ready(page)


def save_item(page: Page, save_id: str):
    return page.locator(f'#lobby [data-save="{save_id}"]')


def delete_save(page: Page, save_id: str) -> None:
    save_item(page, save_id).locator("[data-act='delete']").click()
    page.click("dialog[open] button[value='yes']")
    expect(save_item(page, save_id)).to_have_count(0)
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE + save_id) is None


def test_hostile_entries_list_as_unreadable_and_the_good_save_resumes(
    page: Page, site_url: str
) -> None:
    hostile = hostile_entries()
    # Well formed, but its record's position is nested 5,000 deep: it lists, and
    # resuming it only shows a message.
    deep_position = save_entry(
        "fools-field 2 seats=human,random start=A match=single\nposition " + NESTED + "\n"
    )
    seed(
        page,
        site_url,
        {"good": good_save_text(), "deep-position": json.dumps(deep_position), **hostile},
    )
    saves = page.locator("#lobby .save")
    expect(saves).to_have_count(2 + len(hostile))
    expect(page.locator("#lobby .save.bad")).to_have_count(len(hostile))
    expect(page.locator("#saves")).not_to_contain_text("Reading saved games")
    for save_id in hostile:
        item = save_item(page, save_id)
        expect(item).to_have_class("save bad")
        expect(item).to_contain_text("cannot be read")
        expect(item.locator("[data-act='delete']")).to_be_visible()
        expect(item.locator("[data-act='resume']")).to_have_count(0)
    # Text from storage is never HTML.
    assert page.locator("#lobby .save img, #lobby .save b").count() == 0
    assert page.evaluate("window.__pwned") is None

    save_item(page, "deep-position").locator("[data-act='resume']").click()
    expect(page.locator("#message")).to_contain_text("cannot be resumed")
    page.click("#message [data-act='dismiss']")
    expect(page.locator("#lobby")).to_be_visible()

    for save_id in hostile:
        delete_save(page, save_id)
    expect(saves).to_have_count(2)
    save_item(page, "good").locator("[data-act='resume']").click()
    assert settle(page) == "mine"
    # The app is still usable: a new game starts beside the saves.
    page.click(".play-bar [data-act='lobby']")
    assert start_game(page) == "mine"
    page.click(".play-bar [data-act='lobby']")
    expect(saves).to_have_count(3)


def test_a_storage_whose_key_or_getitem_throws_still_lists_the_rest(
    page: Page, site_url: str
) -> None:
    page.add_init_script(
        """
        const realKey = Storage.prototype.key;
        const realGetItem = Storage.prototype.getItem;
        Storage.prototype.key = function (index) {
          const key = realKey.call(this, index);
          if (key === "ff:save:cursed") throw new DOMException("no key", "SecurityError");
          return key;
        };
        Storage.prototype.getItem = function (key) {
          if (key === "ff:save:hexed") throw new DOMException("no item", "SecurityError");
          return realGetItem.call(this, key);
        };
        """
    )
    good = good_save_text()
    seed(page, site_url, {"cursed": good, "hexed": good, "good": good})
    # The entry whose key cannot be named is not listed; the one that cannot be read is.
    expect(page.locator("#lobby .save")).to_have_count(2)
    expect(save_item(page, "hexed")).to_have_class("save bad")
    save_item(page, "good").locator("[data-act='resume']").click()
    assert settle(page) == "mine"


def bomb_fragment(inflated_mb: int) -> str:
    """A link holding a record header then `inflated_mb` MB of one letter, deflated."""
    packer = zlib.compressobj(9)
    chunk = b"A" * 2**20
    parts = [packer.compress(b"fools-field 2 seats=human,random\n")]
    parts += [packer.compress(chunk) for _ in range(inflated_mb)]
    parts.append(packer.flush())
    return "r=" + base64.urlsafe_b64encode(b"".join(parts)).decode().rstrip("=")


def expect_link_refused(page: Page, reason: str, good: str) -> None:
    message = page.locator("#message")
    # That it is refused before any big inflating is the engine's bounded decoding
    # (tests/test_record.py); here, what a player sees, on a machine of any speed.
    expect(message).to_contain_text("cannot be opened")
    expect(message).to_contain_text(reason)
    expect(page.locator("#lobby")).to_be_visible()
    # No save lost or changed, and the lobby still offers it.
    assert page.evaluate(SAVES_JS) == [SAVE + "good"]
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE + "good") == good
    expect(save_item(page, "good").locator("[data-act='resume']")).to_be_visible()
    page.click("#message [data-act='dismiss']")
    expect(message).to_be_hidden()


def test_huge_and_inflating_links_are_refused_at_once(page: Page, site_url: str) -> None:
    one_mb = bomb_fragment(760)  # ~1 MB that inflates to 760 MB
    assert 900_000 < len(one_mb) < 1_100_000
    under_limit = bomb_fragment(200)  # short enough to be inflated: stops at the cap
    assert len(under_limit) < MAX_LINK_CHARS
    over_limit = "r=" + "A" * (MAX_LINK_CHARS - 1)
    good = good_save_text()
    seed(page, site_url, {"good": good})

    # Opened as the page loads: the app starts and says why.
    page.goto("about:blank")
    page.goto(site_url + "#" + one_mb)
    wait_ready(page)
    expect_link_refused(page, "too long", good)

    # Arriving while the app runs (hash changes): the answer comes at once.
    cases = [(one_mb, "too long"), (under_limit, "more than any game holds")]
    cases.append((over_limit, "too long"))
    for fragment, reason in cases:
        page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
        expect_link_refused(page, reason, good)
    # The app is still usable.
    assert start_game(page) == "mine"


def test_a_refused_link_is_explained_in_japanese_on_a_japanese_page(
    page: Page, site_url: str
) -> None:
    """Engine refusals carry a key: the page words them in its language, with no English."""
    from pygames.record import Record

    good = good_save_text()
    seed(page, site_url, {"good": good})
    page.click("button[data-lang='ja']")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    newer = Record.dealt("fools-field", ["human", "random"], seed=2).to_text()
    cases = {
        "r=AAAA": "リンクが壊れているか",
        "r=" + "A" * (MAX_LINK_CHARS - 1): "リンクが長すぎて",
        link_of_text(from_a_newer_app(newer)): "新しいバージョン",
    }
    message = page.locator("#message")
    for fragment, words in cases.items():
        page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
        expect(message).to_contain_text(words)
        text = message.inner_text()
        assert not re.search("[A-Za-z]", text), text
        page.click("#message [data-act='dismiss']")
        expect(message).to_be_hidden()
    assert page.evaluate("(key) => localStorage.getItem(key)", SAVE + "good") == good


def link_of_text(text: str) -> str:
    packed = zlib.compress(text.encode("utf-8"), 9)
    return "r=" + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def test_a_save_this_version_cannot_open_says_why_and_is_kept(page: Page, site_url: str) -> None:
    other_game = {**save_entry(known_deal(9).to_text()), "game": "chess"}
    entries = {"other-game": json.dumps(other_game), "not-json": "{this is not json"}
    seed(page, site_url, entries)
    expect(save_item(page, "other-game").locator(".why")).to_contain_text("“chess”")
    expect(save_item(page, "other-game").locator("[data-act='resume']")).to_have_count(0)
    expect(save_item(page, "not-json").locator(".why")).to_have_text("Its contents are damaged.")
    page.click("button[data-lang='ja']")
    expect(save_item(page, "other-game").locator(".why")).to_contain_text("ゲームがない")
    expect(save_item(page, "not-json").locator(".why")).to_have_text("中身が壊れています。")
    kept = page.evaluate(
        "(keys) => keys.map((k) => localStorage.getItem(k) !== null)",
        [SAVE + key for key in entries],
    )
    assert kept == [True, True]


def glimpse(nodes: object, **changes) -> str:
    return json.dumps({"format": "ff-in-play/1", "lang": "en", "nodes": nodes} | changes)


def deep(levels: int) -> list:
    node: list = [None, "li", [], ["deep"]]
    for _ in range(levels):
        node = [None, "ul", [], [node]]
    return [node]


def test_a_hostile_glimpse_of_games_in_progress_draws_text_or_nothing(
    page: Page, site_url: str
) -> None:
    """What the lobby keeps for the next page to draw before Python boots (ff:in-play)
    may be written by another site of the origin too: only known tags and attributes
    are made, text stays text, buttons stay disabled, and anything else draws nothing.
    Once Python is up it lists what storage holds and keeps that instead."""
    page.goto(site_url)
    wait_ready(page)
    refused = {
        "a script": glimpse([[None, "script", [], ["window.__pwned = 1"]]]),
        "an SVG element": glimpse([["http://www.w3.org/2000/svg", "ul", [], []]]),
        "not a node": glimpse([{"tag": "ul"}]),
        "too deep": glimpse(deep(8)),
        "another language": glimpse([[None, "ul", [], ["Resume"]]], lang="ja"),
        "another format": glimpse([[None, "ul", [], ["Resume"]]], format="ff-in-play/9"),
        "not JSON": "{not json",
        "too long": glimpse([[None, "ul", [], ["x" * 20_000]]]),
    }
    in_play = page.locator("#in-play")
    for why, text in refused.items():
        page.evaluate("(text) => localStorage.setItem('ff:in-play', text)", text)
        opened_before_python(page)
        expect(in_play, why).to_be_hidden()
        assert page.locator("#in-play-saves *").count() == 0, why
    hostile_attributes = ["onclick", "window.__pwned = 1", "style", "display: none"]
    focusing = ["autofocus", "", "onfocus", "window.__pwned = 1"]
    item = [
        None,
        "li",
        ["class", "save", "data-save", "x", *hostile_attributes],
        [
            [None, "h3", [], [INJECTED_ID]],
            [None, "button", ["type", "button", *focusing], ["Resume"]],
        ],
    ]
    page.evaluate(
        "(text) => localStorage.setItem('ff:in-play', text)",
        glimpse([[None, "ul", ["class", "save-list"], [item]]]),
    )
    held = opened_before_python(page)
    drawn = page.locator("#in-play .save")
    expect(drawn).to_be_visible()
    expect(drawn.locator("h3")).to_have_text(INJECTED_ID)
    assert page.locator("#in-play img").count() == 0
    assert drawn.evaluate("(li) => li.getAttributeNames()") == ["class", "data-save"]
    expect(drawn.locator("button")).to_be_disabled()
    assert drawn.locator("button").evaluate("(b) => b.getAttributeNames()") == ["type", "disabled"]
    assert page.evaluate("window.__pwned") is None
    let_python_boot(page, held)
    expect(in_play).to_be_hidden()  # nothing in progress in storage
    assert page.evaluate("localStorage.getItem('ff:in-play')") is None
