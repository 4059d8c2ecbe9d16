"""The declared shape of a view: what the shell, boards, saves and the computer read.

`State.view(seat)` returns a `View`: the common keys every game has (seats, turn,
choices, log, result), declared here, plus the keys of the game's own table,
declared in ``pygames/<game>/views.py`` as a TypedDict that extends `View`
(e.g. ``FoolsFieldView``). A game names that type as `Game.view_type`; the
contract tests check every view a seeded game produces against it
(`check_view`), so a key the type does not declare, a missing one or a value of
the wrong kind fails a test, and mypy catches a misspelt key in a board.

Everything in a view is JSON: views cross into the browser and into tests as is.

No ``from __future__ import annotations`` in view modules: with it, Python 3.11
cannot tell a TypedDict's `NotRequired` keys from its required ones.
"""

import types
import typing
from typing import Any, NotRequired, TypeAlias, TypedDict, Union, get_args, get_origin

# A JSON value (its nested values are not described further: log data varies by kind).
JsonValue: TypeAlias = str | int | float | bool | None | list[Any] | dict[str, Any]

# What the acting seat is asked: {"key": "ff.discard", "count": 2}. The key names a
# string (the board words it through `Board.PROMPTS`); the rest are its parameters.
Prompt = dict[str, str | int]
# One line of the log: {"kind": "deploy", "seat": 0, ...}; `pygames.text` words it.
LogEntry = dict[str, JsonValue]
# One pick of a choice, as JSON: [kind, value], e.g. ["cell", "4"].
PickPair = list[str]


class ChoiceOption(TypedDict):
    action: str
    picks: list[PickPair]


class Choices(TypedDict):
    """The legal actions grouped by what the player picks (see `pygames.choices`)."""

    prompt: Prompt
    options: list[ChoiceOption]


class View(TypedDict):
    """The keys every game's view has. A game's view type extends this one."""

    game: str
    seat: int | None
    seats: int
    to_act: list[int]
    actions: list[str]
    choices: Choices | None
    over: bool
    outcome: list[float] | None
    end_reason: str | None
    resigned: list[int]
    moves_played: int
    # Where the latest moves went, for the board to mark (`State.latest_places`): picks such as
    # ["cell", "4"] in this seat's frame.
    marks: list[PickPair]
    # The ways pieces went in those moves (`State.trails`), for arrows: places in order.
    trails: list[list[PickPair]]
    log: list[LogEntry]
    # A replay of a finished game seen from everywhere (`State.full_view`) sets it.
    everything: NotRequired[bool]


# ----- checking a view against its declared type -------------------------------------


def view_keys(view_type: type) -> tuple[frozenset[str], frozenset[str]]:
    """The required and the optional keys of a view type (a TypedDict)."""
    return view_type.__required_keys__, view_type.__optional_keys__  # type: ignore[attr-defined]


def check_view(view: object, view_type: type) -> None:
    """Raise ValueError unless `view` has exactly the keys of `view_type`, each of its type."""
    if not isinstance(view, dict):
        raise ValueError("a view is not a dict")
    required, optional = view_keys(view_type)
    missing = required - set(view)
    unknown = set(view) - required - optional
    if missing or unknown:
        raise ValueError(f"keys missing {sorted(missing)}, undeclared {sorted(unknown)}")
    hints = typing.get_type_hints(view_type)
    for key, value in view.items():
        if not _fits(value, hints[key]):
            raise ValueError(f"{key!r} = {str(value)[:60]} is not a {hints[key]}")


def _fits(value: object, annotation: Any) -> bool:
    """A structural check of JSON data against a type annotation (TypedDicts included)."""
    origin = get_origin(annotation)
    if origin is NotRequired:
        return _fits(value, get_args(annotation)[0])
    if annotation is Any or annotation is object:
        return True
    if annotation is None or annotation is type(None):
        return value is None
    if origin in (Union, types.UnionType):
        return any(_fits(value, option) for option in get_args(annotation))
    if annotation is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation in (str, bool):
        return isinstance(value, annotation)
    if origin is typing.Literal:
        return value in get_args(annotation)
    if origin is list:
        (item,) = get_args(annotation)
        return isinstance(value, list) and all(_fits(v, item) for v in value)
    if origin is dict:
        key, item = get_args(annotation)
        return isinstance(value, dict) and all(
            _fits(k, key) and _fits(v, item) for k, v in value.items()
        )
    if isinstance(annotation, type) and typing.is_typeddict(annotation):
        try:
            check_view(value, annotation)
        except ValueError:
            return False
        return True
    if isinstance(annotation, typing.ForwardRef | str):
        return True  # recursive JSON aliases: anything JSON
    raise TypeError(f"a view type uses {annotation!r}, which check_view cannot check")
