"""Where a computer's decision is searched from (`pygames.ai.ismcts.searched_from`).

Seats that choose a secret at the same time (Fools!' Standard Bearers) cannot see one
another's choices, so each computer's decision there is searched from where the step
began: its choice is the same whichever seat chose first, and whether the page searched
the computers' choices one after another or at once.
"""

from __future__ import annotations

import random

from pygames import GAMES
from pygames.ai.ismcts import decision_began, searched_from
from pygames.bots import Played, make_bot, play_out
from pygames.core import CHANCE
from pygames.fools.rules import FoolsState


def at_the_standard_bearers(seed: int) -> Played:
    """A 4-seat Fools! game, played at random up to its first Standard Bearer choice."""
    rng = random.Random(seed)
    game = Played(GAMES["fools"].new_state(4, seed=seed))
    while len(game.state.to_act()) < 4:
        seat = game.state.to_act()[0]
        game.apply(seat, rng.choice(game.state.legal_actions(seat)))
    return game


def test_secret_choices_made_meanwhile_leave_a_decision_where_it_began():
    game = at_the_standard_bearers(3)
    step = len(game.state.history)
    for seat in (1, 3):  # two computers choose their Standard Bearers, in secret
        game.apply(seat, game.state.legal_actions(seat)[0])
        assert decision_began(game.state.history, 2, game.state_at) == step
        assert decision_began(game.state.history, 0, game.state_at) == step
    assert searched_from(game.state.history, 2, game.state_at) == ([], step)


def test_a_seat_decides_alike_whichever_seat_chose_before_it():
    choices = set()
    for order in ((1, 3, 0), (0, 3, 1), ()):
        game = at_the_standard_bearers(5)
        for seat in order:
            game.apply(seat, game.state.legal_actions(seat)[-1])
        _, began = searched_from(game.state.history, 2, game.state_at)
        thinking = make_bot("normal", 9).start(game.state_at(began).clone(), 2)
        while not thinking.advance(1000):
            pass
        choices.add((began, thinking.best(), tuple(sorted(thinking.visits().items()))))
    assert len(choices) == 1


def test_a_move_the_seat_sees_or_made_itself_begins_a_new_decision():
    game = at_the_standard_bearers(3)
    assert game.state.history[-1][0] == CHANCE  # the deal: seen, so a new decision
    assert decision_began(game.state.history, 2, game.state_at) == len(game.state.history)
    rng = random.Random(1)
    hidden_turns = kept_back = 0
    while not game.state.is_over() and len(game.state.history) < 400:
        seat = game.state.to_act()[0]
        game.apply(seat, rng.choice(game.state.legal_actions(seat)))
        history = game.state.history
        mover, action = history[-1]
        for other in game.state.to_act():
            began = decision_began(history, other, game.state_at)
            if mover in (other, CHANCE):
                assert began == len(history)
                continue
            before = game.state_at(len(history) - 1)
            hidden = before.redacted(mover, action, other) != action
            assert (began < len(history)) == (hidden and other in before.to_act())
            kept_back += began < len(history)
            # A card put face down in an army before this seat's turn came: its turn is new.
            hidden_turns += hidden and other not in before.to_act()
    assert hidden_turns > 0 and kept_back > 0  # both cases arose


def test_a_row_that_began_before_secret_choices_is_not_gone_on_from():
    """The first decision of a row searched from before other seats' secret choices has
    another history than the one the row's next decision goes on from: it is searched
    afresh. Checked on a made-up history whose states say every seat may act."""

    class Everyone(FoolsState):
        def to_act(self) -> list[int]:
            return [0, 1]

        def redacted(self, actor: int, action: str, seat: int | None) -> str:
            return action if action.startswith("open") else "?"

    state = Everyone.__new__(Everyone)
    history = [(1, "secret"), (0, "open:a"), (0, "open:b")]
    row, began = searched_from(history, 0, lambda length: state)
    assert (row, began) == ([], 3)
    row, began = searched_from([(1, "open:x"), (0, "open:a"), (0, "open:b")], 0, lambda n: state)
    assert (row, began) == ([1, 2], 3)


def test_bots_playing_a_game_out_choose_their_standard_bearers_from_the_steps_start():
    """`play_out` (the command line, the benchmarks) decides as the page does: the
    Standard Bearers of one battle are all chosen from the state where the step began."""

    class Noting:
        def __init__(self, seed: int):
            self.bot = make_bot("random", seed)

        def choose(self, state, seat: int) -> str:
            if len(state.to_act()) > 1:
                at_once.setdefault(state.round, set()).add(len(state.history))
            return self.bot.choose(state, seat)

    at_once: dict[int, set[int]] = {}
    state = play_out(GAMES["fools"].new_state(4, seed=2), [Noting(s) for s in range(4)])
    assert state.is_over()
    assert len(at_once) > 1 and all(len(lengths) == 1 for lengths in at_once.values())
