"""The log's words for results: one winner, a shared win among some seats, a tie of all."""

import re

import pytest

from pygames import GAMES
from pygames.text import describe, describe_parts, join_names


@pytest.mark.parametrize(
    ("outcome", "lang", "words"),
    [
        ([0.0, 1.0], "en", "Game over: B wins."),
        ([0.5, 0.0, 0.5], "en", "Game over: A and C share the win."),
        ([1 / 3, 1 / 3, 0.0, 1 / 3], "en", "Game over: A, B and D share the win."),
        ([0.5, 0.5], "en", "Game over: a tie."),
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


def every_template():
    from pygames.text import COMMON_LOG, game_text

    for game_id in GAMES:
        for kind, templates in {**COMMON_LOG, **game_text(game_id).LOG}.items():
            yield game_id, kind, templates


def test_every_english_line_with_a_subject_speaks_to_its_reader():
    """A line about a seat has a second-person form, so "You starts" cannot be built."""
    checked = 0
    for game_id, kind, templates in every_template():
        subject = templates.get("subject", "seat")
        if "{" + subject + "}" in templates["en"]:
            assert "en:you" in templates, f"{game_id} {kind} has no second-person form"
            assert "{" + subject + "}" not in templates["en:you"]
            assert re.search(r"\b(you|your)\b", templates["en:you"], re.IGNORECASE)
            checked += 1
    assert checked > 15


def test_the_reader_is_you_and_others_keep_their_names():
    names = ["You", "Computer"]
    entry = {"kind": "new_game", "number": 1, "start": 0}
    assert describe("fools-field", entry, "en", names, viewer=0) == "Game 1 begins; you start."
    computer = ["Computer", "You"]
    assert describe("fools-field", entry, "en", computer, viewer=1) == (
        "Game 1 begins; Computer starts."
    )


def test_a_draw_is_told_once_to_the_drawer_with_its_cards_and_once_to_the_rival():
    state = GAMES["fools-field"].new_state(2, 4, {"start": "A"})
    while not any(e.kind == "draw" for e in state.events):
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    drawer = next(e.data["seat"] for e in state.events if e.kind == "draw")
    for viewer in (0, 1):
        names = ["You", "Rival"] if viewer == 0 else ["Rival", "You"]
        lines = [
            describe("fools-field", entry, "en", names, viewer)
            for entry in state.view(viewer)["log"]
        ]
        drawn = [line for line in lines if line and " drew " in line]
        assert len(drawn) == 1
        if viewer == drawer:
            assert drawn[0].startswith("You drew ") and "left in the deck" in drawn[0]
        else:
            assert drawn[0].startswith("Rival drew ") and "card" in drawn[0]


def test_cards_in_a_line_are_items_with_their_symbols_as_words():
    entry = {"kind": "deploy", "seat": 1, "card": "XSSF"}
    parts = describe_parts("fools-field", entry, "ja", ["あなた", "コンピューター"], 0)
    assert parts == [
        "コンピューターが",
        {"item": "card", "value": "XSSF", "text": "剣盾盾花"},
        "を配置しました。",
    ]
    # Read aloud (a screen reader's announcement), the symbols are words in English too.
    words = "You deployed Sword-Shield-Shield-Flower."
    assert describe("fools-field", entry, "en", ["You", "Computer"], 1) == words


def test_the_end_of_the_game_says_why():
    entry = {"kind": "game_over", "outcome": [1.0, 0.0], "reason": "emptied"}
    words = describe("fools-field", entry, "en", ["You", "Computer"], 0)
    assert words == "Game over: you win (a hand emptied after the deck ran out)."
    entry = {"kind": "game_over", "outcome": [0.0, 1.0], "reason": "score"}
    assert describe("cloth-of-gold", entry, "ja", ["あなた", "コンピューター"], 0) == (
        "ゲーム終了：コンピューターの勝ち（得点が30点に達しました）。"
    )


def test_a_resignation_is_told_alike_to_the_one_who_resigned():
    # You resigned: the reason must not say that every other player did.
    state = GAMES["fools-field"].new_state(2, seed=2)
    state.apply(0, "resign")
    entry = {"kind": "game_over", "outcome": state.outcome(), "reason": state.end_reason}
    assert describe("fools-field", entry, "en", ["You", "Computer"], 0) == (
        "Game over: Computer wins (by resignation)."
    )
    assert describe("fools-field", entry, "ja", ["あなた", "コンピューター"], 0) == (
        "ゲーム終了：コンピューターの勝ち（投了による）。"
    )


def test_a_line_its_subject_never_reads_in_the_log_is_read_as_advice():
    """The Soothsayer's look is told to the looker by what it saw (a private line); as
    advice, before anything is seen, the quiet line's hint form says what to do."""
    entry = {"kind": "look", "seat": 0, "slot": "B2"}
    names = ["You", "Bo"]
    assert describe("fools", entry, "en", names, viewer=0) is None
    hint = describe_parts("fools", entry, "en", names, viewer=0, as_hint=True)
    assert hint == ["Look at Bo's card 2 (Soothsayer)."]
    seen = describe("fools", entry, "en", names, viewer=1)
    assert seen == "You (Soothsayer) looked at Bo's card 2."


def test_a_deployment_is_told_where_as_each_reader_sees_the_field():
    """The Field is kept in seat A's frame; B sits opposite, so B's row 1, column 2 is A's
    row 3, column 2. A log written before the space was logged still reads."""
    state = GAMES["fools-field"].new_state(2, 4, {"start": "A"})
    state.apply(0, state.legal_actions(0)[0])  # the first card goes to the centre
    seat = state.to_act()[0]
    action = next(a for a in state.legal_actions(seat) if a.endswith("@1"))
    state.apply(seat, action)
    card = action.split("@")[0]
    en_card = "-".join({"X": "Sword", "S": "Shield", "F": "Flower"}[symbol] for symbol in card)
    entry = state.view(0)["log"][-1]
    assert entry["kind"] == "deploy"
    names = ["You", "Rival"] if seat == 1 else ["Rival", "You"]
    seen_by = {reader: describe("fools-field", entry, "en", names, reader) for reader in (0, 1)}
    assert seen_by[seat] == f"You deployed {en_card} at row 1, column 2."
    assert seen_by[1 - seat] == f"Rival deployed {en_card} at row 3, column 2."
    ja_card = "".join({"X": "剣", "S": "盾", "F": "花"}[symbol] for symbol in card)
    ja_line = describe("fools-field", entry, "ja", ["A", "B"], seat)
    assert ja_line == f"{'AB'[seat]}が{ja_card}を1行2列に配置しました。"
    older = {key: value for key, value in entry.items() if key != "cell"}
    assert describe("fools-field", older, "en", names, seat) == f"You deployed {en_card}."


@pytest.mark.parametrize("cell", ["4", -1, 9, 10**30, None, [4], {"d": 4}, 2.5])
def test_a_deployment_line_with_a_damaged_space_reads_without_a_place(cell):
    """A log line comes from a position, which may come from a link: its space is read as
    hostile, and a space that is not one of the Field's nine is not told."""
    entry = {"kind": "deploy", "seat": 0, "card": "XSSX", "cell": cell}
    words = "You deployed Sword-Shield-Shield-Sword."
    assert describe("fools-field", entry, "en", ["You", "Rival"], 1) == words
    assert describe("fools-field", entry, "ja", ["A", "B"], 1) == "Aが剣盾盾剣を配置しました。"
