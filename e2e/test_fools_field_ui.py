"""Pass-and-play privacy, the Japanese UI, phone layout, rules pages, no-motion preference."""

from __future__ import annotations

from conftest import PHONE, screenshot, settle, wait_ready
from playwright.sync_api import Page, expect
from test_fools_field_play import play_a_turn, start_game


def test_pass_and_play_hides_the_board_between_players(ready_page: Page) -> None:
    page = ready_page
    assert start_game(page, seat_b="human", start="A") == "cover"
    expect(page.locator(".cover h2")).to_have_text("Pass the device to Player A.")
    # Behind the cover nothing of the board is in the page: no hand, no field.
    assert page.locator("[data-card], .ff-field, .ff-hand").count() == 0
    screenshot(page, "ff-pass-and-play-cover")
    page.click("[data-act='reveal']")
    assert settle(page) == "mine"
    assert page.locator("[data-card]").count() == 6
    a_hand = page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    play_a_turn(page)
    assert settle(page) == "cover"
    expect(page.locator(".cover h2")).to_have_text("Pass the device to Player B.")
    assert page.locator("[data-card], .ff-field, .ff-hand").count() == 0
    html = page.content()
    assert not any(f'data-card="{card}"' in html for card in a_hand)
    # Player A may still take the move back from the cover.
    expect(page.locator("[data-act='cover-undo']")).to_be_visible()
    page.click("[data-act='reveal']")
    assert settle(page) == "mine"
    b_hand = page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert not set(b_hand) & set(a_hand)
    # Between two humans a draw can be offered and accepted.
    page.click("[data-act='offer-draw']")
    page.click("dialog[open] button[value='yes']")
    # The dialog answers asynchronously: wait for the result, not for any settled state.
    expect(page.locator(".play")).to_have_attribute("data-turn", "over")
    expect(page.locator("#status")).to_have_text("The game is a tie. (agreed by the players)")


def test_japanese_ui_is_remembered(ready_page: Page) -> None:
    page = ready_page
    page.click("button[data-lang='ja']")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#lobby-title")).to_have_text("ゲーム")
    expect(page.locator("a[data-rules='fools-field']")).to_have_attribute(
        "href", "web/rules/fools-field.ja.html"
    )
    page.reload()
    wait_ready(page)
    expect(page.locator("#lobby-title")).to_have_text("ゲーム")
    start_game(page, seat_b="random", start="A")
    expect(page.locator("#status")).to_contain_text("あなたの手番")
    label = page.locator("[data-card]").first.get_attribute("aria-label")
    assert label.startswith("カード：上 ")
    play_a_turn(page)
    settle(page)
    expect(page.locator(".log li").last).to_contain_text("第1ゲーム開始")
    screenshot(page, "ff-desktop-japanese")


def test_phone_layout(phone_page: Page) -> None:
    page = phone_page
    screenshot(page, "phone-lobby")
    start_game(page, seat_b="random", start="A")
    play_a_turn(page)
    settle(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    small = page.locator(".play button:visible").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect())"
        ".filter(r => r.width < 44 || r.height < 44).length"
    )
    assert small == 0
    screenshot(page, "ff-phone-board")


def test_reduced_motion_turns_animation_off(page: Page, site_url: str) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.goto(site_url)
    wait_ready(page)
    start_game(page, seat_b="random", start="A")
    page.locator("[data-act='pick']").first.click()
    transform = page.locator(".ff-card.selected").evaluate("e => getComputedStyle(e).transform")
    assert transform == "none"


def test_rules_pages_in_both_languages(page: Page, site_url: str) -> None:
    for lang, phrase in (("en", "Shield with Flower"), ("ja", "盾と花")):
        page.goto(f"{site_url}web/rules/fools-field.{lang}.html")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("main")).to_contain_text(phrase)
        screenshot(page, f"ff-rules-{lang}")
    expect(page.locator("main")).to_contain_text("3回目")
    expect(page.locator("main")).to_contain_text("英語版のルールでは数え方が異なり")
    page.goto(f"{site_url}web/rules/cloth-of-gold.ja.html")
    expect(page.locator("main")).to_contain_text("このアプリ独自の規定")
    screenshot(page, "cog-rules-ja")
