"""Game logs in words, in English and Japanese, spoken to the one who reads them.

Each game package has a `text` module (found by convention) with a `LOG` table:
for each event kind, a template per language. Templates name fields of the
event in braces; seat fields are replaced by the seats' display names.

A template speaks to its reader. Its subject is the event's ``seat`` field (or
the field named by ``"subject"``). When the reader is the subject, English
uses the ``"en:you"`` template ("You start." rather than "You starts."); every
English template with a subject has one, which a test checks, so a wrong
person cannot be built. Japanese needs no second form. ``"quiet_for_subject":
True`` keeps a line from its subject, who reads a private line that says more
(the cards drawn instead of their number). Events without a template print
nothing.

Items such as cards come out of `describe_parts` as `{"item", "value", "text"}`
dicts, so a page can draw them; `describe` gives their text.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from pygames import GAMES

LANGUAGES = ("en", "ja")
SEAT_FIELDS = ("seat", "start", "first")
_ITEM = "\x00"  # item tokens inside a formatted line: \x00kind\x01value\x01text\x00

COMMON_LOG: dict[str, dict[str, Any]] = {
    "resign": {"en": "{seat} resigned.", "en:you": "You resigned.", "ja": "{seat}が投了しました。"},
    "agreed_draw": {"en": "The players agreed a draw.", "ja": "合意により引き分けになりました。"},
    "game_over": {"en": "Game over: {result}{why}.", "ja": "ゲーム終了：{result}{why}。"},
}

RESULT_WORDS = {
    "win": {"en": "{seat} wins", "en:you": "you win", "ja": "{seat}の勝ち"},
    "share": {"en": "{seats} share the win", "ja": "{seats}が勝利を分け合いました"},
    "draw": {"en": "a draw", "ja": "引き分け"},
    "shared": {"en": "shared victory", "ja": "勝利を分け合いました"},
}
COMMON_REASONS = {
    "resigned": {"en": "every other player resigned", "ja": "ほかのプレイヤーが投了しました"},
    "agreed": {"en": "agreed by the players", "ja": "プレイヤーの合意"},
}
WHY = {"en": " ({reason})", "ja": "（{reason}）"}
AND = {"en": " and ", "ja": "と"}
LIST_SEPARATOR = {"en": ", ", "ja": "、"}


def game_text(game_id: str):
    """The `text` module beside the game's package."""
    return import_module(type(GAMES[game_id]).__module__ + ".text")


def seat_letters(count: int) -> list[str]:
    return list("ABCD"[:count])


def item(kind: str, value: str, words: str) -> str:
    """An item (e.g. a card) inside a line: drawn by a page, `words` in plain text."""
    return f"{_ITEM}{kind}\x01{value}\x01{words}{_ITEM}"


def describe(
    game_id: str, entry: dict, lang: str, names: list[str] | None = None, viewer: int | None = None
) -> str | None:
    """One log entry (as found in a view's "log") in words for `viewer`, or None."""
    parts = describe_parts(game_id, entry, lang, names, viewer)
    if parts is None:
        return None
    return "".join(part if isinstance(part, str) else part["text"] for part in parts)


def describe_parts(
    game_id: str, entry: dict, lang: str, names: list[str] | None = None, viewer: int | None = None
) -> list[str | dict[str, str]] | None:
    """`describe`, with items as dicts: ["You drew ", {"item": "card", ...}, "."]."""
    templates = {**COMMON_LOG, **game_text(game_id).LOG}.get(entry["kind"])
    if templates is None:
        return None
    subject = entry.get(templates.get("subject", "seat"))
    is_reader = viewer is not None and subject == viewer
    if is_reader and templates.get("quiet_for_subject"):
        return None
    template = templates.get(f"{lang}:you") if is_reader else None
    template = template or templates.get(lang)
    if template is None:
        return None
    names = names or seat_letters(4)
    fields = {k: v for k, v in entry.items() if k != "kind"}
    for key in SEAT_FIELDS:
        if isinstance(fields.get(key), int):
            fields[key] = names[fields[key]]
    if "outcome" in fields:
        fields["result"] = result_words(game_id, fields["outcome"], lang, names, viewer)
        fields["why"] = reason_words(game_id, fields.get("reason"), lang)
    extra = getattr(game_text(game_id), "format_fields", None)
    if extra:
        fields = extra(fields, lang, names)
    return split_items(template.format(**fields))


def split_items(line: str) -> list[str | dict[str, str]]:
    parts: list[str | dict[str, str]] = []
    for index, piece in enumerate(line.split(_ITEM)):
        if index % 2 == 0:
            if piece:
                parts.append(piece)
        else:
            kind, value, words = piece.split("\x01")
            parts.append({"item": kind, "value": value, "text": words})
    return parts


def join_names(names: list[str], lang: str) -> str:
    """ "A", "A and B", "A, B and C" (English); "A、BとC" (Japanese)."""
    if len(names) <= 1:
        return "".join(names)
    return LIST_SEPARATOR[lang].join(names[:-1]) + AND[lang] + names[-1]


def result_words(
    game_id: str, outcome: list[float], lang: str, names: list[str], viewer: int | None = None
) -> str:
    """Who won: one winner, several sharing the win, or the game's word for a tie of all."""
    winners = [s for s, share in enumerate(outcome) if share > 0]
    if len(winners) == 1:
        words = RESULT_WORDS["win"]
        template = words.get(f"{lang}:you") if winners[0] == viewer else None
        return (template or words[lang]).format(seat=names[winners[0]])
    if len(winners) == len(outcome):
        return RESULT_WORDS[GAMES[game_id].tie_result][lang]
    return RESULT_WORDS["share"][lang].format(seats=join_names([names[s] for s in winners], lang))


def reason_words(game_id: str, reason: str | None, lang: str) -> str:
    """Why the game ended, as a bracketed clause (empty if unknown)."""
    reasons = {**COMMON_REASONS, **getattr(game_text(game_id), "END_REASONS", {})}
    if reason not in reasons:
        return ""
    return WHY[lang].format(reason=reasons[reason][lang])
