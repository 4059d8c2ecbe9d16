"""Game of Fields in the browser: a whole game by clicks, two-pawn moves, battles, the blank
map, a shared position, and screenshots on desktop and phone in both languages.

Games start from links: a deal made in Python from a seed, or a crafted position
(a record that starts from a position). After clicks, the test reads the autosaved
record and replays it in Python to check the moves made were the ones meant.
"""

from __future__ import annotations

import re

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

from pygames import GAMES
from pygames.game_of_fields import ai
from pygames.game_of_fields.hexmap import FACE_DOWN
from pygames.game_of_fields.notation import StartMove, Step, Stop, format, parse
from pygames.position import encode_state
from pygames.record import Record

GAME = GAMES["game-of-fields"]
P, M, S = "plain", "mountain", "sea"


# ----- helpers -----


def deal_link(seed: int = 1, seats=("human", "random"), options=None) -> str:
    options = options or {"map": "open"}
    record = Record.new(GAME.id, list(seats), options)
    record.actions = list(GAME.new_state(2, seed, options).history)
    return record.to_link_fragment()


FILL_ORDER = (9, 8, 10, 13, 4, 14, 5, 3, 12, 15, 6, 0, 1, 2, 16, 17, 18)


def balanced(terrain: dict) -> list[str]:
    """A whole map with 7 plains, 5 mountains and 7 seas: `terrain` as given, the Queens'
    start hexes plains, the rest filled plains first from the middle out."""
    laid = [""] * 19
    for hex_id, kind in {7: P, 11: P, **terrain}.items():
        laid[hex_id] = kind
    left = [P] * (7 - laid.count(P)) + [M] * (5 - laid.count(M)) + [S] * (7 - laid.count(S))
    for hex_id in FILL_ORDER:
        if not laid[hex_id]:
            laid[hex_id] = left.pop(0)
    assert sorted(laid) == sorted([P] * 7 + [M] * 5 + [S] * 7)
    return laid


def crafted_state(terrain=None, queens=(7, 11), princes=((), ()), cities=((), ()), down=()):
    """A position, A to act; `down`: face-down hexes (the blank map)."""
    options = {"map": "blank" if down else "open"}
    state = GAME.new_state(2, 0, options)
    state.terrain = balanced(terrain or {})
    state.pool = sorted(state.terrain[h] for h in down)
    for hex_id in down:
        state.terrain[hex_id] = FACE_DOWN
    state.queens = list(queens)
    state.princes = [list(princes[0]), list(princes[1])]
    state.cities = [list(cities[0]), list(cities[1])]
    state.fields = [[], []]
    state.history = []
    state.events = []
    state.fixed_upto = 0
    state.check_invariants()
    return state


def position_link(state, seats=("human", "random")) -> str:
    record = Record(GAME.id, list(seats), dict(state.options), [], GAME.rules_version)
    record.position = encode_state(state)
    return record.to_link_fragment()


def open_link(page: Page, site_url: str, fragment: str) -> str:
    page.goto(site_url + "#" + fragment)
    wait_ready(page)
    return settle(page)


def hex_(page: Page, hex_id: int):
    return page.locator(f".gof-hex[data-hex='{hex_id}']")


def move_pawn(page: Page, pawn: int, dest: int) -> None:
    """Select a pawn, choose where it ends, confirm: all by clicks."""
    hex_(page, pawn).click()
    expect(hex_(page, dest)).to_have_class(_has("can-dest"))
    hex_(page, dest).click()
    page.click("[data-act='gof-go']")


def _has(name: str):
    import re

    return re.compile(rf"\b{re.escape(name)}\b")


# ----- a whole game -----


def best_plan(state, seat: int):
    """The human's plan for this decision: the best pawn move or action one step ahead."""
    view = state.view(seat)
    plans = []
    for action in state.legal_actions(seat):
        if isinstance(parse(action), StartMove | Step | Stop):
            continue  # moves are planned whole, below
        plans.append(("action", action))
    for pawn, info in view["preview"].get("pawns", {}).items():
        for dest, entry in info["ends"].items():
            plans.append(("move", (int(pawn), int(dest), entry["path"])))

    def score(plan):
        after = state.clone()
        kind, value = plan
        if kind == "action":
            after.apply(seat, value)
        else:
            pawn, dest, path = value
            if after.phase != "move":
                after.apply(seat, format(StartMove(pawn)))
            for step in path:
                after.apply(seat, format(Step(step)))
            if not after.is_over() and after.mover and after.path[-1] == dest:
                after.apply(seat, format(Stop()))
        if after.is_over():
            return 100 * after.result()[seat]
        bonus = -0.5 if kind == "action" and value in ("pass", "end") else 0
        return ai.strength(after, seat) - ai.strength(after, 1 - seat) + bonus

    return max(plans, key=score)


def play_plan(page: Page, state, plan, seat: int = 0) -> None:
    kind, value = plan
    if kind == "move":
        pawn, dest, _ = value
        if state.phase == "move":
            hex_(page, dest).click()
            page.click("[data-act='gof-go']")
        else:
            move_pawn(page, pawn, dest)
        return
    picks = state.picks(seat, value)
    name = picks[0][1]
    page.click(f"[data-act='gof-action'][data-name='{name}']")
    for _, hex_id in picks[1:]:
        hex_(page, int(hex_id)).click()


def test_a_whole_game_against_the_computer_by_clicks(ready_page: Page, site_url: str) -> None:
    page = ready_page
    turn = open_link(page, site_url, deal_link(4))
    for _ in range(400):  # the computer's moves are random: some games run long
        if turn == "over":
            break
        state = saved_record(page).replay()
        before = moves(page)
        play_plan(page, state, best_plan(state, 0))
        expect(page.locator(".play")).not_to_have_attribute("data-moves", str(before))
        turn = settle(page, timeout=60_000)
    assert turn == "over"
    record = saved_record(page)
    state = record.replay()
    assert state.is_over()
    expect(page.locator(".over")).to_be_visible()
    screenshot(page, "gof-whole-game-over")


# ----- moves and battles -----


def test_two_pawns_move_in_one_turn(ready_page: Page, site_url: str) -> None:
    page = ready_page
    land = {3: P, 8: P, 9: P, 12: P, 13: P}
    state = crafted_state(land, queens=(7, 11), princes=([3, 12], [6, 15]))
    open_link(page, site_url, position_link(state))
    hold_the_computer(page, True)
    move_pawn(page, 7, 9)  # the Queen, two hexes
    expect(page.locator("[data-act='gof-action'][data-name='end']")).to_be_visible()
    hex_(page, 12).click()
    expect(hex_(page, 13)).to_have_class(_has("can-dest"))
    screenshot(page, "gof-second-pawn")
    hex_(page, 13).click()
    page.click("[data-act='gof-go']")
    expect(page.locator(".play")).to_have_attribute("data-turn", "other")
    after = saved_record(page).replay()
    assert after.queens[0] == 9 and sorted(after.princes[0]) == [3, 13]
    # My move is marked while the computer thinks: both pawns' hexes, from and to.
    assert {"7", "9", "12", "13"} <= marked_hexes(page) == hexes_marked_in(after)
    # And an arrow for each pawn, from where it set off, through its steps, to its end.
    assert drawn_ways(page) == ways_in(after)
    assert [way[0] for way in drawn_ways(page)] == ["7", "12"]
    assert [way[-1] for way in drawn_ways(page)] == ["9", "13"]
    screenshot(page, "gof-two-pawn-arrows")
    hold_the_computer(page, False)
    assert settle(page) in ("mine", "over")
    answered = saved_record(page).replay()
    assert answered.history[-1][0] == 1
    assert marked_hexes(page) == hexes_marked_in(answered)  # now the computer's move
    assert drawn_ways(page) == ways_in(answered)


def marked_hexes(page: Page) -> set[str]:
    """The hexes the map marks as the latest move, each drawn with its ring."""
    marked = page.locator(".gof-hex.last-move")
    expect(marked.locator(".mark-ring")).to_have_count(marked.count())
    return set(marked.evaluate_all("els => els.map(e => e.dataset.hex)"))


def hexes_marked_in(state) -> set[str]:
    return {value for kind, value in state.view(0)["marks"] if kind == "hex"}


def drawn_ways(page: Page) -> list[list[str]]:
    """The arrows the map draws for the latest move: each the hexes of one pawn's way."""
    arrows = page.locator(".gof-trail").evaluate_all("els => els.map(e => e.dataset.trail)")
    return [arrow.split(" ") for arrow in arrows]


def ways_in(state) -> list[list[str]]:
    return [[value for _, value in trail] for trail in state.view(0)["trails"]]


def test_fields_linked_to_a_city_are_named_and_dashed_apart_for_each_player(
    ready_page: Page, site_url: str
) -> None:
    state = crafted_state(queens=(7, 11), cities=((7,), (11,)))
    state.fields = [[8], [10]]  # each City with a Field beside it: a chain each
    state.check_invariants()
    assert [chain["hexes"] for chain in state.view(0)["chains"]] == [[7, 8], [10, 11]]
    open_link(ready_page, site_url, position_link(state))
    page = ready_page
    expect(hex_(page, 8)).to_have_attribute("aria-label", re.compile("in your Fields linked"))
    label = re.compile("in Computer's Fields linked to a City")
    expect(hex_(page, 10)).to_have_attribute("aria-label", label)
    dashes = [
        hex_(page, h).locator(".ground").evaluate("e => getComputedStyle(e).strokeDasharray")
        for h in (8, 10)
    ]
    assert dashes[0] != dashes[1] and "none" not in dashes
    expect(page.locator(".gof-legend")).to_contain_text("short dashes")


def test_a_battle_shows_both_values_before_it_is_fought(ready_page: Page, site_url: str) -> None:
    page = ready_page
    # A's Prince on 8 attacks B's Prince on 10 (3 against 2: B's Queen is far).
    land = {4: P, 8: P, 9: P, 10: P, 16: P}
    state = crafted_state(land, queens=(4, 16), princes=([8], [10]))
    open_link(page, site_url, position_link(state))
    hold_the_computer(page, True)
    hex_(page, 8).click()
    target = hex_(page, 10)
    expect(target).to_have_class(_has("can-dest"))
    target.hover()
    route = page.locator(".gof-route[data-for='10']")
    expect(route).to_be_visible()
    expect(route.locator(".gof-odds")).to_have_text("3 : 2")
    screenshot(page, "gof-battle-hover")
    target.click()
    expect(page.locator(".gof-confirm")).to_contain_text("your 3 against their 2")
    page.click("[data-act='gof-go']")
    expect(page.locator("[data-act='undo']")).to_have_attribute("aria-disabled", "true")
    page.click("[data-act='gof-action'][data-name='end']")  # the Queen could still move
    expect(page.locator(".play")).to_have_attribute("data-turn", "other")
    after = saved_record(page).replay()
    assert after.princes == [[10], []]
    assert any(e.kind == "battle" for e in after.events)
    hold_the_computer(page, False)


def test_steps_are_undone_one_by_one_with_the_keyboard_on_the_map(
    ready_page: Page, site_url: str
) -> None:
    page = ready_page
    land = {3: P, 8: P, 9: P, 12: P}
    state = crafted_state(land, queens=(7, 11), princes=([3, 12], [6, 15]))
    open_link(page, site_url, position_link(state))
    hold_the_computer(page, True)
    start = hex_(page, 7)
    start.focus()
    page.keyboard.press("Enter")  # select the Queen
    expect(start).to_have_class(_has("selected"))
    page.keyboard.press("ArrowRight")  # 8
    page.keyboard.press("Enter")
    expect(page.locator(".gof-confirm")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".gof-confirm")).to_have_count(0)
    page.keyboard.press("Escape")
    expect(start).not_to_have_class(_has("selected"))
    hex_(page, 7).click()
    hex_(page, 8).click()
    page.click("[data-act='gof-go']")
    expect(page.locator("[data-act='gof-action'][data-name='end']")).to_be_visible()
    played = moves(page)
    page.click("[data-act='undo']")
    expect(page.locator(".play")).to_have_attribute("data-moves", str(played - 1))
    hold_the_computer(page, False)


def test_cancel_gives_the_focus_back_to_the_pawn(ready_page: Page, site_url: str) -> None:
    """Cancel steps back from a move's end to the pawn, then drops the pawn: each time the
    focus is on the pawn's hex, where the keyboard goes on (never nowhere), and that hex
    stays the map's Tab stop."""
    page = ready_page
    state = crafted_state({3: P, 8: P, 9: P, 12: P}, queens=(7, 11), princes=([3, 12], [6, 15]))
    open_link(page, site_url, position_link(state))
    hold_the_computer(page, True)
    cancel = page.get_by_role("button", name="Cancel", exact=True)
    queen = hex_(page, 7)
    queen.click()
    hex_(page, 8).click()
    expect(page.locator(".gof-confirm")).to_be_visible()
    cancel.click()
    expect(page.locator(".gof-confirm")).to_have_count(0)
    expect(queen).to_have_class(_has("selected"))
    expect(queen).to_be_focused()
    cancel.click()
    expect(queen).not_to_have_class(_has("selected"))
    expect(cancel).to_have_count(0)
    expect(queen).to_be_focused()
    expect(queen).to_have_attribute("tabindex", "0")  # the map's Tab stop: Tab comes back here
    expect(page.locator(".gof-hex[tabindex='0']")).to_have_count(1)
    hold_the_computer(page, False)


# ----- the blank map -----


def test_a_blank_map_prince_turns_a_hex_over_mid_move(ready_page: Page, site_url: str) -> None:
    page = ready_page
    land = {8: P, 10: P, 12: P}
    state = crafted_state(land, queens=(7, 11), princes=([8], [10]), down=(9, 4, 13, 14, 3))
    open_link(page, site_url, position_link(state))
    hold_the_computer(page, True)
    expect(hex_(page, 9)).to_have_class(_has("t-down"))
    hex_(page, 8).click()
    expect(hex_(page, 9)).to_have_class(_has("can-reveal"))
    hex_(page, 9).click()
    expect(page.locator(".gof-confirm")).to_contain_text("cannot be undone")
    page.click("[data-act='gof-go']")
    expect(hex_(page, 9)).not_to_have_class(_has("t-down"))
    record = saved_record(page)
    assert record.actions[-1][0] == -1  # the terrain: a chance outcome drawn just now
    terrain = record.replay().terrain[9]
    screenshot(page, "gof-blank-discovery")
    assert terrain in (P, M, S)
    before = moves(page)
    page.click("[data-act='gof-enter']")  # a first point: entering is allowed, sea or land
    expect(page.locator(".play")).not_to_have_attribute("data-moves", str(before))
    assert saved_record(page).replay().princes[0] == [9]
    hold_the_computer(page, False)


def test_a_prince_that_turns_a_hex_over_and_stays_is_logged_so(
    ready_page: Page, site_url: str
) -> None:
    page = ready_page
    land = {8: P, 10: P, 12: P}
    state = crafted_state(land, queens=(7, 11), princes=([8], [10]), down=(9, 4, 13, 14, 3))
    open_link(page, site_url, position_link(state))
    hold_the_computer(page, True)
    hex_(page, 8).click()
    hex_(page, 9).click()
    page.click("[data-act='gof-go']")
    page.click("[data-act='gof-action'][data-name='stay']")
    page.click("[data-act='gof-action'][data-name='stop']")
    expect(page.locator("[data-act='gof-action'][data-name='end']")).to_be_visible()
    after = saved_record(page).replay()
    assert after.princes[0] == [8] and after.events[-1].kind == "stayed"
    words = {P: ("a plain", "平地"), M: ("a mountain", "山"), S: ("a sea", "海")}
    english, japanese = words[after.terrain[9]]
    newest = page.locator(".log ol li").first
    expect(newest).to_have_text(f"Your Prince turned hex 10 ({english}) over and stayed on hex 9.")
    page.click("button[data-lang='ja']")
    expect(newest).to_contain_text(
        f"の王子はヘクス10（{japanese}）を表に返し、ヘクス9にとどまりました。"
    )
    hold_the_computer(page, False)


# ----- sharing -----


def test_a_shared_position_reopens_read_only(ready_page: Page, site_url: str, new_context) -> None:
    page = ready_page
    open_link(page, site_url, deal_link(2, options={"map": "blank"}))
    hold_the_computer(page, True)
    page.click("[data-act='share']")
    expect(page.locator("dialog[open] #share-url")).to_be_visible()
    url = page.locator("#share-url").input_value()
    page.click("dialog[open] button[value='close']")
    other = new_context().new_page()
    other.goto(url)
    wait_ready(other)
    expect(other.locator(".play[data-turn='shared']")).to_be_visible()
    expect(other.locator(".gof-hex")).to_have_count(19)
    assert other.locator(".gof-hex[aria-disabled='false']").count() == 0
    assert other.locator(".gof-hex.t-down").count() == 11
    screenshot(other, "gof-shared-position")
    hold_the_computer(page, False)


# ----- looks -----


def test_screenshots_desktop_and_phone_in_both_languages(
    ready_page: Page, site_url: str, new_context
) -> None:
    page = ready_page
    page.set_viewport_size({"width": 1280, "height": 900})
    terrain = {h: P for h in (7, 11, 8, 9, 4, 12, 3)}
    terrain.update({h: M for h in (1, 5, 14, 16, 18)})
    terrain.update({h: S for h in (0, 2, 6, 10, 13, 15, 17)})
    state = crafted_state(
        terrain,
        queens=(8, 11),
        princes=([3, 12, 9], [6, 15, 2]),
        cities=((7,), ()),
    )
    state.fields = [[4, 16], [18]]
    link = position_link(state)
    shoot_a_choice(page, site_url, link, "gof-desktop", click=9, hover=14)
    shoot_a_choice(new_context(**PHONE).new_page(), site_url, link, "gof-phone", click=12)


def shoot_a_choice(
    page: Page, site_url: str, link: str, name: str, click: int, hover: int | None = None
) -> None:
    """Screenshots of a position with a hex's choices open, in English then Japanese."""
    open_link(page, site_url, link)
    hold_the_computer(page, True)
    hex_(page, click).click()
    if hover is not None:
        hex_(page, hover).hover()
    screenshot(page, f"{name}-en")
    page.click("button[data-lang='ja']")
    expect(page.locator(".gof-chooser")).to_contain_text("畑を作る")
    screenshot(page, f"{name}-ja")
    hold_the_computer(page, False)


def test_rules_pages_in_both_languages(page: Page, site_url: str) -> None:
    for lang, words in (("en", "Reconstructed"), ("ja", "再構成")):
        page.goto(f"{site_url}web/rules/game-of-fields.{lang}.html")
        expect(page.locator("main")).to_contain_text(words)
