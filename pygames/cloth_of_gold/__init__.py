"""The Field of the Cloth of Gold (金襴の陣): 2 players, 54 tiles, seven ovals."""

from pygames.cloth_of_gold.notation import NOTATION
from pygames.cloth_of_gold.rules import ClothOfGoldState
from pygames.cloth_of_gold.views import ClothOfGoldView
from pygames.core import Game, Option


class ClothOfGold(Game):
    id = "cloth-of-gold"
    title = {"en": "The Field of the Cloth of Gold", "ja": "金襴の陣"}
    min_seats = max_seats = 2
    rules_version = 2  # 2: chance outcomes recorded as drawn (1 held a seed)
    # A rematch passes the loser of the previous game as A or B.
    options = (Option("start", ("random", "A", "B"), "random"),)
    renamed_options = {"first": "start"}  # "first" until 2026-11
    state_class = ClothOfGoldState
    position_fields = {
        "turn": ("turn", "the seat to act"),
        "darkness": ("darkness", "the tiles not yet drawn (an unordered pool)"),
        "hands": ("hands", "each seat's hidden Hand of tiles"),
        "lacks": ("lacks", "per seat: colours its Hand is known not to hold"),
        "squares": ("squares", "oval -> the tile on its square, or null"),
        "courts": ("courts", "each seat's Court: tile colour -> count"),
        "removed": ("removed", "the tiles Removed from the game: colour -> count"),
        "scores": ("scores", "each seat's score on the Track of Scoring"),
        "tokens": ("tokens", "per seat: the ovals its board tokens stand on"),
        "dragon": ("dragon", "the oval the Dragon stands on"),
        "phase": ("phase", "what the seat to act decides: an oval, or the Dragon's target"),
        "vacated": ("vacated", "the oval the acting token left this turn, or null"),
        "final": ("final", "at the end: the final scores and what decided the winner"),
    }
    tie_result = "shared"  # "the two majesties do share victory"
    view_type = ClothOfGoldView
    notation = NOTATION


GAME = ClothOfGold()
