"""The Fool's Field in the browser: whole games, undo, keyboard play, hidden hands."""

from __future__ import annotations

import re

from conftest import hold_the_computer, moves, screenshot, settle, wait_ready
from playwright.sync_api import Page, expect

from pygames import GAMES
from pygames.bots import make_bot
from pygames.choices import next_picks
from pygames.record import Record

USABLE_CARD = "[data-act='pick'][aria-disabled='false']"
# True once the board shows a move count other than `before` (or the cover hides it).
# The move was played: the moves counted changed, or it is no longer my turn (by links,
# a move that waits for another seat's keys is counted once they come).
MOVED = (
    "before => { const p = document.querySelector('.play'); "
    "return !p || p.dataset.moves != before || p.dataset.turn != 'mine'; }"
)


# ----- helpers shared by the other test_fools_field_* files -----


def start_game(page: Page, seat_b: str = "random", start: str = "A", match: str = "single"):
    page.click("[data-act='new-game'][data-game='fools-field']")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", seat_b)
    page.select_option("#option-start", start)
    page.select_option("#option-match", match)
    page.click("[data-act='start']")
    return settle(page)


def play_a_turn(page: Page) -> None:
    """Make some legal move by clicking, as a player would."""
    if page.locator("[data-act='discard']").count():
        page.locator("[data-act='pick']").first.click()
        page.click("[data-act='discard']")
    elif page.locator(USABLE_CARD).count():
        page.locator(USABLE_CARD).first.click()
        page.locator("[data-act='place']").first.click()
    else:
        retreat(page)


def retreat(page: Page) -> None:
    """Retreat, confirming when the page asks (a Retreat while a card could be placed)."""
    before = moves(page)
    voluntary = page.locator(USABLE_CARD).count() > 0
    page.click("[data-act='retreat']")
    if voluntary:
        page.click("dialog[open] button[value='yes']")
    page.wait_for_function(MOVED, arg=before)  # played after the dialog closes


def field_labels(page: Page) -> list[str]:
    return page.locator(".ff-field button").evaluate_all("els => els.map(e => e.ariaLabel)")


def link_where(wanted, match: str = "single", seeds=range(1, 400)) -> str:
    """A human-vs-random game, played by random bots from a known deal, stopped at the
    first position where `wanted(state, view of seat A)` holds with seat A to act."""
    options = {"start": "A", "match": match}
    for seed in seeds:
        state = GAMES["fools-field"].new_state(2, seed, options)
        bots = [make_bot("random", seed), make_bot("random", seed + 7)]
        while not state.is_over():
            seat = state.to_act()[0]
            if seat == 0 and wanted(state, state.view(0)):
                record = Record.new("fools-field", ["human", "random"], options)
                record.actions = list(state.history)  # chance moves included: the same deal
                return record.to_link_fragment()
            state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError("no seed reached the position wanted")


def can_deploy(view: dict) -> bool:
    return view["phase"] == "deploy" and "card" in next_picks(view["choices"], [])


def near_end_link(match: str = "single") -> str:
    """Seat A to act with one card left, an empty deck, and a place for that card."""
    return link_where(
        lambda state, view: (
            view["deck"] == 0
            and len(view["hand"]) == 1
            and can_deploy(view)
            and not view["tie_battle"]
            and view["match"]["game"] == 1
        ),
        match,
    )


# ----- tests -----


def test_a_whole_game_against_the_computer_by_clicks(ready_page: Page) -> None:
    page = ready_page
    turn = start_game(page, seat_b="random")
    screenshot(page, "ff-desktop-start")
    # A draw is agreed between two humans only: against the computer, resigning is offered.
    expect(page.locator("[data-act='resign']")).to_be_visible()
    expect(page.locator("[data-act='offer-draw']")).to_have_count(0)
    for _ in range(250):
        if turn == "over":
            break
        # Only the human's own hand is in the page; the computer's is card backs.
        hand_size = int(re.search(r"\d+", page.locator(".ff-hand > p").inner_text()).group())
        assert page.locator("[data-card]").count() == hand_size
        play_a_turn(page)
        turn = settle(page)
    assert turn == "over"
    expect(page.locator(".over")).to_be_visible()
    result = page.locator("#status").inner_text().strip().split(" (")[0]
    assert result in ("You win!", "Computer wins.", "The game is drawn.", "The game is a tie.")
    screenshot(page, "ff-desktop-over")
    # Rematch deals a fresh game with the same seats: six cards, at most the computer's first.
    page.click("[data-act='rematch']")
    assert settle(page) == "mine"
    assert page.locator("[data-card]").count() == 6
    assert page.locator(".ff-cell.own, .ff-cell.other").count() <= 1
    assert page.locator(".ff-cell.own").count() == 0


def win_near_the_end(page: Page, site_url: str) -> None:
    """Open a game one card from its end and play that card by two clicks."""
    page.goto(site_url + "#" + near_end_link())
    wait_ready(page)
    assert settle(page) == "mine"
    page.locator(USABLE_CARD).click()
    page.locator("[data-act='place']").first.click()
    assert settle(page) == "over"


def test_a_crafted_link_near_the_end_is_won_by_two_clicks(page: Page, site_url: str) -> None:
    win_near_the_end(page, site_url)
    expect(page.locator("#status")).to_have_text("You win! (a hand emptied after the deck ran out)")
    expect(page.locator(".log li").first).to_have_text(
        "Game over: you win (a hand emptied after the deck ran out)."
    )


def test_review_this_game_gives_the_focus_to_the_replay(page: Page, site_url: str) -> None:
    """The button "Review this game" goes with the play screen: the replay's Play takes
    the focus."""
    win_near_the_end(page, site_url)
    page.locator("[data-act='review-game']").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".play.replay")).to_be_visible()
    expect(page.locator("[data-act='replay-play']")).to_be_focused()


def test_best_of_three_announces_the_next_game(page: Page, site_url: str) -> None:
    page.goto(site_url + "#" + near_end_link(match="best-of-3"))
    wait_ready(page)
    assert settle(page) == "mine"
    counter = "Match (first to 2), game 1: You 0 – Computer 0"
    expect(page.locator("#status")).to_contain_text(counter)
    # Resigning in a match gives up the whole match, and the dialog says so.
    page.click("[data-act='resign']")
    expect(page.locator("dialog[open]")).to_contain_text("ends the whole match")
    page.click("dialog[open] button[value='no']")
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.locator(USABLE_CARD).click()
    page.locator("[data-act='place']").first.click()
    # The loser (the computer) starts game 2, then it is my turn again.
    assert settle(page) == "mine"
    expect(page.locator(".play .notice")).to_have_text("Game 2 begins.")
    expect(page.locator("#status")).to_contain_text("game 2: You 1 – Computer 0")
    assert page.locator("[data-card]").count() == 6
    screenshot(page, "ff-match-game-2")


def test_undo_takes_back_my_placement_and_the_reply(ready_page: Page) -> None:
    page = ready_page
    # Greedy deploys whenever it can (a Retreat would make undo impossible).
    start_game(page, seat_b="greedy", start="A")
    dealt = moves(page)
    undo = page.locator("[data-act='undo']")
    expect(undo).to_have_attribute("aria-disabled", "true")
    play_a_turn(page)
    settle(page)
    assert moves(page) == dealt + 2  # my centre card and the computer's reply
    assert page.locator(".ff-cell.own, .ff-cell.other").count() == 2
    expect(undo).to_have_attribute("aria-disabled", "false")
    undo.click()
    assert settle(page) == "mine"
    assert moves(page) == dealt
    assert page.locator(".ff-cell.own, .ff-cell.other").count() == 0
    assert page.locator("[data-card]").count() == 6


def test_keyboard_only_placement(ready_page: Page) -> None:
    page = ready_page
    start_game(page, seat_b="random", start="A")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.nav") == "hand":
            break
    assert page.evaluate("document.activeElement.dataset.nav") == "hand"
    page.keyboard.press("ArrowRight")
    second = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    expect(page.locator(f"[data-card='{second}']")).to_have_attribute("aria-pressed", "true")
    # Escape cancels the choice; choosing again moves focus to the legal space.
    page.keyboard.press("Escape")
    expect(page.locator(f"[data-card='{second}']")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.dataset.act") == "place"
    screenshot(page, "ff-keyboard-focus")
    hold_the_computer(page, True)  # its answer may be a Retreat, which clears the Field
    page.keyboard.press("Enter")
    own = page.locator(".ff-cell.own")
    expect(own).to_have_count(1)
    assert "your card" in own.get_attribute("aria-label")
    # The log, which a screen reader hears, says where the card went.
    newest = page.locator(".log li").first  # the log lists the newest line first
    expect(newest).to_contain_text(re.compile(r"^You deployed .* in the centre\.$"))
    hold_the_computer(page, False)
    assert settle(page) in ("mine", "over")


def test_the_rivals_latest_card_is_marked_and_named_where_i_see_it(
    page: Page, site_url: str
) -> None:
    marked = {}

    def rival_just_deployed_off_centre(state, view) -> bool:
        mover, action = state.history[-1]
        marked["cells"] = [value for kind, value in view["marks"] if kind == "cell"]
        return mover == 1 and "@" in action and marked["cells"] not in ([], ["4"])

    page.goto(site_url + "#" + link_where(rival_just_deployed_off_centre))
    wait_ready(page)
    assert settle(page) == "mine"
    (cell,) = marked["cells"]  # in my frame: the rival's own cell number is 8 - cell
    latest = page.locator(".ff-cell.last-move")
    expect(latest).to_have_count(1)
    expect(latest).to_have_attribute("data-index", cell)
    expect(latest).to_have_attribute(
        "aria-label", re.compile(r"^Row \d, column \d: .*, latest move$")
    )
    assert "opponent's card" in latest.get_attribute("aria-label")
    page.click("[data-lang='ja']")
    expect(latest).to_have_attribute("aria-label", re.compile(r"、直前の手$"))
    expect(page.locator(".ff-cell.last-move")).to_have_count(1)


def must_retreat(state, view: dict) -> bool:
    picks = next_picks(view["choices"], []) if view["choices"] else {}
    return view["phase"] == "deploy" and "action" in picks and "card" not in picks


def test_a_forced_retreat_takes_the_focus_not_a_card_that_cannot_be_placed(
    page: Page, site_url: str
) -> None:
    page.goto(site_url + "#" + link_where(must_retreat))
    wait_ready(page)
    assert settle(page) == "mine"
    expect(page.locator("#status")).to_contain_text("Retreat")
    expect(page.locator("[data-act='retreat']")).to_be_focused()


def two_discards_to_make(state, view) -> bool:
    return view["phase"] == "discard" and len(state.hands[0]) >= 8


def test_a_card_discarded_after_a_retreat_can_be_taken_back(page: Page, site_url: str) -> None:
    page.goto(site_url + "#" + link_where(two_discards_to_make))
    wait_ready(page)
    assert settle(page) == "mine"
    held = page.locator("[data-card]").count()
    undo = page.locator("[data-act='undo']")
    expect(undo).to_have_attribute("aria-disabled", "true")  # the Retreat stands
    before = moves(page)
    page.locator("[data-act='pick']").first.click()
    page.click("[data-act='discard']")
    page.wait_for_function(MOVED, arg=before)
    expect(page.locator("[data-card]")).to_have_count(held - 1)
    expect(undo).to_have_attribute("aria-disabled", "false")
    undo.click()
    expect(page.locator("[data-card]")).to_have_count(held)
    assert moves(page) == before
    expect(undo).to_have_attribute("aria-disabled", "true")


def test_voluntary_retreat_asks_first(ready_page: Page) -> None:
    page = ready_page
    start_game(page, seat_b="random", start="B")
    retreat = page.locator("[data-act='retreat']")
    expect(retreat).to_be_visible()
    retreat.click()
    expect(page.locator("dialog[open]")).to_be_visible()
    page.click("dialog[open] button[value='no']")
    expect(page.locator("dialog[open]")).to_have_count(0)
    assert moves(page) == 1


def test_cards_taken_back_in_a_retreat_are_shown_as_known_in_the_rivals_hand(
    page: Page, site_url: str
) -> None:
    known = {}

    def rival_took_back_cards(state, view) -> bool:
        known["cards"] = view["known_held"][1]
        return bool(known["cards"]) and not view["discard_counts"][1] and can_deploy(view)

    page.goto(site_url + "#" + link_where(rival_took_back_cards))
    wait_ready(page)
    assert settle(page) == "mine"
    line = page.locator(".ff-board > .ff-known")  # below my hand: it comes and goes
    expect(line).to_contain_text("Known in Computer's hand:")
    shown = line.locator("[data-known]").evaluate_all("els => els.map(e => e.dataset.known)")
    assert shown == known["cards"]
    assert line.locator("svg").count() == len(known["cards"])
    # Each card is named for screen readers.
    assert line.get_attribute("aria-label").count("top ") == len(known["cards"])
    # Nothing is known of my own hand's past: the one line is the rival's hand's.
    assert page.locator(".ff-known").count() == 1
