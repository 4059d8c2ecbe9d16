"""The shell around every game: the new-game form, reviewing finished games, a log that
speaks to its reader, and an instruction that stays in view on a phone."""

from __future__ import annotations

import json
import random
import re

from conftest import PHONE, run_python, saved_record, screenshot, settle, wait_ready
from playwright.sync_api import Page, expect

from pygames import GAMES
from pygames.record import Record
from pygames.text import describe_parts

# A log line's words, each card picture written as its code (its name is for screen readers).
LINES_WITH_CARDS = """els => els.map(li => Array.from(li.childNodes).map(node =>
  node.nodeType === Node.TEXT_NODE ? node.textContent
    : (node.dataset && node.dataset.cardItem) || node.textContent).join(""))"""


def finished_game(seed: int = 3) -> Record:
    """A whole Fool's Field game between me (A) and a random computer, from a known deal."""
    options = {"start": "A"}
    record = Record.new("fools-field", ["human", "random"], options)
    state = GAMES["fools-field"].new_state(2, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record.actions = list(state.history)
    return record


def put_save(page: Page, record: Record, over: bool) -> None:
    entry = {
        "format": "ff-save/1",
        "game": record.game_id,
        "record": record.to_text(),
        "seats": record.seats,
        "created": 1,
        "saved": 2,
        "moves": 9,
        "over": over,
    }
    page.evaluate("(entry) => localStorage.setItem('ff:save:done', entry)", json.dumps(entry))


def test_the_new_game_form_offers_each_seat_and_the_options(ready_page: Page) -> None:
    page = ready_page
    page.click("[data-act='new-game'][data-game='fools-field']")
    form = page.locator("form.new-game")
    expect(form).to_be_visible()
    # The Fool's Field is for two: no choice of the number of players.
    expect(page.locator("#seat-count")).to_have_count(0)
    expect(page.locator("select[id^='seat-']")).to_have_count(2)
    assert page.locator("#seat-0").input_value() == "human"
    assert page.locator("#seat-1").input_value() == "normal"
    levels = page.locator("#seat-1 option").evaluate_all("(os) => os.map(o => o.value)")
    assert levels[:4] == ["human", "easy", "normal", "hard"]
    expect(page.locator("#option-match")).to_be_visible()
    # Two humans: the game opens behind the pass-and-play cover.
    page.select_option("#seat-1", "human")
    page.select_option("#option-start", "A")
    page.click("[data-act='start']")
    assert settle(page) == "cover"
    expect(page.locator(".cover h2")).to_contain_text("Player A")


def test_a_finished_game_is_offered_for_review_not_resumed(ready_page: Page) -> None:
    page = ready_page
    record = finished_game()
    put_save(page, record, over=True)
    page.reload()
    wait_ready(page)
    entry = page.locator("[data-save='done']")
    expect(entry.locator("[data-act='review']")).to_have_text("Review")
    expect(entry.locator("[data-act='resume']")).to_have_count(0)
    entry.locator("[data-act='review']").click()
    assert settle(page) == "over"
    state = record.replay()
    winner = "You win!" if state.outcome()[0] == 1 else "Computer wins."
    status = page.locator("#status")
    expect(status).to_contain_text(winner)
    expect(status).to_contain_text("(a hand emptied after the deck ran out)")


def test_the_log_speaks_to_its_reader_in_both_languages(ready_page: Page) -> None:
    page = ready_page
    record = finished_game(5)
    put_save(page, record, over=True)
    page.reload()
    wait_ready(page)
    page.click("[data-save='done'] [data-act='review']")
    settle(page)
    state = record.replay()
    for lang, names in (("en", ["You", "Computer"]), ("ja", ["あなた", "コンピューター"])):
        page.click(f"button[data-lang='{lang}']")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#lobby")).to_be_hidden()  # switching language keeps the game
        # A finished game opens in the replay screen: its move list, oldest first.
        shown = page.locator(".moves .line").evaluate_all(LINES_WITH_CARDS)
        wanted = []
        for entry in state.view(0)["log"]:
            parts = describe_parts("fools-field", entry, lang, names, 0)
            if parts:
                wanted.append("".join(p if isinstance(p, str) else p["value"] for p in parts))
        assert shown == wanted
        assert page.locator(".log [data-card-item][role='img'][aria-label]").count() > 10
        text = "\n".join(shown)
        screenshot(page, f"ff-log-{lang}")
        if lang == "en":
            assert "Game 1 begins; you start." in text and "You starts" not in text
            # A draw is told to the drawer once, with its cards, never as a bare count.
            assert not re.search(r"You drew \d+ cards? \(", text)
        else:
            assert "あなたが先攻です" in text and "先手" not in text


def test_the_instruction_stays_in_view_on_a_phone(browser, site_url: str) -> None:
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    page.click("[data-act='new-game'][data-game='fools-field']")
    page.select_option("#option-start", "A")
    page.click("[data-act='start']")
    assert settle(page) == "mine"
    hand = page.locator("[data-act='pick']").last
    hand.scroll_into_view_if_needed()
    status = page.locator("#status")
    expect(status).to_be_in_viewport()
    expect(hand).to_be_in_viewport()
    expect(status).not_to_be_empty()
    context.close()


def test_a_click_inside_the_board_is_the_boards_even_with_a_shell_actions_name(
    ready_page: Page,
) -> None:
    """A board's `data-act` names and the shell's cannot catch each other's clicks: inside
    the board's drawing only the board handles a click, outside it only the shell."""
    page = ready_page
    page.click("[data-act='new-game'][data-game='fools-field']")
    page.select_option("#option-start", "A")
    page.click("[data-act='start']")
    expect(page.locator(".play[data-turn='mine']")).to_be_visible()
    # A control inside the board named like the shell's "back to the lobby".
    page.evaluate(
        """() => {
          const twin = document.createElement('button');
          twin.id = 'twin'; twin.dataset.act = 'lobby'; twin.textContent = 'twin';
          document.querySelector('.board-area > *').appendChild(twin);
        }"""
    )
    page.click("#twin")
    page.click("[data-act='pick']:not([aria-disabled='true'])")  # the board still answers
    expect(page.locator(".ff-card.selected")).to_have_count(1)
    expect(page.locator(".play")).to_be_visible()  # the shell did not take the click
    page.locator(".play-bar [data-act='lobby']").click()
    expect(page.locator("#lobby")).to_be_visible()


def test_the_log_in_play_follows_the_game_through_a_language_switch_and_an_undo(
    ready_page: Page,
) -> None:
    """The play screen keeps the lines it worded for the entries that did not change; what
    it shows is still exactly the game's log, worded in the language chosen."""
    from test_fools_field_play import USABLE_CARD, play_a_turn, start_game

    page = ready_page
    start_game(page, seat_b="greedy", start="A")  # greedy deploys: undo stays possible

    def log_matches(lang: str) -> int:
        record = saved_record(page)
        seats = list(record.seats)
        names = json.loads(run_python(page, f"{SEAT_NAMES}({seats!r}))"))
        wanted = []
        for entry in record.replay().view(0)["log"]:
            parts = describe_parts("fools-field", entry, lang, names, 0)
            if parts:
                wanted.append("".join(p if isinstance(p, str) else p["value"] for p in parts))
        shown = page.locator(".log ol li").evaluate_all(LINES_WITH_CARDS)
        assert list(reversed(shown)) == wanted  # newest first on the screen
        return len(wanted)

    cards = page.locator(USABLE_CARD).evaluate_all("els => els.map(e => e.dataset.card)")
    other = next(i for i, card in enumerate(cards) if card != cards[0])
    play_a_turn(page)  # the first card
    settle(page)
    played = log_matches("en")
    page.click("button[data-lang='ja']")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    assert log_matches("ja") == played
    first_game = saved_record(page).replay().view(0)["log"]
    page.click("[data-act='undo']")
    assert settle(page) == "mine"
    assert log_matches("ja") < played
    page.locator(USABLE_CARD).nth(other).click()  # another card: the log goes another way
    page.locator("[data-act='place']").first.click()
    settle(page)
    log_matches("ja")
    assert saved_record(page).replay().view(0)["log"] != first_game
    page.click("button[data-lang='en']")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    log_matches("en")


# The seats' names as the page words them in its language now (web/seats.py).
SEAT_NAMES = "import json\nfrom web.seats import seat_names\njson.dumps(seat_names"


def long_game(seed: int = 6) -> Record:
    """Fools! between me (A) and a random computer, played at random until the log is
    long and it is my turn again."""
    record = Record.new("fools", ["human", "random"])
    state = GAMES["fools"].new_state(2, seed)
    rng = random.Random(seed)
    while len(state.events) < 150 or 0 not in state.to_act():
        assert not state.is_over()
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record.actions = list(state.history)
    return record


def test_a_long_log_shows_its_newest_lines_until_asked_for_the_rest(ready_page: Page) -> None:
    page = ready_page
    put_save(page, long_game(), over=False)
    page.reload()
    wait_ready(page)
    page.click("[data-save='done'] [data-act='resume']")
    assert settle(page) == "mine"
    lines = page.locator(".log ol li")
    shown = lines.count()
    assert 20 <= shown < 40  # whole blocks of the oldest lines left out
    more = page.locator(".log [data-act='whole-log']")
    earlier = int(re.fullmatch(r"Show (\d+) earlier lines", more.inner_text()).group(1))
    assert earlier > 0 and earlier % 20 == 0
    keys = lines.evaluate_all("items => items.map(li => li.dataset.key)")
    more.focus()
    page.keyboard.press("Enter")
    expect(lines).to_have_count(shown + earlier)
    expect(more).to_have_count(0)
    assert lines.evaluate_all("items => items.map(li => li.dataset.key)")[:shown] == keys
    assert page.evaluate("document.activeElement.matches('.log ol')")  # the keyboard goes on
