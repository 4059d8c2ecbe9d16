"""Sharing: a position shows only what the sharer saw; moving a game shows everything.

Also: a save written by the version-1 app (seeded records) still resumes.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from conftest import moves, screenshot, settle, wait_ready
from playwright.sync_api import Browser, Page, expect
from test_fools_field_play import field_labels, play_a_turn, start_game

from pygames import GAMES
from pygames.record import Record

ROOT = Path(__file__).resolve().parent.parent
V1_RECORDS = json.loads((ROOT / "tests" / "fixtures" / "v1_records.json").read_text())
CARD = re.compile(r"[XSF]{4}")
SAVES_JS = "() => Object.keys(localStorage).filter(k => k.startsWith('ff:save:'))"
SHARED = ".play[data-turn='shared']"


def saved_state(page: Page):
    """The real position of the one game saved in the page's localStorage."""
    (entry,) = page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('ff:save:'))"
        ".map(k => localStorage.getItem(k))"
    )
    return Record.from_text(json.loads(entry)["record"]).replay()


def hidden_from_a(state) -> set[str]:
    """What seat A cannot see in a Fool's Field position: the deck, and B's hand but for
    the cards B took back from the Field by a Retreat (everyone saw those)."""
    return set(state.deck) | (set(state.hands[1]) - set(state.known_held[1]))


def hand(page: Page) -> list[str]:
    return page.locator(".ff-hand [data-card]").evaluate_all("els => els.map(e => e.dataset.card)")


def mid_game(page: Page) -> None:
    """A Fool's Field game against the computer, a few moves in, my turn."""
    start_game(page, seat_b="random", start="A")
    play_a_turn(page)
    assert settle(page) == "mine"


def open_share_dialog(page: Page) -> str:
    page.click("[data-act='share']")
    expect(page.locator("dialog[open] #share-url")).to_be_visible()
    return page.locator("#share-url").input_value()


def fragment_of(url: str) -> str:
    assert "#r=" in url
    return url.split("#", 1)[1]


def test_mid_game_the_default_link_holds_only_what_i_see(ready_page: Page) -> None:
    page = ready_page
    mid_game(page)
    state = saved_state(page)
    hidden = hidden_from_a(state)
    assert hidden, "the rival's hand and the deck hold cards"
    url = open_share_dialog(page)
    expect(page.locator("#share-position")).to_be_checked()
    expect(page.locator("#share-game")).not_to_be_checked()
    expect(page.locator("dialog[open]")).to_contain_text("only what you can see now")
    screenshot(page, "share-dialog")

    shared = Record.from_link_fragment(fragment_of(url))
    assert shared.viewer == 0
    assert shared.actions == []
    text = shared.to_text()
    assert not set(CARD.findall(text)) & hidden, "the link reveals a hidden card"
    # My own hand is there, and the position replays to what I see.
    assert set(state.hands[0]) <= set(CARD.findall(text))
    assert shared.replay().view(0)["hand"] == state.view(0)["hand"]
    # The other choice does hold the rival's hand: the check above can fail. (No link
    # holds the undrawn cards: what has not been drawn exists nowhere yet.)
    page.check("#share-game")
    full = Record.from_link_fragment(fragment_of(page.locator("#share-url").input_value()))
    assert set(state.hands[1]) <= set(CARD.findall(full.to_text()))


def test_a_shared_position_opens_read_only_and_plays_on(
    ready_page: Page, browser: Browser, new_context
) -> None:
    page = ready_page
    mid_game(page)
    state = saved_state(page)
    mine, board = hand(page), field_labels(page)
    url = open_share_dialog(page)
    page.click("dialog[open] button[value='close']")

    other = new_context().new_page()
    other.goto(url)
    wait_ready(other)
    expect(other.locator(SHARED)).to_be_visible()
    banner = other.locator(".shared")
    expect(banner).to_contain_text("A shared position, as Player A saw it")
    assert hand(other) == mine
    # The same cards on the Field, each of a seat named as the banner names it: no "you".
    named = [label.replace("your card", "Player A's card") for label in board]
    assert field_labels(other) == [label.replace("opponent's", "Computer's") for label in named]
    # Nothing to play, undo or resign, and nothing saved.
    assert other.locator("[data-act='place'], [data-act='retreat']").count() == 0
    assert other.locator("[data-act='pick'][aria-disabled='false']").count() == 0
    assert other.locator("[data-act='undo'], [data-act='resign']").count() == 0
    assert other.evaluate(SAVES_JS) == []
    # Nothing of the rival's hand or the deck anywhere in the page.
    html = other.locator("#screen").evaluate("el => el.outerHTML")
    assert set(mine) <= set(CARD.findall(html))
    assert not set(CARD.findall(html)) & hidden_from_a(state)
    screenshot(other, "shared-position")

    # Reloading shows the same read-only position.
    other.reload()
    wait_ready(other)
    expect(other.locator(SHARED)).to_be_visible()

    other.locator("[data-act='play-on']").focus()
    other.keyboard.press("Enter")
    assert settle(other) == "mine"
    expect(other.locator(".shared")).to_have_count(0)
    expect(other.locator(".play-bar .seats")).to_have_text("You vs Computer (Random)")
    assert hand(other) == mine
    # A game played on begins at the position: no move of it is marked as the latest yet.
    assert field_labels(other) == [label.removesuffix(", latest move") for label in board]
    expect(other.locator(".last-move")).to_have_count(0)
    assert len(other.evaluate(SAVES_JS)) == 1
    before = moves(other)
    play_a_turn(other)
    assert settle(other) == "mine"
    assert moves(other) >= before + 2  # my move and the computer's answer


def test_moving_the_game_warns_and_its_link_replays_the_whole_game(
    ready_page: Page, browser: Browser, new_context
) -> None:
    page = ready_page
    mid_game(page)
    state = saved_state(page)
    position_url = open_share_dialog(page)
    # Keyboard: the first choice has focus; an arrow key picks the other.
    expect(page.locator("#share-position")).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(page.locator("#share-game")).to_be_checked()
    expect(page.locator("#share-url")).not_to_have_value(position_url)
    expect(page.locator("#share-game-explain")).to_contain_text("every secret included")
    expect(page.locator("#share-game-explain")).to_contain_text("your own devices")
    expect(page.locator("#share-what")).to_contain_text("hidden hands included")
    url = page.locator("#share-url").input_value()
    page.click("dialog[open] button[value='close']")

    record = Record.from_link_fragment(fragment_of(url))
    assert record.viewer is None
    assert record.actions == state.history
    assert record.replay().view(0) == state.view(0)

    other = new_context().new_page()
    other.goto(url)
    wait_ready(other)
    assert settle(other) == "mine"
    assert moves(other) == moves(page)
    assert field_labels(other) == field_labels(page)
    assert hand(other) == hand(page)
    expect(other.locator(".play-bar .seats")).to_have_text("You vs Computer (Random)")


def test_after_the_game_only_the_whole_record_is_offered(ready_page: Page) -> None:
    page = ready_page
    start_game(page, seat_b="random", start="A")
    page.click("[data-act='resign']")
    page.click("dialog[open] button[value='yes']")
    expect(page.locator(".play[data-turn='over']")).to_be_visible()
    url = open_share_dialog(page)
    expect(page.locator("#share-position")).to_have_count(0)
    expect(page.locator("#share-what")).to_contain_text("nothing is hidden any more")
    record = Record.from_link_fragment(fragment_of(url))
    assert record.viewer is None
    assert record.replay().is_over()


def test_a_version_1_save_resumes_at_the_same_position(page: Page, site_url: str) -> None:
    fixture = next(
        entry
        for entry in V1_RECORDS
        if entry["record"].startswith("fools-field 1 seed=")
        and not entry["over"]
        and entry["views"]["0"]["to_act"] == [0]
        and entry["record"].split("\n")[1].strip()
    )
    header, moves_line = fixture["record"].split("\n")[:2]
    seats = header.split("seats=")[1].split()[0].split(",")
    save = {
        "format": "ff-save/1",
        "game": "fools-field",
        "record": fixture["record"],
        "seats": seats,
        "created": 1,
        "saved": 2,
        "moves": len(moves_line.split()),
        "over": False,
    }
    page.goto(site_url)
    page.evaluate("(save) => localStorage.setItem('ff:save:old1', save)", json.dumps(save))
    page.goto(site_url + "#g=old1")
    wait_ready(page)
    assert settle(page) == "mine"
    assert moves(page) == len(moves_line.split())
    assert sorted(hand(page)) == sorted(fixture["views"]["0"]["hand"])
    # Saved again after a move, it is a version 2 record with no seed.
    play_a_turn(page)
    settle(page)
    saved = json.loads(page.evaluate("localStorage.getItem('ff:save:old1')"))
    assert saved["record"].startswith("fools-field 2 ")
    assert "seed=" not in saved["record"]
    assert isinstance(saved["bot_seed"], int)


# ----- a shared position names its viewer -----

YOU_WORDS = {"en": re.compile(r"\b[Yy]ou(rs?)?\b"), "ja": re.compile("あなた")}
# What an oval of the Cloth of Gold does, in the rules' words to whoever takes it ("draw
# tiles into your Hand"): said to no seat in particular.
STRINGS = json.loads((ROOT / "web" / "i18n.json").read_text(encoding="utf-8"))
RULES_WORDS = {
    lang: [words[lang] for key, words in STRINGS.items() if key.startswith("cog.does.")]
    for lang in YOU_WORDS
}
# The board, the instruction and the log, in words and in spoken labels.
BOARD_WORDS_JS = """() => [...document.querySelectorAll('#status, .play-body')].flatMap(part =>
  [part.innerText, ...[...part.querySelectorAll('[aria-label]')].map(e =>
    e.getAttribute('aria-label'))]).join('\\n')"""


def knows_a_face_down_card(state) -> bool:
    """Fools!: seat A sees a face-down card it placed or saw, and the game goes on."""
    slots = [slot for army in state.view(0)["armies"] for slot in army]
    return not state.is_over() and any(slot["know"] in ("placed", "saw") for slot in slots)


def shared_mid_game(game_id: str) -> str:
    """A random game a few moves in (in Fools!, until A knows a face-down card), shared
    as seat A sees it, with a computer at every other seat."""
    game = GAMES[game_id]
    seats = ["human", "random"] + ["random"] * (game_id == "fools")
    state = game.new_state(len(seats), 4)
    rng = random.Random(4)
    done = knows_a_face_down_card if game_id == "fools" else lambda s: len(s.history) > 8
    while not done(state):
        assert not state.is_over(), game_id
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = Record.new(game_id, seats)
    record.actions = list(state.history)
    return Record.shared_position(record, state, 0).to_link_fragment()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_shared_position_says_you_to_nobody(page: Page, site_url: str, game_id: str) -> None:
    """Its banner says whose eyes it shows ("as Player A saw it"): the board, the
    instruction and the log name that seat too, never "you", in both languages."""
    page.goto(site_url + "#" + shared_mid_game(game_id))
    wait_ready(page)
    expect(page.locator(SHARED)).to_be_visible()
    for lang, name in (("en", "Player A"), ("ja", "プレイヤーA")):
        page.click(f"button[data-lang='{lang}']")
        expect(page.locator("#shared-title")).to_contain_text(name)
        words = page.evaluate(BOARD_WORDS_JS)
        for rule in RULES_WORDS[lang]:
            words = words.replace(rule, "")
        assert name in words, (lang, words)
        said = [words[max(0, m.start() - 40) : m.end()] for m in YOU_WORDS[lang].finditer(words)]
        assert said == [], lang
        if game_id == "fools":
            screenshot(page, f"shared-fools-{lang}")
