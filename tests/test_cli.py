"""The command line: list, play (tournaments), log."""

import re

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
    summary = re.fullmatch(r"6 games: random (\d+), random-2 (\d+), draws (\d+)", lines[-1])
    assert summary and sum(map(int, summary.groups())) == 6
    assert "A=random, B=random-2" in lines[0] and "A=random-2, B=random" in lines[1]


def test_play_is_reproducible_with_a_seed(capsys):
    args = ["play", "fools-field", "--bots", "random,random", "--games", "4", "--seed", "9"]
    main(args)
    first = capsys.readouterr().out
    main(args)
    assert capsys.readouterr().out == first


def test_contestant_names_suffix_repeats():
    assert contestant_names(["random", "random", "hard"]) == ["random", "random-2", "hard"]


def test_log_prints_a_record_from_a_link(capsys):
    record = Record.new("fools-field", 5, ["human", "human"], {"start": "A"})
    state = record.new_state()
    action = state.legal_actions(0)[0]
    record.actions.append((0, action))
    assert main(["log", "https://example.org/#" + record.to_link_fragment()]) == 0
    out = capsys.readouterr().out
    assert f"A deployed {action.split('@')[0]}." in out
    assert "dealt" not in out  # private lines are not in a spectator's log


def test_log_refuses_a_damaged_link(capsys):
    assert main(["log", "#r=eJzLy8"]) == 2
    assert "damaged" in capsys.readouterr().err
