"""The Fool's Field (愚者の園): 2 players, 23 cards, a 3×3 Field."""

from pygames.core import Game, Option
from pygames.fools_field.notation import NOTATION
from pygames.fools_field.rules import FoolsFieldState
from pygames.fools_field.views import FoolsFieldView


class FoolsField(Game):
    id = "fools-field"
    title = {"en": "The Fool's Field", "ja": "愚者の園"}
    min_seats = max_seats = 2
    # 2: chance outcomes recorded as drawn (1 held a seed); 3: the log no longer tells
    # everyone whether a Retreat was forced (a fact about a hand the rival cannot see).
    rules_version = 3
    options = (
        Option("match", ("single", "best-of-3"), "single"),
        Option("start", ("random", "A", "B"), "random"),
    )
    state_class = FoolsFieldState
    view_type = FoolsFieldView
    notation = NOTATION
    position_fields = {
        "match_scores": (
            "match_scores",
            "points per seat in a best-of-3 match (a draw is 0.5 each)",
        ),
        "game_results": ("game_results", "the outcome of each finished game of the match"),
        "deck": ("deck", "the cards not yet drawn (an unordered pool)"),
        "hands": ("hands", "each seat's hand of cards"),
        "discards": ("discards", "each seat's face-down discards"),
        "known_held": ("known_held", "per seat: cards taken back by a Retreat, not placed since"),
        "battle_starts_seen": (
            "seen_battle_starts",
            "how often each (hands, start player, deck size) began a battle",
        ),
        "field": ("field", "table cell 0-8 (seat A's frame) -> [card, owner]"),
        "battle_start": ("battle_start", "the seat that began this battle"),
        "turn": ("turn", "the seat to act"),
        "phase": ("phase", '"deploy" or "discard"'),
        "retreater": ("retreater", "the seat discarding down after its Retreat, or null"),
        "last_chance_for": (
            "pending_winner",
            "the seat that will win unless its rival answers, or null",
        ),
        "tie_battle": ("tie_battle", "a battle under the tie rule (deck empty, hands level)"),
    }
    position_fields_v1 = {
        "seen_battle_starts": "battle_starts_seen",
        "pending_winner": "last_chance_for",
    }


GAME = FoolsField()
