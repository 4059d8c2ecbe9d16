"""The Fool's Field log in words (English and Japanese)."""

from __future__ import annotations

LOG = {
    "new_game": {
        "en": "Game {number} begins; {start} starts.",
        "ja": "第{number}ゲーム開始。{start}が先手です。",
    },
    "dealt": {"en": "You were dealt {cards}.", "ja": "配られたカード：{cards}。"},
    "battle": {"en": "A new battle: {start} starts.", "ja": "新しい戦い：{start}が先手です。"},
    "deploy": {"en": "{seat} deployed {card}.", "ja": "{seat}が{card}を配置しました。"},
    "retreat": {
        "en": "{seat} retreated{forced}, taking {count} card{s} from the Field.",
        "ja": "{seat}が{forced}撤退し、場のカード{count}枚を手札に加えました。",
    },
    "draw": {
        "en": "{seat} drew {count} card{s} ({deck} left in the deck).",
        "ja": "{seat}が{count}枚引きました（山札：{deck}）。",
    },
    "drew": {"en": "You drew {cards}.", "ja": "引いたカード：{cards}。"},
    "discard": {"en": "{seat} discarded a card.", "ja": "{seat}がカードを1枚捨てました。"},
    "discarded": {"en": "You discarded {card}.", "ja": "{card}を捨てました。"},
    "last_chance": {
        "en": "Hands were equal with the deck empty: {seat} has one turn to draw level.",
        "ja": "山札切れで手札が同数：{seat}に引き分けを狙う最後の手番があります。",
    },
    "repetition": {
        "en": "The same battle came round a third time: the game is drawn.",
        "ja": "同じ局面の戦いが3回目になったため引き分けです。",
    },
    "game_result": {
        "en": "Game {number}: {result}.",
        "ja": "第{number}ゲーム：{result}。",
    },
}

FORCED = {"en": (" (forced)", ""), "ja": ("やむなく", "")}


def format_fields(fields: dict, lang: str, names: list[str]) -> dict:
    if "start" in fields:
        fields["start"] = names[fields["start"]]
    if "cards" in fields and isinstance(fields["cards"], list):
        fields["count"] = len(fields["cards"])
        fields["cards"] = " ".join(fields["cards"]) or "-"
    if "count" in fields:
        fields["s"] = "" if fields["count"] == 1 else "s"
    if "forced" in fields:
        fields["forced"] = FORCED[lang][0 if fields["forced"] else 1]
    return fields
