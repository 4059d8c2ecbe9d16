"""Strength and speed of the computer opponents: python tools/bench_ai.py [--games 200]

Plays each pairing with seats alternated (a shared win counts its share), on
two processes, then measures search iterations per second in CPython and, if
Node and node_modules/pyodide are present, in Pyodide (tools/bench_ai_pyodide.mjs).

A game for more than two players also plays its larger tables: the first bot
in one seat (rotating) against the second bot in every other seat, with a
target in multiples of a fair share (1 / seats).

`cheat` is a yardstick, never a level (`pygames.ai.yardstick`): Hard's search and
budget shown the true state. Each score is printed with its standard error.
"""

from __future__ import annotations

import argparse
import math
import shutil
import statistics
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import GAMES  # noqa: E402
from pygames.ai.bench import rates_line  # noqa: E402
from pygames.ai.yardstick import MORE_SEARCH, CheatingBot, MoreSearchBot  # noqa: E402
from pygames.ai.yardstick import NAME as CHEAT  # noqa: E402
from pygames.bots import make_bot, play_out  # noqa: E402

PAIRINGS = [
    ("hard", "random", 0.90),
    ("hard", "greedy", 0.70),
    ("normal", "greedy", 0.50),
    ("hard", CHEAT, 0.40),
]
# Probes, played only when --only names them: Hard with 2, 4 or 8 times its budget against
# the yardstick (if it scores about what Hard does, what Hard lacks is information).
PROBES = [(f"{MORE_SEARCH}{times}", CHEAT, 0.40) for times in (2, 4, 8)]
# At each table of more than two: (first, second, target as multiples of a fair share).
TABLE_PAIRINGS = [("hard", "random", 2.0), ("hard", "greedy", 1.0)]


def play_one(job: tuple[str, str, str, int, int]) -> float:
    """The first bot's score in one game; its seat moves round the table from game to game."""
    game_id, first, second, seats, number = job
    state = GAMES[game_id].new_state(seats, number)
    mine = number % seats
    names = [first if seat == mine else second for seat in range(seats)]
    bots = [bot(name, number * 31 + seat) for seat, name in enumerate(names)]
    return play_out(state, bots).result()[mine]


def bot(name: str, seed: int):
    if name.startswith(MORE_SEARCH):
        return MoreSearchBot(seed, int(name.removeprefix(MORE_SEARCH)))
    return CheatingBot(seed) if name == CHEAT else make_bot(name, seed)


def pairings(game_id: str) -> list[tuple[str, str, int, float]]:
    game = GAMES[game_id]
    found = [(first, second, game.min_seats, target) for first, second, target in PAIRINGS + PROBES]
    for seats in range(max(3, game.min_seats), game.max_seats + 1):
        found += [(first, second, seats, share / seats) for first, second, share in TABLE_PAIRINGS]
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="fools-field", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument(
        "--only",
        action="append",
        metavar="FIRST-SECOND[-SEATS]",
        help="play only this pairing, e.g. hard-greedy, hard-greedy-4 or a probe such as "
        "hard×8-cheat (repeatable)",
    )
    parser.add_argument("--no-speed", action="store_true", help="skip the iterations/s part")
    args = parser.parse_args()
    print(f"{args.game}: {args.games} games per pairing, seats alternated, shared wins split")
    print(f"{'pairing':26} {'score':>9} {'share':>6} {'± s.e.':>7} {'target':>7}  time")
    with Pool(args.processes) as pool:
        for first, second, seats, target in pairings(args.game):
            asked = args.only and chosen(args.only, first, second, seats)
            if not asked and (args.only or (first, second, target) in PROBES):
                continue  # a probe plays only when asked for
            start = time.perf_counter()
            jobs = [(args.game, first, second, seats, n) for n in range(args.games)]
            scores = pool.map(play_one, jobs, chunksize=4)
            score = sum(scores)
            share = score / args.games
            error = statistics.stdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 0
            strict = target <= 1 / seats  # above a fair share, else at least the target
            verdict = "ok" if (share > target if strict else share >= target) else "MISSED"
            others = second if seats == 2 else f"{seats - 1}×{second}"
            print(
                f"{first + ' vs ' + others:26} {score:>6.1f}/{args.games:<3} {share:6.1%} "
                f"{error:>7.1%} "
                f"{'>' if strict else '≥'}{target:4.0%} {verdict}  "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )
    if not args.no_speed:
        print(f"CPython {sys.version.split()[0]}: {rates_line(args.game)}")
        print(pyodide_line(args.game))
    return 0


def chosen(only: list[str], first: str, second: str, seats: int) -> bool:
    """Whether `--only` names this pairing (without a seat count: at any table)."""
    return any(name in (f"{first}-{second}", f"{first}-{second}-{seats}") for name in only)


def pyodide_line(game_id: str) -> str:
    script = ROOT / "tools" / "bench_ai_pyodide.mjs"
    if not shutil.which("node"):
        return "Pyodide: skipped (no node)"
    done = subprocess.run(
        ["node", str(script), game_id], capture_output=True, text=True, cwd=ROOT, check=False
    )
    return (done.stdout or done.stderr).strip()


if __name__ == "__main__":
    sys.exit(main())
