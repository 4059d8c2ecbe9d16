"""Game of Fields (ゲーム・オブ・フィールズ): 2 players, Queens and Princes on 19 hexes."""

from pygames.core import Game, Option
from pygames.game_of_fields.notation import NOTATION
from pygames.game_of_fields.rules import GameOfFieldsState
from pygames.game_of_fields.views import GameOfFieldsView


class GameOfFields(Game):
    id = "game-of-fields"
    title = {"en": "Game of Fields", "ja": "ゲーム・オブ・フィールズ"}
    min_seats = max_seats = 2
    # 3: an opponent's Field on the way blocks castling (rulings §4). Games begun under 2
    # go on with 2's castling, where only a Queen, Prince or City blocks.
    rules_version = 3
    oldest_rules_version = 2
    # The blank map (rulebook's optional rule): only the start hexes face up.
    options = (Option("map", ("open", "blank"), "open"),)
    state_class = GameOfFieldsState
    position_fields = {
        "terrain": ("terrain", "per hex 0-18: its terrain, or face down"),
        "terrain_pool": ("pool", "terrain not laid or turned over yet (an unordered pool)"),
        "queens": ("queens", "each seat's Queen hex (-1: fallen)"),
        "princes": ("princes", "each seat's Prince hexes"),
        "cities": ("cities", "each seat's City hexes"),
        "fields": ("fields", "each seat's Field hexes"),
        "prince_limits": ("limits", "how many Princes each seat may have"),
        "turn": ("turn", "the seat to act"),
        "phase": ("phase", "the step of the turn"),
        "mover": ("mover", "the kind of pawn moving now, or empty"),
        "mover_index": ("mover_index", "that Prince's index in princes, or -1"),
        "path": ("path", "the hexes the moving pawn has entered"),
        "points_used": ("used", "movement points the moving pawn has used"),
        "reach": ("reach", "movement points the moving pawn has"),
        "entered": ("entered", "hexes the moving pawn has entered"),
        "crossed": ("crossed", "the moving Prince made its land-sea step"),
        "found": ("found", "blank map: the hex just turned over, or -1"),
        "siege_target": ("target", "the siege hex a second Prince must end on, or -1"),
        "siege": ("siege", "a first Prince waiting on a siege hex, or -1"),
        "moved": ("moved", "the pawns moved this turn"),
        "new_stack": ("new_stack", "a stack of two Princes made this turn, or -1"),
        "stacks": ("stacks", "the stack each seat must split on its next action, or -1"),
        "passes": ("passes", "passes in a row"),
        "quiet_turns": ("quiet", "turns in a row without progress"),
        "progress": ("progress", "this turn made progress"),
    }
    position_fields_v1 = {
        "pool": "terrain_pool",
        "limits": "prince_limits",
        "used": "points_used",
        "target": "siege_target",
        "quiet": "quiet_turns",
    }
    view_type = GameOfFieldsView
    notation = NOTATION


GAME = GameOfFields()
