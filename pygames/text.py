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

A move offered as advice (a hint, the study's preferred move) reads in the
hint's mood: a template's ``"en:hint"`` and ``"ja:hint"`` forms, an imperative
with no subject ("Deploy XSSX."), whoever's move it is; every kind of line that
a seat's own move writes first has them, which a test checks. A move that writes
no line (one step of a longer move) is told by what it picks: each game's text
module words its picks (`pick_words`) and may give such a move its own sentence
(``PICK_HINTS``, by ``"kind:value"`` or ``"kind"`` of its first pick).

Items such as cards come out of `describe_parts` as `{"item", "value", "text"}`
dicts, so a page can draw them; `describe` gives their text.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from pygames import GAMES
from pygames.core import GameError

LANGUAGES = ("en", "ja")
SEAT_FIELDS = ("seat", "start", "first")
_ITEM = "\x00"  # item tokens inside a formatted line: \x00kind\x01value\x01text\x00

COMMON_LOG: dict[str, dict[str, Any]] = {
    "resign": {"en": "{seat} resigned.", "en:you": "You resigned.", "ja": "{seat}が投了しました。"},
    "agreed_draw": {"en": "The players agreed to a tie.", "ja": "合意により引き分けになりました。"},
    "game_over": {"en": "Game over: {result}{why}.", "ja": "ゲーム終了：{result}{why}。"},
}

RESULT_WORDS = {
    "win": {"en": "{seat} wins", "en:you": "you win", "ja": "{seat}の勝ち"},
    "share": {"en": "{seats} share the win", "ja": "{seats}が勝利を分け合いました"},
    "draw": {"en": "a tie", "ja": "引き分け"},
    "shared": {"en": "shared victory", "ja": "勝利を分け合いました"},
}
COMMON_REASONS = {
    "resigned": {"en": "by resignation", "ja": "投了による"},
    "agreed": {"en": "agreed by the players", "ja": "プレイヤーの合意"},
}
# Refusals common to every game (see `pygames.core.GameError`); games add their own ERRORS.
ERRORS: dict[str, dict[str, Any]] = {
    "not_legal_now": {"en": "that move is not possible now", "ja": "今はその操作はできません"},
    "no_such_seat": {"en": "there is no such player", "ja": "そのプレイヤーはいません"},
    "game_over": {"en": "the game is over", "ja": "ゲームは終了しています"},
    "seat_left": {
        "en": "{seat} has left the game",
        "en:you": "you have left the game",
        "ja": "{seat}はすでにゲームを離れています",
    },
    "not_your_turn": {
        "en": "it is not {seat}'s turn",
        "en:you": "it is not your turn",
        "ja": "{seat}の手番ではありません",
    },
    "chance_missing": {
        "en": "the record ends before a card or tile it needs",
        "ja": "記録が途中で終わっていて、必要な引きがありません",
    },
    "chance_impossible": {
        "en": "the record draws {outcome}, which could not have been drawn there",
        "ja": "記録に、その時点ではありえない引きがあります",
    },
    "unknown_option": {"en": "this game has no option {option}", "ja": "このゲームにない設定です"},
    "bad_option": {
        "en": "option {option} must be one of {allowed}, not {value}",
        "ja": "設定の値が正しくありません",
    },
    "seat_count": {
        "en": "this game is for {low}-{high} players, not {seats}",
        "ja": "このゲームは{low}～{high}人用です（{seats}人では遊べません）",
    },
    "shared_position_only_to_look": {
        "en": "a shared position is only to look at",
        "ja": "共有された局面は見るだけで、操作はできません",
    },
    # records and links
    "record_too_long": {"en": "this record is too long to be a game", "ja": "記録が長すぎます"},
    "record_lines": {
        "en": "a record has a header line and a line of moves",
        "ja": "記録の形式が正しくありません（見出し行と手の行が必要です）",
    },
    "record_header": {"en": "the record's header is incomplete", "ja": "記録の見出しが不完全です"},
    "record_position_line": {
        "en": "a record's second line of three is its position",
        "ja": "記録の2行目に局面がありません",
    },
    "record_no_position": {
        "en": "a shared position has no position line",
        "ja": "共有された局面に局面の行がありません",
    },
    "record_position_moves": {
        "en": "a shared position holds no moves",
        "ja": "共有された局面に手は含まれません",
    },
    "record_chance_mismatch": {
        "en": "the record's chance moves do not match its other moves",
        "ja": "記録の引きがほかの手と合いません",
    },
    "record_illegal_move": {
        "en": "move {number} ({move}) is illegal: {reason}",
        "ja": "{number}手目が不正です：{reason}",
    },
    "record_out_of_place": {
        "en": "move {number} ({move}) is out of place",
        "ja": "{number}手目の順序が正しくありません",
    },
    "record_not_shared": {
        "en": "only a shared position is played on",
        "ja": "続きを遊べるのは共有された局面だけです",
    },
    "record_unknown_game": {"en": "unknown game {game}", "ja": "知らないゲームの記録です"},
    "record_newer": {
        "en": "this game was saved by a newer version of the app (rules version {version} of "
        "{game}; this app has version {ours}): update the app to open it",
        "ja": "このゲームは新しいバージョンのアプリで保存されています。"
        "開くにはアプリを更新してください",
    },
    "record_version": {
        "en": "this record is for rules version {version} of {game}; this app has version {ours}",
        "ja": "このアプリとはルールのバージョンが異なる記録です",
    },
    "record_v1_chance": {
        "en": "a version 1 record has no chance moves",
        "ja": "古い形式の記録に引きの手が含まれています",
    },
    "record_field": {"en": "unreadable header field {field}", "ja": "記録の見出しが読めません"},
    "record_seed": {
        "en": "the record's seed is missing or not a number",
        "ja": "古い形式の記録のシードが読めません",
    },
    "record_seat_kind": {"en": "unknown seat kind {kind}", "ja": "記録の席の種類が読めません"},
    "record_seats": {"en": "a game has at most {most} seats", "ja": "席の数が多すぎます"},
    "record_viewer": {
        "en": "the shared position names no seat of this game",
        "ja": "共有された局面の視点の席がこのゲームにありません",
    },
    "record_move": {"en": "unreadable move {move}", "ja": "読めない手があります"},
    "record_hints": {
        "en": "the record's hints name no seat of this game",
        "ja": "記録のヒントの欄にこのゲームにない席があります",
    },
    "record_steps_unshared": {
        "en": "only a shared position holds the positions before it",
        "ja": "それまでの局面を含められるのは共有された局面だけです",
    },
    "record_other_game": {
        "en": "the saved record is for another game",
        "ja": "別のゲームの記録です",
    },
    "record_save_shared": {
        "en": "a saved game cannot be a shared position",
        "ja": "保存したゲームが共有局面になっています",
    },
    "link_no_game": {
        "en": "this link does not hold a game",
        "ja": "このリンクにはゲームがありません",
    },
    "link_too_long": {
        "en": "this link is too long to hold a game",
        "ja": "リンクが長すぎてゲームを読み込めません",
    },
    "link_too_big": {
        "en": "this link unpacks to more than any game holds",
        "ja": "リンクを展開するとゲームの記録として大きすぎます",
    },
    "link_damaged": {
        "en": "this link is damaged or incomplete",
        "ja": "リンクが壊れているか、途中で切れています",
    },
    "position_unreadable": {
        "en": "the position is not readable ({detail})",
        "ja": "局面が読めません",
    },
    "decision_request": {
        "en": "the computer was asked in a form it does not read ({detail})",
        "ja": "コンピューターへの問い合わせの形式が読めません（{detail}）",
    },
    "bad_notation": {
        "en": "{action} is not written as an action of this game",
        "ja": "{action}はこのゲームの手の書き方ではありません",
    },
    "position_newer": {
        "en": "the position is in format {version}, newer than this app reads ({ours})",
        "ja": "局面の形式{version}は、このアプリが読める形式（{ours}）より新しいものです",
    },
    "position_other_game": {
        "en": "the position does not describe this game",
        "ja": "局面がこのゲームのものではありません",
    },
    "position_damaged": {
        "en": "the position holds a damaged value ({detail})",
        "ja": "局面に壊れた値があります",
    },
    "position_kind": {
        "en": "the position's {name} is not of the right kind",
        "ja": "局面の値の種類が正しくありません",
    },
    "position_mismatch": {
        "en": "the position's seats or options differ from the record's",
        "ja": "局面の席や設定が記録と合いません",
    },
    "position_impossible": {
        "en": "the position is impossible ({detail})",
        "ja": "ありえない局面です",
    },
}

WHY = {"en": " ({reason})", "ja": "（{reason}）"}
AND = {"en": " and ", "ja": "と"}
LIST_SEPARATOR = {"en": ", ", "ja": "、"}
PICKS_HINT = {"en": "Choose {words}.", "ja": "{words}を選ぶ。"}
PICKS_ASIDE = {"en": " ({words})", "ja": "（{words}）"}
PICKS_DONE = {"en": "{seat} chose {words}.", "ja": "{seat}が{words}を選びました。"}
SENTENCE_GAP = {"en": " ", "ja": ""}  # between two lines told as one


def game_text(game_id: str):
    """The `text` module beside the game's package."""
    return import_module(type(GAMES[game_id]).__module__ + ".text")


def strings_table(shell_table: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The page's strings table: the shell's (web/i18n.json) and each game's `STRINGS`.

    A game's names (cards, tiles, terrain) have one home, its text module, which the
    log reads too; a text module's optional ``STRINGS`` maps strings-table keys to
    them. The build writes the merged table; a key defined twice is refused.
    """
    table = dict(shell_table)
    for game_id in sorted(GAMES):
        for key, words in getattr(game_text(game_id), "STRINGS", {}).items():
            if key in table:
                raise ValueError(f"the string {key!r} is defined twice ({game_id})")
            table[key] = words
    return table


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
    game_id: str,
    entry: dict,
    lang: str,
    names: list[str] | None = None,
    viewer: int | None = None,
    as_hint: bool = False,
) -> list[str | dict[str, str]] | None:
    """`describe`, with items as dicts: ["You drew ", {"item": "card", ...}, "."].
    `as_hint`: in the hint's mood where the line has one ("Deploy XSSX.")."""
    templates = {**COMMON_LOG, **game_text(game_id).LOG}.get(entry["kind"])
    if templates is None:
        return None
    fields = {k: v for k, v in entry.items() if k != "kind"}
    line = fill(game_id, templates, fields, lang, names, viewer, as_hint)
    return None if line is None else split_items(line)


def fill(
    game_id: str | None,
    templates: dict[str, Any],
    fields: dict[str, Any],
    lang: str,
    names: list[str] | None,
    viewer: int | None,
    as_hint: bool = False,
) -> str | None:
    """A template (speaking to `viewer`, or in the hint's mood) with its fields in words;
    None if it is not for them."""
    subject = fields.get(templates.get("subject", "seat"))
    is_reader = viewer is not None and subject == viewer
    template = templates.get(f"{lang}:hint") if as_hint else None
    if template is None and is_reader and templates.get("quiet_for_subject"):
        return None
    if template is None and is_reader:
        template = templates.get(f"{lang}:you")
    template = template or templates.get(lang)
    if template is None:
        return None
    names = names or seat_letters(4)
    fields = dict(fields)
    for key in SEAT_FIELDS:
        if isinstance(fields.get(key), int):
            fields[key] = names[fields[key]]
    if game_id is not None:
        if "outcome" in fields:
            fields["result"] = result_words(game_id, fields["outcome"], lang, names, viewer)
            fields["why"] = reason_words(game_id, fields.get("reason"), lang)
        extra = getattr(game_text(game_id), "format_fields", None)
        if extra:
            fields = extra(fields, lang, names, viewer)
    return template.format(**fields)


def error_words(
    error: GameError, lang: str, names: list[str] | None = None, viewer: int | None = None
) -> str:
    """A refusal from the engine in `lang`, spoken to `viewer` ("it is not your turn")."""
    game_id, dot, name = error.key.rpartition(".")
    table = getattr(game_text(game_id), "ERRORS", {}) if dot and game_id in GAMES else ERRORS
    templates = table.get(name if dot else error.key)
    if templates is None:
        return error.key  # an unworded key: a bug that a test looks for
    fields = {
        key: error_words(value, lang, names, viewer) if isinstance(value, GameError) else value
        for key, value in error.params.items()
    }
    line = fill(game_id if dot else None, templates, fields, lang, names, viewer)
    return plain_text(line or error.key)


def pick_words(
    game_id: str, picks: list[tuple[str, str]], lang: str, names: list[str] | None = None
) -> str:
    """What an action picks, in words (a line that may hold items): "XSSX, row 2, column 3"."""
    module = game_text(game_id)
    names = names or seat_letters(4)
    words = [module.pick_words(kind, value, lang, names) for kind, value in picks]
    return LIST_SEPARATOR[lang].join(words)


def picks_hint(
    game_id: str, picks: list[tuple[str, str]], lang: str, names: list[str] | None = None
) -> list[str | dict[str, str]]:
    """A move that writes no line, offered as advice: ["Go on to hex 14."]."""
    hints = getattr(game_text(game_id), "PICK_HINTS", {})
    kind, value = picks[0]
    template = hints.get(f"{kind}:{value}") or hints.get(kind) or PICKS_HINT
    return _with_picks(template[lang], game_id, picks, lang, names)


def picks_done(
    game_id: str, seat: int, picks: list[tuple[str, str]], lang: str, names: list[str]
) -> list[str | dict[str, str]]:
    """A move that wrote no line, once made (a replay's step): ["Bo went on to hex 14."]."""
    done = getattr(game_text(game_id), "PICKS_DONE", {})
    kind, value = picks[0]
    template = done.get(f"{kind}:{value}") or done.get(kind) or PICKS_DONE
    words = pick_words(game_id, picks, lang, names)
    return split_items(template[lang].format(seat=names[seat], words=words))


def picks_aside(
    game_id: str, picks: list[tuple[str, str]], lang: str, names: list[str] | None = None
) -> list[str | dict[str, str]]:
    """What an action picks, bracketed after its line: two moves that read alike differ."""
    return _with_picks(PICKS_ASIDE[lang], game_id, picks, lang, names)


def _with_picks(
    template: str, game_id: str, picks: list[tuple[str, str]], lang: str, names: list[str] | None
) -> list[str | dict[str, str]]:
    return split_items(template.format(words=pick_words(game_id, picks, lang, names)))


def plain_text(line: str) -> str:
    """A formatted line with its items (cards...) as their words."""
    parts = split_items(line)
    return "".join(part if isinstance(part, str) else part["text"] for part in parts)


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
