"""A position as JSON: shared positions, and games played on from one.

Only plain data is written: lists, strings, numbers, and tagged forms of the few
other types a state holds (tuples, dicts, Counters, sets, log events); nothing
that could run code. Reading is strict, since a link may hold anything: the
attribute names and types must be those of a fresh state of the same game, and
the game's invariants must hold, else `PositionError` says what is wrong.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from pygames.core import Chance, Event, Game, GameError, State, fresh_chance

NOT_DATA = ("game", "chance")  # attributes set when a state is built, never written
MAX_DEPTH = 24  # deeper nesting than any state has: refused before parsing
# A JSON string, or an unclosed one to the end of the text. Possessive, so it never
# backtracks: the scan stays linear even for text made of unclosed quotes.
_STRINGS = re.compile(r'"(?:[^"\\]|\\[\s\S])*+(?:"|\Z)')
_BRACKETS = str.maketrans({c: None for c in map(chr, range(128)) if c not in "[]{}"})


class PositionError(GameError):
    """A position that cannot be read; the message says why."""


# ----- writing -----


def encode_state(state: State) -> str:
    data = {name: _encode(value) for name, value in state.__dict__.items() if name not in NOT_DATA}
    return json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return [_encode(item) for item in value]
    if isinstance(value, tuple):
        return {"t": [_encode(item) for item in value]}
    if isinstance(value, Counter):
        return {"c": [[_encode(k), v] for k, v in value.items()]}
    if isinstance(value, dict):
        return {"d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, set | frozenset):
        tag = "s" if isinstance(value, set) else "f"
        return {tag: sorted((_encode(item) for item in value), key=json.dumps)}
    if isinstance(value, Event):
        to = None if value.to is None else sorted(value.to)
        return {"e": [value.kind, _encode(value.data), to]}
    raise TypeError(f"a state holds a {type(value).__name__}, which has no written form")


# ----- reading -----


def bounded_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads, refusing nesting deeper than `max_depth` before it can exhaust the stack."""
    depth = deepest = 0
    for bracket in _STRINGS.sub("", text).translate(_BRACKETS):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    if deepest > max_depth:
        raise ValueError(f"nested {deepest} deep (at most {max_depth})")
    return json.loads(text)


def decode_state(
    game: Game, seats: int, options: dict[str, str], text: str, chance: Chance, viewer: int | None
) -> State:
    """The state written by `encode_state`, checked against a fresh state of `game`.

    `viewer`: the seat whose masked state it is (only its view makes sense), or None.
    """
    try:
        raw = bounded_json(text)
    except (ValueError, RecursionError) as error:
        raise PositionError("position_unreadable", detail=str(error)[:80]) from None
    fresh = game.new_state(seats, options=options, chance=fresh_chance(0))
    expected = {name for name in fresh.__dict__ if name not in NOT_DATA}
    if not isinstance(raw, dict) or set(raw) != expected:
        raise PositionError("position_other_game")
    state = object.__new__(type(fresh))
    try:
        values = {name: _decode(raw[name]) for name in sorted(expected)}
    except (TypeError, ValueError, KeyError, IndexError) as error:
        raise PositionError("position_damaged", detail=str(error)[:80]) from None
    for name, value in values.items():
        if not _same_kind(value, fresh.__dict__[name]):
            raise PositionError("position_kind", name=name[:40])
    state.__dict__ = {**values, "game": game, "chance": chance}
    if state.num_seats != seats or state.options != options:
        raise PositionError("position_mismatch")
    try:
        check_history(state)
        state.check_invariants()
        for seat in (*range(seats), None) if viewer is None else (viewer,):
            state.view(seat)
    except Exception as error:  # anything a damaged position may raise in the rules
        raise PositionError("position_impossible", detail=str(error)[:80]) from None
    return state


def check_history(state: State) -> None:
    for entry in state.history:
        if not (isinstance(entry, tuple) and len(entry) == 2):
            raise ValueError("a move of the history is unreadable")
        if not isinstance(entry[0], int) or not isinstance(entry[1], str):
            raise ValueError("a move of the history is unreadable")


def _same_kind(value: Any, reference: Any) -> bool:
    if value is None or reference is None:
        return True
    if isinstance(value, bool) or isinstance(reference, bool):
        return type(value) is type(reference)
    if isinstance(value, int | float) and isinstance(reference, int | float):
        return True
    return type(value) is type(reference)


def _decode(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list):
        return [_decode(item) for item in value]
    if not isinstance(value, dict) or len(value) != 1:
        raise ValueError("an unknown kind of value")
    ((tag, body),) = value.items()
    if not isinstance(body, list):
        raise ValueError("an unknown kind of value")
    if tag == "t":
        return tuple(_decode(item) for item in body)
    if tag == "c":
        return Counter({_key(k): _count(v) for k, v in body})
    if tag == "d":
        return {_key(k): _decode(v) for k, v in body}
    if tag == "s":
        return {_key(item) for item in body}
    if tag == "f":
        return frozenset(_key(item) for item in body)
    if tag == "e":
        kind, data, to = body
        if not isinstance(kind, str) or not isinstance(_decode(data), dict):
            raise ValueError("a damaged log entry")
        return Event(kind, _decode(data), None if to is None else frozenset(map(_count, to)))
    raise ValueError(f"an unknown tag {tag!r}")


def _key(value: Any) -> Any:
    key = _decode(value)
    hash(key)  # TypeError for a list or dict where a key must be
    return key


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError("a count that is not a whole number")
    return value
