"""Game logs in words, in English and Japanese.

Each game package has a `text` module (found by convention) with a `LOG` table: for each event kind,
a template per language. Templates name fields of the event in braces; a
`{seat}` field is replaced by that seat's display name. Events without a
template (bookkeeping) print nothing.
"""

from __future__ import annotations

from importlib import import_module

from pygames import GAMES

LANGUAGES = ("en", "ja")

COMMON_LOG = {
    "resign": {"en": "{seat} resigned.", "ja": "{seat}が投了しました。"},
    "agreed_draw": {"en": "The players agreed a draw.", "ja": "合意により引き分けになりました。"},
    "game_over": {"en": "Game over: {result}.", "ja": "ゲーム終了：{result}。"},
}

RESULT_WORDS = {
    "win": {"en": "{seat} wins", "ja": "{seat}の勝ち"},
    "share": {"en": "{seats} share the win", "ja": "{seats}が勝利を分け合いました"},
    "draw": {"en": "a draw", "ja": "引き分け"},
    "shared": {"en": "shared victory", "ja": "勝利を分け合いました"},
}
AND = {"en": " and ", "ja": "と"}
LIST_SEPARATOR = {"en": ", ", "ja": "、"}


def game_text(game_id: str):
    """The `text` module beside the game's package."""
    return import_module(type(GAMES[game_id]).__module__ + ".text")


def join_names(names: list[str], lang: str) -> str:
    """ "A", "A and B", "A, B and C" (English); "A、BとC" (Japanese)."""
    if len(names) <= 1:
        return "".join(names)
    return LIST_SEPARATOR[lang].join(names[:-1]) + AND[lang] + names[-1]


def seat_names(count: int) -> list[str]:
    return list("ABCD"[:count])


def describe(game_id: str, entry: dict, lang: str, names: list[str] | None = None) -> str | None:
    """One log entry (as found in a view's "log") in words, or None for bookkeeping entries."""
    table = {**COMMON_LOG, **game_text(game_id).LOG}
    template = table.get(entry["kind"], {}).get(lang)
    if template is None:
        return None
    names = names or seat_names(4)
    fields = {k: v for k, v in entry.items() if k != "kind"}
    if "seat" in fields:
        fields["seat"] = names[fields["seat"]]
    if "outcome" in fields:
        fields["result"] = result_words(game_id, fields["outcome"], lang, names)
    extra = getattr(game_text(game_id), "format_fields", None)
    if extra:
        fields = extra(fields, lang, names)
    return template.format(**fields)


def result_words(game_id: str, outcome: list[float], lang: str, names: list[str]) -> str:
    """Who won: one winner, several sharing the win, or the game's word for a tie of all."""
    winners = [names[s] for s, share in enumerate(outcome) if share > 0]
    if len(winners) == 1:
        return RESULT_WORDS["win"][lang].format(seat=winners[0])
    if len(winners) == len(outcome):
        return RESULT_WORDS[GAMES[game_id].tie_result][lang]
    return RESULT_WORDS["share"][lang].format(seats=join_names(winners, lang))
