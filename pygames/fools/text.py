"""Fools! log, refusals and vocabulary in words (English and Japanese); see `pygames.text`."""

from __future__ import annotations

from pygames.core import SEAT_LETTERS
from pygames.fools.cards import CARDS, FAIRY, FOOL, HONOURABLE, POWER, SPECIAL
from pygames.fools.notation import READERS as NOTATION_KINDS
from pygames.text import LIST_SEPARATOR, item, join_names

UI_PREFIX = "fools."
# The notation (rules page, "記法") is written the same in every language: its kinds, "none"
# and the cards' names as the notation spells them (lower case; the log's names are capitalised).
LATIN_ALLOWED: tuple[str, ...] = (
    *(f"{kind}:" for kind in NOTATION_KINDS),
    *(f"{kind}:none" for kind in ("bearer", "enchant", "own")),
    *CARDS,
)

GLOSSARY = {
    "first player": {"en": "first player", "ja": "スタートプレイヤー"},
    "turn order": {"en": "turn order", "ja": "手番順"},
    "army": {"en": "army", "ja": "軍勢"},
    "Standard Bearer": {"en": "Standard Bearer", "ja": "旗手"},
    "victory point": {"en": "victory point", "ja": "勝利点"},
    "power": {"en": "power", "ja": "強さ"},
    "battle": {"en": "battle", "ja": "戦い"},
    "hand": {"en": "hand", "ja": "手札"},
    "deck": {"en": "deck", "ja": "山札"},
    "discard pile": {"en": "discard pile", "ja": "捨て札"},
    "army card": {"en": "army card", "ja": "軍勢のカード"},
    "deploy": {"en": "deploy", "ja": "送り込み"},
    "honourable": {"en": "honourable", "ja": "高潔"},
    "fairy": {"en": "fairy", "ja": "妖精"},
    "special card": {"en": "special card", "ja": "特殊カード"},
    "abilities": {"en": "abilities", "ja": "能力"},
    "tie": {"en": "tie", "ja": "同点"},
    "fool": {"en": "Fool", "ja": "道化"},
    "sprite": {"en": "Sprite", "ja": "スプライト"},
    "brownie": {"en": "Brownie", "ja": "ブラウニー"},
    "cobbler": {"en": "Cobbler", "ja": "靴屋"},
    "pixie": {"en": "Pixie", "ja": "ピクシー"},
    "nixie": {"en": "Nixie", "ja": "ニクシー"},
    "hob": {"en": "Hob", "ja": "ホブ"},
    "knight": {"en": "Knight", "ja": "騎士"},
    "crone": {"en": "Crone", "ja": "老婆"},
    "soothsayer": {"en": "Soothsayer", "ja": "占い師"},
    "spy": {"en": "Spy", "ja": "密偵"},
    "enchantress": {"en": "Enchantress", "ja": "魔女"},
    "champion": {"en": "Champion", "ja": "勇者"},
    "king": {"en": "King", "ja": "王"},
    "queen": {"en": "Queen", "ja": "女王"},
}
AVOID = {
    "ja": ("先手", "後手", "指す", "親", "デッキ", "スタンダードベアラー", "ポイント"),
    "en": ("draw the game", "flag bearer"),
}

CARD_NAMES = {lang: {card: GLOSSARY[card][lang] for card in POWER} for lang in ("en", "ja")}
# The board's words for the cards and their kinds, from the glossary (one home for each word).
KIND_WORDS = {FOOL: "fool", FAIRY: "fairy", SPECIAL: "special card", HONOURABLE: "honourable"}
STRINGS = {
    **{f"fools.card.{card}": GLOSSARY[card] for card in POWER},
    **{f"fools.kind.{kind}": GLOSSARY[word] for kind, word in KIND_WORDS.items()},
}

LOG = {
    "first_player": {
        "subject": "first",
        "en": "{first} is the first player. The first to {goal} victory points wins.",
        "en:you": "You are the first player. The first to {goal} victory points wins.",
        "ja": "スタートプレイヤーは{first}です。勝利点{goal}点を先に集めた人の勝ちです。",
    },
    "round": {
        "subject": "first",
        "en": "Battle {round} begins; {first} is the first player.",
        "en:you": "You are the first player of battle {round}.",
        "ja": "第{round}戦：スタートプレイヤーは{first}です。",
    },
    "armies": {
        "en": "Every army gets three face-down cards that nobody sees.",
        "ja": "各軍勢に、誰も見ない裏向きのカードが3枚ずつ配られました。",
    },
    "reshuffle": {
        "en": "The deck ran out: the discard pile is shuffled into a new deck ({deck} cards).",
        "ja": "山札が尽きたので、捨て札を切り直して新しい山札にしました（{deck}枚）。",
    },
    "hand": {
        "en": "{seat}'s hand: {cards}.",
        "en:you": "Your hand: {cards}.",
        "ja": "{seat}の手札：{cards}。",
    },
    "honourable": {
        "en": "{seat} had an honourable card and discarded the hand ({cards}); {then}.",
        "en:you": "You had an honourable card and discarded your hand ({cards}); {then}.",
        "ja": "{seat}の手札に高潔なカードがあったため、手札（{cards}）を捨てました。{then}。",
    },
    "chose": {
        "en": "{seat} has made a secret Standard Bearer choice.",
        "en:you": "You have made your secret Standard Bearer choice.",
        "ja": "{seat}が旗手をひそかに決めました。",
        "en:hint": "Make your secret Standard Bearer choice.",
        "ja:hint": "旗手をひそかに決める。",
    },
    "revealed": {"en": "Standard Bearers revealed: {bearers}.", "ja": "旗手を公開：{bearers}。"},
    "fools": {"en": "{fools}", "ja": "{fools}"},
    "fool_in": {
        "en": "{seat} put the Fool face down into {slot}, discarding the card there unseen.",
        "en:you": "You put the Fool face down into {slot}, discarding the card there unseen.",
        "ja": "{seat}が道化を{slot}に裏向きで入れ、元のカードは見ずに捨てました。",
        "en:hint": "Put the Fool face down into {slot}, discarding the card there unseen.",
        "ja:hint": "道化を{slot}に裏向きで入れ、元のカードは見ずに捨てる。",
    },
    "look": {
        "quiet_for_subject": True,
        "en": "{seat} (Soothsayer) looked at {slot}.",
        "en:you": "You (Soothsayer) looked at {slot}.",
        "ja": "{seat}が占い師の能力で{slot}を見ました。",
        "en:hint": "Look at {slot} (Soothsayer).",
        "ja:hint": "占い師の能力で{slot}を見る。",
    },
    "look_saw": {
        "en": "Soothsayer: {seat} saw {card} in {slot}.",
        "en:you": "Soothsayer: you saw {card} in {slot}.",
        "ja": "{seat}は占い師の能力で、{slot}が{card}だと分かりました。",
        "ja:you": "占い師の能力で、{slot}が{card}だと分かりました。",
    },
    "spy": {
        "quiet_for_subject": True,
        "en": "{seat} (Spy) looked at {slot}.",
        "en:you": "You (Spy) looked at {slot}.",
        "ja": "{seat}が密偵の能力で{slot}を見ました。",
        "en:hint": "Look at {slot} (Spy).",
        "ja:hint": "密偵の能力で{slot}を見る。",
    },
    "spy_saw": {
        "en": "Spy: {seat} saw {card} in {slot}.",
        "en:you": "Spy: you saw {card} in {slot}.",
        "ja": "{seat}は密偵の能力で、{slot}が{card}だと分かりました。",
        "ja:you": "密偵の能力で、{slot}が{card}だと分かりました。",
    },
    "enchant": {
        "en": "{seat} (Enchantress) discarded the card in {slot}, unseen.",
        "en:you": "You (Enchantress) discarded the card in {slot}, unseen.",
        "ja": "{seat}が魔女の能力で{slot}のカードを見ずに捨てました。",
        "en:hint": "Discard the card in {slot}, unseen (Enchantress).",
        "ja:hint": "魔女の能力で{slot}のカードを見ずに捨てる。",
    },
    "enchant_none": {
        "en": "{seat} did not use the Enchantress.",
        "en:you": "You did not use the Enchantress.",
        "ja": "{seat}は魔女の能力を使いませんでした。",
        "en:hint": "Do not use the Enchantress.",
        "ja:hint": "魔女の能力を使わない。",
    },
    "crone": {
        "quiet_for_subject": True,
        "en": "{seat} (Crone) drew {count} card{s}.",
        "en:you": "You (Crone) drew {count} card{s}.",
        "ja": "{seat}が老婆の能力でカードを{count}枚引きました。",
        "en:hint": "Draw {count} card{s} (Crone).",
        "ja:hint": "老婆の能力でカードを{count}枚引く。",
    },
    "crone_drew": {
        "en": "Crone: {seat} drew {card}.",
        "en:you": "Crone: you drew {card}.",
        "ja": "{seat}は老婆の能力で{card}を引きました。",
        "ja:you": "老婆の能力で{card}を引きました。",
    },
    "deploy": {
        "quiet_for_subject": True,
        "en": "{seat} put a card face down over {slot}.",
        "en:you": "You put a card face down over {slot}.",
        "ja": "{seat}が{slot}にカードを裏向きで差し込みました。",
    },
    "deployed": {
        "en": "{seat} put {card} face down over {slot}.",
        "en:you": "You put {card} face down over {slot}.",
        "ja": "{seat}が{slot}に{card}を裏向きで差し込みました。",
        "ja:you": "{slot}に{card}を裏向きで差し込みました。",
        "en:hint": "Put {card} face down over {slot}.",
        "ja:hint": "{slot}に{card}を裏向きで差し込む。",
    },
    "own": {
        "quiet_for_subject": True,
        "en": "{seat} put a card from their hand over their own card {number}.",
        "en:you": "You put a card from your hand over your own card {number}.",
        "ja": "{seat}が手札のカードを自分の軍勢の{number}枚目に差し込みました。",
    },
    "owned": {
        "en": "{seat} put {card} face down over their own card {number}.",
        "en:you": "You put {card} face down over your own card {number}.",
        "ja": "{seat}が自分の軍勢の{number}枚目に{card}を裏向きで差し込みました。",
        "ja:you": "自分の軍勢の{number}枚目に{card}を裏向きで差し込みました。",
        "en:hint": "Put {card} face down over your own card {number}.",
        "ja:hint": "自分の軍勢の{number}枚目に{card}を裏向きで差し込む。",
    },
    "own_none": {
        "en": "{seat} kept their own army as it is.",
        "en:you": "You kept your own army as it is.",
        "ja": "{seat}は自分の軍勢を差し替えませんでした。",
        "en:hint": "Keep your own army as it is.",
        "ja:hint": "自分の軍勢を差し替えない。",
    },
    "army": {
        "en": "{seat}'s army: {cards}{bearer}: {total} in all.",
        "en:you": "Your army: {cards}{bearer}: {total} in all.",
        "ja": "{seat}の軍勢：{cards}{bearer}、合計{total}。",
    },
    "winners": {"en": "{won}", "ja": "{won}"},
    "vp": {
        "en": "{seat} took {card} ({source}) as a victory point: {points} in all.",
        "en:you": "You took {card} ({source}) as a victory point: {points} in all.",
        "ja": "{seat}が{card}（{source}）を勝利点にしました。計{points}点。",
        "en:hint": "Take {card} ({source}) as a victory point: {points} in all.",
        "ja:hint": "{card}（{source}）を勝利点にする。計{points}点。",
    },
}

END_REASONS = {
    "target": {"en": "the victory point target was reached", "ja": "目標の勝利点に達しました"},
}

ERRORS = {
    "unknown_action": {
        "en": "{action} is not an action of this game",
        "ja": "このゲームにない操作です",
    },
    "not_now": {"en": "now is the time to {step}", "ja": "今は{step}の番です"},
    "not_held": {"en": "you do not hold {card}", "ja": "その札は手札にありません"},
    "deploy_order": {
        "en": "this card goes into {target}'s army now (armies are filled in turn from your left)",
        "ja": "今カードを差し込むのは{target}の軍勢です（左隣から順に）",
    },
    "own_army": {
        "en": "this step replaces a card of your own army",
        "ja": "ここでは自分の軍勢のカードを差し替えます",
    },
}

STEP_WORDS = {
    "bearer": {"en": "choose a Standard Bearer", "ja": "旗手選び"},
    "fool": {"en": "put your Fool into your army", "ja": "道化を軍勢に入れる手順"},
    "look": {"en": "use the Soothsayer", "ja": "占い師の能力"},
    "spy": {"en": "use the Spy", "ja": "密偵の能力"},
    "enchant": {"en": "use the Enchantress", "ja": "魔女の能力"},
    "deploy": {"en": "deploy into the other armies", "ja": "ほかの軍勢への差し込み"},
    "own": {"en": "replace a card of your own army, or not", "ja": "自分の軍勢の差し替え"},
    "take": {"en": "take a victory point", "ja": "勝利点の獲得"},
}
SOURCES = {
    "own_bearer": {"en": "own Standard Bearer", "ja": "自分の旗手"},
    "bearer": {"en": "{owner} Standard Bearer", "ja": "{owner}旗手"},
    "army": {"en": "own army card", "ja": "自分の軍勢から"},
}
NO_BEARER = {"en": "none", "ja": "なし"}
NOTHING = {"en": "nothing", "ja": "なし"}
THEN = {
    "en": {2: "draws 2 cards", 1: "draws 1 card", 0: "plays this battle with no hand"},
    "ja": {2: "2枚引き直します", 1: "1枚引き直します", 0: "この戦いは手札なしで戦います"},
}
WITH_BEARER = {"en": " + Standard Bearer {card}", "ja": "＋旗手{card}"}
ONE_FOOL = {
    "en": "A Fool! Every Standard Bearer is discarded.",
    "ja": "道化が1枚！旗手はすべて捨て札になります。",
}
MANY_FOOLS = {
    "en": "{count} Fools! Every Standard Bearer is discarded, and {seats} each put "
    "their Fool into their own army.",
    "ja": "道化が{count}枚！旗手はすべて捨て札になり、{seats}はそれぞれ自分の道化を"
    "自分の軍勢に入れます。",
}
WON = {
    "you": {"en": "You win the battle with {total}.", "ja": "{seats}が{total}で戦いに勝ちました。"},
    "one": {
        "en": "{seats} wins the battle with {total}.",
        "ja": "{seats}が{total}で戦いに勝ちました。",
    },
    "many": {
        "en": "{seats} tie for the lead with {total}: each wins the battle.",
        "ja": "{seats}が{total}で並び、全員が戦いに勝ちました。",
    },
}
SLOT_WORDS = {"en": "{owner} card {number}", "ja": "{owner}軍勢の{number}枚目"}
YOU_NAMES = {"en": "You"}  # the shell's name for the reader, whose possessive is "your"


def possessive(name: str, lang: str) -> str:
    if lang == "ja":
        return name + "の"
    return "your" if name == YOU_NAMES["en"] else name + "'s"


def card_item(card: str, lang: str) -> str:
    """A card in a line: drawn as a picture by the page, its name in words otherwise."""
    return item("card", card, CARD_NAMES[lang][card])


def card_list(cards: list[str], lang: str) -> str:
    if not cards:
        return NOTHING[lang]
    return LIST_SEPARATOR[lang].join(card_item(card, lang) for card in cards)


def slot_words(slot: str, lang: str, names: list[str]) -> str:
    owner = possessive(names[SEAT_LETTERS.index(slot[0])], lang)
    return SLOT_WORDS[lang].format(owner=owner, number=slot[1])


BEARER_WORDS = {"en": "{owner} Standard Bearer", "ja": "{owner}旗手"}
# The words of the pick "none" where they show: beside Standard Bearer choices, which
# read alike ("Make your secret Standard Bearer choice.") and differ by their picks. The
# other moves of no card (no Enchantress, the army kept) write lines of their own.
NO_CARD = {"en": "no Standard Bearer", "ja": "旗手なし"}


def pick_words(kind: str, value: str, lang: str, names: list[str]) -> str:
    """A pick in words: a card, a slot of an army, a seat's Standard Bearer, or no card
    (`NO_CARD`)."""
    if kind == "card":
        return card_item(value, lang)
    if kind == "slot":
        return slot_words(value, lang, names)
    if kind == "bearer":
        owner = possessive(names[SEAT_LETTERS.index(value)], lang)
        return BEARER_WORDS[lang].format(owner=owner)
    return NO_CARD[lang]


def format_fields(fields: dict, lang: str, names: list[str], viewer: int | None) -> dict:
    if "count" in fields:
        fields["s"] = "" if fields["count"] == 1 else "s"
    if isinstance(fields.get("cards"), list):
        cards = fields["cards"]
        fields["cards"] = card_list([c for c in cards if c], lang)
    if "card" in fields and fields["card"]:
        fields["card"] = card_item(fields["card"], lang)
    if "slot" in fields:
        fields["number"] = fields["slot"][1]  # for a slot of the subject's own army
        fields["slot"] = slot_words(fields["slot"], lang, names)
    if "draws" in fields:
        fields["then"] = THEN[lang][fields["draws"]]
    if "bearers" in fields:
        sep = LIST_SEPARATOR[lang]
        colon = "：" if lang == "ja" else ": "
        fields["bearers"] = sep.join(
            names[seat] + colon + (card_item(card, lang) if card else NO_BEARER[lang])
            for seat, card in enumerate(fields["bearers"])
        )
    if "bearer" in fields:
        card = fields["bearer"]
        fields["bearer"] = WITH_BEARER[lang].format(card=card_item(card, lang)) if card else ""
    if "source" in fields:
        owner = possessive(names[SEAT_LETTERS.index(fields.get("owner", "A"))], lang)
        fields["source"] = SOURCES[fields["source"]][lang].format(owner=owner)
    if "seats" in fields and isinstance(fields["seats"], list):
        seats = fields["seats"]
        fields["seats"] = join_names([names[s] for s in seats], lang)
        if "total" in fields:
            one = "you" if fields["seats"] == YOU_NAMES["en"] else "one"
            fields["won"] = WON[one if len(seats) == 1 else "many"][lang].format(
                seats=fields["seats"], total=fields["total"]
            )
        if "count" in fields:
            template = ONE_FOOL if fields["count"] == 1 else MANY_FOOLS
            fields["fools"] = template[lang].format(count=fields["count"], seats=fields["seats"])
    if "step" in fields:
        fields["step"] = STEP_WORDS[fields["step"]][lang]
    if isinstance(fields.get("target"), int):
        fields["target"] = names[fields["target"]]
    return fields
