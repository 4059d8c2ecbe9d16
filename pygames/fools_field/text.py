"""The Fool's Field log in words (English and Japanese); see `pygames.text`."""

from __future__ import annotations

from pygames.text import item

LOG = {
    "new_game": {
        "subject": "start",
        "en": "Game {number} begins; {start} starts.",
        "en:you": "Game {number} begins; you start.",
        "ja": "第{number}ゲーム開始。{start}が先手です。",
    },
    "dealt": {"en": "You were dealt {cards}.", "ja": "配られたカード：{cards}。"},
    "battle": {
        "subject": "start",
        "en": "A new battle: {start} starts.",
        "en:you": "A new battle: you start.",
        "ja": "新しい戦い：{start}が先手です。",
    },
    "deploy": {
        "en": "{seat} deployed {card}.",
        "en:you": "You deployed {card}.",
        "ja": "{seat}が{card}を配置しました。",
    },
    "retreat": {
        "en": "{seat} retreated{forced}, taking {count} card{s} from the Field.",
        "en:you": "You retreated{forced}, taking {count} card{s} from the Field.",
        "ja": "{seat}が{forced}撤退し、場のカード{count}枚を手札に加えました。",
    },
    "draw": {
        "quiet_for_subject": True,  # the drawer reads "drew" instead
        "en": "{seat} drew {count} card{s} ({deck} left in the deck).",
        "en:you": "You drew {count} card{s} ({deck} left in the deck).",
        "ja": "{seat}が{count}枚引きました（山札：{deck}）。",
    },
    "drew": {
        "en": "You drew {cards} ({deck} left in the deck).",
        "ja": "引いたカード：{cards}（山札：{deck}）。",
    },
    "discard": {
        "quiet_for_subject": True,  # the discarder reads "discarded" instead
        "en": "{seat} discarded a card.",
        "en:you": "You discarded a card.",
        "ja": "{seat}がカードを1枚捨てました。",
    },
    "discarded": {"en": "You discarded {card}.", "ja": "{card}を捨てました。"},
    "last_chance": {
        "en": "Hands were equal with the deck empty: {seat} has one turn to draw level.",
        "en:you": "Hands were equal with the deck empty: you have one turn to draw level.",
        "ja": "山札切れで手札が同数：{seat}に引き分けを狙う最後の手番があります。",
    },
    "repetition": {
        "en": "The same battle came round a third time: the game is drawn.",
        "ja": "同じ局面の戦いが3回目になったため引き分けです。",
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
    "repetition": {"en": "the same battle a third time", "ja": "同じ局面の戦いが3回目"},
    "match": {"en": "the match is decided", "ja": "勝負が決まりました"},
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
        "en": "you cannot retreat on the first turn of a battle",
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
SYMBOLS = {
    "en": {"X": "Sword", "S": "Shield", "F": "Flower"},
    "ja": {"X": "剣", "S": "盾", "F": "花"},
}

FORCED = {"en": (" (forced)", ""), "ja": ("やむなく", "")}
SYMBOL_WORDS = {"ja": {"X": "剣", "S": "盾", "F": "花"}}


def card_item(card: str, lang: str) -> str:
    """A card in a line: drawn as a picture by the page, its symbols in words otherwise."""
    words = "".join(SYMBOL_WORDS[lang][s] for s in card) if lang in SYMBOL_WORDS else card
    return item("card", card, words)


def format_fields(fields: dict, lang: str, names: list[str]) -> dict:
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
    if "forced" in fields:
        fields["forced"] = FORCED[lang][0 if fields["forced"] else 1]
    return fields
