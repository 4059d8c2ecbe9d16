"""The Field of the Cloth of Gold in the browser: whole games, the Dragon, hidden Hands.

Games start from crafted links: a deal made in Python from a seed (its chance
moves are in the record), seats and options, so the deal is known. Later chance
(Secrecy draws, refills) and the computer's moves happen in the browser; a test
that follows a whole game reads the autosaved record and replays it in Python,
to check every click made the move it meant and the final score table.
"""

from __future__ import annotations

import random
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
from pygames.choices import action_for, next_picks
from pygames.record import Record

LEGAL = ".cog-oval.legal"
CONFIRM = "[data-act='cog-play']"
OVALS = ("dragon", "secrecy", "gold", "blue", "white", "red", "purple")


# ----- helpers -----


def new_state(seed: int = 1, first: str = "A"):
    """A fresh deal, made from `seed` (the seed only drives chance; it is not recorded)."""
    return GAMES["cloth-of-gold"].new_state(2, seed, {"start": first})


def new_link(seed: int = 1, seats=("human", "random"), first: str = "A") -> str:
    record = Record.new("cloth-of-gold", list(seats), {"start": first})
    record.actions = list(new_state(seed, first).history)  # the deal's chance moves
    return record.to_link_fragment()


def link_where_rival_lacks(colours: int) -> tuple[str, list[str]]:
    """A game played on by random choices until the computer's Hand is known to lack
    at least `colours` colours, with me to act: its link, and those colours."""
    for seed in range(1, 200):
        state = new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            lacks = state.view(0)["lacks"][1]
            if seat == 0 and len(lacks) >= colours and state.view(0)["hand_sizes"][1]:
                record = Record.new("cloth-of-gold", ["human", "random"], {"start": "A"})
                record.actions = list(state.history)
                return record.to_link_fragment(), lacks
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no game reached the position wanted")


def open_link(page: Page, site_url: str, fragment: str) -> str:
    page.goto(site_url + "#" + fragment)
    wait_ready(page)
    return settle(page)


def pick(count: int, moves_played: int) -> int:
    """The fixed rule the tests play by: which of `count` choices to take."""
    return (moves_played * 3 + 1) % count


def play_a_turn(page: Page) -> str:
    """Choose a legal oval and confirm it, by clicks; returns the action played."""
    done = moves(page)
    ovals = page.locator(LEGAL)
    ovals.nth(pick(ovals.count(), done)).click()
    buttons = page.locator(CONFIRM)
    expect(buttons.first).to_be_visible()
    button = buttons.nth(pick(buttons.count(), done + 1))
    action = button.get_attribute("data-action")
    button.click()
    return action


def expected_action(state, seat: int, moves_played: int) -> str:
    """What `play_a_turn` clicks, worked out in Python from the seat's choices."""
    choices = state.view(seat)["choices"]
    targets = next_picks(choices, [])["oval"]
    ordered = [oval for oval in OVALS if oval in targets]
    target = ordered[pick(len(ordered), moves_played)]
    # One confirm button if the oval alone is the move, else one per token that can go.
    finishes = [[("oval", target)]] if action_for(choices, [("oval", target)]) else []
    finishes += [
        [("oval", target), ("token", token)]
        for token in next_picks(choices, [("oval", target)]).get("token", [])
    ]
    return action_for(choices, finishes[pick(len(finishes), moves_played + 1)])


def assert_rival_hand_hidden(page: Page, me: int) -> None:
    """Only my own Hand's tiles are in the page; the rival's Hand is backs and a count."""
    rival = page.locator(f".cog-player[data-seat='{1 - me}']")
    assert rival.locator("[data-tile]").count() == 0
    label = rival.locator(".cog-hand").get_attribute("aria-label")
    backs = rival.locator(".cog-backs svg").count()
    assert re.search(rf"\b{backs}\b", label), (label, backs)
    mine = page.locator(f".cog-player[data-seat='{me}'] .cog-hand")
    count = int(re.search(r"\d+", mine.get_attribute("aria-label")).group())
    assert mine.locator("[data-tile]").count() == count


# ----- tests -----


def test_a_whole_game_against_the_computer_by_clicks(page: Page, site_url: str) -> None:
    turn = open_link(page, site_url, new_link(11))
    screenshot(page, "cog-desktop-start")
    saw_token_choice = False
    marked = 0
    for _ in range(120):
        if turn == "over":
            break
        assert turn == "mine"
        assert_rival_hand_hidden(page, 0)
        # Python replays the game as saved, and works out what my clicks will play.
        state = saved_record(page).replay()
        assert state.to_act() == [0]
        # The ovals the computer's token left and went to are marked, as the view says.
        marks = [value for _, value in state.view(0)["marks"]]
        assert sorted(marks) == sorted(
            page.locator(".cog-oval.last-move").evaluate_all("els => els.map(e => e.dataset.oval)")
        )
        marked += bool(marks)
        expected = expected_action(state, 0, moves(page))
        page.locator(LEGAL).nth(0).wait_for()
        if (
            page.locator(".cog-player.own .cog-off").count() == 0
            and state.view(0)["choices"]["prompt"]["key"] != "cog.dragon_target"
        ):
            page.locator(LEGAL).first.click()
            saw_token_choice |= page.locator(CONFIRM).count() == 2
            page.click("[data-act='cancel-pick']")
        played = play_a_turn(page)
        assert played == expected
        turn = settle(page)
        # The click made exactly that move, in the place Python expected it.
        after = saved_record(page).actions
        assert after[: len(state.history)] == state.history
        assert after[len(state.history)] == (0, played)
    assert turn == "over"
    state = saved_record(page).replay()
    assert state.is_over()
    assert saw_token_choice, "later turns offer one confirm button per token"
    assert marked > 10, "the computer's moves were marked"
    final = page.locator("#cog-final")
    expect(final).to_be_visible()
    scores = final.locator("tr.score td").all_inner_texts()
    assert [int(s) for s in scores] == [line["score"] for line in state.final["seats"]]
    jewels = final.locator("tr.jewels td").all_inner_texts()
    assert jewels == [
        f"{line['jewels']} → +{line['jewel_points']}" for line in state.final["seats"]
    ]
    status = page.locator("#status").inner_text().strip()
    result, why = status.split(" (")
    assert result in ("You win!", "Computer wins.", "The players share the victory.")
    assert (result == "You win!") == (state.outcome() == [1.0, 0.0])
    assert (
        why
        == {"score": "a score reached 30)", "darkness": "the Darkness ran out)"}[state.end_reason]
    )
    screenshot(page, "cog-desktop-over")
    # The rematch lets the loser play first.
    page.click("[data-act='rematch']")
    settle(page)
    loser = "You" if state.outcome() == [0.0, 1.0] else "Computer"
    if 0.5 not in state.outcome():
        expect(page.locator(".log li").last).to_contain_text(f"{loser} start")


def test_the_dragon_is_a_second_choice_and_can_be_undone(page: Page, site_url: str) -> None:
    open_link(page, site_url, new_link(3))
    dealt = moves(page)
    undo = page.locator("[data-act='undo']")
    page.click(".cog-oval[data-oval='dragon']")
    expect(page.locator("#cog-choice")).to_contain_text("No Gift yet")
    page.click(CONFIRM)
    expect(page.locator(".cog-board")).to_have_attribute("data-phase", "choose_dragon_target")
    assert settle(page) == "mine" and moves(page) == dealt + 1
    expect(page.locator("#status")).to_contain_text("Send the Dragon")
    # Only the token's entry is undoable: nothing was revealed or drawn yet.
    expect(undo).to_have_attribute("aria-disabled", "false")
    undo.click()
    expect(page.locator(".cog-board")).to_have_attribute("data-phase", "choose_oval")
    assert moves(page) == dealt
    page.click(".cog-oval[data-oval='dragon']")
    page.click(CONFIRM)
    expect(page.locator(".cog-oval[data-oval='dragon']")).not_to_have_class(re.compile("legal"))
    gift_label = page.locator(".cog-oval[data-oval='white']").get_attribute("aria-label")
    gift = re.search(r"On its square: (\w+) tile", gift_label).group(1)
    page.click(".cog-oval[data-oval='white']")
    expect(page.locator("#cog-choice")).to_contain_text(f"gets the {gift} tile")
    page.click(CONFIRM)
    settle(page)
    gave = f"You gave the {gift} tile from the square of White"
    expect(page.locator(".log")).to_contain_text(gave)
    expect(page.locator(".cog-home")).to_have_attribute("aria-label", re.compile("on an oval"))


def test_pass_and_play_hides_the_board_between_players(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.click("[data-act='new-game'][data-game='cloth-of-gold']")
    page.select_option("#seat-0", "human")
    page.select_option("#seat-1", "human")
    page.select_option("#option-start", "A")
    page.click("[data-act='start']")
    assert settle(page) == "cover"
    expect(page.locator(".cover h2")).to_have_text("Pass the device to Player A.")
    assert page.locator(".cog-board").count() == 0
    page.click("[data-act='reveal']")
    assert settle(page) == "mine"
    assert_rival_hand_hidden(page, 0)
    play_a_turn(page)
    assert settle(page) == "cover"
    expect(page.locator(".cover h2")).to_have_text("Pass the device to Player B.")
    assert page.locator(".cog-board, [data-tile]").count() == 0
    screenshot(page, "cog-pass-and-play-cover")
    page.click("[data-act='reveal']")
    assert settle(page) == "mine"
    expect(page.locator(".cog-player.own")).to_have_attribute("data-seat", "1")
    assert_rival_hand_hidden(page, 1)
    # Player A's private deal is not in Player B's log either.
    assert page.locator(".log li", has_text="Your Hand:").count() == 1


def test_a_moved_game_reopens_at_the_same_point(page: Page, site_url: str, new_context) -> None:
    open_link(page, site_url, new_link(5))
    for _ in range(3):
        play_a_turn(page)
        settle(page)
    played = moves(page)
    labels = page.locator(".cog-oval").evaluate_all("els => els.map(e => e.ariaLabel)")
    hand = page.locator(".cog-player.own .cog-hand").get_attribute("aria-label")
    tiles = page.locator(".cog-player.own [data-tile]").evaluate_all(
        "els => els.map(e => e.dataset.tile)"
    )
    page.click("[data-act='share']")
    # The whole game (not the read-only position offered first) moves to another device.
    position_url = page.locator("#share-url").input_value()
    page.check("dialog[open] #share-game")
    expect(page.locator("#share-url")).not_to_have_value(position_url)
    url = page.locator("#share-url").input_value()
    page.click("dialog[open] button[value='close']")
    assert "#r=" in url
    assert Record.from_link_fragment(url.split("#", 1)[1]).viewer is None
    fresh = new_context().new_page()
    fresh.goto(url)
    wait_ready(fresh)
    assert settle(fresh) == "mine"
    assert moves(fresh) == played
    assert fresh.locator(".cog-oval").evaluate_all("els => els.map(e => e.ariaLabel)") == labels
    assert fresh.locator(".cog-player.own .cog-hand").get_attribute("aria-label") == hand
    assert (
        fresh.locator(".cog-player.own [data-tile]").evaluate_all(
            "els => els.map(e => e.dataset.tile)"
        )
        == tiles
    )
    expect(fresh.locator("#live")).to_contain_text("Opened the shared game")


def test_japanese_ui(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    page.click("button[data-lang='ja']")
    entry = page.locator(".game[data-game='cloth-of-gold']")
    expect(entry.locator("h3")).to_have_text("金襴の陣")
    expect(entry.locator("a[data-rules]")).to_have_attribute(
        "href", "web/rules/cloth-of-gold.ja.html"
    )
    entry.locator("[data-act='new-game']").click()
    expect(page.locator("label[for='option-start']")).to_have_text("先攻")
    page.select_option("#seat-1", "random")
    page.select_option("#option-start", "A")
    page.click("[data-act='start']")
    settle(page)
    expect(page.locator("#status")).to_contain_text("あなたの手番")
    expect(page.locator(".cog-oval[data-oval='gold'] .cog-oval-name")).to_have_text("金")
    page.click(".cog-oval[data-oval='secrecy']")
    expect(page.locator(CONFIRM)).to_have_text("コマを秘密に出す")
    expect(page.locator("#cog-choice")).to_contain_text("闇から1枚引きます")
    expect(page.locator(".cog-track h3")).to_have_text("得点トラック")
    screenshot(page, "cog-desktop-ja")
    body = page.locator(".cog-board").inner_text()
    ascii_words = re.findall(r"[A-Za-z]{3,}", body)
    assert ascii_words == [], ascii_words


def test_keyboard_play_of_one_turn(page: Page, site_url: str) -> None:
    open_link(page, site_url, new_link(7))
    dealt = moves(page)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.nav") == "oval":
            break
    assert page.evaluate("document.activeElement.dataset.oval") == "dragon"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.oval") == "gold"
    page.keyboard.press("Enter")
    expect(page.locator(".cog-oval[data-oval='gold']")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("document.activeElement.dataset.act") == "cog-play"
    # Escape drops the choice and returns to the oval.
    page.keyboard.press("Escape")
    expect(page.locator(".cog-oval[data-oval='gold']")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate("document.activeElement.dataset.oval") == "gold"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    assert page.evaluate("document.activeElement.dataset.action") == "secrecy"
    screenshot(page, "cog-keyboard-focus")
    hold_the_computer(page, True)  # to see my move alone
    page.keyboard.press("Enter")
    expect(page.locator(".play")).to_have_attribute("data-moves", str(dealt + 1))
    spot = page.locator(".cog-oval[data-oval='secrecy']").get_attribute("aria-label")
    assert "your token" in spot
    hold_the_computer(page, False)
    settle(page)
    assert moves(page) >= dealt + 2  # then the computer's (a Dragon move is two actions)
    # Focus is back on the ovals, ready for the next turn.
    assert page.evaluate("document.activeElement.dataset.nav") == "oval"


def test_the_focus_after_resigning(page: Page, site_url: str) -> None:
    """The dialog's Cancel gives the focus back to Resign; resigning, to what comes next."""
    open_link(page, site_url, new_link(9))
    resign = page.locator("[data-act='resign']")
    resign.click()
    page.click("dialog[open] button[value='no']")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(resign).to_be_focused()
    resign.click()
    page.click("dialog[open] button[value='yes']")
    expect(page.locator(".play")).to_have_attribute("data-turn", "over")
    expect(page.locator("[data-act='rematch']")).to_be_focused()


def test_phone_layout_and_touch_targets(new_context, site_url: str) -> None:
    page = new_context(**PHONE).new_page()
    open_link(page, site_url, new_link(9))
    page.locator(LEGAL).nth(2).tap()
    expect(page.locator(CONFIRM)).to_be_visible()
    screenshot(page, "cog-phone-choice")
    sizes = page.locator(".cog-board button, .common-actions button").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [e.dataset.oval || e.dataset.act, r.width, r.height]; })"
    )
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert not small, small
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width}px"
    page.locator(CONFIRM).tap()
    settle(page)
    screenshot(page, "cog-phone-after")


def test_rules_pages_in_both_languages(page: Page, site_url: str) -> None:
    for lang, title, end in (("en", "how to play", "30 or more"), ("ja", "遊び方", "30点以上")):
        page.goto(f"{site_url}web/rules/cloth-of-gold.{lang}.html")
        expect(page.locator("h1")).to_contain_text(title)
        assert page.locator("table.cog-rules-track tbody tr").count() == 5
        expect(page.locator("main")).to_contain_text(end)
        other = "ja" if lang == "en" else "en"
        expect(page.locator(".lang-switch a")).to_have_attribute(
            "href", f"cloth-of-gold.{other}.html"
        )


def test_each_computer_level_plays_a_first_move(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    for level in ("easy", "normal", "hard"):
        page.click("[data-act='new-game'][data-game='cloth-of-gold']")
        page.select_option("#seat-1", level)
        page.select_option("#option-start", "B")
        page.click("[data-act='start']")
        assert settle(page, timeout=30_000) == "mine"
        assert moves(page) >= 1
        expect(page.locator(".cog-player[data-seat='1'] .cog-token")).to_have_count(1)
        assert page.locator(".cog-spot .seat-b").count() == 1
        page.click("[data-act='lobby']")


def test_autosave_resumes_after_a_reload(page: Page, site_url: str) -> None:
    open_link(page, site_url, new_link(13))
    play_a_turn(page)
    settle(page)
    played = moves(page)
    labels = page.locator(".cog-oval").evaluate_all("els => els.map(e => e.ariaLabel)")
    assert "#g=" in page.url
    page.reload()
    wait_ready(page)
    assert settle(page) == "mine"
    assert moves(page) == played
    assert page.locator(".cog-oval").evaluate_all("els => els.map(e => e.ariaLabel)") == labels
    page.click("[data-act='lobby']")
    save = page.locator(".save", has_text="The Field of the Cloth of Gold")
    expect(save).to_have_count(1)
    save.locator("[data-act='resume']").click()
    assert settle(page) == "mine" and moves(page) == played


def test_the_colours_a_hidden_hand_lacks_are_shown(page: Page, site_url: str) -> None:
    fragment, lacks = link_where_rival_lacks(2)
    names = {"gold": ("Gold", "金"), "blue": ("Blue", "青"), "white": ("White", "白")}
    names |= {"red": ("Red", "赤"), "jewel": ("Jewel", "宝石")}
    open_link(page, site_url, fragment)
    line = page.locator(".cog-player[data-seat='1'] .cog-lacks")
    english = " or ".join(names[c][0] for c in lacks)
    expect(line).to_have_text(f"Computer's Hand holds no {english}.")
    expect(line).to_have_attribute("data-lacks", " ".join(lacks))
    # My own Hand is in front of me: no such line for it.
    assert page.locator(".cog-player[data-seat='0'] .cog-lacks").count() == 0
    page.click("[data-act='lobby']")
    page.click("button[data-lang='ja']")
    open_link(page, site_url, fragment)
    japanese = "・".join(names[c][1] for c in lacks)
    expect(line).to_have_text(f"コンピューターの手札に{japanese}のタイルはありません。")


def finished_link_where_rival_hand_is_empty() -> tuple[str, int]:
    """A whole game (me against random choices) and a step of it where, seen from
    everywhere, the computer's Hand is empty and mine is not: its link and the step."""
    from pygames.replay import EVERYTHING, Replay

    for seed in range(1, 50):
        state = new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        record = Record.new("cloth-of-gold", ["human", "random"], {"start": "A"})
        record.actions = list(state.history)
        replay = Replay(record)
        for step in range(1, replay.last + 1):
            mine, rivals = replay.view(step, EVERYTHING)["open_hands"]
            if mine and not rivals:
                return record.to_link_fragment(), step
    raise AssertionError("no game reached the position wanted")


def test_a_replay_seen_from_everywhere_names_whose_hand_is_empty(page: Page, site_url: str) -> None:
    """Under the computer's empty Hand the caption names the computer, not "Your Hand"."""
    fragment, step = finished_link_where_rival_hand_is_empty()
    page.goto(f"{site_url}#{fragment}&m={step}&v=all")
    wait_ready(page)
    board = page.locator(".play.replay")
    expect(board).to_have_attribute("data-viewpoint", "all")
    expect(board).to_have_attribute("data-step", str(step))
    rivals = page.locator(".cog-player[data-seat='1'] .cog-hand")
    mine = page.locator(".cog-player[data-seat='0'] .cog-hand")
    expect(rivals).to_have_text("Computer's Hand, face up:Computer's Hand is empty.")
    expect(mine).to_contain_text("Your Hand:")
    page.click("button[data-lang='ja']")
    expect(rivals).to_have_text(
        "コンピューターの手札（表向き）：コンピューターの手札はありません。"
    )
    expect(mine).to_contain_text("あなたの手札：")
