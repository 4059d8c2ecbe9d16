"""How long a new game's first computer move takes, as a phone would feel it:
python tools/bench_first_move.py [--cpu-throttle 4] [--form-seconds 3] [--runs 3] [--game ID]
                                 [--cores 8] [--way form|lobby|link]

The computer's worker (its own Python) takes seconds to boot on a phone, and until it is
ready the page searches the computer's decisions itself, more slowly. For each game, at
two seats (a Hard computer in seat A, who acts first, and a person in seat B), in headless
Chromium (the built site, served locally, a fresh browser context each run), three ways in:

- "form": the lobby, then the new-game form, where the person spends `--form-seconds`
  before Start; the form boots the worker meanwhile (web/new_game.py).
- "lobby": the same game saved, resumed from the lobby after `--form-seconds` there; the
  lobby boots the worker for the newest game in progress with a searching computer.
- "link": the same game opened straight from its address (a reload, a phone's tab brought
  back); on a device with 4 cores or more the worker boots beside the page's Python
  (web/early-pyodide.mjs), else only once the game shows.

The page sees `--cores` cores (default 8, as `./dev bench-ai-browser` does).

Printed per game and way in: the ms from Start (or from the game showing) to the
computer's first move on the board, median and max over the runs, for a link the ms from
the address opened to the game showing (median: the boot, which a worker booting beside
it may slow), and where each first decision was searched (worker or page). Chromium
cannot slow a worker down, so its boot here is at the machine's own speed: on a phone it
is slower (a worker booting beside the page's Python is then less often ready when the
game shows). Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import GAMES  # noqa: E402
from pygames.record import Record  # noqa: E402
from tools import chromium  # noqa: E402
from tools.bench_ai_browser import SAVE_ID, as_if_cores, seeded_save  # noqa: E402

LEVEL = "hard"
FIRST_MOVE = (
    "() => { const play = document.querySelector('.play');"
    " return play !== null && Number(play.dataset.moves) > 0; }"
)
SHOWN = "() => document.querySelector('.play') !== null"
WAYS = ("form", "lobby", "link")
WHERE = "document.documentElement.dataset.thinkWhere || '-'"


def seat_a_starts(game_id: str) -> dict[str, str]:
    """The options under which seat A acts first (the game's own rule where it has none)."""
    keys = {option.key for option in GAMES[game_id].options}
    return {"start": "A"} if "start" in keys else {}


def from_form(page, url: str, game_id: str, form_seconds: float) -> float:
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=300_000)
    page.click(f"[data-act='new-game'][data-game='{game_id}']")
    page.select_option("#seat-0", LEVEL)
    page.select_option("#seat-1", "human")
    for key, value in seat_a_starts(game_id).items():
        page.select_option(f"#option-{key}", value)
    page.wait_for_timeout(form_seconds * 1000)  # the person reads the form
    started = page.evaluate("performance.now()")
    page.click("[data-act='start']")
    page.wait_for_function(FIRST_MOVE, timeout=300_000, polling=20)
    return page.evaluate("performance.now()") - started


def from_lobby(page, url: str, form_seconds: float) -> float:
    page.goto(url)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=300_000)
    page.wait_for_timeout(form_seconds * 1000)  # the person reads the lobby
    started = page.evaluate("performance.now()")
    page.click(f"[data-save='{SAVE_ID}'] [data-act='resume']")
    page.wait_for_function(FIRST_MOVE, timeout=300_000, polling=20)
    return page.evaluate("performance.now()") - started


def from_link(page, url: str, game_id: str) -> tuple[float, float]:
    """(ms from the game showing to the first move, ms from the address opened to the game
    showing: the boot, which a worker booting beside it may slow)."""
    page.wait_for_function(SHOWN, timeout=300_000, polling=20)
    shown = page.evaluate("performance.now()")
    page.wait_for_function(FIRST_MOVE, timeout=300_000, polling=20)
    return page.evaluate("performance.now()") - shown, shown


def measure(
    browser, url: str, game_id: str, way: str, args, seed: int
) -> tuple[float, str, float | None]:
    context = browser.new_context()
    context.add_init_script(as_if_cores(args.cores, 1))
    if way in ("lobby", "link"):
        options = {**GAMES[game_id].default_options(), **seat_a_starts(game_id)}
        record = Record.dealt(game_id, [LEVEL, "human"], seed=seed, options=options)
        context.add_init_script(seeded_save(record))
    page = context.new_page()
    if args.cpu_throttle > 1:
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_throttle})
    shown = None
    if way == "link":
        page.goto(url + "#g=" + SAVE_ID)
        ms, shown = from_link(page, url, game_id)
    elif way == "lobby":
        ms = from_lobby(page, url, args.form_seconds)
    else:
        ms = from_form(page, url, game_id, args.form_seconds)
    where = page.evaluate(WHERE)
    context.close()
    return ms, where, shown


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cpu-throttle", type=float, default=4.0, metavar="N")
    parser.add_argument("--form-seconds", type=float, default=3.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cores", type=int, default=8, help="as the page sees them")
    parser.add_argument("--game", choices=sorted(GAMES), help="one game only")
    parser.add_argument("--way", choices=WAYS, help="one way in only")
    args = parser.parse_args(argv)
    print(
        f"{LEVEL} computer in seat A, acting first; headless Chromium, CPU throttled "
        f"{args.cpu_throttle:g}x, as if {args.cores} cores; "
        f"{args.form_seconds:g} s on the form or in the lobby"
    )
    print(f"{'game':<15} {'way in':<6} {'median':>6} {'max':>6}  {'shown at':>8}  searched in")
    with chromium.built_site_in_chromium() as (url, browser):
        for game_id in sorted(GAMES):
            if args.game not in (None, game_id):
                continue
            for way in WAYS:
                if args.way not in (None, way):
                    continue
                runs = [
                    measure(browser, url, game_id, way, args, seed) for seed in range(args.runs)
                ]
                times = [ms for ms, _, _ in runs]
                shown = [ms for _, _, ms in runs if ms is not None]
                boot = f"{statistics.median(shown):>8.0f}" if shown else f"{'-':>8}"
                where = ", ".join(place for _, place, _ in runs)
                print(
                    f"{game_id:<15} {way:<6} {statistics.median(times):>6.0f} "
                    f"{max(times):>6.0f}  {boot}  {where}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
