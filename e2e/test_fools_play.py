"""Fools! in the browser: a 4-seat game by clicks, pass-and-play behind the cover, sharing.

Games start from crafted links (a deal made in Python: its chance moves are in the
record). A test that follows a game reads the autosaved record and replays it in
Python, to check that every click made the move it meant.
"""

from __future__ import annotations

from collections.abc import Callable

from conftest import (
    PHONE,
    hold_the_computer,
    moves,
    saved_record,
    screenshot,
    settle,
    wait_ready,
)
from playwright.sync_api import Page, expect
from test_app_strings import TABLE

from pygames import GAMES
from pygames.record import Record

HAND = ".fools-hand .hand-card[aria-disabled='false']"
LEGAL = "button.slot.legal"
SHARED = ".play[data-turn='shared']"


def new_link(seats: list[str], seed: int = 1) -> str:
    record = Record.new("fools", seats)
    record.actions = list(GAMES["fools"].new_state(len(seats), seed).history)
    return record.to_link_fragment()


def open_link(page: Page, site_url: str, fragment: str) -> str:
    page.goto(site_url + "#" + fragment)
    wait_ready(page)
    return settle(page, 60_000)


# Before Python boots (the page's parsing ends long before), so the first decision waits.
HOLD_FROM_THE_START = """document.addEventListener("DOMContentLoaded", () =>
  document.documentElement.setAttribute("data-hold-computer", ""));"""
MINE_AND_NOBODY_THINKING = ".play[data-turn='mine']:not(:has(#status.thinking))"


def play_a_step(page: Page) -> None:
    """One action by clicks (`click_a_step`), and wait until the board shows it."""
    before = moves(page)
    if page.locator(".hand-card.selected").count():
        page.click("[data-act='cancel-pick']")  # start from no pick
        expect(page.locator(".hand-card.selected")).to_have_count(0)
    click_a_step(page)
    page.wait_for_function(
        "n => Number(document.querySelector('.play')?.dataset.moves) > n", arg=before
    )


def click_a_step(page: Page) -> None:
    """One action by clicks: a hand card (then confirm or a slot), a slot, or "none"."""
    cards = page.locator(HAND)
    if cards.count():
        cards.last.click()  # the strongest card that may be played
        # The pick asks for a confirm or a slot once the board has redrawn: wait for either.
        confirm = page.locator("[data-act='confirm']")
        confirm.or_(page.locator(LEGAL)).first.wait_for()
        if confirm.count():
            confirm.click()
        else:
            page.locator(LEGAL).first.click()
    elif page.locator(LEGAL).count():
        page.locator(LEGAL).first.click()
    else:
        page.click("[data-act='none']")


def test_a_four_seat_game_against_three_computers_by_clicks(page: Page, site_url: str) -> None:
    turn = open_link(page, site_url, new_link(["human", "easy", "easy", "easy"], seed=4))
    expect(page.locator(".fools-seat")).to_have_count(4)
    screenshot(page, "fools-desktop-start")
    shots = marked = 0
    for _ in range(300):
        if turn == "over":
            break
        assert turn == "mine"
        state = saved_record(page).replay()
        assert 0 in state.to_act()
        # My hand on the page is my hand, and no other hand shows a card.
        hand = page.locator(".fools-hand .hand-card").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
        assert sorted(hand) == sorted(state.hands[0])
        for seat in (1, 2, 3):
            known = page.locator(f".fools-seat[data-seat='{seat}'] .slot [data-card]").count()
            visible = sum(1 for slot in state.view(0)["armies"][seat] if slot["card"])
            bearer = 1 if state.view(0)["bearers"][seat] else 0
            assert known == visible + bearer
        # The slots the others played on since my last turn are marked, as the view says.
        marks = sorted(value for _, value in state.view(0)["marks"])
        assert page_marks(page) == marks
        marked += bool(marks)
        if state.view(0)["step"] and state.view(0)["step"]["kind"] == "deploy" and shots < 1:
            page.locator(HAND).first.click()
            expect(page.locator(LEGAL).first).to_be_visible()
            screenshot(page, "fools-desktop-deploy")
            page.locator(".hand-card.selected").click()  # drop the pick again
            shots += 1
        play_a_step(page)
        turn = settle(page, 60_000)
    assert turn == "over"
    state = saved_record(page).replay()
    assert state.is_over()
    expect(page.locator(".fools-report")).to_be_visible()
    screenshot(page, "fools-desktop-over")
    assert marked > 3  # turns began with others' moves marked


def page_marks(page: Page) -> list[str]:
    """The army slots and Standard Bearers the page marks as the latest moves."""
    return sorted(
        page.locator(".last-move").evaluate_all(
            "els => els.map(e => e.dataset.slot || e.dataset.bearer)"
        )
    )


def test_three_humans_choose_behind_the_cover(page: Page, site_url: str) -> None:
    turn = open_link(page, site_url, new_link(["human", "human", "human"], seed=2))
    state = saved_record(page).replay()
    assert state.phase == "bearer"
    names = ["Player A", "Player B", "Player C"]
    for index, seat in enumerate(state.to_act()):
        assert turn == "cover"
        expect(page.locator(".cover h2")).to_contain_text(names[seat])
        screenshot(page, f"fools-cover-{index}")
        page.click("[data-act='reveal']")
        assert settle(page) == "mine"
        # Nothing of the choices already made shows: every hand still counts three,
        # and other Standard Bearer slots say only "Ready".
        for other in range(3):
            if other == seat:
                continue
            panel = page.locator(f".fools-seat[data-seat='{other}']")
            expect(panel.locator(".slot.bearer [data-card]")).to_have_count(0)
            if state.hands[other]:
                expect(panel.locator(".facts")).to_contain_text(f"Hand: {len(state.hands[other])}")
        if index == 1:
            screenshot(page, "fools-pass-second")
        page.locator(HAND).first.click()
        page.click("[data-act='confirm']")
        turn = settle(page)
    state = saved_record(page).replay()
    assert state.phase != "bearer"
    assert any(e.kind == "revealed" for e in state.events)


def wait_for_save(page: Page, done: Callable[[Record], bool]) -> None:
    """Until the autosaved game is as `done` says (the computer moves in its own time)."""
    key = "ff:save:" + page.url.split("#g=", 1)[1]
    while True:
        text = page.evaluate("key => localStorage.getItem(key)", key)
        if done(saved_record(page)):
            return
        page.wait_for_function(
            "([key, text]) => localStorage.getItem(key) !== text", arg=[key, text]
        )


def test_the_cover_offers_to_take_back_a_persons_move_never_the_computers(
    page: Page, site_url: str
) -> None:
    turn = open_link(page, site_url, new_link(["human", "human", "random"], seed=2))
    assert turn == "cover"
    wait_for_save(page, lambda record: any(seat == 2 for seat, _ in record.actions))
    # The computer chose its Standard Bearer; no person has moved: nothing to take back.
    expect(page.locator(".cover h2")).to_contain_text("Player A")
    expect(page.locator("[data-act='cover-undo']")).to_have_count(0)
    page.click("[data-act='reveal']")
    assert settle(page) == "mine"
    page.locator(HAND).first.click()
    page.click("[data-act='confirm']")
    assert settle(page) == "cover"
    expect(page.locator(".cover h2")).to_contain_text("Player B")
    undo = page.locator("[data-act='cover-undo']")
    expect(undo).to_have_attribute("data-seat", "0")
    expect(undo).to_contain_text("Player A")
    undo.click()  # A's choice is taken back, and A chooses again
    expect(page.locator(".play[data-turn='mine']")).to_be_visible()
    assert not any(seat == 0 for seat, _ in saved_record(page).actions)


def test_a_shared_position_reopens_read_only(page: Page, site_url: str, new_context) -> None:
    open_link(page, site_url, new_link(["human", "random", "random"], seed=6))
    for _ in range(4):
        play_a_step(page)
        settle(page, 60_000)
    state = saved_record(page).replay()
    page.click("[data-act='share']")
    expect(page.locator("dialog[open] #share-url")).to_be_visible()
    expect(page.locator("#share-position")).to_be_checked()
    url = page.locator("#share-url").input_value()
    page.click("dialog[open] button[value='close']")
    shared = Record.from_link_fragment(url.split("#", 1)[1])
    assert shared.viewer == 0 and shared.actions == []
    masked = state.masked(0)
    for seat in (1, 2):  # the rivals' hands are not in the link
        assert set(masked.hands[seat]) <= {"?"}
    other = new_context().new_page()
    other.goto(url)
    wait_ready(other)
    expect(other.locator(SHARED)).to_be_visible()
    mine = other.locator(".fools-hand .hand-card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(mine) == sorted(state.hands[0])
    assert other.locator(LEGAL).count() == 0
    screenshot(other, "fools-shared")


def test_undo_takes_back_a_deploy_before_the_next_player_acts(page: Page, site_url: str) -> None:
    turn = open_link(page, site_url, new_link(["human", "random"], seed=3))
    while turn == "mine":
        # A computer's secret choice made beside ours lands when it lands: wait for it,
        # so that it cannot redraw the board in the middle of our step.
        page.wait_for_selector(MINE_AND_NOBODY_THINKING, timeout=60_000)
        state = saved_record(page).replay()
        step = state.view(0)["step"]
        if step and step["kind"] == "deploy":
            break
        play_a_step(page)
        turn = settle(page, 60_000)
    assert turn == "mine", "the game never came to our deploy"
    hold_the_computer(page, True)
    before = moves(page)
    page.locator(HAND).first.click()
    page.locator(LEGAL).first.click()
    expect(page.locator(".play")).to_have_attribute("data-moves", str(before + 1))
    undo = page.locator("[data-act='undo']")
    expect(undo).to_have_attribute("aria-disabled", "false")
    undo.click()
    expect(page.locator(".play")).to_have_attribute("data-moves", str(before))
    hold_the_computer(page, False)


def test_keyboard_deploy_and_japanese_phone_layout(new_context, site_url: str) -> None:
    page = new_context(**PHONE).new_page()
    page.goto(site_url)
    wait_ready(page)
    page.click("[data-lang='ja']")
    page.goto(site_url + "#" + new_link(["human", "easy", "easy", "easy"], seed=9))
    wait_ready(page)
    turn = settle(page, 60_000)
    screenshot(page, "fools-phone-ja-start")
    for _ in range(40):
        state = saved_record(page).replay()
        step = state.view(0)["step"]
        if turn == "mine" and step and step["kind"] == "deploy":
            break
        play_a_step(page)
        turn = settle(page, 60_000)
    else:
        raise AssertionError("no deploy step came")
    before = moves(page)
    card = page.locator(".fools-hand .hand-card[tabindex='0']")
    card.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".hand-card.selected")).to_have_count(1)
    screenshot(page, "fools-phone-ja-deploy")
    focused = page.evaluate("document.activeElement.dataset.nav")
    assert focused == "slots"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "n => Number(document.querySelector('.play')?.dataset.moves) > n", arg=before
    )
    # My last card was played: when my turn comes back, the focus is where it begins (the
    # slots, or "no Standard Bearer"), not lost to the page: no Tab from the top.
    assert page.locator(".fools-hand .hand-card").count() == 0
    assert settle(page, 60_000) == "mine"
    on_board = "() => document.activeElement?.closest('[data-nav], [data-act=\"none\"]') !== null"
    assert page.evaluate(on_board)


def test_my_instruction_stays_while_a_computer_chooses_at_the_same_time(
    page: Page, site_url: str
) -> None:
    page.add_init_script(HOLD_FROM_THE_START)
    turn = open_link(page, site_url, new_link(["human", "easy"], seed=3))
    assert turn == "mine"
    state = saved_record(page).replay()
    assert state.to_act() == [0, 1], "the game should open on a choice both seats make at once"
    status = page.locator("#status")
    expect(status).to_have_class("status thinking")  # the computer's choice is held
    prompt = status.locator("p")
    expect(prompt).not_to_contain_text("thinking")
    assert prompt.inner_text().strip()
    page.click("[data-lang='ja']")
    expect(page.locator("#status.thinking p")).not_to_contain_text("考えています")
    hold_the_computer(page, False)


def test_my_secret_choice_does_not_restart_the_computer_choosing_at_the_same_time(
    page: Page, site_url: str
) -> None:
    """The computer's Standard Bearer, chosen at the same time as mine and held until I
    have chosen, still lands: my choice, which it cannot see, does not start its decision
    again (web/session.py `thinking_goes_on`). Every decision that ended made a move."""
    page.add_init_script(HOLD_FROM_THE_START)
    turn = open_link(page, site_url, new_link(["human", "easy"], seed=3))
    assert turn == "mine"
    assert saved_record(page).replay().to_act() == [0, 1]
    expect(page.locator("#status")).to_have_class("status thinking")  # its choice is held
    assert decisions_ended(page) == 0
    play_a_step(page)  # my Standard Bearer
    assert [seat for seat, _ in computer_and_my_moves(page)] == [0]
    hold_the_computer(page, False)
    page.wait_for_selector(MINE_AND_NOBODY_THINKING, timeout=60_000)
    by_the_computer = [seat for seat, _ in computer_and_my_moves(page)].count(1)
    assert by_the_computer >= 1
    assert decisions_ended(page) == by_the_computer  # none was dropped and begun again


def decisions_ended(page: Page) -> int:
    return int(page.get_attribute("html", "data-decisions-ended") or 0)


def computer_and_my_moves(page: Page) -> list[tuple[int, str]]:
    return [(seat, action) for seat, action in saved_record(page).actions if seat >= 0]


def test_the_cards_shown_change_language_with_the_page(page: Page, site_url: str) -> None:
    """A card's face is drawn once per language and reused: switching the language in the
    middle of a game redraws every card in the new one."""
    open_link(page, site_url, new_link(["human", "easy"], seed=4))
    hand = page.locator(".fools-hand .hand-card")
    expect(hand.first).to_be_visible()
    cards = hand.evaluate_all("cards => cards.map(card => card.dataset.card)")
    for lang in ("ja", "en"):
        page.click(f"[data-lang='{lang}']")
        wanted = [TABLE[f"fools.card.{card}"][lang] for card in cards]
        expect(hand.locator(".name")).to_have_text(wanted)
