"""The Fool's Field (愚者の園): 2 players, 23 cards, a 3×3 Field."""

from pygames.core import Game, Option
from pygames.fools_field.rules import FoolsFieldState


class FoolsField(Game):
    id = "fools-field"
    title = {"en": "The Fool's Field", "ja": "愚者の園"}
    min_seats = max_seats = 2
    rules_version = 2  # 2: chance outcomes recorded as drawn (1 held a seed)
    options = (
        Option("match", ("single", "best-of-3"), "single"),
        Option("start", ("random", "A", "B"), "random"),
    )
    state_class = FoolsFieldState


GAME = FoolsField()
