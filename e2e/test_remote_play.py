"""Friends on other devices: two browser contexts with storage of their own play The
Fool's Field by passing the links each page says to send, to a verified audit. After
every link, neither page holds, in its DOM, its storage or its Python, a card its seat
may not know. A changed link is refused, in both languages, and the game goes on
from the untouched one. Three contexts play a round of Fools! in a group chat: every
link goes to the group, each page opens them in an order of its own."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Callable
from pathlib import Path

from conftest import PHONE, run_python, screenshot, wait_ready
from playwright.sync_api import BrowserContext, Page, expect
from test_cloth_of_gold_play import play_a_turn as play_cloth_turn
from test_fools_field_play import play_a_turn, retreat
from test_fools_play import click_a_step
from test_game_of_fields_play import best_plan, hex_, play_plan

from pygames import GAMES
from pygames.core import RandomChance
from pygames.game_of_fields.hexmap import FACE_DOWN
from pygames.game_of_fields.notation import StartMove, format
from pygames.position import decode_state
from pygames.remote.link import from_fragment, to_fragment

# What a page's Python holds of its game: its seat copy, every card its device opened,
# its save, and its own hand and secrets (to check the other page against).
HELD_IN_PYTHON = """
import json
import random
import re
import web.app
from pygames.position import encode_state
from pygames.remote.wire import b64
game = web.app._app.play.session.remote
state = game.state
# Cards this page may name besides its hand: those taken back by a Retreat, those the log
# names for all, and those its device opened (in a match, cards seen in an earlier game
# are dealt again: the page still names them where it saw them).
told = set(state.known_held[1 - game.seat])
for event in state.events:
    if event.visible_to(None):
        for value in event.data.values():
            told |= set(value if isinstance(value, list) else [value]) - {None}
told |= {card.split("#")[0] for card in game.device.opened.values()}
json.dumps({
    "seat": game.seat,
    "held": encode_state(state) + json.dumps(game.device.opened) + json.dumps(game.to_saved()),
    "hand": list(state.hands[game.seat]),
    "told": sorted(str(card) for card in told),
    "keys": game.to_saved()["deal"]["position_keys"],
    # The other seats' keys given to this device (for cards it may open: its save keeps
    # those sealed to it, opened): any other key of theirs here would be a leak.
    "given": [b64(k) for by in game.device.keys.values() for s, k in by.items() if s != game.seat],
    "over": state.is_over(),
    "verified": game.phase() == "verified",
})
"""
SENDING = ".notice.remote[data-send='yes']"
SAVES_JS = "() => Object.entries(localStorage).filter(([key]) => key.startsWith('ff:save:'))"
READY_TO_PLAY = ".play[data-turn='mine']"
AUDIT = ".over .audit[data-audit='verified']"


def open_page(new_context: Callable[..., BrowserContext], site_url: str, lang: str) -> Page:
    page = new_context(locale="ja-JP" if lang == "ja" else "en-US").new_page()
    page.goto(site_url)
    wait_ready(page)
    page.click(f".lang-switch [data-lang='{lang}']")
    return page


def the_link(page: Page) -> str:
    """The link the page says to send (the first, when it offers an invite per seat)."""
    page.wait_for_selector(SENDING, timeout=120_000)
    return page.locator("#remote-url, [id^='remote-url-']").first.input_value()


LINKS_OPENED = "() => Number(document.documentElement.dataset.remoteLinks || 0)"


def open_link(page: Page, url: str) -> None:
    """The friend opens the link in the open app (as pasting it in the address bar
    does), and the app has taken it, or refused it."""
    before = page.evaluate(LINKS_OPENED)
    page.goto(url)
    wait_ready(page)
    page.wait_for_function(f"n => ({LINKS_OPENED})() > n", arg=before, timeout=120_000)


def start_by_links(
    page: Page, name: str, game: str = "fools-field", seats: int = 2, **options: str
) -> str:
    page.click(f"[data-act='new-game'][data-game='{game}']")
    page.check("#where-links")
    if seats != 2:
        page.select_option("#seat-count", str(seats))
    page.fill("#own-name", name)
    for option, value in options.items():
        page.select_option(f"#option-{option}", value)
    page.click("[data-act='start']")
    return the_link(page)


def join(page: Page, invite: str, name: str) -> str:
    open_link(page, invite)
    page.wait_for_selector("#join-name", timeout=120_000)
    page.fill("#join-name", name)
    page.click("[data-act='join']")
    return the_link(page)


def news_keeps_the_board_in_view(page: Page) -> None:
    """On my move, what the link brought is a line under the bar, no taller than the
    instruction (here two lines: the match's score under it), not a box that pushes the
    hand below the fold."""
    expect(page.locator(READY_TO_PLAY)).to_be_visible()
    news = page.locator(".notice.remote").bounding_box()
    instruction = page.locator("#status").bounding_box()
    assert news is not None and instruction is not None
    assert news["height"] <= instruction["height"], (news, instruction)


def test_two_devices_play_the_fools_field_by_links(new_context, site_url: str) -> None:
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "ja")
    invite = start_by_links(alice, "Alice", start="A", match="best-of-3")
    screenshot(alice, "remote-invite-desktop-en")
    expect(alice.locator(".notice.remote h3")).to_contain_text("Send this invite link")
    answer = join(bob, invite, "ボブ")
    screenshot(bob, "remote-join-sent-desktop-ja")
    open_link(alice, answer)
    alice.wait_for_selector(READY_TO_PLAY, timeout=120_000)
    pages = [alice, bob]
    links = checked = 0
    refused: set[str] = set()
    sender = alice  # whoever acted last has the link that carries news
    for _ in range(1500):
        if all(page.locator(AUDIT).count() for page in pages):
            break
        mover = next((p for p in pages if p.locator(READY_TO_PLAY).count()), None)
        if mover is not None:
            go_round(mover)
            sender = mover
            continue
        receiver = bob if sender is alice else alice
        if links in (4, 5):  # once to each page: English, then Japanese
            refused.add(refuse_a_changed_link(receiver, the_link(sender)))
        open_link(receiver, the_link(sender))
        expect(receiver.locator("#message")).to_be_hidden()  # the untouched link is taken
        if links == 1:  # Bob's first news: Alice's lock and first move
            expect(receiver.locator(".notice.remote .news li")).not_to_have_count(0)
            screenshot(receiver, "remote-news-desktop")
            news_keeps_the_board_in_view(receiver)
        links += 1
        sender = receiver
        checked += holds_nothing_of_the_rival(alice, bob)
        no_device_opened_another_s_secret(pages)
    expect(alice.locator(AUDIT)).to_be_visible()
    expect(bob.locator(AUDIT)).to_be_visible()
    assert links > 8 and checked > 20 and refused == {"en", "ja"}
    # The players went round (`go_round`): the pages ended games of the match at the third
    # repeat of a battle's start, though neither sees the other's hand, and dealt each
    # next game again by links.
    for page, words in ((alice, "the same battle a third time"), (bob, "同じ状況の戦闘が3回目")):
        expect(page.locator(".log")).to_contain_text(words)
        games, repeats = json.loads(run_python(page, GAMES_AND_REPEATS))
        assert games >= 2 and repeats >= 1
    # Each page kept its game open between links: none replayed its chain from the save.
    restores = "() => Number(document.documentElement.dataset.remoteRestores || 0)"
    assert [page.evaluate(restores) for page in pages] == [0, 0]
    screenshot(alice, "remote-verified-desktop-en")
    screenshot(bob, "remote-verified-desktop-ja")
    bob.click("[data-act='review-remote']")  # every card open now: the replay and the study
    expect(bob.locator(".replay")).to_be_visible()
    # Seen from everywhere, from Bob's place: his hand is his own, Alice's on top.
    expect(bob.locator(".ff-other-hand")).to_have_attribute("data-seat", "0")
    expect(bob.locator(".ff-hand")).to_have_attribute("aria-label", re.compile("^あなたの手札"))
    screenshot(bob, "remote-review-desktop-ja")


def test_a_link_opened_after_going_back_to_the_lobby_brings_the_game_up(
    new_context, site_url: str
) -> None:
    """Bob leaves the game for the lobby, then opens Alice's next link in the same tab
    (as a messenger does): his game comes up with her move, ready for his. Each link
    after it too."""
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "en")
    open_link(alice, join(bob, start_by_links(alice, "Alice", start="A"), "Bob"))
    sender, receiver = alice, bob
    for _ in range(2):
        sender.wait_for_selector(READY_TO_PLAY, timeout=120_000)
        receiver.click("[data-act='lobby']")
        expect(receiver.locator("#lobby-title")).to_be_visible()
        play_a_turn(sender)
        # The link to send takes the focus, in view (the hand, below it, kept it before).
        copy = sender.locator("[data-act='copy-remote']")
        expect(copy).to_be_focused()
        expect(copy).to_be_in_viewport()
        open_link(receiver, the_link(sender))
        expect(receiver.locator(READY_TO_PLAY)).to_be_visible(timeout=120_000)
        expect(receiver.locator("#message")).to_be_hidden()
        expect(receiver.locator(".notice.remote .news li")).not_to_have_count(0)
        # Screen readers hear that the link was taken, then what to do now.
        expect(receiver.locator("#live")).to_have_text(re.compile(r"^Link opened\. Your move"))
        sender, receiver = receiver, sender


def test_a_link_opened_in_a_second_tab_brings_the_first_one_up_to_date(
    new_context, site_url: str
) -> None:
    """Alice's game shows in one tab; Bob's link opens in another (as a messenger may
    open it). Her first tab shows the game as the link left it, her move to make, so the
    move she makes there follows Bob's, and his device takes it: not a second link for
    one turn, made from the game as it was."""
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "en")
    open_link(alice, join(bob, start_by_links(alice, "Alice", start="A"), "Bob"))
    alice.wait_for_selector(READY_TO_PLAY, timeout=120_000)
    play_a_turn(alice)
    open_link(bob, the_link(alice))
    bob.wait_for_selector(READY_TO_PLAY, timeout=120_000)
    play_a_turn(bob)
    second_tab = alice.context.new_page()
    open_link(second_tab, the_link(bob))
    expect(second_tab.locator(READY_TO_PLAY)).to_be_visible(timeout=120_000)
    expect(alice.locator("#message")).to_contain_text("went on in another tab")
    expect(alice.locator(READY_TO_PLAY)).to_be_visible(timeout=120_000)
    play_a_turn(alice)
    open_link(bob, the_link(alice))
    expect(bob.locator("#message")).to_be_hidden()  # taken, not refused
    expect(bob.locator(READY_TO_PLAY)).to_be_visible(timeout=120_000)


def test_an_invite_opened_in_two_tabs_joins_once(new_context, site_url: str) -> None:
    """Bob opens Alice's invite twice (two taps on it) and joins in one tab; Join in the
    other shows the game he joined, with the same link to send, instead of joining again
    over it (which would replace the keys his first link carried)."""
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "en")
    invite = start_by_links(alice, "Alice")
    second_tab = bob.context.new_page()
    open_link(second_tab, invite)
    second_tab.wait_for_selector("#join-name", timeout=120_000)
    answer = join(bob, invite, "Bob")
    second_tab.fill("#join-name", "Bob")
    second_tab.click("[data-act='join']")
    expect(second_tab.locator("#message")).to_contain_text("joined this game in another tab")
    assert the_link(second_tab) == answer
    open_link(alice, answer)
    expect(alice.locator("#message")).to_be_hidden()
    expect(alice.locator(".play")).to_be_visible()


def test_a_refusal_goes_with_the_next_link_and_a_late_join_is_told_no_seat_is_free(
    new_context, site_url: str
) -> None:
    alice, bob, carol = (open_page(new_context, site_url, "en") for _ in range(3))
    invite = start_by_links(alice, "Alice")
    answer = join(bob, invite, "Bob")
    open_link(carol, answer)  # Bob's join: no invite, and Carol's app has no such game
    expect(carol.locator("#message")).to_contain_text("This link was not taken")
    carol_join = join(carol, invite, "Carol")  # the invite itself: the refusal is over
    expect(carol.locator("#message")).to_be_hidden()
    open_link(alice, answer)
    open_link(alice, carol_join)  # too late for seat B, and the game has no other seat
    expect(alice.locator("#message")).to_contain_text(
        "Bob joined as that seat first, so this join came too late, and every seat is taken"
    )


# A Fool's Field page's games of the match, and how many ended by a repeat.
GAMES_AND_REPEATS = """
import json
import web.app
state = web.app._app.play.session.remote.state
json.dumps([len(state.game_results), sum(1 for e in state.events if e.kind == "repetition")])
"""


# Whether a Fool's Field page's copy has no deck left and two cards or more on the Field.
FIELD_FULL_AND_DECK_OUT = """
import web.app
state = web.app._app.play.session.remote.state
str(not state.deck and len(state.field) >= 2)
"""


def go_round(page: Page) -> None:
    """A turn that, once the deck ran out, retreats on the second turn of each battle:
    both players do, so battles come round again until the third repeat of a battle's
    start ends the game; the rest of the time a legal move."""
    if (
        page.locator("[data-act='retreat']").count()
        and run_python(page, FIELD_FULL_AND_DECK_OUT) == "True"
    ):
        retreat(page)
    else:
        play_a_turn(page)


def holds_nothing_of_the_rival(*pages: Page) -> int:
    """No page holds, in its DOM, its storage or its Python, a card of the other's hand
    that it was not shown (taken back by a Retreat, named in the log for all, or opened by
    its device, in this game or an earlier one of a match), nor the other's
    keys but those it gave this seat (until the game is over and the audit publishes
    them), until its audit found the
    game fair (every card is open then, for the review). The cards checked."""
    held = [json.loads(run_python(page, HELD_IN_PYTHON)) for page in pages]
    checked = 0
    for page, mine, theirs in ((pages[0], held[0], held[1]), (pages[1], held[1], held[0])):
        if mine["verified"]:
            continue  # the audit found the game fair: every card is open to review now
        everything = page.content() + json.dumps(page.evaluate("() => ({...localStorage})"))
        everything += mine["held"]
        secret = set(theirs["hand"]) - set(mine["told"]) - set(mine["hand"])
        # A card's name as a whole word: not four letters inside a link's or a key's
        # base64, which may spell anything.
        leaked = [card for card in secret if re.search(rf"(?<![\w-]){card}(?![\w-])", everything)]
        assert not leaked
        if not theirs["over"]:
            given = set(mine["given"])
            assert not [key for key in theirs["keys"] if key in everything and key not in given]
        checked += len(secret)
    return checked


# Which deck positions a page's device opened, and which it holds secret from the others
# (dealt to its seat alone, shown to nobody: `DeckChance.holdings`), less those its own
# messages show (to everyone, or to one seat: by seat).
DEVICE_SECRETS = """
import json
import web.app
game = web.app._app.play.session.remote
state = game.state
secret = sorted(state.chance.holdings(game.seat)) if state is not None else []
shown = {"all": []}
for message in game.device.chain.messages:
    if message.seat == game.seat:
        for entry in message.body.get("shown", []):
            shown.setdefault(str(entry.get("to", "all")), []).extend(entry.get("p", []))
json.dumps({
    "seat": game.seat,
    "opened": sorted(game.device.opened),
    "secret": secret,
    "shown": shown,
    "verified": game.phase() == "verified",
})
"""


def no_device_opened_another_s_secret(pages: list[Page]) -> int:
    """No page's device opened a deck position that another seat holds secret (dealt to it
    alone and not shown to this seat), in any game: the cards' names need not be told
    apart. The positions checked."""
    held = [json.loads(run_python(page, DEVICE_SECRETS)) for page in pages]
    checked = 0
    for mine in held:
        if mine["verified"]:
            continue  # every card is open for the review once the audit found it fair
        for theirs in held:
            if theirs is mine:
                continue
            shown = set(theirs["shown"]["all"]) | set(theirs["shown"].get(str(mine["seat"]), []))
            secret = set(theirs["secret"]) - shown
            assert not secret & set(mine["opened"]), (mine["seat"], theirs["seat"])
            checked += len(secret)
    return checked


def refuse_a_changed_link(page: Page, url: str) -> str:
    """The link with its last message changed: refused, saying so. The page's language."""
    base, fragment = url.split("#", 1)
    messages = from_fragment(fragment)
    last = messages[-1]
    changed = dataclasses.replace(last, body={**last.body, "x": 1})
    saved = page.evaluate(SAVES_JS)
    open_link(page, base + "#" + to_fragment([*messages[:-1], changed]))
    expect(page.locator("#message")).to_be_visible(timeout=120_000)
    assert page.evaluate(SAVES_JS) == saved  # nothing saved changed
    words = page.locator("#message").inner_text()
    if "Nothing saved has changed" in words:
        return "en"
    assert "保存済みの内容は変わっていません" in words
    return "ja"


SEAT_COPY = """
import web.app
from pygames.position import encode_state
game = web.app._app.play.session.remote
[game.seat, encode_state(game.state)]
"""


def seat_copy(page: Page, map_: str = "blank"):
    """The game as the page's seat knows it (its device's state)."""
    seat, text = run_python(page, SEAT_COPY)
    game = GAMES["game-of-fields"]
    # Random chance: the plans look ahead through hexes turned over, whatever they hold.
    chance = RandomChance(random.Random(0))
    return seat, decode_state(game, 2, {"map": map_}, text, chance, seat)


def turned_a_hex_over(page: Page, state, seat: int) -> str | None:
    """Start a Prince's move and turn a face-down hex next to it over, by clicks, if one
    can: the hex turned over; None (nothing clicked) if none can."""
    if state.phase != "act":
        return None
    for index, prince in enumerate(state.princes[seat]):
        if format(StartMove(prince)) not in state.legal_actions(seat):
            continue
        reach = state.prince_value(seat, prince)
        targets = state.reveal_targets(seat, index, [prince], 0, reach)
        if targets:
            hex_(page, prince).click()
            hex_(page, targets[0]).click()
            page.click("[data-act='gof-go']")
            return targets[0]
    return None


def finished_a_move(page: Page, state) -> bool:
    """A Prince that turned a hex over: it stays, and stops (False if no move is on)."""
    if state.phase != "move":
        return False
    for name in ("stay", "stop", "end"):
        button = page.locator(f"[data-act='gof-action'][data-name='{name}']")
        if button.count():
            button.click()
            return True
    return False


def move_waiting_is_marked(page: Page, hex_id: str) -> int:
    """A move that waits for the rival's key is drawn where it goes, not only told: the hex
    turned over carries the mark of a waiting move ("…"), with its words."""
    expect(page.locator("#status")).to_contain_text("marked … on the board")
    target = hex_(page, hex_id)
    expect(target).to_have_class(re.compile(r"\bhinted\b"))
    expect(target.locator("text.hint-star")).to_have_text("…")
    expect(target).to_have_attribute("aria-label", re.compile("your move, waiting"))
    screenshot(page, "remote-gof-move-waits-desktop-en")
    return 1


def test_the_blank_map_turns_hexes_over_by_links(new_context, site_url: str) -> None:
    """A hex turned over waits for the other seat's key: its device answers by itself when
    the link is opened, and the mover's move goes on when the answer comes."""
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "en")
    answer = join(bob, start_by_links(alice, "Alice", "game-of-fields", map="blank"), "Bob")
    open_link(alice, answer)
    pages, sender = [alice, bob], alice
    answers = marked = 0
    face_down = seat_copy(alice)[1].terrain.count(FACE_DOWN)
    for _ in range(60):
        mover = next((p for p in pages if p.locator(READY_TO_PLAY).count()), None)
        if mover is not None:
            seat, state = seat_copy(mover)
            turned = turned_a_hex_over(mover, state, seat)
            if not (turned or finished_a_move(mover, state)):
                play_plan(mover, state, best_plan(state, seat), seat)
            mover.wait_for_selector(f"{READY_TO_PLAY}, {SENDING}", timeout=60_000)
            if turned and mover.locator(SENDING).count():  # the move waits for the key
                marked += move_waiting_is_marked(mover, turned)
            sender = mover
            continue
        receiver = bob if sender is alice else alice
        open_link(receiver, the_link(sender))
        if receiver.locator(SENDING).count() and not receiver.locator(READY_TO_PLAY).count():
            answers += 1  # its device answered with its keys: the sender's move waits for them
        sender = receiver
        if answers >= 2:
            break
    assert answers >= 2 and marked >= 1
    open_link(bob if sender is alice else alice, the_link(sender))  # the last answer
    face_up = [seat_copy(page)[1].terrain for page in pages]
    assert face_up[0] == face_up[1]  # both devices turned the same hexes over
    assert face_up[0].count(FACE_DOWN) < face_down
    screenshot(bob, "remote-gof-blank-desktop-en")


def test_a_tie_offered_by_link_is_declined_then_accepted(new_context, site_url: str) -> None:
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "ja")
    open_link(alice, join(bob, start_by_links(alice, "Alice", start="A"), "Bob"))
    alice.wait_for_selector(READY_TO_PLAY, timeout=120_000)
    alice.click("[data-act='offer-tie']")
    alice.click("dialog[open] button[value='yes']")
    open_link(bob, the_link(alice))
    expect(bob.locator(".notice.remote[data-remote='offer']")).to_be_visible()
    expect(bob.locator("#status")).to_contain_text("Aliceが引き分けを提案しています。")
    bob.click("[data-act='decline-tie']")
    open_link(alice, the_link(bob))
    alice.wait_for_selector(READY_TO_PLAY)  # the game goes on: Alice's move still
    alice.reload()  # a new page: the game comes back from its save, its chain replayed
    wait_ready(alice)
    alice.wait_for_selector(READY_TO_PLAY, timeout=120_000)
    assert alice.evaluate("() => document.documentElement.dataset.remoteRestores") == "1"
    play_a_turn(alice)
    open_link(bob, the_link(alice))
    bob.wait_for_selector(READY_TO_PLAY)
    bob.click("[data-act='offer-tie']")
    bob.click("dialog[open] button[value='yes']")
    open_link(alice, the_link(bob))
    alice.click("[data-act='accept-tie']")
    expect(alice.locator(".over")).to_be_visible()
    open_link(bob, the_link(alice))
    expect(bob.locator(AUDIT)).to_be_visible()
    # Bob's last link carries his keys: it is one to send, as every other.
    expect(bob.locator(".notice.remote h3")).to_have_text("このリンクをAliceに送ってください")
    open_link(alice, the_link(bob))
    expect(alice.locator(AUDIT)).to_be_visible()
    expect(alice.locator("#status")).to_contain_text("tie")
    alice.click("[data-act='rematch-remote']")  # a new deal: a new invite to send
    rematch = the_link(alice)
    expect(alice.locator(".notice.remote h3")).to_contain_text("Send this invite link")
    bob.goto(rematch)
    expect(bob.locator("#join-name")).to_have_value("Bob")


def take_a_turn(pages: list[Page], turn: Callable[[Page], None]) -> Page | None:
    """The page whose move it is takes a `turn` by clicks (None: no page may move)."""
    mover = next((p for p in pages if p.locator(READY_TO_PLAY).count()), None)
    if mover is not None:
        before = mover.locator(".play").get_attribute("data-moves") or ""
        turn(mover)
        # The move taken (not the page as it was before it: a move more, or the turn
        # passed, or a move waiting for keys), then what comes next.
        mover.wait_for_function(
            "before => { const p = document.querySelector('.play');"
            " return !p || p.dataset.moves !== before || p.dataset.turn !== 'mine'; }",
            arg=before,
            timeout=60_000,
        )
        mover.wait_for_selector(f"{READY_TO_PLAY}, {SENDING}, .over", timeout=60_000)
    return mover


def play_by_links(
    pages: list[Page],
    turn: Callable[[Page], None],
    until: str,
    said: list[tuple[str, int]] | None = None,
) -> int:
    """Two pages play by links: the one to move takes a `turn` by clicks, the one that
    acted last sends its link, until `until` shows on both pages. After every link, no
    device opened a card the other holds secret. Whenever a link is to go, the status
    line says what comes next (collected in `said`, each with the number of places the
    board marks as a move that waits). The links sent."""
    sender, links, checked = pages[0], 0, 0
    for _ in range(400):
        if all(page.locator(until).count() for page in pages):
            assert checked > 0
            return links
        mover = take_a_turn(pages, turn)
        if mover is not None:
            if mover.locator(f"{SENDING}, .over").count() == 1:  # sending, the game going on
                status = mover.locator("#status > p").first
                expect(status).to_have_text(re.compile(r"\S"))
                waiting = mover.locator(".hint-star.pending").count()
                (said if said is not None else []).append((status.inner_text(), waiting))
            sender = mover
            continue
        other = pages[1] if sender is pages[0] else pages[0]
        if not sender.locator(SENDING).count():  # it had nothing new: the other has
            sender, other = other, sender
        open_link(other, the_link(sender))
        links += 1
        sender = other
        checked += no_device_opened_another_s_secret(pages)
    raise AssertionError(f"{until} did not show on both pages")


def test_two_devices_play_cloth_of_gold_by_links(new_context, site_url: str) -> None:
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "en")
    open_link(alice, join(bob, start_by_links(alice, "Alice", "cloth-of-gold"), "Bob"))
    said: list[tuple[str, int]] = []
    links = play_by_links([alice, bob], play_cloth_turn, AUDIT, said)
    assert links > 10
    # A move that draws from the Darkness waits for the rival's key: it says so, and the
    # board marks where it goes (the hint's ring, "…" for the star).
    waits = [(line, marks) for line, marks in said if "it is played here once" in line]
    assert waits
    for line, marks in waits:
        assert re.fullmatch(r"Your move is made, marked … on the board: .*(Alice|Bob).*\.", line)
        assert marks > 0, line
    assert all(marks == 0 for line, marks in said if (line, marks) not in waits)
    screenshot(bob, "remote-cloth-verified-desktop-en")


def test_two_devices_play_a_round_of_fools_by_links(new_context, site_url: str) -> None:
    alice = open_page(new_context, site_url, "ja")
    bob = open_page(new_context, site_url, "en")
    open_link(alice, join(bob, start_by_links(alice, "Alice", "fools"), "Bob"))
    won = ".log li:has-text('wins the battle'), .log li:has-text('戦いに勝ちました')"
    assert play_by_links([alice, bob], click_a_step, f"{AUDIT}, {won}") > 4
    screenshot(alice, "remote-fools-round-desktop-ja")


# What a Fools! page's Python holds, and every card its seat's copy shows anywhere.
FOOLS_HELD = """
import json
import web.app
from pygames.position import encode_state
game = web.app._app.play.session.remote
state = game.state
seen, held, hand = set(), json.dumps(game.device.opened) + json.dumps(game.to_saved()), []
if state is not None:  # dealt
    seen = {card for hand in state.hands for card in hand}
    seen |= {card for card in state.armies if card} | set(state.discard_up)
    seen |= set(state.discard_down) | {card for known in state.known for card in known.values()}
    seen |= {card for card in state.bearers if card} | {card for won in state.vp for card in won}
    held += encode_state(state)
    hand = list(state.hands[game.seat])
    # What the log told this seat: a card shown at a battle may be back in a hand after a
    # reshuffle, and the log rightly names it still.
    for event in state.events:
        if event.visible_to(game.seat):
            for value in event.data.values():
                items = value if isinstance(value, list) else [value]
                seen |= {item for item in items if isinstance(item, str)}
# The cards this device opened (its own, and any shown to it; that it opened no other
# seat's secret is `no_device_opened_another_s_secret`'s check), dealt or not yet.
seen |= {card.split("#")[0] for card in game.device.opened.values()}
# Cards shown to everyone in a message held here (a Standard Bearer revealed once all have
# chosen, a seat's part of the armies at the battle) are public, though the copy takes
# them only with the other seats' parts (and the shower's own move waits for those).
opened = game.device.opened
for message in game.device.chain.messages:
    for entry in message.body.get("shown", []):
        if "to" not in entry:
            seen |= set(entry.get("i", []))
            seen |= {opened[p].split("#")[0] for p in entry.get("p", []) if p in opened}
json.dumps({
    "held": held,
    "hand": hand,
    "seen": sorted(seen),
    "crossed": sum(1 for m in game.device.chain.messages if len(m.after) > 1),
})
"""


# The app's own words, which name some cards for no one's hand (道化 in Fools!'
# description): such a name is no secret on a page; its card's face is.
APP_WORDS = (Path(__file__).parents[1] / "web" / "i18n.json").read_text(encoding="utf-8")


def fools_pages_hold_nothing_secret(pages: list[Page]) -> int:
    """No page holds, in its DOM, its storage or its Python, a card in another seat's
    hand that its own copy of the game does not show anywhere (the whole word, its
    face's `data-card`, or its name in either language): a card of which the page's copy
    shows no copy, in a hand, on the table, in the log or in a message shown to all. The
    cards checked."""
    from pygames.fools.text import GLOSSARY

    held = [json.loads(run_python(page, FOOLS_HELD)) for page in pages]
    checked = 0
    for page, mine in zip(pages, held, strict=True):
        dom = page.content()
        stored = json.dumps(page.evaluate("() => ({...localStorage})")) + mine["held"]
        secret = {card for other in held if other is not mine for card in other["hand"]}
        secret -= set(mine["seen"])
        for card in secret:
            names = GLOSSARY[card]
            assert f'data-card="{card}"' not in dom
            found = re.search(rf"\b{names['en']}\b", dom)
            if found and names["en"] not in APP_WORDS:
                raise AssertionError(dom[found.start() - 300 : found.end() + 100])
            inside = [n["ja"] for c, n in GLOSSARY.items() if c != card and names["ja"] in n["ja"]]
            # (王 is in 女王: not a word of its own)
            assert inside or names["ja"] not in dom or names["ja"] in APP_WORDS
            found = re.search(rf"(?<![\w-]){card}(?![\w-])", stored)
            assert not found, stored[found.start() - 300 : found.end() + 100]
        checked += len(secret)
    return checked


def pages_say(pages: list[Page]) -> list[str]:
    """What each page's status line says (for a failure's message)."""
    status = "() => document.querySelector('#status, .notice')?.innerText ?? 'no status'"
    return [page.evaluate(status) for page in pages]


def play_in_a_group_chat(
    pages: list[Page], chat: list[tuple[int, str]], opened: list[set[int]], until: str
) -> int:
    """Pages play by posting each link they must send to the group (`chat`: who posted
    which link; `opened`: the posts each page has opened) and opening the posts they have
    not opened, the oldest first, in turns among the pages, until `until` shows on every
    page and a card was checked. After every link opened, no page holds a card it may not
    know. The cards checked."""
    checked = 0
    for _ in range(900):
        # (and on until a secret card was checked: the deal may hold none for a while)
        if checked and all(page.locator(until).count() for page in pages):
            return checked
        if take_a_turn(pages, click_a_step) is not None:
            continue
        for k, page in enumerate(pages):
            if page.locator(SENDING).count():
                url = the_link(page)
                if all(url != posted for _, posted in chat):
                    chat.append((k, url))
                    opened[k].add(len(chat) - 1)
        unread = [(k, n) for k in range(len(pages)) for n in range(len(chat)) if n not in opened[k]]
        assert unread, f"nobody can move and no link is left to open: {pages_say(pages)}"
        reader, post = unread[len(chat) % len(unread)]  # pages take turns, each in order
        open_link(pages[reader], chat[post][1])
        message = pages[reader].locator("#message")
        assert not message.is_visible(), (reader, post, chat[post][0], message.inner_text())
        opened[reader].add(post)
        checked += fools_pages_hold_nothing_secret(pages)
        no_device_opened_another_s_secret(pages)
    raise AssertionError(f"{until} did not show on every page")


def test_three_devices_play_a_round_of_fools_in_a_group_chat(new_context, site_url: str) -> None:
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "ja")
    carol = open_page(new_context, site_url, "en")
    start_by_links(alice, "Alice", "fools", seats=3)
    expect(alice.locator(".notice.remote h3")).to_contain_text("their own invite")
    invites = [alice.locator(f"#remote-url-{seat}").input_value() for seat in (1, 2)]
    screenshot(alice, "remote-group-invite-desktop-en")
    # Carol opens her invite first: friends join their own seats in any order.
    open_link(carol, invites[1])
    expect(carol.locator(".remote-join")).to_contain_text("any order")
    carol.fill("#join-name", "Carol")
    carol.click("[data-act='join']")
    from_carol = the_link(carol)
    from_bob = join(bob, invites[0], "ボブ")
    chat = [(0, invites[0]), (0, invites[1]), (2, from_carol), (1, from_bob)]
    opened = [{0, 1}, {0, 3}, {1, 2}]
    won = ".log li:has-text('wins the battle'), .log li:has-text('戦いに勝ちました')"
    checked = play_in_a_group_chat([alice, bob, carol], chat, opened, f"{AUDIT}, {won}")
    assert checked > 0 and len(chat) > 8
    crossed = [json.loads(run_python(page, FOOLS_HELD))["crossed"] for page in (alice, bob, carol)]
    assert max(crossed) > 0  # answers of two seats to one link crossed in the chat
    screenshot(bob, "remote-group-round-desktop-ja")


# A device with a Share sheet: what each Share gives it is kept for the test to read.
SHARE_SHEET_JS = """
window.sharedLinks = [];
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value: async (data) => { window.sharedLinks.push({ ...data }); },
});
"""


def test_each_invite_shared_names_its_seat(new_context, site_url: str) -> None:
    """Three-seat invites differ only at their end: shared, each says whose seat it is."""
    context = new_context(locale="en-US")
    context.add_init_script(SHARE_SHEET_JS)
    alice = context.new_page()
    alice.goto(site_url)
    wait_ready(alice)
    start_by_links(alice, "Alice", "fools", seats=3)
    for seat in (1, 2):
        alice.click(f"[data-act='share-remote'][data-link='-{seat}']")
        alice.wait_for_function(f"window.sharedLinks.length === {seat}")
    shared = alice.evaluate("window.sharedLinks")
    assert [link["text"] for link in shared] == ["Invite for seat B", "Invite for seat C"]
    assert [link["url"][-7:] for link in shared] == ["&seat=1", "&seat=2"]
    assert all(link["title"] == "Fools!" for link in shared)


def test_an_action_of_a_turn_by_links_is_undone_before_its_link_is_made(
    new_context, site_url: str
) -> None:
    """Game of Fields: a turn of several actions. Undo takes them back one at a time, to
    the turn's start; once the turn passes, the link is made and there is no Undo."""
    alice = open_page(new_context, site_url, "en")
    bob = open_page(new_context, site_url, "en")
    open_link(alice, join(bob, start_by_links(alice, "Alice", "game-of-fields"), "Bob"))
    pages, sender, undone = [alice, bob], alice, 0
    undo = "[data-act='undo'][aria-disabled='false']"
    # Whether a plan leaves the turn open depends on the deal, which is random: a game may
    # go many turns of one action each (30 link exchanges once gave one undo only).
    for _ in range(80):
        mover = next((p for p in pages if p.locator(READY_TO_PLAY).count()), None)
        if mover is None:
            other = bob if sender is alice else alice
            open_link(other, the_link(sender))
            sender = other
            continue
        seat, state = seat_copy(mover, "open")
        before = mover.locator(".play").get_attribute("data-moves")
        play_plan(mover, state, best_plan(state, seat), seat)
        # The board has taken the plan's first action before the test looks at it.
        mover.wait_for_function(
            "n => Number(document.querySelector('.play')?.dataset.moves) > n",
            arg=int(before or 0),
        )
        mover.wait_for_selector(f"{READY_TO_PLAY}, {SENDING}", timeout=60_000)
        if mover.locator(READY_TO_PLAY).count() and mover.locator(undo).count():
            moves = int(mover.locator(".play").get_attribute("data-moves") or 0)
            while moves > int(before or 0):  # one action at a time, back to the turn's start
                mover.click(undo)
                moves -= 1
                expect(mover.locator(".play")).to_have_attribute("data-moves", str(moves))
            undone += 1
            seat, state = seat_copy(mover, "open")
            play_plan(mover, state, best_plan(state, seat), seat)
            mover.wait_for_selector(f"{READY_TO_PLAY}, {SENDING}", timeout=60_000)
        if mover.locator(SENDING).count():
            expect(mover.locator("[data-act='undo']")).to_have_count(0)
        sender = mover
        if undone >= 2:
            break
    assert undone >= 2


def test_two_friends_on_one_seat_the_later_one_joins_a_free_seat_instead(
    new_context, site_url: str
) -> None:
    """Bob's join link names no seat: Carol and Dave both open it and join as seat C. The
    host takes Carol's join; Dave's is refused as too late (not as a changed link), and
    the host's invite to the free seat D, opened on Dave's phone, joins him there in
    place of the join that was not taken."""
    alice = open_page(new_context, site_url, "ja")
    bob = open_page(new_context, site_url, "en")
    carol = open_page(new_context, site_url, "en")
    dave = new_context(locale="en-US", **PHONE).new_page()
    dave.goto(site_url)
    wait_ready(dave)
    start_by_links(alice, "Alice", "fools", seats=4)
    from_bob = join(bob, alice.locator("#remote-url-1").input_value(), "Bob")
    from_carol = join(carol, from_bob, "Carol")
    from_dave = join(dave, from_bob, "Dave")
    open_link(alice, from_carol)
    open_link(alice, from_dave)
    message = alice.locator("#message")
    expect(message).to_contain_text("その席にはCarolが先に参加した")
    screenshot(alice, "remote-late-join-desktop-ja")
    from test_accessibility import Audit  # here: that module reads this one's helpers

    audit = Audit()
    audit.check(alice, "a join too late, refused (desktop, ja)")
    seat_d = alice.locator("#remote-url-3")
    expect(seat_d).to_have_count(1)
    expect(alice.locator("#remote-url-2")).to_have_count(0)  # Carol's seat is hers
    open_link(dave, seat_d.input_value())
    expect(dave.locator(".remote-join")).to_contain_text("takes seat D instead")
    screenshot(dave, "remote-join-instead-phone-en")
    audit.check(dave, "joining a free seat instead (phone, en)")
    dave.click(".lang-switch [data-lang='ja']")
    expect(dave.locator(".remote-join")).to_contain_text("代わりにD席に着きます")
    screenshot(dave, "remote-join-instead-phone-ja")
    audit.check(dave, "joining a free seat instead (phone, ja)")
    audit.assert_clean()
    dave.click(".lang-switch [data-lang='en']")
    dave.fill("#join-name", "Dave")
    dave.click("[data-act='join']")
    open_link(alice, the_link(dave))
    expect(alice.locator("#message")).to_be_hidden()
    names = json.loads(run_python(alice, NAMES))
    assert names == ["Alice", "Bob", "Carol", "Dave"]
    saves = dave.evaluate(SAVES_JS)
    assert len(saves) == 1 and json.loads(run_python(dave, SEAT)) == 3  # one game, seat D


def test_a_friend_whose_seat_went_to_another_is_told_so_in_the_lobby(
    new_context, site_url: str
) -> None:
    """Three seats: Carol and Dave both join as seat C from Bob's join link, and the host
    takes Carol's. When the host's next link reaches Dave, every seat is taken: his app
    says why it refuses the link, and his lobby no longer lists the game as one in
    progress waiting for a link, but says another friend took his seat."""
    alice, bob, carol, dave = (open_page(new_context, site_url, "en") for _ in range(4))
    start_by_links(alice, "Alice", "fools", seats=3)
    from_bob = join(bob, alice.locator("#remote-url-1").input_value(), "Bob")
    from_carol = join(carol, from_bob, "Carol")
    join(dave, from_bob, "Dave")
    dave.click("[data-act='lobby']")
    expect(dave.locator("#in-play .save")).to_contain_text("send your link")  # his join
    open_link(alice, from_carol)
    expect(alice.locator(SENDING)).to_contain_text("group")  # every seat joined: the deal
    open_link(dave, the_link(alice))
    expect(dave.locator("#message")).to_contain_text("another friend's join for your seat")
    notice = dave.locator(".notice.remote")
    expect(notice).to_contain_text("Another friend took your seat")
    expect(notice).to_contain_text("Ask Alice for an invite to a free seat")
    expect(dave.locator("[id^='remote-url']")).to_have_count(0)  # his join is not wanted
    dave.click("[data-act='lobby']")
    expect(dave.locator("#in-play")).to_be_hidden()
    expect(dave.locator("#saves .save")).to_contain_text("another friend took your seat")
    dave.click(".lang-switch [data-lang='ja']")
    expect(dave.locator("#saves .save")).to_contain_text("あなたの席は別の友だちが取りました")
    # The message still showing speaks the language switched to, as the page does.
    expect(dave.locator("#message")).to_contain_text("ホストはあなたの席に別の友だちの参加を")
    dave.locator("#saves [data-act='resume']").click()  # it says so when opened again
    expect(dave.locator(".notice.remote")).to_contain_text("空いている席への招待をAliceに頼んで")
    screenshot(dave, "remote-left-out-desktop-ja")


NAMES = "import json, web.app; json.dumps(web.app._app.play.session.remote.names())"
SEAT = "import json, web.app; json.dumps(web.app._app.play.session.remote.seat)"
