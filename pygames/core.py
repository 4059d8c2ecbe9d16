"""The rules contract every game implements.

A game module provides one `Game` (what the game is: id, titles, seat counts,
options) and a `State` subclass (one position: whose turn, the legal actions,
how an action changes it, and what each seat may see).

Actions are short strings without spaces (e.g. ``"XSSF@4"``), so that records,
links, bots and the UI all speak the same language. Every seat acts through
``state.apply(seat, action)``; several seats may owe a decision at once (secret
simultaneous choices). Chance comes from a seeded generator kept in the state,
so replaying a record's actions rebuilds every position exactly.

Two meta actions work the same in every game and are not listed among the
legal moves (bots never pick them): ``resign`` (any seat, any time) and
``draw`` (an agreed draw, which the UI offers only between humans).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

RESIGN = "resign"
AGREED_DRAW = "draw"
META_ACTIONS = (RESIGN, AGREED_DRAW)


class IllegalAction(ValueError):
    """An action the rules forbid; the message names the rule broken."""


@dataclass(frozen=True)
class Option:
    """A choice offered in the new-game dialog and stored in the record."""

    key: str
    choices: tuple[str, ...]
    default: str


@dataclass
class Event:
    """One line of the game log. `to` is None for everyone, else the seats that may read it."""

    kind: str
    data: dict[str, Any]
    to: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class Game:
    """What a game is. One instance per game module, registered in `pygames.GAMES`."""

    id: ClassVar[str]
    title: ClassVar[dict[str, str]]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    rules_version: ClassVar[int] = 1
    options: ClassVar[tuple[Option, ...]] = ()
    state_class: ClassVar[type[State]]
    # What the rulebook calls a game that every seat ends level: "draw" or "shared" (victory).
    tie_result: ClassVar[str] = "draw"

    def default_options(self) -> dict[str, str]:
        return {o.key: o.default for o in self.options}

    def check_options(self, options: dict[str, str]) -> dict[str, str]:
        """Fill in defaults; reject unknown keys or values with a clear message."""
        known = {o.key: o for o in self.options}
        for key, value in options.items():
            if key not in known:
                raise ValueError(f"{self.id} has no option {key!r}")
            if value not in known[key].choices:
                allowed = ", ".join(known[key].choices)
                raise ValueError(f"option {key} must be one of {allowed}, not {value!r}")
        return {**self.default_options(), **options}

    def new_state(self, seats: int, seed: int, options: dict[str, str] | None = None) -> State:
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(
                f"{self.id} is for {self.min_seats}-{self.max_seats} seats, not {seats}"
            )
        return self.state_class(self, seats, seed, self.check_options(options or {}))


class State:
    """One position. Subclasses implement the underscored hooks; callers use the rest."""

    def __init__(self, game: Game, seats: int, seed: int, options: dict[str, str]):
        self.game = game
        self.num_seats = seats
        self.options = options
        self.rng = random.Random(seed)
        self.history: list[tuple[int, str]] = []
        self.events: list[Event] = []
        # Actions before this index revealed information or used chance: never undone.
        self.fixed_upto = 0
        self.final_outcome: list[float] | None = None
        self.setup()

    # ----- hooks each game implements -------------------------------------------------

    def setup(self) -> None:
        """Deal and set up, drawing chance from self.rng."""
        raise NotImplementedError

    def seats_to_act(self) -> list[int]:
        """Seats that owe a decision now (the game is not over)."""
        raise NotImplementedError

    def moves(self, seat: int) -> list[str]:
        """Legal game moves for a seat that is to act."""
        raise NotImplementedError

    def play(self, seat: int, action: str) -> None:
        """Carry out a legal move. Call self.log(...), self.fix() and self.finish(...)."""
        raise NotImplementedError

    def game_view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator). JSON-compatible."""
        raise NotImplementedError

    def explain_illegal(self, seat: int, action: str) -> str:
        """Why `action` is not legal for `seat` now; games override for precise rules."""
        return f"{action!r} is not a legal move now"

    # ----- the contract ---------------------------------------------------------------

    def is_over(self) -> bool:
        return self.final_outcome is not None

    def outcome(self) -> list[float] | None:
        """Per seat: 1 for a win, 0 for a loss, shares of 1 for a shared result."""
        return self.final_outcome

    def to_act(self) -> list[int]:
        return [] if self.is_over() else self.seats_to_act()

    def legal_actions(self, seat: int) -> list[str]:
        if self.is_over() or seat not in self.seats_to_act():
            return []
        return self.moves(seat)

    def apply(self, seat: int, action: str) -> None:
        """Carry out an action, or raise IllegalAction and leave the state untouched."""
        self.check(seat, action)
        if action == RESIGN:
            self.fix()
            self.resign(seat)
        elif action == AGREED_DRAW:
            self.fix()
            self.log("agreed_draw", seat=seat)
            self.end_game([1 / self.num_seats] * self.num_seats)
        else:
            self.play(seat, action)
        self.history.append((seat, action))

    def apply_unchecked(self, seat: int, action: str) -> None:
        """`apply` for a game move known to be legal (search): skips listing the moves again."""
        self.play(seat, action)
        self.history.append((seat, action))

    def check(self, seat: int, action: str) -> None:
        if not 0 <= seat < self.num_seats:
            raise IllegalAction(f"there is no seat {seat}")
        if self.is_over():
            raise IllegalAction("the game is over")
        if action in META_ACTIONS:
            return
        if seat not in self.seats_to_act():
            raise IllegalAction(f"it is not {seat_name(seat)}'s turn")
        if action not in self.moves(seat):
            raise IllegalAction(self.explain_illegal(seat, action))

    def resign(self, seat: int) -> None:
        self.log("resign", seat=seat)
        others = self.num_seats - 1
        self.finish([0.0 if s == seat else 1 / others for s in range(self.num_seats)])

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything the UI and bots may know as `seat`, plus that seat's legal actions."""
        return {
            "game": self.game.id,
            "seat": seat,
            "seats": self.num_seats,
            "to_act": self.to_act(),
            "actions": [] if seat is None else self.legal_actions(seat),
            "over": self.is_over(),
            "outcome": self.final_outcome,
            "moves_played": len(self.history),
            "log": [{"kind": e.kind, **e.data} for e in self.events if e.visible_to(seat)],
            **self.game_view(seat),
        }

    def undo_point(self, seat: int) -> int | None:
        """How many actions to keep to take back `seat`'s last action, or None if not allowed.

        Allowed only when nothing since that action revealed information or used chance.
        """
        for index in range(len(self.history) - 1, self.fixed_upto - 1, -1):
            if self.history[index][0] == seat:
                return index
        return None

    def clone(self, rng: random.Random | None = None) -> State:
        """A copy, much faster than deepcopy (the computer's search makes thousands).

        Lists and dicts are copied, nested ones too; everything else (the game,
        strings, tuples, log Events) is shared, since states never change those in
        place. `rng` becomes the copy's chance; by default it continues this state's.
        """
        other = object.__new__(type(self))
        other.__dict__ = {name: _copy_containers(value) for name, value in self.__dict__.items()}
        if rng is None:
            rng = random.Random.__new__(random.Random)  # no seeding: setstate follows
            rng.setstate(self.rng.getstate())
        other.rng = rng
        return other

    # ----- helpers for subclasses -----------------------------------------------------

    def log(self, kind: str, to: int | frozenset[int] | None = None, **data: Any) -> None:
        if isinstance(to, int):
            to = frozenset((to,))
        self.events.append(Event(kind, data, to))

    def fix(self) -> None:
        """Mark everything up to and including the current action as not undoable."""
        self.fixed_upto = len(self.history) + 1

    def end_game(self, outcome: list[float]) -> None:
        """One game is over. Games with match play override this to deal the next game."""
        self.finish(outcome)

    def finish(self, outcome: list[float]) -> None:
        self.final_outcome = outcome
        self.log("game_over", outcome=outcome)


def _copy_containers(value: Any) -> Any:
    if isinstance(value, list):
        if value and isinstance(value[0], (list, dict)):
            return [_copy_containers(item) for item in value]
        return value.copy()
    if isinstance(value, dict):
        if any(isinstance(item, (list, dict)) for item in value.values()):
            return type(value)({k: _copy_containers(v) for k, v in value.items()})
        return value.copy()
    return value


def seat_name(seat: int) -> str:
    return "ABCD"[seat]
