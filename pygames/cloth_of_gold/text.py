"""The Field of the Cloth of Gold log in words (English and Japanese)."""

from __future__ import annotations

from collections import Counter

from pygames.cloth_of_gold.board import COLOURS, SET_COLOURS

# The words of this game; every string (log, refusals, board, rules page) uses them.
GLOSSARY = {
    "start player": {"en": "start player", "ja": "先攻"},
    "turn": {"en": "turn", "ja": "手番"},
    "oval": {"en": "oval", "ja": "スペース"},
    "square": {"en": "square", "ja": "マス"},
    "tile": {"en": "tile", "ja": "タイル"},
    "token": {"en": "token", "ja": "コマ"},
    "Dragon": {"en": "Dragon", "ja": "ドラゴン"},
    "Darkness": {"en": "Darkness", "ja": "闇"},
    "Court": {"en": "Court", "ja": "宮廷"},
    "Hand": {"en": "Hand", "ja": "手札"},
    "Secrecy": {"en": "Secrecy", "ja": "秘密"},
    "Jewel": {"en": "Jewel", "ja": "宝石"},
    "Gift": {"en": "Gift", "ja": "贈り物"},
    "Track of Scoring": {"en": "Track of Scoring", "ja": "得点トラック"},
}
# Words the glossary replaces (one name for the Dragon; "oval" is スペース in Japanese).
AVOID = {
    "ja": ("竜", "楕円", "競い合い", "先手", "後手", "指せ", "もう一度"),
    "en": ("majesties", "contest", "plays first", "Who plays first", " cards"),
}
# The ovals and tiles as records write them, in Latin letters (the rules page's 記法).
LATIN_ALLOWED = ("dragon", "secrecy", "gold", "blue", "white", "red", "purple", "jewel")
UI_PREFIX = "cog."

LOG = {
    "new_game": {
        "subject": "first",
        "en": "{first} starts. On the squares: {squares}.",
        "en:you": "You start. On the squares: {squares}.",
        "ja": "{first}が先攻です。マスのタイル：{squares}。",
    },
    "dealt": {
        "en": "{seat}'s Hand: {tiles}.",
        "en:you": "Your Hand: {tiles}.",
        "ja": "{seat}の手札：{tiles}。",
    },
    "move": {
        "en": "{seat} {move}.",
        "en:you": "You {move}.",
        "ja": "{seat}が{move}。",
        "en:hint": "{move_hint}.",
        "ja:hint": "{move_hint}。",
    },
    "gift": {
        "en": "{seat} gave the {tile} tile from the square of {oval} to the rival's Court.",
        "en:you": "You gave the {tile} tile from the square of {oval} to the rival's Court.",
        "ja": "{seat}が{oval}のマスの{tile}タイルを相手の宮廷に贈りました。",
        "en:hint": "Give the {tile} tile from the square of {oval} to the rival's Court.",
        "ja:hint": "{oval}のマスの{tile}タイルを相手の宮廷に贈る。",
    },
    "dragon": {
        "en": "{seat} sent the Dragon to {oval}.",
        "en:you": "You sent the Dragon to {oval}.",
        "ja": "{seat}がドラゴンを{oval}へ送りました。",
        "en:hint": "Send the Dragon to {oval}.",
        "ja:hint": "ドラゴンを{oval}へ送る。",
    },
    "dragon_home": {
        "en": "The Dragon left {oval} for home.",
        "ja": "ドラゴンが{oval}から住処に戻りました。",
        "en:hint": "The Dragon leaves {oval} for home.",
        "ja:hint": "ドラゴンが{oval}から住処に戻る。",
    },
    "refill": {
        "en": "A {tile} tile from the Darkness fills {oval} ({darkness} left).",
        "ja": "闇から{tile}タイルが{oval}に置かれました（残り{darkness}枚）。",
    },
    "reveal": {
        "en": "{seat} revealed {tiles}.",
        "en:you": "You revealed {tiles}.",
        "ja": "{seat}が公開したタイル：{tiles}。",
        "en:hint": "Reveal {tiles}.",
        "ja:hint": "タイルを公開する：{tiles}。",
    },
    "score": {
        "en": "{seat} scored {points} at {oval} (total {total}).",
        "en:you": "You scored {points} at {oval} (total {total}).",
        "ja": "{seat}が{oval}で{points}点を得ました（計{total}点）。",
        "en:hint": "Score {points} at {oval} (total {total}).",
        "ja:hint": "{oval}で{points}点を得る（計{total}点）。",
    },
    "removed": {
        "en": "{seat} removed {count} {colour} from their Court.",
        "en:you": "You removed {count} {colour} from your Court.",
        "ja": "{seat}が宮廷の{colour}タイル{count}枚を除外しました。",
        "en:hint": "Remove {count} {colour} from your Court.",
        "ja:hint": "宮廷の{colour}タイル{count}枚を除外する。",
    },
    "secrecy": {
        "quiet_for_subject": True,  # the drawer reads "drew" instead
        "en": "{seat} drew {count} from the Darkness ({darkness} left).",
        "en:you": "You drew {count} from the Darkness ({darkness} left).",
        "ja": "{seat}が闇から{count}枚引きました（残り{darkness}枚）。",
    },
    "drew": {
        "en": "{seat} drew {tiles} from the Darkness ({darkness} left).",
        "en:you": "You drew {tiles} from the Darkness ({darkness} left).",
        "ja": "{seat}が闇から引いたタイル：{tiles}（残り{darkness}枚）。",
        "ja:you": "闇から引いたタイル：{tiles}（残り{darkness}枚）。",
    },
    "contest_over": {"en": "{reason}", "ja": "{reason}"},
    "final_scoring": {
        "en:you": (
            "You: {jewels} {jewel_word} score {jewel_points}, {gold} Gold × {gold_value} "
            "score {gold_points}; final score {score}."
        ),
        "en": (
            "{seat}: {jewels} {jewel_word} score {jewel_points}, {gold} Gold × {gold_value} "
            "score {gold_points}; final score {score}."
        ),
        "ja": (
            "{seat}：宝石{jewels}枚で{jewel_points}点、金{gold}枚×{gold_value}で"
            "{gold_points}点、最終得点{score}点。"
        ),
    },
    "tiebreak": {"en": "{rule}", "ja": "{rule}"},
}

# The names of the tiles and the ovals: their one home, which the log and (through
# STRINGS) the board read.
TILE_NAMES = {
    "gold": {"en": "Gold", "ja": "金"},
    "blue": {"en": "Blue", "ja": "青"},
    "white": {"en": "White", "ja": "白"},
    "red": {"en": "Red", "ja": "赤"},
    "jewel": GLOSSARY["Jewel"],
}
OVAL_NAMES = {
    "dragon": GLOSSARY["Dragon"],
    "secrecy": GLOSSARY["Secrecy"],
    **{colour: TILE_NAMES[colour] for colour in SET_COLOURS},  # four ovals are named by colour
    "purple": {"en": "Purple", "ja": "紫"},
}
# An oval named inside a log line: "the Dragon", 「金」.
OVAL_IN_LINE = {"en": "{name}", "en:dragon": "the {name}", "ja": "「{name}」"}
# The strings table's entries for these names (see `pygames.text.strings_table`).
STRINGS = {
    **{f"{UI_PREFIX}oval.{oval}": words for oval, words in OVAL_NAMES.items()},
    **{f"{UI_PREFIX}tile.{colour}": words for colour, words in TILE_NAMES.items()},
    f"{UI_PREFIX}track.title": GLOSSARY["Track of Scoring"],
}
ERRORS = {
    "dragon_not_now": {
        "en": "the Dragon moves only when your token has just entered the Dragon oval",
        "ja": "ドラゴンを動かせるのは、自分のコマがドラゴンのスペースに入った直後だけです",
    },
    "unknown_action": {
        "en": "{action} is not an action of this game: name an oval (gold), a token's move "
        "(red>gold) or the Dragon's target (dragon:white)",
        "ja": "このゲームにない操作です",
    },
    "name_the_token": {
        "en": "both your tokens are on the board: name the one that moves, e.g. red>gold",
        "ja": "コマが2つとも盤上にあります。動かすコマを選んでください",
    },
    "enter_first": {
        "en": "on your first two turns a token comes onto the board: name only the oval",
        "ja": "最初の2手番では、コマを盤外からスペースに置きます",
    },
    "no_token_there": {
        "en": "you have no token on {oval}",
        "ja": "{oval}に自分のコマはありません",
    },
    "must_move": {
        "en": "a token must move: it may not stay where it is",
        "ja": "コマはその場に留まれません。別のスペースへ動かしてください",
    },
    "dragon_first": {
        "en": "first send the Dragon to an empty oval (e.g. dragon:white)",
        "ja": "先にドラゴンを空いているスペースへ送ってください",
    },
    "no_such_oval": {"en": "there is no oval called {name}", "ja": "そのスペースはありません"},
    "dragon_not_back": {
        "en": "the Dragon may not go to the oval your token has just left",
        "ja": "自分のコマが出たばかりのスペースにはドラゴンを送れません",
    },
    "oval_occupied": {"en": "{oval} is taken by a token", "ja": "{oval}にはコマがあります"},
    "oval_blocked": {
        "en": "{oval} is blocked by the Dragon until it goes home",
        "ja": "{oval}はドラゴンが戻るまで使えません",
    },
}

NOTHING = {"en": "nothing", "ja": "なし"}
MOVES = {
    "en": ("brought a token onto {oval}", "moved a token from {source} to {oval}"),
    "ja": ("コマを{oval}に置きました", "コマを{source}から{oval}へ動かしました"),
}
MOVE_HINTS = {
    "en": ("Bring a token onto {oval}", "Move a token from {source} to {oval}"),
    "ja": ("コマを{oval}に置く", "コマを{source}から{oval}へ動かす"),
}
TOKEN_WORDS = {"en": "the token on {oval}", "ja": "{oval}のコマ"}
REASONS = {
    "darkness": {
        "en": "The last tile has left the Darkness: the game ends.",
        "ja": "闇のタイルが尽きました。ゲームは終わりです。",
    },
    "score": {
        "en": "A score has reached 30: the game ends.",
        "ja": "得点が30点に達しました。ゲームは終わりです。",
    },
}
END_REASONS = {
    "score": {"en": "a score reached 30", "ja": "得点が30点に達しました"},
    "darkness": {"en": "the Darkness ran out", "ja": "闇のタイルが尽きました"},
}
TIEBREAKS = {
    "white": {
        "en": "Scores are equal: more White tiles in Court decide.",
        "ja": "同点のため、宮廷の白タイルが多い方の勝ちです。",
    },
    "court_size": {
        "en": "Scores and White tiles are equal: more tiles in Court decide.",
        "ja": "得点も白タイルも同数のため、宮廷のタイルが多い方の勝ちです。",
    },
    "shared": {
        "en": "Scores, White tiles and Court sizes are all equal: both players win.",
        "ja": "得点も白タイルも宮廷の枚数も同じなので、両者の勝利です。",
    },
}


def tile_list(tiles: list[str], lang: str) -> str:
    """'2 Gold, 1 Jewel' / '金2枚、宝石1枚', in Court order."""
    counts = Counter(tiles)
    names = {colour: words[lang] for colour, words in TILE_NAMES.items()}
    if lang == "ja":
        parts = [f"{names[c]}{counts[c]}枚" for c in COLOURS if counts[c]]
        return "、".join(parts) or NOTHING[lang]
    return ", ".join(f"{counts[c]} {names[c]}" for c in COLOURS if counts[c]) or NOTHING[lang]


def oval_in_line(oval: str, lang: str) -> str:
    template = OVAL_IN_LINE.get(f"{lang}:{oval}", OVAL_IN_LINE[lang])
    return template.format(name=OVAL_NAMES[oval][lang])


def pick_words(kind: str, value: str, lang: str, names: list[str]) -> str:
    """A pick in words: the oval a token goes to, the token that goes there."""
    if kind == "token":
        return TOKEN_WORDS[lang].format(oval=oval_in_line(value, lang))
    return oval_in_line(value, lang)


def format_fields(fields: dict, lang: str, names: list[str], viewer: int | None) -> dict:
    for key in ("tiles", "squares"):
        if key in fields:
            fields[key] = tile_list(fields[key], lang)
    if "source" in fields:
        source, oval = fields["source"], oval_in_line(fields["oval"], lang)
        which = 0 if source is None else 1
        source = source and oval_in_line(source, lang)
        fields["move"] = MOVES[lang][which].format(source=source, oval=oval)
        fields["move_hint"] = MOVE_HINTS[lang][which].format(source=source, oval=oval)
    if "oval" in fields:
        fields["oval"] = oval_in_line(fields["oval"], lang)
    for key in ("tile", "colour"):
        if key in fields:
            fields[key] = TILE_NAMES[fields[key]][lang]
    if fields.get("reason") in REASONS:  # common reasons (a resignation) are worded already
        fields["reason"] = REASONS[fields["reason"]][lang]
    if "jewels" in fields:
        fields["jewel_word"] = "Jewel" if fields["jewels"] == 1 else "Jewels"
    if "rule" in fields:
        fields["rule"] = TIEBREAKS[fields["rule"]][lang]
    return fields
