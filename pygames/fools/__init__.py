"""Fools! (フールズ！): 2-4 players, armies of face-down fairies, Standard Bearers and Fools."""

from pygames.core import Game
from pygames.fools.notation import FOOLS_NOTATION
from pygames.fools.rules import FoolsState
from pygames.fools.views import FoolsView


class Fools(Game):
    id = "fools"
    title = {"en": "Fools!", "ja": "フールズ！"}
    min_seats, max_seats = 2, 4
    # 2: chance outcomes recorded as drawn; 3: every hand is dealt before the honourable
    # check, which every seat makes at once (games begun under 2 go on as they were).
    rules_version = 3
    state_class = FoolsState
    position_fields = {
        "deck": ("deck", "the cards not yet drawn (an unordered pool)"),
        "discard_up": ("discard_up", "cards discarded face up"),
        "discard_down": ("discard_down", "cards discarded face down"),
        "armies": ("armies", "army slots, 3 per seat (slot = seat * 3 + index): card or null"),
        "hands": ("hands", "each seat's hand"),
        "crone_cards": ("crone_cards", "per seat: cards in hand drawn after the honourable check"),
        "bearer_choices": ("choice", "each seat's secret Standard Bearer choice, null until made"),
        "bearers": ("bearers", "the revealed Standard Bearers"),
        "known": ("known", "per seat: army slot -> how that seat knows its card"),
        "shown": ("shown", "army slots everyone sees"),
        "deployed": ("deployed", "per army: the seats that put a card in it"),
        "victory_points": ("vp", "per seat: the cards it won as victory points"),
        "steps": ("queue", "the steps still to take this round, in order"),
        "phase": ("phase", "the part of the round being played"),
        "round": ("round", "the round number"),
        "last_battle": ("last_battle", "the last battle's report, or null"),
        "first_player": ("first", "the first player's seat"),
    }
    position_fields_v1 = {
        "choice": "bearer_choices",
        "vp": "victory_points",
        "queue": "steps",
        "first": "first_player",
    }
    tie_result = "shared"  # tied players "each have won"
    view_type = FoolsView
    notation = FOOLS_NOTATION


GAME = Fools()
