"""A position as JSON: shared positions, games played on from one, a shared past.

The format is declared, versioned and documented (docs/positions.md): a JSON object
``{"format": 2, <field>: <value>, ...}`` whose fields are named after the game's
concepts (``moves``, ``log``, ``hands``, ``armies``...), never after the Python
attributes that hold them. The core's fields are `CORE_FIELDS`; a game declares
its own in `Game.position_fields` (field -> the attribute that holds it, and what
it means), so renaming an attribute changes one line there and no written position.
Values are plain JSON, with tagged forms for the few other kinds a state holds
(tuples, dicts with non-text keys, Counters, sets, log lines): see `_encode`.

Reading is strict, since a link may hold anything: the fields and the kinds of
their values must be those of a fresh state of the same game, and the game's
invariants must hold, else `PositionError` says what is wrong. An older format is
migrated first (`migrate`): format 1 (no ``format`` field) named the fields after
the attributes of the release that wrote it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from pygames.core import Chance, Event, Game, GameError, State, fresh_chance

FORMAT = 2
FORMAT_FIELD = "format"
NOT_DATA = ("game", "chance")  # attributes set when a state is built, never written
# The fields every game's position has: field -> (attribute, what it means).
CORE_FIELDS: dict[str, tuple[str, str]] = {
    "seats": ("num_seats", "how many seats play (2-4)"),
    "options": ("options", 'the game\'s options, e.g. {"start": "A"}'),
    "rules": ("rules_version", "the version of the game's rules it is played under"),
    "moves": ("history", "every move so far: [seat, action]; seat -1 is chance"),
    "log": ("events", 'the log lines so far (tagged "e": kind, data, readers)'),
    "undo_fence": ("fixed_upto", "moves before this index can never be undone"),
    "outcome": ("final_outcome", "per seat 1 win, 0 loss, shares of 1; null while playing"),
    "end_reason": ("end_reason", "why the game ended, or null"),
    "resigned": ("resigned", "the seats that resigned, in order"),
}
RULES_IN_FORMAT_1 = 2  # every game's rules version while format 1 was written
# Format 1 wrote the core's attributes by their names of the time.
CORE_FIELDS_V1 = {
    "num_seats": "seats",
    "history": "moves",
    "events": "log",
    "fixed_upto": "undo_fence",
    "final_outcome": "outcome",
}
MAX_DEPTH = 24  # deeper nesting than any state has: refused before parsing
# A JSON string, or an unclosed one to the end of the text. Possessive, so it never
# backtracks: the scan stays linear even for text made of unclosed quotes.
_STRINGS = re.compile(r'"(?:[^"\\]|\\[\s\S])*+(?:"|\Z)')
_BRACKETS = str.maketrans({c: None for c in map(chr, range(128)) if c not in "[]{}"})


class PositionError(GameError):
    """A position that cannot be read; the message says why."""


def fields(game: Game) -> dict[str, str]:
    """Every field of the game's positions -> the state attribute that holds it."""
    declared = {**CORE_FIELDS, **game.position_fields}
    return {name: attribute for name, (attribute, _) in declared.items()}


def fields_markdown(games: list[Game]) -> str:
    """The fields of the core and of each game, as the tables of docs/positions.md."""
    lines = ["### Every game", "", *_field_table(CORE_FIELDS)]
    for game in games:
        lines += [
            "",
            f"### {game.title['en']} (`{game.id}`)",
            "",
            *_field_table(game.position_fields),
        ]
    return "\n".join(lines) + "\n"


def _field_table(declared: dict[str, tuple[str, str]]) -> list[str]:
    rows = [f"| `{name}` | {meaning} |" for name, (_, meaning) in declared.items()]
    return ["| field | what it holds |", "| --- | --- |", *rows]


# ----- writing -----


def encode_state(state: State) -> str:
    """The position of `state` in the current format."""
    names = fields(state.game)
    undeclared = set(state.__dict__) - set(NOT_DATA) - set(names.values())
    if undeclared:
        raise TypeError(f"{state.game.id} has no position field for {sorted(undeclared)}")
    data: dict[str, Any] = {name: _encode(state.__dict__[attr]) for name, attr in names.items()}
    data[FORMAT_FIELD] = FORMAT
    return dump(data)


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def _encode(value: Any) -> Any:
    """`value` as JSON data. The commonest kinds are told by their exact type (a request
    for the computer encodes a position each decision, and on a phone a chain of
    `isinstance` tests costs); the rest, subclasses too, by the kind they are."""
    kind = type(value)
    if kind is str or kind is int or value is None or kind is bool or kind is float:
        return value
    if kind is list:
        return _encode_list(value)
    if kind is tuple:
        return _encode_tuple(value)
    if kind is dict:
        return _encode_dict(value)
    if kind is Event:
        return _encode_event(value)
    for kinds, encode in _BY_KIND:
        if isinstance(value, kinds):
            return encode(value)
    raise TypeError(f"a state holds a {type(value).__name__}, which has no written form")


def _encode_list(value: list) -> list:
    return [_encode(item) for item in value]


def _encode_tuple(value: tuple) -> dict[str, list]:
    return {"t": [_encode(item) for item in value]}


def _encode_dict(value: dict) -> dict[str, list]:
    return {"d": [[_encode(k), _encode(v)] for k, v in value.items()]}


def _encode_counter(value: Counter) -> dict[str, list]:
    return {"c": [[_encode(k), v] for k, v in value.items()]}


def _encode_set(value: set | frozenset) -> dict[str, list]:
    tag = "s" if isinstance(value, set) else "f"
    return {tag: sorted((_encode(item) for item in value), key=json.dumps)}


def _encode_event(event: Event) -> dict[str, list]:
    to = None if event.to is None else sorted(event.to)
    return {"e": [event.kind, _encode(event.data), to]}


# Each kind's written form, for a value whose exact type `_encode` does not test first:
# a subclass is written as the first kind it is (a Counter before a dict).
_BY_KIND: tuple[tuple[Any, Callable[[Any], Any]], ...] = (
    (bool | int | float | str, lambda value: value),
    (list, _encode_list),
    (tuple, _encode_tuple),
    (Counter, _encode_counter),
    (dict, _encode_dict),
    (set | frozenset, _encode_set),
    (Event, _encode_event),
)


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
    game: Game,
    seats: int,
    options: dict[str, str],
    text: str,
    chance: Chance,
    viewer: int | None,
    rules: int | None = None,
) -> State:
    """The state written by `encode_state`, checked against a fresh state of `game`.

    `viewer`: the seat whose masked state it is (only its view makes sense), or None.
    `rules`: the rules version the record says (today's if None).
    """
    rules = game.rules_version if rules is None else rules
    raw = migrate(read_json(text), game)
    names = fields(game)
    fresh = game.new_state(seats, options=options, chance=fresh_chance(0))
    if set(raw) != set(names):
        raise PositionError("position_other_game")
    state = object.__new__(type(fresh))
    try:
        values = {names[name]: _decode(raw[name]) for name in sorted(names)}
    except (TypeError, ValueError, KeyError, IndexError) as error:
        raise PositionError("position_damaged", detail=str(error)[:80]) from None
    for name, attribute in names.items():
        if not _same_kind(values[attribute], fresh.__dict__[attribute]):
            raise PositionError("position_kind", name=name[:40])
    state.__dict__ = {**values, "game": game, "chance": chance}
    if state.num_seats != seats or state.options != options or state.rules_version != rules:
        raise PositionError("position_mismatch")
    try:
        check_history(state)
        state.check_invariants()
        for seat in (*range(seats), None) if viewer is None else (viewer,):
            state.view(seat)
    except Exception as error:  # anything a damaged position may raise in the rules
        raise PositionError("position_impossible", detail=str(error)[:80]) from None
    return state


def read_json(text: str) -> Any:
    try:
        return bounded_json(text)
    except (ValueError, RecursionError) as error:
        raise PositionError("position_unreadable", detail=str(error)[:80]) from None


def migrate(raw: Any, game: Game) -> dict[str, Any]:
    """A position of any format this release reads, in the current format (without
    its ``format`` field)."""
    if not isinstance(raw, dict):
        raise PositionError("position_other_game")
    version = raw.get(FORMAT_FIELD, 1)
    if version == FORMAT:
        data = {name: value for name, value in raw.items() if name != FORMAT_FIELD}
    elif version == 1 and FORMAT_FIELD not in raw:
        renamed = {**CORE_FIELDS_V1, **game.position_fields_v1}
        data = {renamed.get(name, name): value for name, value in raw.items()}
        data.setdefault("rules", RULES_IN_FORMAT_1)
    elif isinstance(version, int) and not isinstance(version, bool) and version > FORMAT:
        raise PositionError("position_newer", version=version, ours=FORMAT)
    else:
        raise PositionError("position_other_game")
    data["options"] = _renamed_options(data.get("options"), game)
    return data


def _renamed_options(options: Any, game: Game) -> Any:
    """Written options (a tagged dict) with the keys the game has renamed since."""
    if not game.renamed_options or not isinstance(options, dict):
        return options
    pairs = options.get("d")
    if not isinstance(pairs, list):
        return options
    renamed = game.renamed_options
    return {"d": [[renamed.get(p[0], p[0]), p[1]] if _is_pair(p) else p for p in pairs]}


def _is_pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and isinstance(value[0], str)


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
