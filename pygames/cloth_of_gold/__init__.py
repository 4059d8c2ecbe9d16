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
    options = (Option("first", ("random", "A", "B"), "random"),)
    state_class = ClothOfGoldState
    tie_result = "shared"  # "the two majesties do share victory"
    view_type = ClothOfGoldView
    notation = NOTATION


GAME = ClothOfGold()
