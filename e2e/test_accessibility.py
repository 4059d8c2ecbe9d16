"""Accessibility: axe-core finds no serious or critical violation on any screen.

Every screen of every playable game is checked, in English and in Japanese: the
lobby, the new-game forms, each board mid-game (my turn, a pick half made, the
computer's turn), the pass-and-play cover, a shared position, the share dialog,
a confirm dialog, the game over, the rules pages, and the screens of a game with
friends on other devices (the form, the invite, the join, the link to send).

axe-core is an npm devDependency (package.json): the tests inject it into the
page from node_modules. It is never part of _site/ and never fetched from a CDN.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import PHONE, ROOT, hold_the_computer, screenshot, settle, wait_ready
from playwright.sync_api import BrowserContext, Page, expect
from test_cloth_of_gold_play import CONFIRM, LEGAL
from test_cloth_of_gold_play import new_link as cloth_link
from test_cloth_of_gold_play import play_a_turn as play_cloth_turn
from test_fools_field_play import USABLE_CARD, start_game
from test_fools_field_play import play_a_turn as play_field_turn
from test_game_of_fields_play import deal_link as fields_link
from test_remote_play import open_link, start_by_links, the_link

from pygames import GAMES
from pygames.bots import make_bot
from pygames.record import Record

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GRAVE = ("serious", "critical")
LANGS = ("en", "ja")
THINKING = "#status.thinking"
RULES = sorted((ROOT / "web" / "rules").glob("*.html"))
# The violations, each node with its selector and axe's summary of what fails.
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary})),
  }));
}"""


class Audit:
    """Runs axe on each screen shown to it, and collects what is serious or critical."""

    def __init__(self) -> None:
        self.found: list[tuple[str, dict]] = []
        self.screens: list[str] = []

    def check(self, page: Page, screen: str) -> None:
        if not page.evaluate("() => typeof window.axe === 'object'"):
            assert AXE.is_file(), f"{AXE} is missing: run `npm ci` (or ./dev)"
            page.add_script_tag(path=str(AXE))
        self.screens.append(screen)
        for violation in page.evaluate(RUN_AXE):
            if violation["impact"] in GRAVE:
                self.found.append((screen, violation))

    def report(self) -> str:
        """Each violation once, with the screens it was seen on, each target and its summary."""
        grouped: dict[str, dict] = {}
        for screen, v in self.found:
            entry = grouped.setdefault(v["id"], {**v, "screens": [], "nodes": {}})
            entry["screens"].append(screen)
            for node in v["nodes"]:
                entry["nodes"].setdefault(node["target"], node["summary"])
        lines = []
        for v in grouped.values():
            lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
            lines.append(f"  on: {'; '.join(dict.fromkeys(v['screens']))}")
            for target, summary in v["nodes"].items():
                lines.append(f"    {target}")
                lines.append("      " + summary.replace("\n", "\n      "))
        return "\n".join(lines)

    def assert_clean(self) -> None:
        assert self.screens, "no screen was checked"
        assert not self.found, "axe found serious or critical violations:\n" + self.report()


@pytest.fixture
def audit() -> Audit:
    return Audit()


@pytest.fixture
def open_page(new_context: Callable[..., BrowserContext], site_url: str) -> Callable[..., Page]:
    """A page in a new context whose UI language is `lang` (phone-sized if asked)."""

    def make(lang: str, phone: bool = False) -> Page:
        context = new_context(**(PHONE if phone else {"viewport": {"width": 1280, "height": 860}}))
        context.add_init_script(f"try {{ localStorage.setItem('ff:lang', '{lang}') }} catch {{}}")
        return context.new_page()

    return make


def go(page: Page, url: str) -> str:
    page.goto(url)
    wait_ready(page)
    return settle(page)


def finished_game_link(game_id: str, options: dict, seed: int = 3) -> str:
    """A whole game played to its end by random bots, me (seat A) against the computer."""
    state = GAMES[game_id].new_state(2, seed, options)
    bots = [make_bot("random", seed), make_bot("random", seed + 1)]
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    record = Record.new(game_id, ["human", "random"], options)
    record.actions = list(state.history)
    return record.to_link_fragment()


def check_share_dialog_and_shared_position(
    page: Page, audit: Audit, game: str, new_page: Callable[[], Page]
) -> None:
    page.click("[data-act='share']")
    expect(page.locator("dialog[open] #share-url")).to_be_visible()
    audit.check(page, f"{game}: share dialog")
    url = page.locator("#share-url").input_value()
    page.click("dialog[open] button[value='close']")
    expect(page.locator("dialog[open]")).to_have_count(0)
    shared = new_page()
    shared.goto(url)
    wait_ready(shared)
    shared.wait_for_selector(".play[data-turn='shared']")
    audit.check(shared, f"{game}: shared position")


def check_resign_dialog(page: Page, audit: Audit, game: str) -> None:
    page.click("[data-act='resign']")
    expect(page.locator("dialog[open]")).to_be_visible()
    audit.check(page, f"{game}: confirm dialog")
    page.click("dialog[open] button[value='no']")
    expect(page.locator("dialog[open]")).to_have_count(0)


# ----- tests -----


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_and_new_game_forms(open_page, site_url: str, audit: Audit, lang: str) -> None:
    for phone in (False, True):
        page = open_page(lang, phone)
        page.goto(site_url)
        wait_ready(page)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        audit.check(page, f"lobby{' (phone)' if phone else ''}")
        for game in ("fools-field", "cloth-of-gold", "game-of-fields"):
            page.click(f"[data-act='new-game'][data-game='{game}']")
            expect(page.locator("form.new-game")).to_be_visible()
            audit.check(page, f"new game form: {game}")
            page.click("[data-act='lobby']")
            expect(page.locator("#lobby")).to_be_visible()
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_fools_field_screens(open_page, site_url: str, audit: Audit, lang: str) -> None:
    game = "fools-field"
    page = open_page(lang)
    page.goto(site_url)
    wait_ready(page)
    assert start_game(page, seat_b="random", start="A") == "mine"
    audit.check(page, f"{game}: my turn")
    page.locator(USABLE_CARD).first.click()
    expect(page.locator("[data-act='place']").first).to_be_visible()
    audit.check(page, f"{game}: a card picked")
    page.click("[data-act='cancel-pick']")
    hold_the_computer(page, True)
    play_field_turn(page)
    expect(page.locator(THINKING)).to_be_visible()
    audit.check(page, f"{game}: the computer's turn")
    hold_the_computer(page, False)
    assert settle(page) == "mine"
    check_resign_dialog(page, audit, game)
    check_share_dialog_and_shared_position(page, audit, game, lambda: open_page(lang))

    page.click("[data-act='lobby']")
    assert start_game(page, seat_b="human", start="A") == "cover"
    audit.check(page, f"{game}: pass-and-play cover")

    options = {"start": "A", "match": "best-of-3"}
    assert go(page, site_url + "#" + finished_game_link(game, options)) in ("over", "mine")
    audit.check(page, f"{game}: a match game over")
    assert go(page, site_url + "#" + finished_game_link(game, {"start": "A"})) == "over"
    audit.check(page, f"{game}: game over")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_cloth_of_gold_screens(open_page, site_url: str, audit: Audit, lang: str) -> None:
    game = "cloth-of-gold"
    page = open_page(lang)
    assert go(page, site_url + "#" + cloth_link(5)) == "mine"
    audit.check(page, f"{game}: my turn")
    page.locator(".cog-oval[data-oval='dragon']").click()
    expect(page.locator(CONFIRM)).to_be_visible()
    audit.check(page, f"{game}: an oval chosen")
    page.click(CONFIRM)
    expect(page.locator(".cog-board")).to_have_attribute("data-phase", "choose_dragon_target")
    assert settle(page) == "mine"
    audit.check(page, f"{game}: the Dragon's target")
    hold_the_computer(page, True)
    page.locator(LEGAL).first.click()
    page.locator(CONFIRM).first.click()
    expect(page.locator(THINKING)).to_be_visible()
    audit.check(page, f"{game}: the computer's turn")
    hold_the_computer(page, False)
    assert settle(page) == "mine"
    for _ in range(2):  # later turns: a token choice, tiles in the Courts
        play_cloth_turn(page)
        assert settle(page) == "mine"
    page.locator(LEGAL).first.click()
    audit.check(page, f"{game}: later turn, an oval chosen")
    page.click("[data-act='cancel-pick']")
    check_resign_dialog(page, audit, game)
    check_share_dialog_and_shared_position(page, audit, game, lambda: open_page(lang))

    page.click("[data-act='lobby']")
    page.click(f"[data-act='new-game'][data-game='{game}']")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.click("[data-act='start']")
    assert settle(page) == "cover"
    audit.check(page, f"{game}: pass-and-play cover")

    assert go(page, site_url + "#" + finished_game_link(game, {"start": "A"})) == "over"
    expect(page.locator("#cog-final")).to_be_visible()
    audit.check(page, f"{game}: game over")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_game_of_fields_screens(open_page, site_url: str, audit: Audit, lang: str) -> None:
    game = "game-of-fields"
    for phone in (False, True):
        page = open_page(lang, phone)
        assert go(page, site_url + "#" + fields_link(5, options={"map": "blank"})) == "mine"
        audit.check(page, f"{game}: my turn")
        hold_the_computer(page, True)
        page.locator(".gof-hex.can-pawn").first.click()
        audit.check(page, f"{game}: a pawn selected")
        page.locator(".gof-hex.can-dest, .gof-hex.can-reveal").first.click()
        expect(page.locator(".gof-confirm")).to_be_visible()
        audit.check(page, f"{game}: a move to confirm")
        page.click("[data-act='cancel-pick']")
        hold_the_computer(page, False)
    check_share_dialog_and_shared_position(page, audit, game, lambda: open_page(lang))
    assert go(page, site_url + "#" + finished_game_link(game, {"map": "open"})) == "over"
    audit.check(page, f"{game}: game over")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_boards_on_a_phone(open_page, site_url: str, audit: Audit, lang: str) -> None:
    page = open_page(lang, phone=True)
    assert go(page, site_url + "#" + cloth_link(9)) == "mine"
    page.locator(LEGAL).nth(2).tap()
    expect(page.locator(CONFIRM).first).to_be_visible()
    audit.check(page, "cloth-of-gold (phone): an oval chosen")
    page.click("[data-act='lobby']")
    assert start_game(page, seat_b="random", start="A") == "mine"
    audit.check(page, "fools-field (phone): my turn")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_top_bar_is_one_compact_row_on_a_phone(open_page, site_url: str, lang: str) -> None:
    page = open_page(lang, phone=True)
    page.goto(site_url)
    wait_ready(page)
    screenshot(page, f"phone-lobby-{lang}")
    bar = page.locator(".topbar").bounding_box()
    title = page.locator(".topbar h1")
    lines = title.evaluate(
        "e => Math.round(e.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(e).lineHeight))"
    )
    assert lines == 1, "the site's title breaks"
    english, japanese = (
        page.locator(f".lang-switch [data-lang='{code}']").bounding_box() for code in LANGS
    )
    assert english["y"] == japanese["y"], "the language buttons stack"
    assert bar["height"] <= 60, f"the top bar is {bar['height']} px high"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


@pytest.mark.parametrize("rules", RULES, ids=lambda path: path.name)
def test_rules_pages(page: Page, site_url: str, audit: Audit, rules: Path) -> None:
    for viewport in ({"width": 1280, "height": 860}, PHONE["viewport"]):
        page.set_viewport_size(viewport)
        page.goto(f"{site_url}web/rules/{rules.name}")
        audit.check(page, f"{rules.name} at {viewport['width']} px")
    audit.assert_clean()


def test_the_report_names_what_fails(page: Page, site_url: str, audit: Audit) -> None:
    """The check above can fail: a page with known faults reports each, with its target."""
    page.goto(f"{site_url}web/rules/{RULES[0].name}")
    page.evaluate(
        "() => { const p = document.createElement('p'); p.id = 'faint';"
        " p.style.color = '#ddd'; p.textContent = 'faint words'; document.body.append(p);"
        " const b = document.createElement('button'); b.id = 'nameless'; document.body.append(b); }"
    )
    audit.check(page, "planted faults")
    ids = {v["id"] for _, v in audit.found}
    assert {"color-contrast", "button-name"} <= ids
    report = audit.report()
    assert "#faint" in report and "#nameless" in report


@pytest.mark.parametrize("lang", LANGS)
def test_the_fools_screens(open_page, site_url: str, audit: Audit, lang: str) -> None:
    from test_fools_play import HAND, LEGAL, new_link, play_a_step

    game = "fools"
    for phone in (False, True):
        where = " (phone)" if phone else ""
        page = open_page(lang, phone=phone)
        link = new_link(["human", "easy", "easy", "easy"], seed=9)
        assert go(page, site_url + "#" + link) == "mine"
        audit.check(page, f"{game}{where}: Standard Bearer choice")
        page.locator(HAND).first.click()
        expect(page.locator("[data-act='confirm']")).to_be_visible()
        audit.check(page, f"{game}{where}: a card picked")
        for _ in range(30):
            if page.locator(LEGAL).count() or settle(page, 60_000) == "over":
                break
            play_a_step(page)
            settle(page, 60_000)
        # The battle reveal fades each army in: check the colours once it has ended.
        page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')")
        audit.check(page, f"{game}{where}: later step")
    page = open_page(lang)
    assert go(page, site_url + "#" + new_link(["human", "human", "human"], seed=2)) == "cover"
    audit.check(page, f"{game}: pass-and-play cover")
    audit.assert_clean()


def join_looking(page: Page, invite: str, name: str, audit: Audit, shot: str) -> str:
    """Open an invite, look at the join screen (axe, and a screenshot named `shot`), and
    join: the link the page then says to send."""
    open_link(page, invite)
    page.wait_for_selector("#join-name")
    audit.check(page, f"join screen ({shot})")
    screenshot(page, shot)
    page.fill("#join-name", name)
    page.click("[data-act='join']")
    return the_link(page)


@pytest.mark.parametrize("lang", LANGS)
def test_the_screens_of_a_game_by_links(open_page, site_url: str, audit: Audit, lang: str) -> None:
    """The new-game form by links, the invite, the join, the link to send and the waiting,
    and the lobby's entry, on a phone (screenshots of each) and the invite on a desktop."""
    host, guest = open_page(lang, phone=True), open_page(lang, phone=True)
    for page in (host, guest):
        page.goto(site_url)
        wait_ready(page)
    host.click("[data-act='new-game'][data-game='fools-field']")
    host.check("#where-links")
    audit.check(host, "new game by links (phone)")
    screenshot(host, f"remote-new-game-phone-{lang}")
    host.click("[data-act='lobby']")
    invite = start_by_links(host, "Alice", start="A")
    audit.check(host, "invite to send (phone)")
    screenshot(host, f"remote-invite-phone-{lang}")
    answer = join_looking(guest, invite, "Bob", audit, f"remote-join-phone-{lang}")
    audit.check(guest, "join sent, waiting (phone)")
    screenshot(guest, f"remote-join-sent-phone-{lang}")
    open_link(host, answer)
    host.wait_for_selector(".play[data-turn='mine']")
    play_field_turn(host)
    the_link(host)
    audit.check(host, "move to send (phone)")
    screenshot(host, f"remote-send-move-phone-{lang}")
    host.click("[data-act='lobby']")
    expect(host.locator(".save").first).to_contain_text("Bob")
    one_move = {"en": "1 move ·", "ja": "1手・"}[lang]  # one move played: not "1 moves"
    expect(host.locator(".save").first).to_contain_text(one_move)
    audit.check(host, "lobby with a game by links (phone)")
    screenshot(host, f"remote-lobby-phone-{lang}")
    audit.assert_clean()


@pytest.mark.parametrize("lang", LANGS)
def test_the_screens_of_a_game_by_links_in_a_group(
    open_page, site_url: str, audit: Audit, lang: str
) -> None:
    """Fools! for three by links, on a phone: the form with its number of seats, an invite
    per friend, the second friend's join screen, and the host's notice once everyone has
    joined."""
    host, first, second = (open_page(lang, phone=True) for _ in range(3))
    for page in (host, first, second):
        page.goto(site_url)
        wait_ready(page)
    host.click("[data-act='new-game'][data-game='fools']")
    host.check("#where-links")
    host.select_option("#seat-count", "3")
    host.fill("#own-name", "Alice")
    audit.check(host, "new game by links for three (phone)")
    host.click("[data-act='start']")
    the_link(host)
    invites = [host.locator(f"#remote-url-{seat}").input_value() for seat in (1, 2)]
    audit.check(host, "an invite per friend (phone)")
    screenshot(host, f"remote-group-invite-phone-{lang}")
    open_link(first, invites[0])
    first.fill("#join-name", "Bob")
    first.click("[data-act='join']")
    from_first = the_link(first)
    audit.check(first, "joined (phone)")
    screenshot(first, f"remote-group-joined-phone-{lang}")
    shot = f"remote-group-join-phone-{lang}"
    from_second = join_looking(second, invites[1], "Carol", audit, shot)
    open_link(host, from_first)
    open_link(host, from_second)
    open_link(second, from_first)  # Carol's shuffle follows Bob's
    open_link(host, the_link(second))
    host.wait_for_selector(".notice.remote, .play[data-turn='mine']")
    audit.check(host, "the deal in a group (phone)")
    screenshot(host, f"remote-group-dealt-phone-{lang}")
    audit.assert_clean()
