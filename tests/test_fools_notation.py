"""Fools! notation (pygames/fools/notation.py) and the battle's steps as typed values."""

import re

import pytest

from pygames.core import IllegalAction
from pygames.fools import GAME, notation
from pygames.fools.notation import (
    Bearer,
    Deploy,
    Enchant,
    FoolIn,
    KeepArmy,
    Look,
    Own,
    Spy,
    TakeArmyCard,
    TakeBearer,
    format,
    parse,
)
from pygames.fools.rules import Step
from pygames.text import error_words

EXAMPLES = {
    "bearer:knight": Bearer("knight"),
    "bearer:none": Bearer(None),
    "bearer:?": Bearer("?"),
    "fool:A2": FoolIn(1),
    "look:A1": Look(0),
    "spy:C3": Spy(8),
    "enchant:B2": Enchant(4),
    "enchant:none": Enchant(None),
    "deploy:pixie@B1": Deploy("pixie", 3),
    "deploy:?@D3": Deploy("?", 11),
    "own:knight@A3": Own("knight", 2),
    "own:none": KeepArmy(),
    "take:C": TakeBearer(2),
    "take:A2": TakeArmyCard(1),
}


@pytest.mark.parametrize(("text", "action"), EXAMPLES.items())
def test_each_kind_of_action_reads_as_its_value_and_writes_back(text, action):
    assert parse(text) == action
    assert format(action) == text


def test_the_docstring_grammar_shows_every_kind_and_its_examples_read():
    examples = re.findall(r"\b[a-z]+:[A-Za-z0-9?@]+", notation.__doc__ or "")
    kinds = {text.partition(":")[0] for text in examples}
    assert kinds >= {"bearer", "fool", "look", "spy", "enchant", "deploy", "own", "take"}
    for text in examples:
        assert format(parse(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "bearer:dragon",
        "bearer:",
        "bearer",
        "fool:E1",
        "look:A4",
        "look:a1",
        "spy:C",
        "enchant:",
        "deploy:pixie",
        "deploy:pixie@",
        "deploy:@B1",
        "deploy:pixie@B1@C2",
        "own:knight",
        "own:none@A1",
        "take:E",
        "take:AB",
        "take:none",
        "Deploy:pixie@B1",
        " deploy:pixie@B1",
        "resign",
    ],
)
def test_text_that_is_no_action_is_refused_in_both_languages(text):
    with pytest.raises(IllegalAction) as refused:
        parse(text)
    assert refused.value.key == "fools.unknown_action"
    assert error_words(refused.value, "ja") == "このゲームにない操作です"
    assert "not an action of this game" in error_words(refused.value, "en")


def test_the_game_names_its_notation_and_a_malformed_action_is_refused_by_the_rules():
    state = GAME.new_state(3, 5)
    assert GAME.notation.parse("deploy:pixie@B1") == Deploy("pixie", 3)
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, "bearer:dragon")
    assert refused.value.key == "fools.unknown_action"


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("deploy:0:2", Step("deploy", 0, 2)),
        ("spy:3:1", Step("spy", 3, 1)),
        ("own:1", Step("own", 1)),
        ("take:2", Step("take", 2)),
        ("battle", Step("battle")),
        ("end", Step("end")),
    ],
)
def test_a_step_reads_from_and_writes_back_to_its_stored_text(text, step):
    assert Step.read(text) == step
    assert step.text() == text


def test_the_queue_holds_steps_in_their_text_form_in_every_position():
    """Positions are JSON dumps of the state: the queue's stored form must not change."""
    for seats in (2, 3, 4):
        state = GAME.new_state(seats, seats)
        while not state.is_over() and state.round < 3:
            for text in state.queue:
                assert isinstance(text, str) and Step.read(text).text() == text
            seat = state.to_act()[0]
            state.apply(seat, state.legal_actions(seat)[-1])
