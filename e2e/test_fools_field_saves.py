"""Saving, resuming, and bad input from links or storage (sharing: test_share.py)."""

from __future__ import annotations

import base64
import json
import zlib

from conftest import PHONE, from_a_newer_app, moves, saved_record, screenshot, settle, wait_ready
from playwright.sync_api import Page, expect
from test_fools_field_play import field_labels, play_a_turn, start_game

from pygames.record import Record

SAVES_JS = "() => Object.keys(localStorage).filter(k => k.startsWith('ff:save:'))"
OPTIONS = {"start": "A"}


def known_deal(seed: int) -> Record:
    """A human-vs-random Fool's Field record holding a known deal and no move yet."""
    record = Record.dealt("fools-field", ["human", "random"], OPTIONS, seed)
    return record


def save_entry(record_text: str, moves: int = 0) -> dict:
    return {
        "format": "ff-save/1",
        "game": "fools-field",
        "record": record_text,
        "seats": ["human", "random"],
        "created": 1,
        "saved": 2,
        "moves": moves,
        "over": False,
    }


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
    saved = page.locator("#lobby .save")
    expect(saved).to_have_count(1)
    expect(saved).to_contain_text(f"{before} moves")
    saved.locator("[data-act='resume']").click()
    assert settle(page) == "mine"
    assert field_labels(page) == board


def with_saves(page: Page, entries: dict[str, dict]) -> None:
    """The page opened again with these saves (id -> entry) in its storage."""
    page.evaluate(
        "(entries) => Object.entries(entries).forEach("
        "([id, save]) => localStorage.setItem('ff:save:' + id, JSON.stringify(save)))",
        entries,
    )
    page.reload()
    wait_ready(page)


def save_ids(listed) -> list[str | None]:
    """The saves a lobby's list shows, in order."""
    return [item.get_attribute("data-save") for item in listed.all()]


def test_games_in_progress_are_listed_above_the_games_those_waiting_for_me_first(
    page: Page, site_url: str
) -> None:
    """A returning player finds what they can go on with at the top of the lobby: games
    in progress above the list of games, a game by links that waits for their move
    before the rest (each newest first); finished games stay below the list."""
    record = known_deal(9).to_text()
    by_links = {"remote": {}, "names": ["Alice", "Bob"], "awaited": [1]}
    entries = {
        "local": save_entry(record) | {"saved": 3},
        "finished": save_entry(record) | {"saved": 5, "over": True},
        "links-mine": save_entry(record) | by_links | {"saved": 1, "turn": "mine"},
        "links-wait": save_entry(record) | by_links | {"saved": 4, "turn": "wait"},
    }
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("#in-play")).to_be_hidden()  # nothing in progress yet
    with_saves(page, entries)
    in_play = page.locator("#in-play .save")
    expect(in_play).to_have_count(3)
    assert save_ids(in_play) == ["links-mine", "links-wait", "local"]
    expect(in_play.first).to_contain_text("your move")
    expect(in_play.nth(1)).to_contain_text("waiting for Bob's link")
    finished = page.locator("#saves .save")
    expect(finished).to_have_count(1)
    expect(finished).to_have_attribute("data-save", "finished")
    games_top = page.locator(".game-list").bounding_box()["y"]
    assert page.locator("#in-play").bounding_box()["y"] < games_top
    assert finished.bounding_box()["y"] > games_top
    screenshot(page, "lobby-in-progress-desktop-en")
    # With nothing finished, the list below says where finished games will go.
    finished.locator("[data-act='delete']").click()
    page.click("dialog[open] button[value='yes']")
    expect(page.locator("#saves")).to_contain_text("Finished games stay here")
    expect(in_play).to_have_count(3)


def test_a_pile_of_unfinished_games_leaves_the_games_in_view(page: Page, site_url: str) -> None:
    """Games left unfinished pile up: the lobby lists the newest four above the games,
    and the rest on asking, the focus on the first of them."""
    record = known_deal(9).to_text()
    entries = {f"game{n}": save_entry(record) | {"saved": n} for n in range(1, 7)}
    page.goto(site_url)
    with_saves(page, entries)
    in_play = page.locator("#in-play .save")
    expect(in_play).to_have_count(4)
    assert save_ids(in_play) == ["game6", "game5", "game4", "game3"]
    page.click("button[data-lang='ja']")
    expect(page.locator("#in-play")).to_contain_text("対局中のゲームをすべて表示（6件）")
    page.click("button[data-lang='en']")
    page.click("[data-act='show-all-in-play']")
    expect(in_play).to_have_count(6)
    expect(page.locator("[data-act='show-all-in-play']")).to_have_count(0)
    expect(page.locator("#in-play [data-save='game2'] [data-act='resume']")).to_be_focused()


# Every layout shift the page makes by itself (not after a tap or a key): what moved.
# `ffShiftsSoFar()` gives them once two more frames have been drawn.
SHIFTS_JS = """() => {
  const shifts = (window.ffShifts = []);
  const keep = (entries) => {
    for (const shift of entries) {
      if (shift.hadRecentInput) continue;
      for (const source of shift.sources) {
        const node = source.node;
        shifts.push(node ? node.id || String(node.className) || node.nodeName : "?");
      }
    }
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: "layout-shift", buffered: true });
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  window.ffShiftsSoFar = async () => {
    await frame();
    await frame();
    keep(observer.takeRecords());
    return shifts;
  };
}"""


def opened_before_python(page: Page) -> list:
    """The page opened again with its app's files held back: Python never comes up
    (until the routes returned are let go)."""
    held: list = []
    page.route("**/app.zip", lambda route: held.append(route))
    page.reload(wait_until="commit")
    expect(page.locator("#lobby")).to_be_visible()
    return held


def let_python_boot(page: Page, held: list) -> None:
    for route in held:
        route.continue_()
    page.unroute("**/app.zip")
    wait_ready(page)


def test_the_lobby_holds_still_as_python_boots(new_context, site_url: str) -> None:
    """A returning player's lobby does not jump when Python has booted: the games in
    progress are drawn as the page opens, as the last page listed them (their buttons
    disabled until Python is up, as New game is), and the loading bar floats over the
    page. They are drawn only in the language they were listed in."""
    page = new_context(**PHONE).new_page()
    page.add_init_script(f"({SHIFTS_JS})()")
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("ffShiftsSoFar()") == []  # a first visit: the bar went, nothing moved
    record = known_deal(9).to_text()
    with_saves(page, {f"game{n}": save_entry(record, moves=n) | {"saved": n} for n in range(1, 6)})
    in_play = page.locator("#in-play")
    expect(in_play.locator(".save")).to_have_count(4)
    listed = in_play.inner_text()

    held = opened_before_python(page)
    expect(in_play.locator(".save")).to_have_count(4)
    assert in_play.inner_text() == listed
    assert save_ids(in_play.locator(".save")) == ["game5", "game4", "game3", "game2"]
    buttons = in_play.locator("button")
    expect(buttons).to_have_count(9)  # Resume and Delete each, and Show all
    for button in buttons.all():
        expect(button).to_be_disabled()
    assert page.locator("html[data-ready]").count() == 0
    screenshot(page, "lobby-before-python-phone-en")
    let_python_boot(page, held)
    expect(in_play.locator("[data-act='resume']").first).to_be_enabled()
    assert in_play.inner_text() == listed
    assert page.evaluate("ffShiftsSoFar()") == []

    page.click("button[data-lang='ja']")  # listed again, in Japanese: kept so
    expect(in_play).to_contain_text("再開")
    held = opened_before_python(page)
    expect(in_play.locator(".save").first).to_contain_text("再開")
    page.click("button[data-lang='en']")  # before Python: not in English, so not at all
    expect(in_play).to_be_hidden()
    let_python_boot(page, held)
    expect(in_play.locator(".save").first).to_contain_text("Resume")

    # A game begun since the lobby listed them, left mid-game (another app, the tab
    # closed): kept as the page is left, so the next page draws it first.
    start_game(page)
    play_a_turn(page)
    assert settle(page) == "mine"
    played = moves(page)
    page.evaluate(SEEN, False)
    held = opened_before_python(page)
    newest = in_play.locator(".save").first
    expect(newest).to_contain_text(f"{played} moves")
    assert newest.get_attribute("data-save") not in [f"game{n}" for n in range(1, 6)]
    let_python_boot(page, held)


# Storage events heard from other tabs, by key; `hear(key, n)` waits for the n-th.
HEARD_JS = """() => {
  window.ffHeard = {};
  addEventListener("storage", (event) => {
    ffHeard[event.key] = (ffHeard[event.key] || 0) + 1;
  });
}"""


def round_trip(first: Page, second: Page, number: int) -> None:
    """A key written in each tab in turn (a new value: the same value is no event), each
    waited for in the other: every storage event either tab sent before it has reached
    the other (they come in order)."""
    for hop, (writer, reader) in enumerate(((first, second), (second, first))):
        writer.evaluate("(v) => localStorage.setItem('ff:test-barrier', v)", f"{number}.{hop}")
        reader.wait_for_function("(n) => (ffHeard['ff:test-barrier'] || 0) >= n", arg=number)


def test_two_lobbies_in_two_languages_list_again_only_when_a_save_changes(
    new_context, site_url: str
) -> None:
    """Each lobby keeps its glimpse of the games in progress in its own language; the
    other tab hears that write, and must not list again (and so write its own, which
    the first would hear...): only a save's change makes a lobby list again."""
    context = new_context()
    context.add_init_script(f"({HEARD_JS})()")
    first, second = context.new_page(), context.new_page()
    first.goto(site_url)
    wait_ready(first)
    record = known_deal(9).to_text()
    with_saves(first, {f"game{n}": save_entry(record) | {"saved": n} for n in range(1, 4)})
    second.goto(site_url)
    wait_ready(second)
    second.click("button[data-lang='ja']")
    expect(second.locator("#in-play")).to_contain_text("再開")
    first.locator("[data-save='game3'] [data-act='delete']").click()
    first.click("dialog[open] button[value='yes']")
    expect(second.locator("#in-play .save")).to_have_count(2)  # the second tab listed again
    round_trip(first, second, 1)
    heard = [page.evaluate("ffHeard['ff:in-play'] || 0") for page in (first, second)]
    assert heard[0] >= 1 and heard[1] >= 1  # each heard the other's glimpse
    for number in (2, 3):
        round_trip(first, second, number)
    assert [page.evaluate("ffHeard['ff:in-play'] || 0") for page in (first, second)] == heard
    expect(first.locator("#in-play")).to_contain_text("Resume")


# The page seen or not (a tab switched to or away from), as the browser tells it.
SEEN = """seen => {
  Object.defineProperty(document, 'visibilityState',
    {value: seen ? 'visible' : 'hidden', configurable: true});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def test_a_game_that_went_on_in_another_tab_is_shown_as_saved(new_context, site_url: str) -> None:
    """One game open in two tabs: a move made in one shows in the other, at once if that
    tab is seen, else when it is seen again, so a move made there goes on from it and
    overwrites nothing; a game deleted in one tab leaves the other for the lobby."""
    context = new_context()
    first, second = context.new_page(), context.new_page()
    first.goto(site_url)
    wait_ready(first)
    start_game(first, seat_b="greedy", start="A")
    second.goto(first.url)  # the same save (#g=<id>), opened again
    wait_ready(second)
    assert settle(second) == "mine"
    play_a_turn(second)
    assert settle(second) == "mine"
    made_there = saved_record(second).actions
    expect(first.locator("#message")).to_contain_text("went on in another tab")
    expect(first.locator(".play")).to_have_attribute("data-moves", str(moves(second)))
    play_a_turn(first)  # goes on from the second tab's move: the save keeps both
    assert settle(first) == "mine"
    made_here = saved_record(first).actions
    assert made_here[: len(made_there)] == made_there and len(made_here) > len(made_there)
    expect(second.locator(".play")).to_have_attribute("data-moves", str(moves(first)))
    # A tab not seen takes the change when it is seen again.
    second.evaluate(SEEN, False)
    before = moves(second)
    play_a_turn(first)
    assert settle(first) == "mine"
    assert moves(first) > before
    expect(second.locator(".play")).to_have_attribute("data-moves", str(before))
    second.evaluate(SEEN, True)
    expect(second.locator(".play")).to_have_attribute("data-moves", str(moves(first)))
    # A lobby lists the saves again when another tab moves, the focus kept where it was.
    first.click(".play-bar [data-act='lobby']")
    resume = first.locator("#in-play [data-act='resume']")
    resume.focus()
    play_a_turn(second)
    assert settle(second) == "mine"
    expect(first.locator("#in-play .save")).to_contain_text(f"{moves(second)} moves")
    expect(resume).to_be_focused()
    # Deleted in one tab: the other goes back to the lobby and says why.
    first.locator("[data-act='delete']").first.click()
    first.click("dialog[open] button[value='yes']")
    expect(second.locator("#lobby")).to_be_visible()
    expect(second.locator("#message")).to_contain_text("deleted in another tab")
    second.click("button[data-lang='ja']")
    expect(second.locator("#message")).to_contain_text("別のタブかウィンドウで削除されました")


def link_of(text: str) -> str:
    """A link fragment holding any text, as the app packs records."""
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode()
    return "r=" + packed.rstrip("=")


def test_a_tampered_or_truncated_link_shows_a_message(page: Page, site_url: str) -> None:
    record = known_deal(5)
    good = record.to_link_fragment()
    header = record.to_text().split("\n")[0]
    # Records that decode but break the rules are refused when replayed: B moving out
    # of turn, or a deal the deck could not give.
    record.actions.append((1, "XXXX@4"))
    illegal = record.to_link_fragment()
    record.actions = [(-1, "A:XXXX")] * 12
    impossible = record.to_link_fragment()
    cases = [
        (good[:-6], "damaged"),
        (good[:12] + ("B" if good[12] == "A" else "A") + good[13:], "damaged"),
        ("r=not-a-game", "damaged"),
        (impossible, "could not have been drawn"),
        (illegal, "illegal"),
        (link_of(from_a_newer_app(header) + "\n"), "newer version"),
        (link_of(header + ' viewer=A\nposition {"x": 1}\n'), "does not describe"),
        (link_of(header + " viewer=A\nposition " + "[" * 100_000 + "\n"), "not readable"),
        (link_of("<img src=x onerror=alert(1)> 2 seats=human\n"), "unknown game"),
    ]
    for fragment, reason in cases:
        # The first opens a fresh page; the others arrive as a changed hash.
        page.goto(site_url + "#" + fragment)
        wait_ready(page)
        message = page.locator("#message")
        expect(message).to_be_visible()
        expect(message).to_contain_text("cannot be opened")
        expect(message).to_contain_text(reason)
        expect(page.locator("#lobby")).to_be_visible()
        assert page.locator("#message img").count() == 0
        if reason == "newer version":
            screenshot(page, "bad-link-message")
        page.click("#message [data-act='dismiss']")
        expect(message).to_be_hidden()
    assert page.evaluate(SAVES_JS) == []
    # The app still works: a new game starts.
    start_game(page)


def test_corrupt_and_foreign_saves_are_reported_and_the_rest_still_list(
    page: Page, site_url: str
) -> None:
    text = known_deal(9).to_text()
    good = save_entry(text)
    tampered = save_entry(text.replace("start=A", "start=Q"))
    newer = save_entry(from_a_newer_app(text))
    entries = {
        "ff:save:good1": json.dumps(good),
        "ff:save:broken": "{this is not json",
        "ff:save:foreign": json.dumps({"hello": "<img src=x onerror=alert(1)>"}),
        "ff:save:tampered": json.dumps(tampered),
        "ff:save:newer": json.dumps(newer),
        "unrelated": "kept",
    }
    page.goto(site_url)
    page.evaluate(
        "(entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v))",
        entries,
    )
    page.reload()
    wait_ready(page)
    expect(page.locator("#lobby .save")).to_have_count(5)
    expect(page.locator("#lobby .save.bad")).to_have_count(2)
    expect(page.locator("#lobby .save.bad").first).to_contain_text("cannot be read")
    assert page.locator("#lobby .save img").count() == 0
    screenshot(page, "lobby-with-bad-saves")
    # The tampered record fails when resumed, with a message; the good one resumes.
    page.locator("[data-save='tampered'] [data-act='resume']").click()
    expect(page.locator("#message")).to_contain_text("cannot be resumed")
    page.click("#message [data-act='dismiss']")
    # A game saved by a newer app says so, and is kept as it is, still listed.
    page.locator("[data-save='newer'] [data-act='resume']").click()
    expect(page.locator("#message")).to_contain_text("newer version")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("[data-save='newer'] [data-act='delete']")).to_be_visible()
    assert page.evaluate("localStorage.getItem('ff:save:newer')") == entries["ff:save:newer"]
    page.goto(site_url + "#g=newer")
    wait_ready(page)
    expect(page.locator("#message")).to_contain_text("newer version")
    expect(page.locator("[data-save='newer']")).to_be_visible()
    assert page.evaluate("localStorage.getItem('ff:save:newer')") == entries["ff:save:newer"]
    page.locator("[data-save='good1'] [data-act='resume']").click()
    assert settle(page) == "mine"
    # Deleting a bad entry leaves the others alone.
    page.click(".play-bar [data-act='lobby']")
    page.locator("[data-save='broken'] [data-act='delete']").click()
    page.click("dialog[open] button[value='yes']")
    expect(page.locator("#lobby .save")).to_have_count(4)
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
