"""Saved games in localStorage: one JSON entry per game under "ff:save:<id>".

An entry holds the record text (the single source of truth: the position is
rebuilt by replaying it), the seat kinds and timestamps, plus a few fields the
lobby lists without importing the rules engine (title, moves, finished), and
`bot_seed`, from which the computer's decisions in this game are seeded (absent
in saves from before it was kept).
Anything unreadable is reported per entry, so one bad entry never hides the rest.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass

import js
from pyodide.ffi import jsnull

SAVE_PREFIX = "ff:save:"
FORMAT = "ff-save/1"


class StorageFull(Exception):
    """The browser refused to store more (QuotaExceededError)."""


class StorageUnavailable(Exception):
    """localStorage is disabled or missing."""


@dataclass
class Save:
    id: str
    game: str
    record: str
    seats: list[str]
    created: float
    saved: float
    moves: int
    over: bool = False
    format: str = FORMAT
    bot_seed: int | None = None

    def to_json(self) -> str:
        return json.dumps(asdict(self))


@dataclass
class BadSave:
    """An entry under our prefix that is not a save we can read."""

    id: str
    reason: str


def new_id() -> str:
    # The OS's randomness, without importing `secrets` (hashlib, hmac: slower to start).
    return f"{random.SystemRandom().getrandbits(48):012x}"


def now_ms() -> float:
    return float(js.Date.now())


def _store():
    try:
        store = js.localStorage
    except Exception as error:  # disabled by the user or the browser
        raise StorageUnavailable(str(error)) from None
    if store is None or store is jsnull:
        raise StorageUnavailable("no localStorage")
    return store


def list_saves() -> list[Save | BadSave]:
    """Every entry under our prefix, newest first; unreadable ones as BadSave."""
    store = _store()
    keys = [store.key(i) for i in range(store.length)]
    entries = [read(key[len(SAVE_PREFIX) :]) for key in keys if key.startswith(SAVE_PREFIX)]
    return sorted(entries, key=lambda e: getattr(e, "saved", 0), reverse=True)


def read(save_id: str) -> Save | BadSave:
    raw = _store().getItem(SAVE_PREFIX + save_id)
    if raw is None or not isinstance(raw, str):  # JS null arrives as jsnull
        return BadSave(save_id, "missing")
    try:
        data = json.loads(raw)
        return _parse(save_id, data)
    except (ValueError, TypeError, KeyError):
        return BadSave(save_id, "unreadable")


def _parse(save_id: str, data) -> Save | BadSave:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return BadSave(save_id, "foreign")
    save = Save(
        id=save_id,
        game=str(data["game"]),
        record=data["record"],
        seats=[str(kind) for kind in data["seats"]],
        created=float(data["created"]),
        saved=float(data["saved"]),
        moves=int(data["moves"]),
        over=bool(data.get("over", False)),
        bot_seed=_whole_number(data.get("bot_seed")),
    )
    if not isinstance(save.record, str):
        return BadSave(save_id, "unreadable")
    return save


def _whole_number(value) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63:
        return value
    return None


def write(save: Save) -> None:
    try:
        _store().setItem(SAVE_PREFIX + save.id, save.to_json())
    except StorageUnavailable:
        raise
    except Exception as error:  # JsException wrapping a DOMException
        if "quota" in str(error).lower():
            raise StorageFull(str(error)) from None
        raise


def delete(save_id: str) -> None:
    _store().removeItem(SAVE_PREFIX + save_id)
