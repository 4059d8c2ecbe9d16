"""Who sits where, in words: seat names, the line of who plays, results, computer levels.

Names are short for the log and status: "You" / "Computer" with one human and
one computer, "Player A" / "Computer C" otherwise. Every seat also has a mark
(a symbol, never colour alone) that boards and the play bar show beside it.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from web import i18n
from web.i18n import t

if TYPE_CHECKING:  # the lobby imports this module before the rules engine has loaded
    from pygames.views import View

SEAT_LETTERS = "ABCD"
SEAT_MARKS = ("●", "■", "▲", "◆")  # one symbol per seat, drawn beside its colour
HUMAN = "human"
BOT_ORDER = ("easy", "normal", "hard", "greedy", "random")


def seat_names(kinds: list[str], shared: bool = False) -> list[str]:
    """Short names used in the log and status.

    In a shared position nobody is "You": its humans are Player A, Player B...
    """
    return list(_seat_names(tuple(kinds), shared, i18n.lang()))


# Kept per language: a board asks for the names a score of times in each redraw.
@functools.lru_cache(maxsize=16)
def _seat_names(kinds: tuple[str, ...], shared: bool, lang: str) -> tuple[str, ...]:
    humans = [seat for seat, kind in enumerate(kinds) if kind == HUMAN]
    computers = [seat for seat, kind in enumerate(kinds) if kind != HUMAN]
    names = []
    for seat, kind in enumerate(kinds):
        letter = SEAT_LETTERS[seat]
        if kind == HUMAN:
            you = len(humans) == 1 and not shared
            names.append(t("name.you") if you else t("name.player", letter=letter))
        elif len(computers) == 1:
            names.append(t("name.computer"))
        else:
            names.append(t("name.computer_seat", letter=letter))
    return tuple(names)


def seat_line(kinds: list[str], shared: bool = False) -> str:
    """Who plays, with computer levels: "You vs Computer (Normal)"."""
    names = seat_names(kinds, shared)
    described = []
    for seat, kind in enumerate(kinds):
        if kind == HUMAN:
            described.append(names[seat])
        elif names[seat] == t("name.computer"):
            described.append(t("seat.computer_level", level=bot_label(kind)))
        else:
            letter = SEAT_LETTERS[seat]
            described.append(t("seat.computer_seat_level", letter=letter, level=bot_label(kind)))
    return t("seat.versus").join(described)


def join_names(names: list[str]) -> str:
    """Names joined by the language's rule: "A, B and C" / "A、BとC"."""
    from pygames.text import join_names as join

    return join(names, i18n.lang())


def result_text(game_id: str, view: View, names: list[str], you: int | None) -> str:
    """The game-over line, with why: "You win! (a score reached 30)"."""
    from pygames import GAMES
    from pygames.text import reason_words

    outcome = view["outcome"] or []
    winners = [seat for seat, share in enumerate(outcome) if share > 0]
    if len(winners) == len(outcome):
        text = t("result." + GAMES[game_id].tie_result)
    elif len(winners) > 1:
        text = t("result.share", names=join_names([names[s] for s in winners]))
    elif you is not None:
        won = winners[0] == you
        text = t("result.you_win") if won else t("result.you_lose", name=names[winners[0]])
    else:
        text = t("result.wins", name=names[winners[0]])
    return text + reason_words(game_id, view.get("end_reason"), i18n.lang())


def bot_label(name: str) -> str:
    key = "bot." + name
    return t(key) if i18n.has(key) else t("bot.other", name=name)


def ordered_bots(bots: list[str]) -> list[str]:
    """Friendly levels first, then anything else the engine offers."""
    return [b for b in BOT_ORDER if b in bots] + [b for b in bots if b not in BOT_ORDER]


def default_bot(bots: list[str]) -> str:
    return next((name for name in ("normal", "easy") if name in bots), bots[0])
