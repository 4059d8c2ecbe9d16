"""High Card's log in words."""

LOG = {
    "picked": {
        "en": "{seat} picked a card.",
        "en:you": "You picked a card.",
        "ja": "{seat}がカードを選びました。",
    },
    "revealed": {"en": "The picks are revealed.", "ja": "選んだカードを公開しました。"},
}
