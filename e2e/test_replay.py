"""Replay and analysis in the browser, for every playable game: a finished game reviewed
by keyboard, its viewpoints, a link to one move, export and import of the record file,
the computer's study with its graph, a hint during a game, and a shared position's past.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import (
    PHONE,
    run_python,
    saved_record,
    screenshot,
    settle,
    unworded_keys,
    wait_ready,
)
from playwright.sync_api import Page, expect

from pygames import GAMES
from pygames.choices import picks_of
from pygames.record import Record
from pygames.replay import EVERYTHING, Replay
from pygames.text import describe
from web import games

PLAYABLE = [game_id for game_id in sorted(GAMES) if games.is_playable(game_id)]
PLAY = ".play.replay"
NAMES = ["You", "Computer"]


def finished_record(game_id: str, seed: int = 3, resign_after: int | None = None) -> Record:
    """A whole game at the game's default seat count (the new-game screen's), me (A)
    against random computers; cut short by my resignation after `resign_after` moves
    if given (a short game to study)."""
    seats = GAMES[game_id].min_seats
    state = GAMES[game_id].new_state(seats, seed)
    rng = random.Random(seed)
    played = 0
    while not state.is_over():
        if resign_after is not None and played == resign_after:
            state.apply(0, "resign")
            break
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        played += 1
    record = Record.new(game_id, ["human"] + ["random"] * (seats - 1))
    record.actions = list(state.history)
    return record


def put_save(
    page: Page, record: Record, save_id: str = "done", analysis: dict | None = None
) -> None:
    entry = {
        "format": "ff-save/1",
        "game": record.game_id,
        "record": record.to_text(),
        "seats": record.seats,
        "created": 1,
        "saved": 2,
        "moves": 9,
        "over": True,
        "analysis": analysis,
    }
    page.evaluate(
        "([key, entry]) => localStorage.setItem(key, entry)",
        ["ff:save:" + save_id, json.dumps(entry)],
    )


def review(page: Page, record: Record) -> None:
    put_save(page, record)
    page.reload()
    wait_ready(page)
    page.click("[data-save='done'] [data-act='review']")
    expect(page.locator(PLAY)).to_be_visible()


def step_of(page: Page) -> int:
    return int(page.locator(PLAY).get_attribute("data-step"))


def expected_lines(record: Record, viewpoint) -> int:
    """How many lines the move list shows through `viewpoint` (the engine's own log)."""
    replay = Replay(record)
    count = 0
    for entries in replay.logs(viewpoint):
        names = NAMES + [f"Computer {seat}" for seat in range(2, len(record.seats))]
        lines = [e for e in entries if describe(record.game_id, e, "en", names, 0)]
        count += len(lines) or 1  # a move that wrote nothing still has its line
    return count


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_finished_game_is_reviewed_by_keyboard_to_the_end_and_back(
    ready_page: Page, game_id: str
) -> None:
    page = ready_page
    record = finished_record(game_id)
    last = Replay(record).last
    review(page, record)
    board = page.locator(PLAY)
    expect(board).to_have_attribute("data-step", str(last))
    expect(board).to_have_attribute("data-turn", "over")
    state = record.replay()
    winner = "You win!" if state.outcome()[0] == 1 else "Computer wins."
    expect(page.locator("#status")).to_contain_text(winner)
    page.keyboard.press("Home")
    expect(board).to_have_attribute("data-step", "0")
    expect(page.locator("#status")).to_contain_text("The start")
    expect(page.locator("[data-act='replay-back']")).to_have_attribute("aria-disabled", "true")
    for step in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        expect(board).to_have_attribute("data-step", str(step))
    expect(page.locator(".moves li.current")).to_have_attribute("data-step", "3")
    expect(page.locator(".moves li[data-step='3'] button")).to_have_attribute(
        "aria-current", "step"
    )
    expect(page.locator("#status")).to_contain_text(f"Move 3 of {last}")
    assert "&m=3&v=a" in page.evaluate("location.hash")
    page.keyboard.press("End")
    expect(board).to_have_attribute("data-step", str(last))
    expect(board).to_have_attribute("data-turn", "over")
    page.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("data-step", str(last - 1))
    expect(board).to_have_attribute("data-turn", "replay")
    # A click on a move jumps there; Space plays on from it, and pauses.
    page.locator(".moves li[data-step='1'] button").click()
    expect(board).to_have_attribute("data-step", "1")
    page.locator(".play-bar h2").click()  # the focus off the buttons: Space is the player's key
    page.keyboard.press(" ")
    expect(board).to_have_attribute("data-playing", "true")
    page.wait_for_function("() => Number(document.querySelector('.play.replay').dataset.step) >= 2")
    page.keyboard.press(" ")
    expect(board).to_have_attribute("data-playing", "false")
    stopped = step_of(page)
    page.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-step", str(stopped + 1))


# Each patch of the screen from now on: [taken from the last patch, refused].
COUNT_PATCHES = """
from web import dom

dom.patches_seen = []
send = dom._send


def counting_send(how, target, nodes, base):
    number = send(how, target, nodes, base)
    if how == "patch":
        dom.patches_seen.append([base != 0 and number > 0, number < 0])
    return number


dom._send = counting_send
"""


def test_stepping_through_a_replay_sends_only_what_each_step_changed(ready_page: Page) -> None:
    page = ready_page
    review(page, finished_record("fools-field"))
    board = page.locator(PLAY)
    page.keyboard.press("Home")
    expect(board).to_have_attribute("data-step", "0")
    run_python(page, COUNT_PATCHES)
    for step in range(1, 6):
        page.keyboard.press("ArrowRight")
        expect(board).to_have_attribute("data-step", str(step))
        expect(page.locator(".moves li.current")).to_have_attribute("data-step", str(step))
    seen = run_python(page, "import json\nfrom web import dom\njson.dumps(dom.patches_seen)")
    patches = json.loads(seen)
    # the move list is marked in place (a live element): no step's patch is refused
    assert len(patches) >= 5 and all(taken and not refused for taken, refused in patches), patches


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_viewpoints_switch_at_any_moment(ready_page: Page, game_id: str) -> None:
    page = ready_page
    record = finished_record(game_id, seed=4)
    review(page, record)
    board = page.locator(PLAY)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    lines = page.locator(".moves .line")
    expect(lines).to_have_count(expected_lines(record, 0))
    page.select_option("#replay-viewpoint", "all")
    expect(board).to_have_attribute("data-viewpoint", "all")
    expect(board).to_have_attribute("data-step", "1")  # the moment stays
    expect(lines).to_have_count(expected_lines(record, EVERYTHING))
    # Every hand face up: the board draws the rival's hidden hand (in games that hide
    # one), and the log holds every private line (each draw of each seat).
    if any(Replay(record).view(1, EVERYTHING)["open_hands"]):
        expect(page.locator(".play-body [data-open]").first).to_be_visible()
        assert expected_lines(record, EVERYTHING) > expected_lines(record, 0)
    else:
        expect(page.locator(".play-body [data-open]")).to_have_count(0)
    page.select_option("#replay-viewpoint", "b")
    expect(board).to_have_attribute("data-viewpoint", "b")
    expect(lines).to_have_count(expected_lines(record, 1))
    expect(page.locator(".play-body [data-open]")).to_have_count(0)
    screenshot(page, f"replay-{game_id}-viewpoint-b")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_link_opens_one_moment_of_a_game(page: Page, site_url: str, game_id: str) -> None:
    record = finished_record(game_id, seed=5)
    page.goto(site_url + "#" + record.to_link_fragment() + "&m=4&v=all")
    wait_ready(page)
    board = page.locator(PLAY)
    expect(board).to_have_attribute("data-step", "4")
    expect(board).to_have_attribute("data-viewpoint", "all")
    expect(page.locator("#status")).to_contain_text(f"Move 4 of {Replay(record).last}")
    # The page's own "Link to this moment" holds the same moment.
    page.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-step", "5")
    page.click("[data-act='moment-link']")
    link = page.locator("dialog[open] #share-url").input_value()
    assert link.endswith("&m=5&v=all")
    assert Record.from_link_fragment(link.split("#", 1)[1].split("&")[0]) == record


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_export_then_open_the_file_by_picker_and_by_drop(
    ready_page: Page, game_id: str, tmp_path
) -> None:
    page = ready_page
    record = finished_record(game_id, seed=6)
    review(page, record)
    with page.expect_download() as download:
        page.click("[data-act='export']")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name.startswith(game_id) and path.suffix == ".txt"
    assert path.read_text(encoding="utf-8") == record.to_text() + "\n"
    # The lobby opens it with the file picker: a new saved game, in the replay screen.
    page.click("[data-act='lobby']")
    page.set_input_files("#open-file", str(path))
    expect(page.locator(PLAY)).to_have_attribute("data-last", str(Replay(record).last))
    saves = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('ff:save:'))")
    assert len(saves) == 2
    # And dropped on the page.
    page.click("[data-act='lobby']")
    page.evaluate(
        """(text) => {
          const data = new DataTransfer();
          data.items.add(new File([text], "game.txt", { type: "text/plain" }));
          document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true,
            cancelable: true }));
        }""",
        path.read_text(encoding="utf-8"),
    )
    expect(page.locator(PLAY)).to_have_attribute("data-last", str(Replay(record).last))
    # A file that is no record is refused with words, and nothing opens.
    page.click("[data-act='lobby']")
    bad = tmp_path / "bad.txt"
    bad.write_text("chess 2 seats=human,human\n")
    page.set_input_files("#open-file", str(bad))
    expect(page.locator("#message")).to_contain_text("This file cannot be opened: unknown game")


def test_the_file_picker_speaks_the_app_s_language_and_is_reached_by_keyboard(
    ready_page: Page, tmp_path
) -> None:
    """The browser's own picker button ("Choose File") speaks the browser's language: the
    lobby shows its label, in the app's, as the button, and the picker stays reachable."""
    page = ready_page
    page.click("button[data-lang='ja']")
    button = page.locator(".open-file label.file-button")
    expect(button).to_have_text("ゲームのファイルを開く")
    picker = page.locator("#open-file")
    box = picker.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1  # out of sight
    # By keyboard: Tab from the control before it reaches it, and its label shows the focus.
    page.locator(".game").last.locator("a, button").last.focus()
    page.keyboard.press("Tab")
    expect(picker).to_be_focused()
    assert button.evaluate("el => getComputedStyle(el).outlineStyle") != "none"
    # By touch or mouse: the label opens the browser's picker, and the file opens.
    record = finished_record("fools-field", seed=6)
    path = tmp_path / "game.txt"
    path.write_text(record.to_text() + "\n", encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(path))
    expect(page.locator(PLAY)).to_have_attribute("data-last", str(Replay(record).last))
    screenshot(page, "opened-file-ja")


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_study_runs_in_the_workers_draws_the_graph_and_is_kept(
    ready_page: Page, game_id: str
) -> None:
    page = ready_page
    record = finished_record(game_id, seed=7, resign_after=6)
    decisions = len(Replay(record).decisions())
    review(page, record)
    panel = page.locator("#analysis")
    expect(panel).to_contain_text("inaccuracy (the move lost 10% or more")
    page.click("[data-act='analysis-start']")
    expect(page.locator("[data-act='analysis-stop']")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-analysis", "done", timeout=180_000)
    expect(panel).to_have_attribute("data-done", str(decisions))
    # Every decision was studied by the computer's workers, none on the page.
    assert studied(page, "worker") == decisions and studied(page, "page") == 0
    expect(page.locator("#analysis svg.graph")).to_be_visible()
    expect(page.locator(".graph-point")).to_have_count(decisions)
    # Each seat's points have its legend's shape (● ■), not its colour alone.
    seats = [seat for seat in (0, 1) if page.locator(f".graph-point.seat-{seat}").count()]
    assert seats == [0, 1]
    expect(page.locator("circle.graph-point.seat-1, rect.graph-point.seat-0")).to_have_count(0)
    expect(page.locator(".graph-legend")).to_contain_text("■")
    # A point of the graph is a way to its move.
    page.locator(".graph-point[data-step='2']").click(force=True)
    expect(page.locator(PLAY)).to_have_attribute("data-step", "2")
    expect(page.locator(".analysis-current")).to_contain_text("Chance to win for")
    screenshot(page, f"replay-{game_id}-study")
    # The graph is reached by keyboard too: a slider over the moves, with a visible focus.
    page.locator("[data-act='moment-link']").focus()
    page.keyboard.press("Tab")
    graph = page.locator("svg.graph")
    expect(graph).to_be_focused()
    assert graph.evaluate("el => el.matches(':focus-visible')")
    assert graph.evaluate("el => getComputedStyle(el).outlineStyle") != "none"
    expect(graph).to_have_attribute("role", "slider")
    expect(graph).to_have_attribute("aria-valuenow", "2")
    expect(graph).to_have_attribute("aria-valuetext", re.compile(r"^Move 2: .+ \d+%$"))
    page.keyboard.press("ArrowRight")
    expect(page.locator(PLAY)).to_have_attribute("data-step", "3")
    expect(graph).to_be_focused()
    expect(graph).to_have_attribute("aria-valuenow", "3")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect(page.locator(PLAY)).to_have_attribute("data-step", "1")
    expect(graph).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.locator(PLAY)).to_have_attribute("data-step", "2")
    # The graph's points (drawn once, not on every step) follow the language.
    point = page.locator(".graph-point[data-step='2'] title")
    expect(point).to_have_text(re.compile(r"^Move 2: "))
    page.click("button[data-lang='ja']")
    expect(point).to_have_text(re.compile(r"^2手目："))
    page.click("button[data-lang='en']")
    expect(point).to_have_text(re.compile(r"^Move 2: "))
    # Kept with the save: reopened, it is there without running again.
    saved = json.loads(page.evaluate("localStorage.getItem('ff:save:done')"))
    assert len(saved["analysis"]["r"]) == decisions
    page.click("[data-act='lobby']")
    page.click("[data-save='done'] [data-act='review']")
    expect(panel).to_contain_text(f"All {decisions} moves studied.")
    expect(page.locator(".graph-point")).to_have_count(decisions)
    expect(page.locator("[data-act='analysis-start']")).to_have_count(0)


def studied(page: Page, where: str) -> int:
    """How many decisions the study did in the workers, or on the page."""
    return int(page.locator("html").get_attribute(f"data-analysis-{where}") or 0)


def test_the_study_on_the_page_runs_in_slices_and_gives_the_workers_verdicts(
    ready_page: Page, site_url: str
) -> None:
    page = ready_page
    record = finished_record("fools-field", seed=7, resign_after=6)
    decisions = len(Replay(record).decisions())
    verdicts = []
    for workers in ("load", "cannot load"):
        if workers == "cannot load":
            page.route("**/computer-worker.mjs", lambda route: route.abort())
        page.goto(site_url)
        wait_ready(page)
        review(page, record)  # a save without its study
        page.click("[data-act='analysis-start']")
        expect(page.locator("html")).to_have_attribute("data-analysis", "done", timeout=180_000)
        saved = json.loads(page.evaluate("localStorage.getItem('ff:save:done')"))
        verdicts.append(saved["analysis"]["r"])
    # Where no worker could load, the page studied every decision itself, in slices.
    assert studied(page, "page") == decisions and studied(page, "worker") == 0
    assert int(page.locator("html").get_attribute("data-analysis-slices")) > decisions
    assert len(verdicts[0]) == decisions and verdicts[0] == verdicts[1]


def test_the_study_can_be_stopped_and_resumed(ready_page: Page) -> None:
    page = ready_page
    record = finished_record("fools-field", seed=8)
    review(page, record)
    page.click("[data-act='analysis-start']")
    panel = page.locator("#analysis")
    page.wait_for_function("() => Number(document.querySelector('#analysis').dataset.done) >= 1")
    page.click("[data-act='analysis-stop']")
    expect(page.locator("html")).to_have_attribute("data-analysis", "stopped")
    done = int(panel.get_attribute("data-done"))
    expect(page.locator("[data-act='analysis-start']")).to_have_text("Continue the study")
    saved = json.loads(page.evaluate("localStorage.getItem('ff:save:done')"))
    assert len(saved["analysis"]["r"]) >= done >= 1
    # The page answers while nothing runs, and the study goes on from where it stopped.
    page.keyboard.press("Home")
    expect(page.locator(PLAY)).to_have_attribute("data-step", "0")
    page.click("[data-act='analysis-start']")
    page.wait_for_function(
        f"() => Number(document.querySelector('#analysis').dataset.done) > {done}"
    )
    page.click("[data-act='analysis-stop']")


def test_a_hint_during_a_game_is_shown_and_the_log_says_so(ready_page: Page) -> None:
    from test_fools_field_play import play_a_turn

    page = ready_page
    page.click("[data-act='new-game'][data-game='fools-field']")
    page.select_option("#seat-1", "random")
    page.select_option("#option-start", "A")
    page.click("[data-act='start']")
    assert settle(page) == "mine"
    # The game comes up again in a fresh page, as after a reload: the form began to boot a
    # worker for the computer it seated at first, before "random" was chosen, and that
    # worker may be ready by now on a quick machine or not on a slow one.
    page.reload()
    wait_ready(page)
    assert settle(page) == "mine"
    legal = page.locator("[data-act='pick'][aria-disabled='false']").count()
    page.click("[data-act='hint']")
    expect(page.locator("html")).to_have_attribute("data-hint", "shown")
    # A random computer boots no worker, and a hint never waits for one: the first is
    # studied on the page, and boots a worker for the next.
    expect(page.locator("html")).not_to_have_attribute("data-computer-early", "taken")
    expect(page.locator("html")).to_have_attribute("data-hint-where", "page")
    moves = page.locator(".hint-moves li")
    assert moves.count() >= legal >= 1
    expect(moves.first).to_contain_text("%")
    expect(moves.first).to_have_class("best")
    # The board marks where the best move goes, as the view's choices make it: its card
    # in my hand and its cell, each with a star and its name's last words.
    view = saved_record(page).replay().view(0)
    picks = dict(picks_of(view["choices"], moves.first.get_attribute("data-action")))
    cell = page.locator(".ff-cell.hinted")
    expect(cell).to_have_count(1)
    expect(cell).to_have_attribute("data-index", picks["cell"])
    expect(cell).to_have_attribute(
        "aria-label", re.compile(r"^Row 2, column 2: .*, the hint's move$")
    )
    cards = page.locator(".ff-card.hinted")
    assert cards.count() >= 1
    assert {card.get_attribute("data-card") for card in cards.all()} == {picks["card"]}
    expect(page.locator(".hinted .hint-star")).to_have_count(cards.count() + 1)
    # Each move reads as advice, not as the log's past: "Deploy ... in the centre.".
    expect(moves.first).to_contain_text(re.compile(r"Deploy .* in the centre\."))
    expect(page.locator(".hint-moves")).not_to_contain_text("You deployed")
    expect(moves.first.locator(".log-card")).to_have_count(1)
    page.click("button[data-lang='ja']")
    expect(moves.first).to_contain_text("を中央に配置する。")
    expect(cell).to_have_attribute("aria-label", re.compile(r"、ヒントの手$"))
    expect(page.locator(".hint-moves")).not_to_contain_text("しました")
    page.click("button[data-lang='en']")
    expect(moves.first).to_contain_text("Deploy")
    expect(page.locator(".log")).to_contain_text("You asked the computer for hints in this game.")
    saved = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('ff:save:'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).record)"
    )
    assert " hints=A " in saved[0].split("\n")[0] + " "
    screenshot(page, "hint")
    expect(page.locator("html")).to_have_attribute("data-computer-worker", "ready")
    play_a_turn(page)
    assert settle(page) == "mine"
    expect(page.locator(".hinted")).to_have_count(0)  # the hint was for the move made
    page.click("[data-act='hint']")
    expect(page.locator(".hint-moves li").first).to_have_class("best")
    expect(page.locator("html")).to_have_attribute("data-hint-where", "worker")
    # It ends with the game, and the review says so too.
    page.click("[data-act='resign']")
    page.click("dialog[open] button[value='yes']")
    expect(page.locator(".play[data-turn='over']")).to_be_visible()
    page.click("[data-act='review-game']")
    expect(page.locator(".moves li[data-step='0']")).to_contain_text(
        "You asked the computer for hints in this game."
    )


def test_a_shared_positions_past_replays_only_what_its_sharer_saw(
    ready_page: Page, new_context
) -> None:
    from test_fools_field_play import play_a_turn
    from test_share import CARD, hidden_from_a, open_share_dialog, saved_state

    page = ready_page
    page.click("[data-act='new-game'][data-game='fools-field']")
    page.select_option("#seat-1", "random")
    page.select_option("#option-start", "A")
    page.click("[data-act='start']")
    settle(page)
    for _ in range(2):
        play_a_turn(page)
        assert settle(page) == "mine"
    state = saved_state(page)
    url = open_share_dialog(page)
    other = new_context().new_page()
    other.goto(url)
    wait_ready(other)
    other.click("[data-act='replay-shared']")
    board = other.locator(PLAY)
    expect(board).to_have_attribute("data-viewpoint", "a")
    expect(other.locator("#replay-viewpoint")).to_have_count(0)
    last = int(board.get_attribute("data-last"))
    assert last == sum(1 for seat, _ in state.history if seat >= 0)
    hidden = hidden_from_a(state)
    for step in range(last, -1, -1):
        expect(board).to_have_attribute("data-step", str(step))
        html = other.locator("#screen").evaluate("el => el.outerHTML")
        assert not set(CARD.findall(html)) & hidden
        other.keyboard.press("ArrowLeft")
    expect(other.locator("[data-act='analysis-start']")).to_have_count(0)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_the_replay_fits_a_phone(phone_page: Page, game_id: str) -> None:
    """No horizontal overflow on a phone, through every viewpoint, the study's graph shown.
    (A mobile browser widens its layout to fit wide content, so innerWidth is checked
    against the phone's own width too.)"""
    width = PHONE["viewport"]["width"]
    page = phone_page
    review(page, finished_record(game_id, seed=9, resign_after=6))
    page.click("[data-act='analysis-start']")
    expect(page.locator("html")).to_have_attribute("data-analysis", "done", timeout=180_000)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    for code in page.locator("#replay-viewpoint option").evaluate_all(
        "options => options.map(o => o.value)"
    ):
        page.select_option("#replay-viewpoint", code)
        expect(page.locator(PLAY)).to_have_attribute("data-viewpoint", code)
        sizes = page.evaluate(
            "[document.documentElement.scrollWidth, innerWidth, document.body.scrollWidth]"
        )
        assert sizes[0] <= sizes[1] and sizes[1] == width and sizes[2] <= width, (code, sizes)
        assert unworded_keys(page) == [], code
    screenshot(page, f"replay-{game_id}-phone")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_screenshots(browser, site_url: str, lang: str, phone: bool) -> None:
    context = browser.new_context(**(PHONE if phone else {}), service_workers="block")
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    page.click(f"button[data-lang='{lang}']")
    record = finished_record("cloth-of-gold", seed=9, resign_after=8)
    review(page, record)
    page.click("[data-act='analysis-start']")
    expect(page.locator("html")).to_have_attribute("data-analysis", "done", timeout=180_000)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.select_option("#replay-viewpoint", "all")
    expect(page.locator(PLAY)).to_have_attribute("data-viewpoint", "all")
    point = "^2手目：" if lang == "ja" else "^Move 2: "
    expect(page.locator("svg.graph")).to_have_attribute("aria-valuetext", re.compile(point))
    screenshot(page, f"replay-{'phone' if phone else 'desktop'}-{lang}")
    context.close()


def test_a_study_kept_with_a_save_that_names_no_legal_move_is_passed_over(
    ready_page: Page,
) -> None:
    """A save is read as hostile: a verdict whose preferred move is not a move of that
    position is shown as nothing studied there (nor drawn on the graph, nor counted as
    studied), and the rest of the study still shows."""
    from pygames.analysis import ITERATIONS, VERSION, moves_in_words

    page = ready_page
    record = finished_record("game-of-fields", seed=7, resign_after=6)
    replay = Replay(record)
    damaged, kept = replay.decisions()[:2]
    legal = replay.state(kept.step - 1).legal_actions(kept.seat)
    other = next(action for action in legal if action != kept.action)
    verdicts = [
        [damaged.step, 0.5, 0.4, "not a move", 0.6, "", 0],
        [kept.step, 0.5, 0.3, other, 0.7, "mistake", 0],
    ]
    put_save(page, record, analysis={"v": VERSION, "it": ITERATIONS, "r": verdicts})
    page.reload()
    wait_ready(page)
    page.click("[data-save='done'] [data-act='review']")
    current = page.locator(".analysis-current")
    page.locator(f".moves li[data-step='{kept.step}'] button").click()
    expect(current).to_contain_text("Chance to win for")
    # The preferred move reads as advice (a step of a move: "Go on to hex 5.").
    advice = moves_in_words(replay.state(kept.step - 1), kept.seat, [other], "en")[other]
    expect(page.locator(".analysis-best")).to_contain_text(
        "".join(part if isinstance(part, str) else part["text"] for part in advice)
    )
    page.locator(f".moves li[data-step='{damaged.step}'] button").click()
    expect(current).to_have_text("Nothing studied at this move.")
    expect(page.locator("#message")).to_be_empty()
    expect(page.locator(f".graph-point[data-step='{kept.step}']")).to_have_count(1)
    expect(page.locator(f".graph-point[data-step='{damaged.step}']")).to_have_count(0)
    expect(page.locator(".graph-point")).to_have_count(1)
    expect(page.locator("#analysis")).to_have_attribute("data-done", "1")


# Where each board draws a pick of its game: a place, a card in hand or a button.
PICKED_ELEMENTS = {
    "fools-field": {
        "card": ".ff-card.hinted[data-card='{}']",
        "cell": ".ff-cell.hinted[data-index='{}']",
    },
    "fools": {
        "card": ".hand-card.hinted[data-card='{}']",
        "slot": ".slot.hinted[data-slot='{}']",
        "action": "[data-act='{}'].hinted",
        "bearer": ".bearer.hinted[data-bearer='{}']",
    },
    "game-of-fields": {
        "pawn": ".gof-hex.hinted[data-hex='{}']",
        "hex": ".gof-hex.hinted[data-hex='{}']",
        "action": "[data-act='gof-action'].hinted[data-name='{}']",
    },
    "cloth-of-gold": {
        "oval": ".cog-oval.hinted[data-oval='{}']",
        "token": ".cog-oval.hinted[data-oval='{}']",  # a token is picked by the oval it is on
    },
}


# The positions tested, by game: where each of my choices makes a pick of a kind (a
# place on the table), or where I may play an action (one that goes to a place it does
# not pick: a City goes where the Queen stands).
HINT_CASES = [
    ("fools", "slot"),
    ("game-of-fields", "hex"),
    ("cloth-of-gold", "token"),
    ("game-of-fields", "city"),
]


def a_turn_of_mine(game_id: str, wanted: str, seed: int = 1) -> Record:
    """A game against a random computer played at random until I (A) am to act, with
    more than one choice, after a few moves: each choice makes a pick of the kind
    `wanted`, or one of them is the action `wanted`."""
    state = GAMES[game_id].new_state(2, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        choices = state.view(0)["choices"]
        options = choices["options"] if seat == 0 and choices else []
        picked = all(wanted in dict(option["picks"]) for option in options)
        offered = any(option["action"] == wanted for option in options)
        if len(options) > 1 and len(state.history) > 8 and (picked or offered):
            record = Record.new(game_id, ["human", "random"])
            record.actions = list(state.history)
            return record
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no game reached the position wanted")


@pytest.mark.parametrize(("game_id", "wanted"), HINT_CASES)
def test_the_hint_marks_where_its_move_goes_on_every_board(
    ready_page: Page, site_url: str, game_id: str, wanted: str
) -> None:
    """Every pick of the hint's best move, as the view's choices make it, and every place
    it goes to on the table are marked on the board (a star and the words "the hint's
    move"), and nothing else is."""
    page = ready_page
    page.goto(site_url + "#" + a_turn_of_mine(game_id, wanted).to_link_fragment())
    wait_ready(page)
    assert settle(page) == "mine"
    expect(page.locator(".hinted")).to_have_count(0)
    page.click("[data-act='hint']")
    best = page.locator(".hint-moves li.best")
    expect(best).to_have_count(1)
    state, action = saved_record(page).replay(), best.get_attribute("data-action")
    picks = picks_of(state.view(0)["choices"], action)
    assert picks
    hinted = picks + state.goes_to(0, action)  # and where it goes on the table
    places = {PICKED_ELEMENTS[game_id][kind].format(value) for kind, value in hinted}
    for place in places:
        marked = page.locator(place)
        expect(marked).to_have_count(1)
        expect(marked).to_have_accessible_name(re.compile(r"the hint's move"))
    expect(page.locator(".hinted")).to_have_count(len(places))
    page.click("button[data-lang='ja']")
    for place in places:
        marked = page.locator(place)
        expect(marked).to_have_accessible_name(re.compile(r"ヒントの手"))
    screenshot(page, f"hint-{game_id}-{wanted}-ja")
    page.set_viewport_size(PHONE["viewport"])
    page.click("button[data-lang='en']")
    expect(page.locator(".hinted")).to_have_count(len(places))
    screenshot(page, f"hint-{game_id}-{wanted}-phone")


# ----- the replay's headline and the study on the board -----


def test_the_headline_tells_a_step_of_a_longer_move_as_the_move_list_does(
    ready_page: Page,
) -> None:
    """A Game of Fields move is several picks, and a step writes no line of its own: the
    headline says what it picked, in the move list's words, in both languages; a step
    that wrote lines says the first of them, as the move list does."""
    page = ready_page
    record = finished_record("game-of-fields", seed=7, resign_after=6)
    replay = Replay(record)
    last = replay.last
    unlogged = next(
        step
        for step in range(1, last + 1)
        if not replay.log(step, 0) and replay.move(step)[1].startswith("g")
    )
    logged = next(step for step in range(1, last + 1) if replay.log(step, 0))
    seat, action = replay.move(unlogged)
    hex_number = int(action[1:]) + 1
    review(page, record)
    status = page.locator("#status p").first
    page.locator(f".moves li[data-step='{unlogged}'] button").click()
    told = f"{NAMES[seat]} went on to hex {hex_number}."
    expect(status).to_have_text(f"Move {unlogged} of {last}: {told}")
    expect(page.locator(f".moves li[data-step='{unlogged}']")).to_contain_text(told)
    page.click("button[data-lang='ja']")
    expect(status).to_have_text(
        re.compile(rf"^{last}手中{unlogged}手目：.+がヘクス{hex_number}へ進みました。$")
    )
    page.click("button[data-lang='en']")
    page.locator(f".moves li[data-step='{logged}'] button").click()
    first_line = page.locator(f".moves li[data-step='{logged}'] .move-words .line").first
    expect(status).to_have_text(f"Move {logged} of {last}: {first_line.inner_text()}")
    expect(status).not_to_contain_text("played.")


def a_preferred_move(replay: Replay, seat: int, wanted) -> tuple[int, str]:
    """The first decision of `seat` where it could have made a move `wanted` picks out
    (another than the one made): its step, and that move."""
    for decision in replay.decisions():
        if decision.seat != seat:
            continue
        before = replay.state(decision.step - 1)
        for action in before.legal_actions(seat):
            if action != decision.action and wanted(action, decision.action):
                return decision.step, action
    raise AssertionError(f"no decision of seat {seat} with the move wanted")


def castling(action: str, made: str) -> bool:
    return action.startswith("c")


def another_card_elsewhere(action: str, made: str) -> bool:
    """A deployment of another card on another space than the one made."""
    if "@" not in action or "@" not in made:
        return False
    return all(a != b for a, b in zip(action.split("@"), made.split("@"), strict=True))


STUDY_MARK_CASES = {"game-of-fields": castling, "fools-field": another_card_elsewhere}


@pytest.mark.parametrize("game_id", sorted(STUDY_MARK_CASES))
def test_the_study_marks_its_preferred_move_on_the_board_of_the_seat_that_chose(
    ready_page: Page, game_id: str
) -> None:
    """A studied game's replay marks, at each move, the move the computer preferred, as a
    hint's move is marked in play (a violet ring, a star; its words "the computer's
    preferred move", as the study's panel says, not "the hint's move"), on the
    board of the seat that chose it (its hand, its side of the table) and on no other:
    another seat's board would show where cards it never saw would go. A castling is
    marked on both hexes it swaps."""
    from pygames.analysis import ITERATIONS, VERSION, preferred_places

    page = ready_page
    record = finished_record(game_id, seed=7, resign_after=6)
    replay = Replay(record)
    preferred = [a_preferred_move(replay, seat, STUDY_MARK_CASES[game_id]) for seat in (0, 1)]
    verdicts = [[step, 0.5, 0.3, best, 0.7, "mistake", 0] for step, best in preferred]
    put_save(page, record, analysis={"v": VERSION, "it": ITERATIONS, "r": verdicts})
    page.reload()
    wait_ready(page)
    page.click("[data-save='done'] [data-act='review']")
    expect(page.locator("#analysis")).to_have_attribute("data-done", "2")
    for step, best in preferred:
        page.locator(f".moves li[data-step='{step}'] button").click()
        expect(page.locator(PLAY)).to_have_attribute("data-step", str(step))
        for code, board_seat in (("a", 0), ("b", 1), ("all", 0)):  # all: seen from my side
            page.select_option("#replay-viewpoint", code)
            expect(page.locator(PLAY)).to_have_attribute("data-viewpoint", code)
            places = preferred_places(replay, step, best, board_seat)
            drawn = {  # a replay's board draws no buttons of actions to take
                PICKED_ELEMENTS[game_id][kind].format(value)
                for kind, value in places
                if kind != "action"
            }
            if replay.mover(step) == board_seat:
                assert drawn, (step, best)
            for place in drawn:
                marked = page.locator(place)
                expect(marked.first).to_have_accessible_name(
                    re.compile("the computer's preferred move")
                )
                expect(marked.first.locator(".hint-star")).to_have_count(1)
            total = sum(page.locator(place).count() for place in drawn)
            expect(page.locator(".hinted")).to_have_count(total)
        if game_id == "game-of-fields":
            page.select_option("#replay-viewpoint", "ab"[replay.mover(step)])
            before = replay.state(step - 1)
            queen, prince = before.queens[replay.mover(step)], int(best[1:])
            for hex_id in (queen, prince):  # where she stood and where he stood
                expect(page.locator(f".gof-hex.hinted[data-hex='{hex_id}']")).to_have_count(1)
    step, _ = preferred[0]
    page.locator(f".moves li[data-step='{step}'] button").click()
    page.select_option("#replay-viewpoint", "ab"[replay.mover(step)])
    expect(page.locator(".hinted").first).to_be_visible()
    screenshot(page, f"replay-{game_id}-preferred")
    page.locator(".moves li[data-step='0'] button").click()
    expect(page.locator(".hinted")).to_have_count(0)  # nothing studied before the first move
