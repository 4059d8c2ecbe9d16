"""The command line: list, play (tournaments), log."""

import re

from pygames import GAMES
from pygames.__main__ import contestant_names, main
from pygames.record import Record


def test_list_names_every_registered_game(capsys):
    assert main(["list"]) == 0
    assert "fools-field" in capsys.readouterr().out


def test_play_prints_each_result_and_one_summary_line(capsys):
    assert (
        main(["play", "fools-field", "--bots", "random,random", "--games", "6", "--seed", "3"]) == 0
    )
    lines = capsys.readouterr().out.strip().split("\n")
    assert len(lines) == 7
    summary = re.fullmatch(
        r"6 games: wins random (\d+), random-2 (\d+); shared wins random (\d+), random-2 (\d+)",
        lines[-1],
    )
    assert summary
    wins, shared = summary.groups()[:2], summary.groups()[2:]
    assert shared[0] == shared[1]  # a shared win counts for both
    assert sum(map(int, wins)) + int(shared[0]) == 6
    assert "A=random, B=random-2" in lines[0] and "A=random-2, B=random" in lines[1]


def test_play_takes_up_to_four_seats_and_counts_shared_wins(capsys):
    args = ["play", "highcard", "--bots", "random,random,greedy,easy", "--games", "12"]
    assert main([*args, "--seed", "2"]) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert "A=random, B=random-2, C=greedy, D=easy" in lines[0]
    assert "A=random-2, B=greedy, C=easy, D=random" in lines[1]  # seats rotate
    assert any("share the win" in line for line in lines[:-1])
    summary = re.fullmatch(r"12 games: wins (.*); shared wins (.*)", lines[-1])
    counts = [int(part.split()[-1]) for part in summary.group(1).split(", ")]
    assert len(counts) == 4 and sum(counts) == sum("wins in" in line for line in lines)


def test_a_seat_count_the_game_does_not_take_is_refused(capsys):
    assert main(["play", "fools-field", "--bots", "random,random,random"]) == 2
    assert "2-2 players" in capsys.readouterr().err


def test_saved_records_replay_without_any_seed(tmp_path, capsys):
    args = ["play", "cloth-of-gold", "--bots", "random,greedy", "--games", "2", "--seed", "4"]
    assert main([*args, "--save", str(tmp_path), "--quiet"]) == 0
    files = sorted(tmp_path.iterdir())
    assert len(files) == 2
    text = files[0].read_text()
    assert "seed" not in text and "*:" in text
    record = Record.from_text(text)
    assert record.replay().is_over()
    capsys.readouterr()
    assert main(["log", str(files[0])]) == 0
    assert "Game over" in capsys.readouterr().out


def test_play_is_reproducible_with_a_seed(capsys):
    args = ["play", "fools-field", "--bots", "random,random", "--games", "4", "--seed", "9"]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


def test_contestant_names_suffix_repeats():
    assert contestant_names(["random", "random", "hard"]) == ["random", "random-2", "hard"]


def test_log_prints_a_record_from_a_link(capsys):
    record = Record.new("fools-field", ["human", "human"], {"start": "A"})
    state = GAMES["fools-field"].new_state(2, 5, record.options)
    action = state.legal_actions(0)[0]
    state.apply(0, action)
    record.actions = list(state.history)
    assert main(["log", "https://example.org/#" + record.to_link_fragment()]) == 0
    out = capsys.readouterr().out
    symbols = {"X": "Sword", "S": "Shield", "F": "Flower"}
    card = "-".join(symbols[symbol] for symbol in action.split("@")[0])
    assert f"A deployed {card} in the centre." in out
    assert "dealt" not in out  # private lines are not in a spectator's log


def test_log_refuses_a_damaged_link(capsys):
    assert main(["log", "#r=eJzLy8"]) == 2
    assert "damaged" in capsys.readouterr().err
