"""What fits a phone: each game's new-game form and each rules page stay within a 390 px
screen (no sideways scroll), a rules page's way back is a whole touch target and the page
names its icon, Fools!'s form says "Players" once, on the Game of Fields map the hex
with the keyboard's focus looks unlike the selected pawn's hex, by shape as well as colour,
and in every game, once a pick is made, its Cancel is on screen beside the instruction,
and the board holds still while the instruction changes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import PHONE, ROOT, hold_the_computer, screenshot, settle, wait_ready
from playwright.sync_api import Page, expect
from test_cloth_of_gold_play import LEGAL as COG_OVAL
from test_cloth_of_gold_play import new_link as cog_link
from test_cloth_of_gold_play import play_a_turn as play_a_cog_turn
from test_fools_field_play import USABLE_CARD, play_a_turn, start_game
from test_fools_layout import IN_VIEW_JS, deploy_link
from test_fools_layout import USABLE as FOOLS_CARD
from test_game_of_fields_play import crafted_state, position_link

from pygames import GAMES
from pygames.record import Record

RULES = sorted((ROOT / "web" / "rules").glob("*.html"))
TAP = 44  # px: the least height of a touch target (style.css's --tap)
WIDTH = PHONE["viewport"]["width"]


def overflow(page: Page) -> int:
    """How many px the page is wider than the phone's screen (0 or less when it fits).
    Measured against the screen's width, not window.innerWidth: a mobile browser zooms
    out to show a page that is too wide, and its innerWidth grows with the page."""
    return page.evaluate("document.documentElement.scrollWidth") - WIDTH


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_new_game_form_fits_a_phone(phone_page: Page, game: str) -> None:
    page = phone_page
    page.click(f"[data-act='new-game'][data-game='{game}']")
    expect(page.locator("form.new-game")).to_be_visible()
    assert overflow(page) <= 0, f"the {game} form scrolls sideways"
    # Every control is within the form's card.
    card = page.locator("form.new-game").bounding_box()
    for control in page.locator("form.new-game select, form.new-game input").all():
        box = control.bounding_box()
        if box is not None:  # a hidden control has no box
            assert box["x"] + box["width"] <= card["x"] + card["width"], game
    if game == "fools-field":
        screenshot(page, "phone-fit-new-game-fools-field")


@pytest.mark.parametrize("rules", RULES, ids=lambda path: path.name)
def test_each_rules_page_fits_a_phone(new_context, site_url: str, rules: Path) -> None:
    page = new_context(**PHONE).new_page()
    missing = []
    page.on("response", lambda r: r.status == 404 and missing.append(r.url))
    page.goto(f"{site_url}web/rules/{rules.name}")
    page.wait_for_load_state("load")
    assert overflow(page) <= 0, f"{rules.name} scrolls sideways"
    back = page.locator("a[href='../../index.html']")
    expect(back).to_have_count(1)
    assert back.bounding_box()["height"] >= TAP, f"{rules.name}: the way back is too small"
    icon = page.locator("link[rel='icon']")
    expect(icon).to_have_count(1)
    # The icon is the site's own and is found (no 404 for it or for /favicon.ico).
    icon_url = page.evaluate("document.querySelector(\"link[rel='icon']\").href")
    assert icon_url == f"{site_url}assets/icons/icon.svg"
    assert page.request.get(icon_url).ok
    assert missing == [], missing
    if rules.name in ("fools-field.en.html", "fools.en.html"):
        screenshot(page, f"phone-fit-rules-{rules.stem}")


def test_the_fools_form_says_players_once(ready_page: Page) -> None:
    """The box of seats is titled "Players"; the number of players inside it has no second
    "Players" label, and is still named for a screen reader."""
    page = ready_page
    page.click("[data-act='new-game'][data-game='fools']")
    form = page.locator("form.new-game")
    expect(form).to_be_visible()
    titles = form.locator("legend, label").all_inner_texts()
    words = [title.strip() for title in titles]
    assert len(words) == len(set(words)), f"a title is said twice: {words}"
    seats = form.locator("fieldset").filter(has=page.locator("#seat-count"))
    inner = seats.locator("legend, label").all_inner_texts()
    legend = seats.locator("legend").inner_text().strip()
    assert [w.strip() for w in inner].count(legend) == 1, inner
    expect(page.locator("#seat-count")).to_have_accessible_name(legend)
    # The seats follow the number chosen.
    page.select_option("#seat-count", "3")
    expect(form.locator("select[id^='seat-']:not(#seat-count)")).to_have_count(3)
    expect(page.locator("#seat-count")).to_be_focused()


# The look of a hex's rings, as drawn: each stroked polygon of the hex that shows.
# (An SVG shape in a group that is not displayed still reports itself displayed, and
# checkVisibility() says it shows: each group up to the hex is asked.)
RINGS_JS = """(hex) => {
  const shown = (e) => {
    for (; e !== hex.parentElement; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
    }
    return true;
  };
  return [...hex.querySelectorAll('polygon')]
    .filter((p) => shown(p) && !/ground|pattern/.test(p.getAttribute('class')))
    .map((p) => {
      const s = getComputedStyle(p);
      return {cls: p.getAttribute('class'), stroke: s.stroke, width: s.strokeWidth,
              dashes: s.strokeDasharray};
    });
}"""


def focus_colour(page: Page) -> str:
    return page.evaluate(
        "() => { const e = document.createElement('i'); e.style.color = 'var(--focus)';"
        " document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c; }"
    )


def test_the_focused_hex_looks_unlike_the_selected_one(phone_page: Page, site_url: str) -> None:
    page = phone_page
    game = GAMES["game-of-fields"]
    options = {"map": "open"}
    record = Record.new(game.id, ["human", "random"], options)
    record.actions = list(game.new_state(2, 1, options).history)
    page.goto(site_url + "#" + record.to_link_fragment())
    wait_ready(page)
    assert settle(page) == "mine"
    hold_the_computer(page, True)
    pawn = page.locator(".gof-hex.can-pawn").first
    pawn.focus()
    page.keyboard.press("Enter")  # select the pawn
    selected = page.locator(".gof-hex.selected")
    expect(selected).to_have_count(1)
    expect(selected).to_be_focused()
    pawn_hex = selected.get_attribute("data-hex")
    page.keyboard.press("ArrowRight")
    focused = page.locator(".gof-hex:focus")
    expect(focused).to_have_count(1)
    expect(focused).not_to_have_attribute("data-hex", pawn_hex)
    expect(selected).to_have_attribute("data-hex", pawn_hex)  # still selected
    blue = focus_colour(page)
    selection = [r for r in selected.evaluate(RINGS_JS) if r["stroke"] == blue]
    focus = [r for r in focused.evaluate(RINGS_JS) if r["stroke"] == blue]
    assert selection, "the selected hex has no ring"
    assert focus, "the focused hex shows no focus ring"
    shapes = {(r["dashes"], r["width"]) for r in selection}
    assert not shapes & {(r["dashes"], r["width"]) for r in focus}, (selection, focus)
    # Dashes one way and not the other: the two differ in shape, not only in thickness.
    assert {r["dashes"] == "none" for r in selection} != {r["dashes"] == "none" for r in focus}
    screenshot(page, "phone-fit-gof-focus-and-selection")
    # The selected hex, focused again, shows both: its selection and the focus.
    page.keyboard.press("ArrowLeft")
    expect(selected).to_be_focused()
    both = {(r["dashes"], r["width"]) for r in selected.evaluate(RINGS_JS) if r["stroke"] == blue}
    assert shapes < both, both


# ----- Cancel, once a pick is made -----


def fields_with_a_prince_to_move() -> str:
    """Game of Fields, A to act with Princes on the map (hex 13, the id 12, is one)."""
    state = crafted_state(queens=(8, 11), princes=([3, 12, 9], [6, 15, 2]), cities=((7,), ()))
    return position_link(state)


# Each game opened on a phone, A to act; then the pick that its Cancel takes back.
OPEN = {
    "fools-field": lambda page, url: start_game(page),
    "game-of-fields": lambda page, url: page.goto(url + "#" + fields_with_a_prince_to_move()),
    "cloth-of-gold": lambda page, url: page.goto(url + "#" + cog_link(9)),
    "fools": lambda page, url: page.goto(url + "#" + deploy_link(4, 1, 13, target=2)),
}
PICK = {
    "fools-field": USABLE_CARD,
    "game-of-fields": ".gof-hex[data-hex='12']",
    "cloth-of-gold": f"{COG_OVAL} >> nth=2",
    "fools": FOOLS_CARD,
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_cancel_is_in_view_beside_the_instruction(phone_page: Page, site_url: str, game: str):
    """The instruction says what to do, "or Cancel": the Cancel is on screen with it, as
    the board scrolled to the pick, and takes the pick back, the focus on what was picked."""
    page = phone_page
    OPEN[game](page, site_url)
    assert settle(page, 60_000) == "mine"
    hold_the_computer(page, True)
    picked = page.locator(PICK[game]).first
    key = picked.get_attribute("data-focus")
    picked.tap()
    cancel = page.get_by_role("button", name="Cancel", exact=True)
    expect(cancel).to_have_count(1)
    assert cancel.evaluate_all(IN_VIEW_JS) == [True], f"{game}: Cancel is off the screen"
    assert page.locator("#status").evaluate_all(IN_VIEW_JS) == [True], game
    expect(page.locator("#status").get_by_role("button", name="Cancel")).to_have_count(1)
    expect(page.locator("#status p").first).to_contain_text("or Cancel")
    screenshot(page, f"phone-fit-cancel-{game}-en")
    page.click("button[data-lang='ja']")
    expect(page.get_by_role("button", name="キャンセル", exact=True)).to_be_visible()
    expect(page.locator("#status p").first).to_contain_text("キャンセル")
    screenshot(page, f"phone-fit-cancel-{game}-ja")
    page.get_by_role("button", name="キャンセル", exact=True).tap()
    expect(page.get_by_role("button", name="キャンセル", exact=True)).to_have_count(0)
    expect(page.locator(f"[data-focus='{key}']")).to_be_focused()


# Where an element's top is on the page (not on the screen: the page may scroll).
TOP_JS = "(element) => element.getBoundingClientRect().top + window.scrollY"
# The place a finger goes for after the computer's move: the Field, the ovals.
PLAYED_ON = {"fools-field": ".ff-field", "cloth-of-gold": ".cog-ovals"}
PLAY_A_TURN = {"fools-field": play_a_turn, "cloth-of-gold": play_a_cog_turn}


def tops(page: Page, game: str) -> list[float]:
    board = [".play-body"] + ([PLAYED_ON[game]] if game in PLAYED_ON else [])
    return [page.locator(selector).evaluate(TOP_JS) for selector in board]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_board_holds_still_as_the_instruction_changes(
    phone_page: Page, site_url: str, game: str
) -> None:
    """On a phone an instruction takes one to three lines ("Your turn: ...", "... or
    Cancel", "Computer is thinking"): the board below it stays where it was as a pick is
    made and taken back, and as the computer's turn comes (whose turn it is moves
    nothing either), so the place a finger goes for has not moved. In Japanese, whose
    lines are the longer ones here."""
    page = phone_page
    OPEN[game](page, site_url)
    assert settle(page, 60_000) == "mine"
    hold_the_computer(page, True)
    page.click("button[data-lang='ja']")  # the longer lines: more of them wrap
    expect(page.locator("#status p").first).to_have_text(re.compile("[ぁ-んァ-ン]"))
    before = tops(page, game)
    page.locator(PICK[game]).first.tap()
    cancel = page.get_by_role("button", name="キャンセル", exact=True)
    expect(cancel).to_have_count(1)
    assert tops(page, game) == before, "a pick moved the board"
    cancel.tap()
    expect(cancel).to_have_count(0)
    assert tops(page, game) == before, "a pick taken back moved the board"
    if game in PLAY_A_TURN:
        PLAY_A_TURN[game](page)
        expect(page.locator("#status.thinking")).to_have_count(1)
        assert tops(page, game) == before, "the computer's turn moved the board"
