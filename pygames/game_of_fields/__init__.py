"""Game of Fields (ゲーム・オブ・フィールズ): 2 players, Queens and Princes on 19 hexes."""

from pygames.core import Game, Option
from pygames.game_of_fields.notation import NOTATION
from pygames.game_of_fields.rules import GameOfFieldsState
from pygames.game_of_fields.views import GameOfFieldsView


class GameOfFields(Game):
    id = "game-of-fields"
    title = {"en": "Game of Fields", "ja": "ゲーム・オブ・フィールズ"}
    min_seats = max_seats = 2
    rules_version = 2
    # The blank map (rulebook's optional rule): only the start hexes face up.
    options = (Option("map", ("open", "blank"), "open"),)
    state_class = GameOfFieldsState
    view_type = GameOfFieldsView
    notation = NOTATION


GAME = GameOfFields()
