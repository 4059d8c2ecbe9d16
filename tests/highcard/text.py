"""High Card's log in words."""

LOG = {
    "picked": {
        "en": "{seat} picked a card.",
        "en:you": "You picked a card.",
        "ja": "{seat}がカードを選びました。",
        "en:hint": "Pick a card.",
        "ja:hint": "カードを選ぶ。",
    },
    "revealed": {"en": "The picks are revealed.", "ja": "選んだカードを公開しました。"},
}
CARD_WORDS = {"en": "card {value}", "ja": "カード{value}"}


def pick_words(kind: str, value: str, lang: str, names: list[str]) -> str:
    return CARD_WORDS[lang].format(value=value)
