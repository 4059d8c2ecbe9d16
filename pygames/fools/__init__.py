"""Fools! (フールズ！): 2-4 players, armies of face-down fairies, Standard Bearers and Fools."""

from pygames.core import Game
from pygames.fools.notation import FOOLS_NOTATION
from pygames.fools.rules import FoolsState
from pygames.fools.views import FoolsView


class Fools(Game):
    id = "fools"
    title = {"en": "Fools!", "ja": "フールズ！"}
    min_seats, max_seats = 2, 4
    rules_version = 2  # chance outcomes recorded as drawn
    state_class = FoolsState
    tie_result = "shared"  # tied players "each have won"
    view_type = FoolsView
    notation = FOOLS_NOTATION


GAME = Fools()
