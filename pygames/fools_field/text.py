"""The Fool's Field log in words (English and Japanese); see `pygames.text`."""

from __future__ import annotations

from pygames.fools_field.rules import CENTRE, to_table
from pygames.text import item

LOG = {
    "new_game": {
        "subject": "start",
        "en": "Game {number} begins; {start} starts.",
        "en:you": "Game {number} begins; you start.",
        "ja": "第{number}ゲーム開始。{start}が先攻です。",
    },
    "dealt": {
        "en": "{seat} was dealt {cards}.",
        "en:you": "You were dealt {cards}.",
        "ja": "{seat}に配られたカード：{cards}。",
        "ja:you": "配られたカード：{cards}。",
    },
    "battle": {
        "subject": "start",
        "en": "A new battle: {start} starts.",
        "en:you": "A new battle: you start.",
        "ja": "新しい戦闘：{start}が先攻です。",
    },
    "deploy": {
        "en": "{seat} deployed {card}{at}.",
        "en:you": "You deployed {card}{at}.",
        "ja": "{seat}が{card}を{at}配置しました。",
        "en:hint": "Deploy {card}{at}.",
        "ja:hint": "{card}を{at}配置する。",
    },
    "retreat": {
        "en": "{seat} announced a Retreat{forced}, taking {count} card{s} from the Field.",
        "en:you": "You announced a Retreat{forced}, taking {count} card{s} from the Field.",
        "ja": "{seat}が{forced}撤退し、場のカード{count}枚を手札に加えました。",
        "en:hint": "Announce a Retreat{forced}, taking {count} card{s} from the Field.",
        "ja:hint": "{forced}撤退し、場のカード{count}枚を手札に加える。",
    },
    "draw": {
        "quiet_for_subject": True,  # the drawer reads "drew" instead
        "en": "{seat} drew {count} card{s} ({deck} left in the deck).",
        "en:you": "You drew {count} card{s} ({deck} left in the deck).",
        "ja": "{seat}が{count}枚引きました（山札残り{deck}枚）。",
    },
    "drew": {
        "en": "{seat} drew {cards} ({deck} left in the deck).",
        "en:you": "You drew {cards} ({deck} left in the deck).",
        "ja": "{seat}が引いたカード：{cards}（山札残り{deck}枚）。",
        "ja:you": "引いたカード：{cards}（山札残り{deck}枚）。",
    },
    "discard": {
        "quiet_for_subject": True,  # the discarder reads "discarded" instead
        "en": "{seat} discarded a card.",
        "en:you": "You discarded a card.",
        "ja": "{seat}がカードを1枚捨てました。",
    },
    "discarded": {
        "en": "{seat} discarded {card}.",
        "en:you": "You discarded {card}.",
        "ja": "{seat}が{card}を捨てました。",
        "ja:you": "{card}を捨てました。",
        "en:hint": "Discard {card}.",
        "ja:hint": "{card}を捨てる。",
    },
    "last_chance": {
        "en": "Hands were equal with the deck empty: {seat} ties the game by emptying their "
        "hand on this turn.",
        "en:you": "Hands were equal with the deck empty: you tie the game by emptying your "
        "hand on this turn.",
        "ja": "山札がなく手札が同数でした。{seat}がこの手番で手札を使い切れば引き分けです。",
    },
    "repetition": {
        "en": "A battle began in the same situation a third time: the game is a tie.",
        "ja": "同じ状況で始まる戦闘が3回目になったため、引き分けです。",
    },
    "game_result": {
        "en": "Game {number}: {result}{why}.",
        "ja": "第{number}ゲーム：{result}{why}。",
    },
}

END_REASONS = {
    "emptied": {
        "en": "a hand emptied after the deck ran out",
        "ja": "山札切れの後に手札がなくなりました",
    },
    "level": {"en": "both hands emptied", "ja": "両者とも手札がなくなりました"},
    "repetition": {
        "en": "the same battle a third time",
        "ja": "同じ状況の戦闘が3回目",
    },
    "match": {"en": "the match is over", "ja": "マッチ終了"},
}

ERRORS = {
    "centre_first": {
        "en": "the first card of a battle goes in the centre",
        "ja": "戦闘の最初のカードは場の中央に出します",
    },
    "space_taken": {"en": "that space is taken", "ja": "そのスペースにはすでにカードがあります"},
    "must_adjoin": {
        "en": "a card must touch a card already on the Field",
        "ja": "場のカードと1辺以上接するように出してください",
    },
    "sides_clash": {
        "en": "its {side} side would put a {mine} against a {theirs}; only Sword against "
        "Sword and Shield against Flower may touch",
        "ja": "{side}の辺が{mine}と{theirs}で接してしまいます。"
        "接してよいのは剣と剣、盾と花だけです",
    },
    "discard_first": {
        "en": "discard down to {limit} cards first",
        "ja": "先に手札が{limit}枚になるまで捨ててください",
    },
    "discard_from_hand": {
        "en": "you can only discard a card from your hand",
        "ja": "捨てられるのは手札のカードだけです",
    },
    "no_first_retreat": {
        "en": "you cannot Retreat on the first turn of a battle",
        "ja": "戦闘の最初の手番では撤退できません",
    },
    "unknown_action": {
        "en": "{action} is not an action of this game",
        "ja": "このゲームにない操作です",
    },
    "not_held": {"en": "you do not hold the card {card}", "ja": "そのカードは手札にありません"},
}

SIDE_WORDS = {
    "en": {"top": "top", "right": "right", "bottom": "bottom", "left": "left"},
    "ja": {"top": "上", "right": "右", "bottom": "下", "left": "左"},
}
# The words of this game (the Japanese are the original rulebook's); every string uses them.
GLOSSARY = {
    "start player": {"en": "start player", "ja": "先攻"},
    "second player": {"en": "second player", "ja": "後攻"},
    "battle": {"en": "battle", "ja": "戦闘"},
    "turn": {"en": "turn", "ja": "手番"},
    "deploy": {"en": "deploy", "ja": "配置"},
    "Retreat": {"en": "Retreat", "ja": "撤退"},
    "the Field": {"en": "Field", "ja": "場"},
    "space": {"en": "space", "ja": "スペース"},
    "deck": {"en": "deck", "ja": "山札"},
    "hand": {"en": "hand", "ja": "手札"},
    "discard": {"en": "discard", "ja": "捨て"},
    "soldier card": {"en": "soldier card", "ja": "兵力カード"},
    "Sword": {"en": "Sword", "ja": "剣"},
    "Shield": {"en": "Shield", "ja": "盾"},
    "Flower": {"en": "Flower", "ja": "花"},
    "tie": {"en": "tie", "ja": "引き分け"},
    "match": {"en": "match", "ja": "マッチ"},
    "resign": {"en": "resign", "ja": "投了"},
}
# Words the glossary replaces: shogi's 先手/後手/指す, a loose 戦い; "draw" for a tie.
AVOID = {
    "ja": ("先手", "後手", "戦い", "指せ", "指す", "もう一度"),
    "en": ("draw level", "is drawn", "Battle starter", "Who starts", "Best of three", " retreat"),
}
LATIN_ALLOWED: tuple[str, ...] = ()
UI_PREFIX = "ff."

# The symbols' names, from the glossary: in the log, in refusals, and on the page.
SYMBOL_TERMS = {"X": "Sword", "S": "Shield", "F": "Flower"}
SYMBOLS = {
    lang: {symbol: GLOSSARY[term][lang] for symbol, term in SYMBOL_TERMS.items()}
    for lang in ("en", "ja")
}
STRINGS = {UI_PREFIX + term.lower(): GLOSSARY[term] for term in SYMBOL_TERMS.values()}

FORCED = {"en": (" (forced)", ""), "ja": ("やむなく", "")}
# A card's symbols in words, in the order of its notation, as read aloud (a screen
# reader's announcement): "Sword-Shield-Shield-Flower", 「剣盾盾花」.
SYMBOL_JOIN = {"en": "-", "ja": ""}


def card_item(card: str, lang: str) -> str:
    """A card in a line: drawn as a picture by the page, its symbols in words otherwise."""
    return item("card", card, SYMBOL_JOIN[lang].join(SYMBOLS[lang][s] for s in card))


CELL_WORDS = {"en": "row {row}, column {col}", "ja": "{row}行{col}列"}
# Where a card went, as its reader sees the Field (rows from their far side); a log
# written before the space was logged says nothing.
AT = {"en": " at {where}", "ja": "{where}に"}
CENTRE_WORDS = {"en": "the centre", "ja": "中央"}
IN_THE_CENTRE = {"en": " in the centre", "ja": "中央に"}
RETREAT_WORDS = {"en": "Retreat", "ja": "撤退"}


def pick_words(kind: str, value: str, lang: str, names: list[str]) -> str:
    """A pick in words: a card, a space of the Field (in the picker's own frame), Retreat."""
    if kind == "card":
        return card_item(value, lang)
    if kind == "cell":
        return cell_words(int(value), lang)
    return RETREAT_WORDS[lang]


def cell_words(cell: int, lang: str) -> str:
    """A space of the Field in a seat's own frame: "row 2, column 3", "the centre"."""
    if cell == CENTRE:
        return CENTRE_WORDS[lang]
    row, col = divmod(cell, 3)
    return CELL_WORDS[lang].format(row=row + 1, col=col + 1)


def format_fields(fields: dict, lang: str, names: list[str], viewer: int | None) -> dict:
    cell = fields.get("cell")  # a deployment's space, told as the reader sees the Field
    if cell == CENTRE:
        fields["at"] = IN_THE_CENTRE[lang]
    elif isinstance(cell, int) and cell in range(9):
        where = cell_words(to_table(viewer or 0, cell), lang)
        fields["at"] = AT[lang].format(where=where)
    else:
        fields["at"] = ""  # a log written before the space was logged
    if "cards" in fields and isinstance(fields["cards"], list):
        fields["count"] = len(fields["cards"])
        fields["cards"] = " ".join(card_item(card, lang) for card in fields["cards"]) or "-"
    if "card" in fields:
        fields["card"] = card_item(fields["card"], lang)
    if "count" in fields:
        fields["s"] = "" if fields["count"] == 1 else "s"
    if "side" in fields:
        fields["side"] = SIDE_WORDS[lang][fields["side"]]
    for key in ("mine", "theirs"):
        if key in fields:
            fields[key] = SYMBOLS[lang][fields[key]]
    # Logged by rules 2 only: a Retreat says nothing of whether it was forced since.
    fields["forced"] = FORCED[lang][0 if fields.get("forced") else 1]
    return fields
