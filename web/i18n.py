"""UI strings in English and Japanese.

The one table is web/i18n.json (key -> {"en": ..., "ja": ...}). The boot script
fetches it before Python starts; Python reads the same object, so the lobby
shown before boot and the screens Python draws never disagree.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import js

LANGUAGES = ("en", "ja")
# Words worked out in the language showing, again whenever it changes (a message).
Words = Callable[[], str]
_table: dict[str, dict[str, str]] = {}
_language: list[str] = []  # the language read from web/boot.js, until it changes


async def load() -> None:
    global _table
    loaded = await js.ffBoot.strings
    _table = json.loads(js.JSON.stringify(loaded))
    language_changed()


def add(table: dict[str, dict[str, str]]) -> None:
    """More strings, loaded with what uses them (web/remote/strings.json, with remote play)."""
    _table.update(table)


def language_changed() -> None:
    """Forget the language read: web/boot.js switched it (its "ff-lang" event)."""
    _language.clear()


def lang() -> str:
    # Read once per switch: a board's redraw asks hundreds of times, each a call into JS.
    if not _language:
        code = str(js.ffBoot.lang)
        _language.append(code if code in LANGUAGES else "en")
    return _language[0]


def t(key: str, **fields) -> str:
    """The string `key` in the current language, with {fields} filled in."""
    entry = _table.get(key)
    if entry is None:
        return key
    template = entry.get(lang()) or entry.get("en", key)
    return template.format(**fields) if fields else template


def t_around(key: str, field: str, parts: list, **fields) -> list:
    """`t(key)` with `field` filled by `parts` (text and elements): ["Move 3 of 9: ", ...]."""
    before, _, after = t(key, **fields, **{field: "\x00"}).partition("\x00")
    return [before, *parts, after]


def has(key: str) -> bool:
    return key in _table


def plural(key: str, number: int, **fields) -> str:
    """`key`, or its `.one` form when `number` is exactly one ("1 card", not "1 cards")."""
    return t(key + ".one" if number == 1 and has(key + ".one") else key, **fields)


def listed(items: list[str]) -> str:
    """Items joined by the language's list separator (", " or "、")."""
    return t("common.list_sep").join(items)


def error_text(error, names: list[str] | None = None, viewer: int | None = None) -> str:
    """An engine refusal (`pygames.core.GameError`) in the current language."""
    from pygames.text import error_words

    return error_words(error, lang(), names, viewer)
