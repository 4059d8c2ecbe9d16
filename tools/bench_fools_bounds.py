"""How strong can a Fools! player be against greedy at 2 seats? python tools/bench_fools_bounds.py

Two players that are allowed to cheat play the greedy bot (seats alternated and
seeded like tools/bench_ai.py), to show how much of a 2-seat game skill can win.
Inside their lookahead, greedy's replies are its best-scored moves (`greedy_score`,
which reads only what greedy knows):

- ``sees-all`` sees every card in play (both armies and greedy's hand, not the deck)
  and tries every sequence of its own moves to the end of the battle;
- ``knows-hand`` sees greedy's hand (so its Standard Bearer too) but not the army
  cards nobody has seen: each decision tries every legal move on the same samples
  of those cards, plays the battle out (itself by the game's heuristic) and keeps
  the move that wins the most.

Both judge a move by the battle in progress (won 1, tied 0.5, lost 0); greedy
commits its Standard Bearer first, which it cannot see from ours anyway. A fair
player knows less than either, so the second figure is a practical ceiling for
the Hard computer's score against greedy. It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames import GAMES  # noqa: E402
from pygames.bots import make_bot  # noqa: E402
from pygames.core import RandomChance  # noqa: E402
from pygames.fools import ai  # noqa: E402
from pygames.fools.rules import FoolsState  # noqa: E402

TIED = 0.5
Score = Callable[[FoolsState, int, str], float]


def best_move(state: FoolsState, seat: int, score: Score, rng: random.Random) -> str:
    """The best-scored legal move, ties broken at random (the way greedy plays)."""
    moves = state.legal_actions(seat)
    rng.shuffle(moves)
    return max(moves, key=lambda move: score(state, seat, move))


def after(state: FoolsState, seat: int, move: str) -> FoolsState:
    copy = state.clone()
    copy.apply(seat, move)
    return copy


def battle_score(state: FoolsState, seat: int, round_: int) -> float:
    """Won 1, tied 0.5, lost 0: the battle of `round_`, fought (a game ends only in one)."""
    battle = state.last_battle
    assert battle is not None and battle["round"] == round_
    winners = battle["winners"]
    return 1.0 if winners == [seat] else TIED if seat in winners else 0.0


def battle_fought(state: FoolsState, round_: int) -> bool:
    battle = state.last_battle
    return state.is_over() or (battle is not None and battle["round"] == round_)


# ----- sees-all: exhaustive search of its own moves on the true cards -----


def sees_all_value(state: FoolsState, seat: int, round_: int, rng: random.Random) -> float:
    """The battle's score when `seat` plays its best from here and greedy plays greedy."""
    while not battle_fought(state, round_):
        acting = state.to_act()
        if acting == [seat]:
            return max(
                sees_all_value(after(state, seat, move), seat, round_, rng)
                for move in state.legal_actions(seat)
            )
        rival = next(s for s in acting if s != seat)
        state.apply(rival, best_move(state, rival, ai.greedy_score, rng))
    return battle_score(state, seat, round_)


def sees_all_choice(state: FoolsState, seat: int, rng: random.Random) -> str:
    moves = state.legal_actions(seat)
    return max(
        moves, key=lambda move: sees_all_value(after(state, seat, move), seat, state.round, rng)
    )


# ----- knows-hand: lookahead on samples of the army cards nobody has seen -----


def army_sample(state: FoolsState, seat: int, rng: random.Random) -> FoolsState:
    """The true state with the cards `seat` cannot know shuffled: army cards dealt face
    down and never seen by it, the deck and the face-down discards. Greedy's hand, and so
    the cards greedy placed, stay as they are (this player knows them)."""
    sample = state.clone()
    slots = [
        slot
        for slot, card in enumerate(sample.armies)
        if card is not None and not sample.sees(seat, slot) and sample.placed_by(slot) is None
    ]
    dealt = [sample.armies[slot] for slot in slots]
    pool = [card for card in dealt if card is not None] + sample.deck + sample.discard_down
    rng.shuffle(pool)
    for slot in slots:
        sample.armies[slot] = pool.pop()
    face_down = len(sample.discard_down)
    sample.discard_down, sample.deck = pool[:face_down], pool[face_down:]
    sample.chance = RandomChance(random.Random(rng.random()))  # the Crone's draw
    return sample


def play_out_battle(state: FoolsState, seat: int, round_: int, rng: random.Random) -> float:
    while not battle_fought(state, round_):
        for actor in state.to_act():
            score = ai.action_score if actor == seat else ai.greedy_score
            state.apply(actor, best_move(state, actor, score, rng))
            if battle_fought(state, round_):
                break
    return battle_score(state, seat, round_)


def knows_hand_choice(state: FoolsState, seat: int, rng: random.Random, samples: int) -> str:
    moves = state.legal_actions(seat)
    drawn = [army_sample(state, seat, rng) for _ in range(samples)]
    wins = dict.fromkeys(moves, 0.0)
    for move in moves:
        for number, sample in enumerate(drawn):
            wins[move] += play_out_battle(
                after(sample, seat, move), seat, state.round, random.Random(number)
            )
    return max(moves, key=wins.__getitem__)


# ----- a game against greedy -----


def play_one(job: tuple[str, int, int]) -> float:
    """The cheating player's score in game `number` against the project's greedy bot (as
    seeded by tools/bench_ai.py); it takes seat `number % 2`."""
    player, samples, number = job
    state = GAMES["fools"].new_state(2, number)
    assert isinstance(state, FoolsState)
    seat, rival = number % 2, 1 - number % 2
    rng = random.Random(number)
    greedy = make_bot("greedy", number * 31 + rival)
    while not state.is_over():
        acting = state.to_act()
        if rival in acting:  # greedy first: it never sees our Standard Bearer anyway
            state.apply(rival, greedy.choose(state, rival))
        elif len(state.legal_actions(seat)) == 1:
            state.apply(seat, state.legal_actions(seat)[0])
        elif player == "sees-all":
            state.apply(seat, sees_all_choice(state, seat, rng))
        else:
            state.apply(seat, knows_hand_choice(state, seat, rng, samples))
    return state.result()[seat]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument(
        "--samples", type=int, default=100, help="knows-hand's samples per decision"
    )
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    print(f"fools, 2 seats, against greedy: {args.games} games each, seats alternated")
    with Pool(args.processes) as pool:
        for player in ("sees-all", "knows-hand"):
            start = time.perf_counter()
            jobs = [(player, args.samples, number) for number in range(args.games)]
            share = sum(pool.map(play_one, jobs, chunksize=4)) / args.games
            error = (share * (1 - share) / args.games) ** 0.5
            print(
                f"{player:11} {share:6.1%} ± {error:.1%} (one standard error)  "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
