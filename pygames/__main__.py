"""Command line: list the games, run bot tournaments, print a record's log.

python -m pygames list
python -m pygames play fools-field --bots random,random --games 200 --seed 1 --save DIR
python -m pygames log FILE_OR_LINK
python -m pygames analyse FILE_OR_LINK [--iterations 300]
python -m pygames fields   (the position format's fields, as docs/positions.md lists them)

A record file is what the app's "Export" writes (and "Open a file" reads): the
record's text.

`--seed` seeds the chance source and the bots of a tournament, so it replays
exactly; the records saved with `--save` hold every chance outcome and replay
without it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pygames import GAMES
from pygames.analysis import BLUNDER, INACCURACY, ITERATIONS, MISTAKE, GameStudy
from pygames.bots import make_bot, play_out
from pygames.core import SEAT_LETTERS, Game
from pygames.position import fields_markdown
from pygames.record import LINK_PREFIX, Record, RecordError
from pygames.text import describe, join_names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pygames", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("list", help="list the games")
    play = commands.add_parser("play", help="run headless games between bots")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument(
        "--bots", required=True, help="comma-separated bot names, one per seat (2-4 seats)"
    )
    play.add_argument("--games", type=int, default=1)
    play.add_argument("--seed", type=int, default=0, help="seeds chance and the bots")
    play.add_argument("--save", metavar="DIR", help="write each game's record to DIR")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--quiet", action="store_true", help="print only the summary line")
    log = commands.add_parser("log", help="print the log of a record file or a link")
    log.add_argument("source", help="a record file, a link, or - for standard input")
    log.add_argument("--lang", choices=("en", "ja"), default="en")
    study = commands.add_parser(
        "analyse", help="study every decision of a finished game, from each seat's knowledge"
    )
    study.add_argument("source", help="a record file, a link, or - for standard input")
    study.add_argument("--iterations", type=int, default=ITERATIONS, help="per decision")
    study.add_argument("--seed", type=int, default=0)
    commands.add_parser("fields", help="the fields of each game's written positions (Markdown)")
    args = parser.parse_args(argv)
    try:
        if args.command == "list":
            return list_games()
        if args.command == "fields":
            print(fields_markdown([g for g in GAMES.values() if is_released(g)]), end="")
            return 0
        if args.command == "play":
            return play_matches(args)
        if args.command == "analyse":
            return print_study(args.source, args.iterations, args.seed)
        return print_log(args.source, args.lang)
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def is_released(game: Game) -> bool:
    """A game of this package (tests may register games of their own)."""
    return type(game).__module__.startswith("pygames.")


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
    names: list[str] = []
    for bot in bots:
        count = bots[: len(names) + 1].count(bot)
        names.append(bot if count == 1 else f"{bot}-{count}")
    return names


def play_matches(args) -> int:
    game = GAMES[args.game]
    bots = args.bots.split(",")
    names = contestant_names(bots)
    options = dict(pair.split("=", 1) for pair in args.option)
    game.check_seats(len(bots))
    wins = dict.fromkeys(names, 0)
    shared = dict.fromkeys(names, 0)
    save_dir = Path(args.save) if args.save else None
    if save_dir:
        save_dir.mkdir(parents=True, exist_ok=True)
    for number in range(args.games):
        shift = number % len(bots)  # rotate seats from game to game
        seating = [(i + shift) % len(bots) for i in range(len(bots))]
        seed = args.seed + number
        state = play_one(game, [bots[c] for c in seating], seed, options)
        winners = [names[seating[s]] for s, share in enumerate(state.outcome()) if share > 0]
        tally = wins if len(winners) == 1 else shared
        for name in winners:
            tally[name] += 1
        if save_dir:
            record = Record.new(game.id, [bots[c] for c in seating], options)
            record.actions = list(state.history)
            (save_dir / f"{game.id}-{number + 1:04d}.txt").write_text(record.to_text() + "\n")
        if not args.quiet:
            seats = ", ".join(f"{'ABCD'[s]}={names[c]}" for s, c in enumerate(seating))
            print(
                f"game {number + 1} (seed {seed}; {seats}): {result_line(winners)} "
                f"in {len(state.history)} moves"
            )
    won = ", ".join(f"{name} {wins[name]}" for name in names)
    sharing = ", ".join(f"{name} {shared[name]}" for name in names)
    print(f"{args.games} games: wins {won}; shared wins {sharing}")
    return 0


def play_one(game, bots: list[str], seed: int, options: dict):
    """One game between bots; `seed` seeds the chance source and every bot."""
    state = game.new_state(len(bots), seed, options)
    players = [make_bot(bot, seed * 31 + seat) for seat, bot in enumerate(bots)]
    return play_out(state, players)


def result_line(winners: list[str]) -> str:
    if len(winners) == 1:
        return f"{winners[0]} wins"
    return " and ".join(winners) + " share the win"


def print_log(source: str, lang: str) -> int:
    try:
        record = read_record(source)
        state = record.replay()
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(record.to_text().split("\n")[0])
    if record.hints:
        print(hints_line(record.hints, lang))
    for entry in state.view(None)["log"]:
        line = describe(record.game_id, entry, lang)
        if line:
            print(line)
    return 0


def hints_line(seats: list[int], lang: str) -> str:
    letters = join_names([SEAT_LETTERS[seat] for seat in seats], lang)
    return HINTS_USED[lang].format(seats=letters)


HINTS_USED = {
    "en": "{seats} asked the computer for hints in this game.",
    "ja": "このゲームでは{seats}がヒントを使いました。",
}


def print_study(source: str, iterations: int, seed: int) -> int:
    """Each decision: who, the move, the chance to win before and after, the preferred move."""
    from pygames.replay import Replay

    try:
        record = read_record(source)
        replay = Replay(record)
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not replay.over:
        print("error: only a finished game is studied", file=sys.stderr)
        return 2
    study = GameStudy(replay, iterations, seed)
    print(
        f"{len(study.decisions)} decisions, {iterations} iterations each; marks: "
        f"inaccuracy >= {INACCURACY:.2f}, mistake >= {MISTAKE:.2f}, blunder >= {BLUNDER:.2f} "
        "lost chance to win"
    )
    for decision in study.decisions:
        while study.todo and study.todo[0] == decision:
            study.advance(iterations)
        verdict = study.results[decision.step]
        better = "" if verdict["best"] == decision.action else f"  (preferred {verdict['best']})"
        mark = f"  {verdict['mark']}" if verdict["mark"] else ""
        print(
            f"{decision.step:4} {SEAT_LETTERS[decision.seat]}:{decision.action:<12} "
            f"{verdict['before']:.2f} -> {verdict['after']:.2f}{better}{mark}"
        )
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
