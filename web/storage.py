"""Saved games in localStorage: one JSON entry per game under "ff:save:<id>".

An entry holds the record text (the single source of truth: the position is
rebuilt by replaying it), the seat kinds and timestamps, plus a few fields the
lobby lists without importing the rules engine (title, moves, finished), and
`bot_seed`, from which the computer's decisions in this game are seeded (absent
in saves from before it was kept), and `analysis`, the computer's study of a
finished game (web/analysis.py), kept so that it runs once.

The lobby's games in progress, as last listed, are kept under "ff:in-play"
(`keep_in_play`) for the next page to draw before Python has booted (web/boot.js).

A game played with friends on other devices (web/remote_session.py) is saved under
its chain's id with no record: `remote` holds its device's save
(`pygames.remote.game.RemoteGame.to_saved`, checked where it is read), `names` the
players' names, `turn` what the lobby says of it ("mine", "send", "wait") and
`awaited` the seats whose link it waits for.

Every entry is read as hostile: on GitHub Pages all of a user's project sites
share one origin, so another site can write anything under our prefix. An entry
is refused unread when it is too large or its quoting is broken, its nesting is
checked before parsing (`pygames.position.bounded_json`), and every field is
type- and range-checked. Any failure, whatever it is, turns that one entry into
a `BadSave`: one bad entry never hides the rest, nor stops the app.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from dataclasses import asdict, dataclass

import js
from pyodide.ffi import jsnull

SAVE_PREFIX = "ff:save:"
FORMAT = "ff-save/1"

MAX_ENTRY_CHARS = 2_000_000  # a larger entry is unreadable without parsing it
# A save is an object holding lists, and its study an object holding a list of lists; a
# game by links holds its device's save, which nests 4 deep (`pygames.remote.game.
# SAVE_DEPTH`: a reshuffle's order, the audit's moves): deeper is refused before parsing.
MAX_DEPTH = 5
MAX_STUDIED = 100_000  # more studied decisions than any game has: the study is dropped
MAX_MOVES = 10_000_000
MAX_TIME_MS = 8.64e15  # the latest time a JS Date can hold
MIN_SEATS, MAX_SEATS = 2, 4
MAX_LISTED_BAD = 100  # more unreadable entries are listed as these are deleted
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # a save's id, as new_id makes them
_NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")  # a game id or a seat kind


class StorageFull(Exception):
    """The browser refused to store more (QuotaExceededError)."""


class StorageUnavailable(Exception):
    """localStorage is disabled or missing."""


class _Unreadable(Exception):
    """An entry that is not a save we can read; the message is the BadSave reason."""


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
    analysis: dict | None = None
    remote: dict | None = None
    names: list[str] | None = None
    turn: str = ""
    awaited: list[int] | None = None

    def to_json(self) -> str:
        return json.dumps(asdict(self))


@dataclass
class BadSave:
    """An entry under our prefix that is not a save we can read.

    `reason`: "missing", "unavailable" (storage refused to read it), "too large",
    "foreign" (not our format) or "unreadable".
    """

    id: str
    reason: str


def is_save_id(text: str) -> bool:
    return bool(_ID.fullmatch(text))


def game_by_links(chain_id: str) -> Save | None:
    """The saved game by links whose chain is `chain_id` (its save's id), if this device
    holds one."""
    save = read(chain_id) if is_save_id(chain_id) else None
    return save if isinstance(save, Save) and save.remote is not None else None


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
    """Every entry under our prefix: saves newest first, then unreadable ones as BadSave.

    Raises only StorageUnavailable. At most MAX_LISTED_BAD unreadable entries are
    listed (the next ones appear as those are deleted).
    """
    store = _store()
    try:
        count = int(store.length)
    except Exception as error:
        raise StorageUnavailable(str(error)) from None
    ids = []
    for index in range(count):
        try:
            key = store.key(index)
        except Exception:  # a key we cannot even name cannot be listed nor deleted
            continue
        if isinstance(key, str) and key.startswith(SAVE_PREFIX):
            ids.append(key[len(SAVE_PREFIX) :])
    entries = [read(save_id) for save_id in dict.fromkeys(ids)]
    saves = [entry for entry in entries if isinstance(entry, Save)]
    bad = [entry for entry in entries if isinstance(entry, BadSave)]
    saves.sort(key=lambda save: save.saved, reverse=True)
    return [*saves, *bad[:MAX_LISTED_BAD]]


def read(save_id: str) -> Save | BadSave:
    """The save `save_id`, or a BadSave saying why not. Never raises."""
    try:
        raw = _store().getItem(SAVE_PREFIX + save_id)
    except StorageUnavailable:
        return BadSave(save_id, "unavailable")
    except Exception:  # a getItem that throws
        return BadSave(save_id, "unavailable")
    if raw is None or raw is jsnull:
        return BadSave(save_id, "missing")
    try:
        return parse(save_id, raw)
    except _Unreadable as error:
        return BadSave(save_id, str(error))
    except Exception:  # RecursionError, MemoryError, anything a hostile entry may cause
        return BadSave(save_id, "unreadable")


def parse(save_id: str, raw: object) -> Save:
    """The save an entry's text holds; raises _Unreadable (or anything) when it holds none."""
    if not isinstance(raw, str):
        raise _Unreadable("unreadable")
    if len(raw) > MAX_ENTRY_CHARS:
        raise _Unreadable("too large")
    # Imported here: start-up reads no rules module until there is an entry to read.
    from pygames.position import bounded_json

    try:
        data = bounded_json(raw, MAX_DEPTH)
    except (ValueError, RecursionError):
        raise _Unreadable("unreadable") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _Unreadable("foreign")
    if not _ID.fullmatch(save_id):
        raise _Unreadable("foreign")
    return Save(
        id=save_id,
        game=_name(data.get("game")),
        record=_text(data.get("record")),
        seats=_seats(data.get("seats")),
        created=_time(data.get("created")),
        saved=_time(data.get("saved")),
        moves=_count(data.get("moves")),
        over=_flag(data.get("over", False)),
        bot_seed=_whole_number(data.get("bot_seed")),
        analysis=_analysis(data.get("analysis")),
        remote=_remote(data.get("remote")),
        names=_names(data.get("names")),
        turn=_turn(data.get("turn", "")),
        awaited=_seat_numbers(data.get("awaited")),
    )


def _name(value: object) -> str:
    if isinstance(value, str) and _NAME.fullmatch(value):
        return value
    raise _Unreadable("unreadable")


def _text(value: object) -> str:
    if isinstance(value, str):
        return value
    raise _Unreadable("unreadable")


def _seats(value: object) -> list[str]:
    if isinstance(value, list) and MIN_SEATS <= len(value) <= MAX_SEATS:
        return [_name(kind) for kind in value]
    raise _Unreadable("unreadable")


def _time(value: object) -> float:
    """A time in ms since 1970 that a JS Date can hold (1e400 arrives as inf: refused)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _Unreadable("unreadable")
    if not 0 <= value <= MAX_TIME_MS:  # also NaN, infinities and huge integers
        raise _Unreadable("unreadable")
    return float(value)


def _count(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_MOVES:
        return value
    raise _Unreadable("unreadable")


def _flag(value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise _Unreadable("unreadable")


def _whole_number(value) -> int | None:
    """The bot seed if it is one; anything else (absent, damaged) means a new seed."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63:
        return value
    return None


def _analysis(value) -> dict | None:
    """The kept study if its shape is right (each verdict is checked where it is read);
    anything else is dropped, and the study simply runs again."""
    if not isinstance(value, dict):
        return None
    version, iterations, results = value.get("v"), value.get("it"), value.get("r")
    if _whole_number(version) is None or _whole_number(iterations) is None:
        return None
    if not isinstance(results, list) or len(results) > MAX_STUDIED:
        return None
    return {"v": version, "it": iterations, "r": [r for r in results if isinstance(r, list)]}


def _remote(value: object) -> dict | None:
    if value is None or isinstance(value, dict):
        return value
    raise _Unreadable("unreadable")


MAX_NAME = 40
TURNS = ("", "mine", "send", "wait", "out")  # "out": another friend took my seat


def _names(value: object) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        raise _Unreadable("unreadable")
    if not all(isinstance(name, str) and len(name) <= MAX_NAME for name in value):
        raise _Unreadable("unreadable")
    return [str(name) for name in value]


def _seat_numbers(value: object) -> list[int] | None:
    """Seats (anything else: none named, the lobby says less)."""
    if not isinstance(value, list) or len(value) > MAX_SEATS:
        return None
    seats = [seat for seat in value if isinstance(seat, int) and not isinstance(seat, bool)]
    return [seat for seat in seats if 0 <= seat < MAX_SEATS]


def _turn(value: object) -> str:
    if isinstance(value, str) and value in TURNS:
        return value
    raise _Unreadable("unreadable")


def write(save: Save) -> None:
    try:
        _set(SAVE_PREFIX + save.id, save.to_json())
    except StorageFull:
        keep_in_play(None)  # a save comes before the lobby's glimpse: try again without it
        _set(SAVE_PREFIX + save.id, save.to_json())


def _set(key: str, text: str) -> None:
    try:
        _store().setItem(key, text)
    except StorageUnavailable:
        raise
    except Exception as error:  # JsException wrapping a DOMException
        if "quota" in str(error).lower():
            raise StorageFull(str(error)) from None
        raise


IN_PLAY_KEY = "ff:in-play"
MAX_IN_PLAY_CHARS = 16_000  # a glimpse of the first few games: a longer one is not kept


def keep_in_play(text: str | None) -> None:
    """Keep the lobby's games in progress as `text` (web/lobby.py's `InPlayGlimpse`, as
    JSON), or drop them (None). Only a glimpse, for the next page to draw at once: when
    it cannot be kept, that page draws the list once Python has booted."""
    with contextlib.suppress(Exception):
        if text is None or len(text) > MAX_IN_PLAY_CHARS:
            _store().removeItem(IN_PLAY_KEY)
        else:
            _set(IN_PLAY_KEY, text)


def delete(save_id: str) -> None:
    try:
        _store().removeItem(SAVE_PREFIX + save_id)
    except StorageUnavailable:
        raise
    except Exception as error:  # a removeItem that throws
        raise StorageUnavailable(str(error)) from None


NAME_KEY = "ff:name"  # the name last given for a game by links, offered again


def remembered_name() -> str:
    try:
        value = _store().getItem(NAME_KEY)
    except Exception:  # no storage: nothing to offer
        return ""
    return value[:MAX_NAME] if isinstance(value, str) else ""


def remember_name(name: str) -> str:
    """`name` as one line of at most MAX_NAME characters, kept to offer next time."""
    name = " ".join(name.split())[:MAX_NAME]
    with contextlib.suppress(Exception):  # it is only offered again next time
        _store().setItem(NAME_KEY, name)
    return name
