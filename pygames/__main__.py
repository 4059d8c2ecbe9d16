"""Command line: list the games, run bot tournaments, print a record's log.

python -m pygames list
python -m pygames play fools-field --bots random,random --games 200 --seed 1
python -m pygames log FILE_OR_LINK
"""

from __future__ import annotations

import argparse
import sys

from pygames import GAMES
from pygames.bots import make_bot
from pygames.record import LINK_PREFIX, Record, RecordError
from pygames.text import describe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygames", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="list the games")
    play = commands.add_parser("play", help="run headless games between bots")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--bots", required=True, help="comma-separated bot names, one per seat")
    play.add_argument("--games", type=int, default=1)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--quiet", action="store_true", help="print only the summary line")
    log = commands.add_parser("log", help="print the log of a record file or a link")
    log.add_argument("source", help="a record file, a link, or - for standard input")
    log.add_argument("--lang", choices=("en", "ja"), default="en")
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            return list_games()
        if args.command == "play":
            return play_matches(args)
        return print_log(args.source, args.lang)
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def list_games() -> int:
    for game in GAMES.values():
        seats = (
            f"{game.min_seats}-{game.max_seats}"
            if game.min_seats != game.max_seats
            else (str(game.min_seats))
        )
        print(f"{game.id:16} {game.title['en']} ({seats} players)")
    return 0


def contestant_names(bots: list[str]) -> list[str]:
    """Bot names as given, a repeated name suffixed: random, random-2."""
    names = []
    for bot in bots:
        count = bots[: len(names) + 1].count(bot)
        names.append(bot if count == 1 else f"{bot}-{count}")
    return names


def play_matches(args) -> int:
    game = GAMES[args.game]
    bots = args.bots.split(",")
    names = contestant_names(bots)
    options = dict(pair.split("=", 1) for pair in args.option)
    wins = dict.fromkeys(names, 0)
    draws = 0
    for number in range(args.games):
        shift = number % len(bots)  # rotate seats from game to game
        seating = [(i + shift) % len(bots) for i in range(len(bots))]
        seed = args.seed + number
        state = game.new_state(len(bots), seed, options)
        players = [make_bot(bots[c], seed * 31 + seat) for seat, c in enumerate(seating)]
        while not state.is_over():
            for seat in state.to_act():
                state.apply(seat, players[seat].choose(state, seat))
                if state.is_over():
                    break
        outcome = state.outcome()
        winners = [names[seating[s]] for s, share in enumerate(outcome) if share == 1]
        if winners:
            wins[winners[0]] += 1
        else:
            draws += 1
        if not args.quiet:
            seats = ", ".join(f"{'ABCD'[s]}={names[c]}" for s, c in enumerate(seating))
            result = f"{winners[0]} wins" if winners else "draw"
            print(
                f"game {number + 1} (seed {seed}; {seats}): {result} in {len(state.history)} moves"
            )
    tally = ", ".join(f"{name} {wins[name]}" for name in names)
    print(f"{args.games} games: {tally}, draws {draws}")
    return 0


def print_log(source: str, lang: str) -> int:
    try:
        record = read_record(source)
        state = record.replay()
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(record.to_text().split("\n")[0])
    for entry in state.view(None)["log"]:
        line = describe(record.game_id, entry, lang)
        if line:
            print(line)
    return 0


def read_record(source: str) -> Record:
    """A record from a file, standard input (-), or a link (anything with #r=)."""
    if "#" in source or source.startswith(LINK_PREFIX):
        return Record.from_link_fragment(source.split("#", 1)[-1])
    if source == "-":
        return Record.from_text(sys.stdin.read())
    with open(source, encoding="utf-8") as file:
        return Record.from_text(file.read())


if __name__ == "__main__":
    sys.exit(main())
