"""What dealing by mental poker costs: python tools/bench_remote.py [--runs 3] [--games 10]

For each game and seat count, deals the game's whole deck among simulated devices
(pygames.remote.deal, libsodium through PyNaCl in CPython) and prints, per device,
the time of its shuffle and lock steps, the size of each step as JSON (what a link
would carry before compression), and what opening one card costs. Then plays whole
games by links where the devices can already (pygames.remote.simulate, greedy
players): links before the first move, links per turn, pauses (links a device
sends by itself because another seat waits for its keys or cards), and the length
of the links (``#m=``, packed: pygames.remote.link). Prints figures only; asserts
nothing. The page's back end (@noble/curves) is not measured here.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames.cloth_of_gold.board import TILE_COUNTS  # noqa: E402
from pygames.fools.cards import deck_for  # noqa: E402
from pygames.fools_field.cards import ALL_CARDS  # noqa: E402
from pygames.game_of_fields.hexmap import TERRAIN_COUNTS  # noqa: E402
from pygames.remote.chain import Message  # noqa: E402
from pygames.remote.deal import SeatDeal, card_points, deal_order, open_card  # noqa: E402
from pygames.remote.group import SodiumGroup  # noqa: E402
from pygames.remote.link import to_fragment  # noqa: E402
from pygames.remote.simulate import Table, play_out  # noqa: E402


def decks() -> list[tuple[str, int, list[str]]]:
    """(game, seats, the cards dealt secretly) for every game and seat count."""
    tiles = [colour for colour, count in TILE_COUNTS.items() for _ in range(count)]
    terrain = [kind for kind, count in TERRAIN_COUNTS.items() for _ in range(count)]
    found = [("fools-field", 2, list(ALL_CARDS)), ("cloth-of-gold", 2, tiles)]
    found += [("fools", seats, deck_for(seats)) for seats in (2, 3, 4)]
    found.append(("game-of-fields (blank map)", 2, terrain))
    return found


def measure(group: SodiumGroup, game: str, seats: int, cards: list[str]) -> tuple:
    points = card_points(group, game, cards)
    devices = [SeatDeal(group, seat, seats, len(points)) for seat in range(seats)]
    deck = list(points.values())
    seconds = [0.0] * seats
    sizes = []
    steps = []
    for seat, kind in deal_order(seats):
        started = time.perf_counter()
        device = devices[seat]
        step = device.shuffle(deck) if kind == "shuffle" else device.lock(deck)
        seconds[seat] += time.perf_counter() - started
        sizes.append(len(json.dumps(step.to_json(), separators=(",", ":"))))
        steps.append(step)
        deck = step.deck
    commitments = {step.seat: step.commitments for step in steps if step.commitments}
    started = time.perf_counter()
    keys = {device.seat: device.release(0) for device in devices}
    open_card(group, points, deck, commitments, 0, keys)
    opening = time.perf_counter() - started
    return seconds, sizes, opening


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=10, help="whole games by links per map")
    args = parser.parse_args(argv)
    group = SodiumGroup()
    print("CPython + libsodium (PyNaCl); ms are medians of", args.runs, "runs")
    print(f"{'game':<28} {'seats':>5} {'cards':>5}  ms per device (deal)   JSON bytes per step")
    for game, seats, cards in decks():
        runs = [measure(group, game, seats, cards) for _ in range(args.runs)]
        per_seat = [statistics.median(run[0][seat] for run in runs) * 1000 for seat in range(seats)]
        sizes = runs[0][1]
        opening = statistics.median(run[2] for run in runs) * 1000
        print(
            f"{game:<28} {seats:>5} {len(cards):>5}  "
            f"{' / '.join(f'{ms:.0f}' for ms in per_seat):<20}  "
            f"{' / '.join(str(size) for size in sizes)}  (open a card: {opening:.1f} ms)"
        )
    print()
    print("Whole games by links (greedy players)")
    for game_id, options, seats in GAMES_BY_LINKS:
        games_by_links(game_id, options, args.games, seats)
    return 0


GAMES_BY_LINKS: list[tuple[str, dict[str, str], int]] = [
    ("game-of-fields", {"map": "blank"}, 2),
    ("game-of-fields", {"map": "open"}, 2),
    ("fools-field", {}, 2),
    ("fools-field", {"match": "best-of-3"}, 2),
    ("cloth-of-gold", {}, 2),
    ("fools", {}, 2),
    ("fools", {}, 3),
    ("fools", {}, 4),
]


def games_by_links(game_id: str, options: dict[str, str], games: int, seats: int = 2) -> None:
    """Links before the first move (the deal), links per turn after it (and how many
    of them follow one another: answers of several seats to one link go at once),
    pauses (a link a device sends by itself, with keys or cards another seat waits
    for), and the links' lengths."""
    turns = links = pauses = moves = waits = 0
    before: list[int] = []
    in_play: list[int] = []
    deal: list[int] = []
    for seed in range(games):
        table = Table(game_id, options, f"bench-{seed}", seats)
        turns += play_out(table, seed)
        messages = [Message.from_text(text) for text in table.links]
        bodies = [message.body for message in messages]
        first = next(index for index, body in enumerate(bodies) if body["kind"] == "move")
        before.append(first)
        links += len(bodies) - first
        # Links one after another: answers to one link that cross count once.
        waits += max(m.number for m in messages) - messages[first].number + 1
        pauses += sum(1 for body in bodies[first:] if body["kind"] == "keys")
        moves += sum(1 for body in bodies[first:] if body["kind"] == "move")
        sizes = [len(to_fragment([Message.from_text(text)])) for text in table.links]
        in_play += sizes[first:]
        deal += sizes[:first]
    label = " ".join([game_id, f"{seats} seats", *(f"{k}={v}" for k, v in options.items())])
    print(
        f"{label}: {games} games; {min(before)}-{max(before)} links before the first move "
        f"(largest {max(deal)} characters), then {links / turns:.2f} links per turn "
        f"({waits / turns:.2f} one after another), "
        f"{pauses / moves:.2f} pauses per move link ({pauses / games:.1f} a game); in play: "
        f"median {statistics.median(in_play):.0f}, largest {max(in_play)} (links as #m=, packed)"
    )


if __name__ == "__main__":
    sys.exit(main())
