"""The log's words for results: one winner, a shared win among some seats, a tie of all."""

import pytest

from pygames.text import describe, join_names


@pytest.mark.parametrize(
    ("outcome", "lang", "words"),
    [
        ([0.0, 1.0], "en", "Game over: B wins."),
        ([0.5, 0.0, 0.5], "en", "Game over: A and C share the win."),
        ([1 / 3, 1 / 3, 0.0, 1 / 3], "en", "Game over: A, B and D share the win."),
        ([0.5, 0.5], "en", "Game over: a draw."),
        ([0.5, 0.0, 0.5], "ja", "ゲーム終了：AとCが勝利を分け合いました。"),
        ([1 / 3, 1 / 3, 0.0, 1 / 3], "ja", "ゲーム終了：A、BとDが勝利を分け合いました。"),
    ],
)
def test_result_lines_name_every_winner(outcome, lang, words):
    game = "highcard" if len(outcome) > 2 else "fools-field"
    assert describe(game, {"kind": "game_over", "outcome": outcome}, lang) == words


def test_cloth_of_gold_calls_a_tie_of_both_a_shared_victory():
    entry = {"kind": "game_over", "outcome": [0.5, 0.5]}
    assert describe("cloth-of-gold", entry, "en") == "Game over: shared victory."


def test_names_join_by_each_languages_rule():
    assert join_names(["You", "Computer B"], "en") == "You and Computer B"
    assert join_names(["あなた", "B", "C"], "ja") == "あなた、BとC"
