"""A seat's own copy of a game, kept from nothing but what that seat sees.

This is what a device holds in a game played by links: the moves as the rules show
them to its seat (another seat's face-down discard as ``?``) and the draws as its
seat sees them (another seat's cards as ``?``). The rules apply each move to a state
that holds ``?`` wherever the seat cannot see (`pygames.core.take_from`: a rival's
card played from an unseen hand takes the place of one ``?``), and the copy is
masked again after every move, so it never holds more than its seat knows.

The draws come from the caller (`SeenChance.reveal`): in a simulation, the true
game's draws redacted for the seat; on a device, the cards its keys open.
"""

from __future__ import annotations

from collections.abc import Sequence

from pygames import GAMES
from pygames.core import CHANCE, Chance, Holders, State


class NotYetDrawn(Exception):
    """The rules asked for a draw this copy has not been given yet."""


class SeenChance(Chance):
    """The draws as one seat sees them, in the order the game makes them, and what the
    other seats disclosed of their hidden cards."""

    def __init__(
        self,
        seat: int,
        outcomes: list[list[str]] | None = None,
        disclosures: list[tuple[Holders, list[str]]] | None = None,
        used: tuple[int, int] = (0, 0),
    ):
        self.seat = seat
        self.outcomes = outcomes if outcomes is not None else []
        self.disclosures = disclosures if disclosures is not None else []
        self.used, self.disclosures_used = used

    def reveal(self, items: list[str]) -> None:
        """The next draw, as this seat sees it (``?`` for what it cannot see)."""
        self.outcomes.append(list(items))

    def tell(self, items: list[str], by: Holders, to: frozenset[int] | None) -> None:
        """The next hidden cards shown (see `Chance.disclosed`), if this seat sees them
        and did not hold them already."""
        if self.reads(by, to):
            self.disclosures.append((by, list(items)))

    def reads(self, by: Holders, to: frozenset[int] | None) -> bool:
        holders = by if isinstance(by, list) else [by]
        return any(h != self.seat for h in holders) and (to is None or self.seat in to)

    def disclosed(
        self,
        items: list[str],
        by: Holders = None,
        to: frozenset[int] | None = None,
        drawn: list[tuple[int, int] | None] | None = None,
        choice: bool = False,
        steady: bool = False,
    ) -> list[str]:
        if not self.reads(by, to):
            return items  # its own cards, or cards it is not shown: as it holds them
        if self.disclosures_used >= len(self.disclosures):
            raise NotYetDrawn
        told, shown = self.disclosures[self.disclosures_used]
        if told != by or (not isinstance(by, int) and len(shown) != len(items)):
            raise ValueError("cards shown out of turn")
        self.disclosures_used += 1
        return list(shown)

    def disclosed_each(
        self, parts: list[list[str]], by: list[int], to: frozenset[int] | None = None
    ) -> list[list[str]]:
        """Several seats' parts at once (told as the list of parts)."""
        if not self.reads(list(by), to):
            return [list(part) for part in parts]
        if self.disclosures_used >= len(self.disclosures):
            raise NotYetDrawn
        told, shown = self.disclosures[self.disclosures_used]
        if told != list(by) or len(shown) != len(parts):
            raise ValueError("cards shown out of turn")
        self.disclosures_used += 1
        return [list(part) for part in shown]

    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        if self.used >= len(self.outcomes):
            raise NotYetDrawn
        items = self.outcomes[self.used]
        if len(items) != count:
            raise ValueError(f"a draw of {count} was given {len(items)} items")
        self.used += 1
        return list(items)

    def copy(self) -> SeenChance:
        used = (self.used, self.disclosures_used)
        return SeenChance(self.seat, self.outcomes, self.disclosures, used)


class SeatCopy:
    """One seat's copy of a game: begun once the setup's draws are given, then moved on
    one action at a time, each with the draws it makes."""

    def __init__(
        self,
        game_id: str,
        seats: int,
        options: dict[str, str],
        seat: int,
        setup_draws: list[list[str]],
        setup_disclosures: Sequence[tuple[list[str], Holders, frozenset[int] | None]] = (),
    ):
        self.seat = seat
        self.chance = SeenChance(seat)
        for items in setup_draws:
            self.chance.reveal(items)
        for items, by, to in setup_disclosures:
            self.chance.tell(items, by, to)
        state = GAMES[game_id].new_state(seats, options=options, chance=self.chance)
        self.state = self.masked(state)

    def apply(
        self,
        actor: int,
        action: str,
        draws: list[list[str]],
        disclosures: Sequence[tuple[list[str], Holders, frozenset[int] | None]] = (),
    ) -> None:
        """`actor`'s action as this seat sees it, the draws it makes as seen here, and
        what seats disclose of their hidden cards in it. The rules check it
        (IllegalAction for an action no hand this seat cannot rule out could make)."""
        for items in draws:
            self.chance.reveal(items)
        for items, by, to in disclosures:
            self.chance.tell(items, by, to)
        trial = self.state.clone()
        trial.chance = chance = self.chance.copy()
        trial.apply(actor, action)
        self.chance.used, self.chance.disclosures_used = chance.used, chance.disclosures_used
        self.state = self.masked(trial)

    def masked(self, state: State) -> State:
        """`state` (a copy made to be kept or thrown away) masked in place for my seat."""
        kept = state.masked(self.seat, copy=False)
        kept.chance = self.chance
        return kept


def seen_draws(history: list[tuple[int, str]], seat: int, state: State) -> list[list[str]]:
    """The chance entries of `history`, as `seat` sees them."""
    return [
        state.redacted(CHANCE, entry, seat).partition(":")[2].split(",")
        for actor, entry in history
        if actor == CHANCE
    ]
