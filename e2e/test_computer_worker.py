"""The computer thinking in its own workers: three Hard computers at a 4-seat Fools!
table answer from two workers (each searching one part of every decision), the page
answers a keypress while they think, and their secret Standard Bearers are searched at
once, each choice the one searched alone would be.

The workers boot in the background, one after the other, when the new-game form or a
game seats a searching computer (web/computer.py); until one is ready the page searches
itself in slices
(e2e/test_computer_turns.py). Where each decision was searched is counted on
<html> (``data-think-worker-count``, ``data-think-page-count``), and a watcher in
the page notes what the status line said when a keypress opened the share dialog.
"""

from __future__ import annotations

import itertools
import json

from conftest import hold_the_computer, moves, run_python, settle, wait_ready
from playwright.sync_api import Page, expect
from test_fools_play import new_link, open_link, play_a_step, saved_record
from test_shell import put_save

from pygames import GAMES
from pygames.ai.offload import workers_for
from pygames.bots import decision_seed, make_bot
from pygames.core import CHANCE
from pygames.record import Record

# Two workers (`offload.workers_for`): one per part of a Hard decision.
AS_IF_THREE_CORES = (
    "Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 3 });"
)
TWO_WORKERS_READY = "html[data-computer-worker='ready'][data-computer-workers='2']"
FOURS = ["human", "hard", "hard", "hard"]
THINKING = "#status.thinking"
# When a dialog opens, note whether the computer was thinking at that moment.
WATCH_DIALOG = """() => {
  window.__dialogOpenedWhile = null;
  new MutationObserver(() => {
    if (window.__dialogOpenedWhile === null && document.querySelector("dialog[open]")) {
      window.__dialogOpenedWhile = document.querySelector("#status.thinking") ? "thinking" : "idle";
    }
  }).observe(document, { attributes: true, childList: true, subtree: true });
}"""


def searched(page: Page, where: str) -> int:
    """How many decisions were searched in the worker, or on the page."""
    return int(page.get_attribute("html", f"data-think-{where}-count") or 0)


def computer_moves_since(page: Page, before: int) -> int:
    """How many of the record's actions after the first `before` a computer made."""
    actions = [(seat, action) for seat, action in saved_record(page).actions if seat != CHANCE]
    return sum(1 for seat, _ in actions[before:] if seat != 0)


def test_three_computers_think_in_two_workers_while_the_page_answers_a_key(
    page: Page, site_url: str
) -> None:
    assert workers_for(3, computers=3) == 2
    page.add_init_script(AS_IF_THREE_CORES)
    turn = open_link(page, site_url, new_link(FOURS, seed=4))
    page.wait_for_selector(TWO_WORKERS_READY, state="attached", timeout=300_000)
    for _ in range(20):  # my steps until one hands the turn to the computers
        assert turn == "mine"
        # A computer choosing at the same time as me may still be searching on the page,
        # begun before its worker was ready: count from when none is thinking.
        expect(page.locator(THINKING)).to_have_count(0)
        in_worker, on_page = searched(page, "worker"), searched(page, "page")
        played = len([1 for seat, _ in saved_record(page).actions if seat != CHANCE])
        page.evaluate(WATCH_DIALOG)
        # Held, the computers' first answer waits until the key has been pressed, however
        # fast their workers and however slow this page.
        hold_the_computer(page, True)
        play_a_step(page)
        if page.locator(".play").get_attribute("data-turn") == "mine":
            hold_the_computer(page, False)
            turn = "mine"
            continue
        # The computers think; the page answers a key at once.
        page.focus("[data-act='share']")
        page.keyboard.press("Enter")
        expect(page.locator("dialog[open]")).to_be_visible()
        assert page.evaluate("window.__dialogOpenedWhile") == "thinking"
        hold_the_computer(page, False)
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
        turn = settle(page, 120_000)
        by_computers = computer_moves_since(page, played)
        assert by_computers >= 1
        assert searched(page, "page") == on_page  # none searched on the page
        assert searched(page, "worker") - in_worker >= by_computers
        assert page.get_attribute("html", "data-think-where") == "worker"
        assert page.get_attribute("html", "data-think-workers") == "2"
        break
    else:
        raise AssertionError("no step of mine handed the turn to the computers")
    assert moves(page) > played


def play_until_the_computer_moved(page: Page, turn: str) -> None:
    while turn == "mine":
        play_a_step(page)
        turn = settle(page, 60_000)
        if computer_moves_since(page, 0):
            break
    assert computer_moves_since(page, 0) >= 1, "the computer never moved"


def test_a_table_whose_computers_do_not_search_boots_no_worker(page: Page, site_url: str) -> None:
    turn = open_link(page, site_url, new_link(["human", "random"], seed=3))
    play_until_the_computer_moved(page, turn)
    assert page.get_attribute("html", "data-computer-worker") is None


def started_with_the_worker_ready(page: Page, shown: str, start: str) -> None:
    """Once a worker is ready, while `shown` is still on screen (it was booted there), click
    `start`: the computer, who acts first, decides in the worker, never on the page."""
    page.wait_for_selector("html[data-computer-worker='ready']", state="attached", timeout=300_000)
    expect(page.locator(shown)).to_be_visible()
    page.click(start)
    assert settle(page, 120_000) == "mine"
    assert computer_moves_since(page, 0) >= 1
    assert searched(page, "page") == 0
    assert searched(page, "worker") >= 1


def test_the_new_game_form_boots_the_worker_so_the_first_decision_is_searched_there(
    ready_page: Page,
) -> None:
    """A worker takes seconds to boot on a phone: the form boots it for the computers it
    seats, so a game started from it finds the worker ready (here the computer starts)."""
    page = ready_page
    assert page.get_attribute("html", "data-computer-worker") is None  # not in the lobby
    page.click("[data-act='new-game'][data-game='fools-field']")
    page.select_option("#seat-1", "hard")
    page.select_option("#option-start", "B")
    started_with_the_worker_ready(page, "form.new-game", "[data-act='start']")
    # A hint on my turn is studied by the same worker.
    page.click("[data-act='hint']")
    expect(page.locator("html")).to_have_attribute("data-hint", "shown", timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-hint-where", "worker")
    expect(page.locator(".hint-moves li").first).to_contain_text("%")


def test_the_lobby_boots_the_worker_for_the_game_in_progress_against_a_searching_computer(
    ready_page: Page,
) -> None:
    """The lobby boots the worker for the newest game in progress that seats a searching
    computer, so on Resume its first decision is searched there (the computer starts);
    a finished game, or a game in progress against a random computer, boots none."""
    page = ready_page
    finished = Record.dealt("fools-field", ["human", "hard"], {"start": "B"}, seed=4)
    finished.actions.append((0, "resign"))
    put_save(page, finished, over=True)
    page.reload()
    wait_ready(page)
    put_save(page, Record.dealt("fools-field", ["human", "random"], seed=4), over=False)
    page.reload()
    wait_ready(page)
    expect(page.locator("[data-save='done'] [data-act='resume']")).to_be_visible()
    page.wait_for_selector("html[data-preloaded]", state="attached")
    assert page.get_attribute("html", "data-computer-worker") is None
    put_save(page, Record.dealt("fools-field", ["human", "hard"], {"start": "B"}, 4), over=False)
    page.reload()
    wait_ready(page)
    started_with_the_worker_ready(page, "#lobby", "[data-save='done'] [data-act='resume']")


# Every computer worker the page makes, with the time it was made (web/computer-worker.mjs).
COUNT_WORKERS = """
window.__computerWorkers = [];
const RealWorker = window.Worker;
window.Worker = function (url, options) {
  if (String(url).includes("computer-worker")) window.__computerWorkers.push(performance.now());
  return new RealWorker(url, options);
};
"""
AS_IF_FOUR_CORES = AS_IF_THREE_CORES.replace("=> 3", "=> 4")
READY_AT = "() => performance.getEntriesByName('ff-ready')[0]?.startTime ?? null"
NOTE_READY = """new MutationObserver((_, observer) => {
  if (document.documentElement?.hasAttribute("data-ready")) {
    performance.mark("ff-ready");
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true });"""


def reopen_by_address(page: Page, site_url: str, record: Record) -> None:
    """Save `record`, then open it by its address in a fresh page (as a reload does)."""
    page.goto(site_url)
    wait_ready(page)
    put_save(page, record, over=False)
    page.goto(site_url + "#g=done")
    page.reload()
    wait_ready(page)


def test_a_saved_game_opened_by_its_address_boots_its_worker_with_the_page(
    page: Page, site_url: str
) -> None:
    """On a device with cores to spare, the worker of a saved game opened by its address
    (a reload, a tab brought back) starts booting before the page's Python is ready, and
    the game takes it over: no other is made for it. A game that seats no searching
    computer stops it."""
    page.add_init_script(AS_IF_FOUR_CORES + COUNT_WORKERS + NOTE_READY)
    reopen_by_address(page, site_url, Record.dealt("fools-field", ["human", "random"], seed=4))
    expect(page.locator("html")).to_have_attribute("data-computer-early", "dropped")
    assert page.get_attribute("html", "data-computer-worker") is None
    hard = Record.dealt("fools-field", ["human", "hard"], {"start": "B"}, seed=4)
    reopen_by_address(page, site_url, hard)
    expect(page.locator("html")).to_have_attribute("data-computer-early", "taken")
    wanted = workers_for(4, computers=1)
    page.wait_for_selector(
        f"html[data-computer-worker='ready'][data-computer-workers='{wanted}']",
        state="attached",
        timeout=300_000,
    )
    made = page.evaluate("window.__computerWorkers")
    assert len(made) == wanted  # the early one, and the rest the table wants
    assert made[0] < page.evaluate(READY_AT)
    assert settle(page, 120_000) == "mine"
    assert computer_moves_since(page, 0) >= 1


def test_when_the_workers_cannot_load_the_page_searches_itself(page: Page, site_url: str) -> None:
    page.route("**/computer-worker.mjs", lambda route: route.abort())
    turn = open_link(page, site_url, new_link(["human", "easy"], seed=3))
    page.wait_for_selector("html[data-computer-worker='failed']", state="attached")
    play_until_the_computer_moved(page, turn)
    assert searched(page, "page") >= 1
    assert searched(page, "worker") == 0


def test_computers_choosing_at_once_search_at_once_and_choose_as_alone(
    page: Page, site_url: str
) -> None:
    """The three computers' Standard Bearers are searched at the same time (held until
    all three are under way, however fast the workers), my own choice meanwhile does not
    start them again, the status names all three, and each choice is the one its seat
    makes from the step's beginning with its own seed, as the page alone would find it."""
    page.add_init_script(AS_IF_THREE_CORES)
    open_link(page, site_url, new_link(FOURS, seed=4))  # boots the workers
    page.wait_for_selector(TWO_WORKERS_READY, state="attached", timeout=300_000)
    hold_the_computer(page, True)
    page.goto(site_url + "#" + new_link(FOURS, seed=6))  # a new game in this page
    page.wait_for_selector("html[data-most-thinking='3']", state="attached")
    # The first game's decisions are dropped by now; none of this game's is searched on the
    # page. (The workers' count is not compared: an answer is counted when it comes, which
    # may be before this line, the hold keeping only its move.)
    on_page = searched(page, "page")
    play_a_step(page)  # my Standard Bearer
    expect(page.locator("#status.thinking")).to_contain_text("are thinking")
    hold_the_computer(page, False)
    page.wait_for_function("() => Number(document.querySelector('.play')?.dataset.moves) >= 4")
    dealt = GAMES["fools"].new_state(4, 6)
    bearers = {}
    for seat, action in saved_record(page).actions[len(dealt.history) :]:
        if action.startswith("bearer:"):
            bearers.setdefault(seat, action)
    assert sorted(bearers) == [0, 1, 2, 3]
    assert searched(page, "page") == on_page
    assert page.get_attribute("html", "data-think-where") == "worker"
    bot_seed = saved_bot_seed(page)
    for seat in (1, 2, 3):
        seed = decision_seed(bot_seed, len(dealt.history), seat)
        assert bearers[seat] == make_bot("hard", seed).choose(dealt.clone(), seat)


def saved_bot_seed(page: Page) -> int:
    save_id = page.url.split("#g=", 1)[1]
    text = page.evaluate("id => localStorage.getItem('ff:save:' + id)", save_id)
    return json.loads(text)["bot_seed"]


# Which browser task runs now: a number kept until the task's microtasks run (Pyodide runs
# every callback queued at once back to back in one task, with no microtask between them).
TASK_NUMBER = """() => {
  window.__tasks = 0;
  window.__task = 0;
  window.__drawn = [];
  window.__taskNumber = () => {
    if (!window.__task) {
      window.__task = ++window.__tasks;
      queueMicrotask(() => { window.__task = 0; });
    }
    return window.__task;
  };
}"""
# Notes, in order, the task of each screen worked out ("draw") and shown ("show", or
# "show-later" for a computer's move, shown in a later task than it was worked out in), and
# of each status redrawn for a computer that begins to think.
NOTE_DRAWS = """
import functools, js
from web.play import PlayScreen

def noting(name, draw):
    @functools.wraps(draw)
    def noted(*args, **kwargs):
        later = "-later" if kwargs.get("or_whole") is False else ""
        js.window.__drawn.push(f"{js.window.__taskNumber()} {name}{later}")
        return draw(*args, **kwargs)
    return noted

PlayScreen.draw = noting("draw", PlayScreen.draw)
PlayScreen.show = noting("show", PlayScreen.show)
PlayScreen.redraw_status_only = noting("status", PlayScreen.redraw_status_only)
"""


def test_a_computers_move_is_drawn_apart_from_the_next_computers_status(
    page: Page, site_url: str
) -> None:
    """Drawing a computer's move is the page's longest task while the computers play: it is
    worked out in one task and put on the screen in the next, and the statuses of the
    computers that then begin to think (and their set-ups) come in tasks of their own."""
    page.add_init_script(AS_IF_THREE_CORES)
    turn = open_link(page, site_url, new_link(FOURS, seed=4))
    page.wait_for_selector(TWO_WORKERS_READY, state="attached", timeout=300_000)
    page.evaluate(TASK_NUMBER)
    run_python(page, NOTE_DRAWS)

    def drawn() -> list[tuple[int, str]]:
        notes = page.evaluate("window.__drawn")
        return [(int(task), name) for task, name in (note.split() for note in notes)]

    def status_after_a_move(notes: list[tuple[int, str]]) -> bool:
        pairs = itertools.pairwise(name for _, name in notes)
        return ("show-later", "status") in pairs

    for _ in range(20):  # my steps until the computers moved one after another
        if turn == "mine":
            play_a_step(page)
        turn = settle(page, 120_000)
        if status_after_a_move(drawn()):
            break
    notes = drawn()
    assert status_after_a_move(notes), notes
    # (a person's move is drawn whole in one task, perhaps between the two of a computer's)
    at_once = {task for task, name in notes if name == "show"}
    at_once -= {task for task, name in notes if name == "show-later"}
    apart = [(task, name) for task, name in notes if task not in at_once or name == "status"]
    moves_drawn = set()
    for (worked_out, first), (shown, then) in itertools.pairwise(apart):
        if then == "show-later":
            assert first == "draw" and worked_out != shown, notes
            moves_drawn |= {worked_out, shown}
    statuses = {task for task, name in notes if name == "status"}
    assert not moves_drawn & statuses, notes
