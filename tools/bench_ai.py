"""Strength and speed of the computer opponents: python tools/bench_ai.py [--games 200]

Plays each pairing with seats alternated (draws count half), on two processes,
then measures search iterations per second in CPython and, if Node and
node_modules/pyodide are present, in Pyodide (tools/bench_ai_pyodide.mjs).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import GAMES  # noqa: E402
from pygames.ai.bench import rates_line  # noqa: E402
from pygames.bots import make_bot  # noqa: E402

PAIRINGS = [("hard", "random", 0.90), ("hard", "greedy", 0.70), ("normal", "greedy", 0.50)]


def play_one(job: tuple[str, str, str, int]) -> float:
    """The first bot's score in one game; it takes seat B in odd-numbered games."""
    game_id, first, second, number = job
    state = GAMES[game_id].new_state(2, number)
    names = [first, second] if number % 2 == 0 else [second, first]
    bots = [make_bot(name, number * 31 + seat) for seat, name in enumerate(names)]
    while not state.is_over():
        for seat in state.to_act():
            state.apply(seat, bots[seat].choose(state, seat))
    return state.outcome()[number % 2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", default="fools-field", choices=sorted(GAMES))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.game}: {args.games} games per pairing, seats alternated, draws count ½")
    print(f"{'pairing':20} {'score':>9} {'share':>6} {'target':>7}  time")
    with Pool(args.processes) as pool:
        for first, second, target in PAIRINGS:
            start = time.perf_counter()
            jobs = [(args.game, first, second, n) for n in range(args.games)]
            score = sum(pool.map(play_one, jobs, chunksize=4))
            share = score / args.games
            verdict = "ok" if share >= target else "MISSED"
            print(
                f"{first + ' vs ' + second:20} {score:>5g}/{args.games:<3} {share:6.1%} "
                f"{'≥' if target > 0.5 else '>'}{target:4.0%} {verdict}  "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )
    print(f"CPython {sys.version.split()[0]}: {rates_line(args.game)}")
    print(pyodide_line(args.game))
    return 0


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
