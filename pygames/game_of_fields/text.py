"""Game of Fields in words (English and Japanese): the log, refusals and the vocabulary.

The game's names (pawns, terrain, hexes) live here only: the log reads them, and
`STRINGS` hands them to the page's strings table under the keys the board uses.
"""

from __future__ import annotations

from pygames.text import join_names

UI_PREFIX = "gof."
# The seats, and the record's codes (`notation`) that the Japanese rules page shows as they are.
NOTATION_CODES = ("m", "g", "r", "c", "p", "q", "stay", "stop", "end", "field", "city", "pass")
LATIN_ALLOWED: tuple[str, ...] = ("A", "B", *NOTATION_CODES, "resign", "draw", "plain")
GLOSSARY = {
    "Queen": {"en": "Queen", "ja": "女王"},
    "Prince": {"en": "Prince", "ja": "王子"},
    "City": {"en": "City", "ja": "都市"},
    "Field": {"en": "Field", "ja": "畑"},
    "hex": {"en": "hex", "ja": "ヘクス"},
    "plain": {"en": "plain", "ja": "平地"},
    "mountain": {"en": "mountain", "ja": "山"},
    "sea": {"en": "sea", "ja": "海"},
    "face-down hex": {"en": "face-down hex", "ja": "裏向きのヘクス"},
    "blank map": {"en": "blank map", "ja": "白地図"},
    "reach": {"en": "reach", "ja": "移動力"},
    "battle value": {"en": "value", "ja": "戦闘力"},
    "battle": {"en": "battle", "ja": "戦闘"},
    "castling": {"en": "castling", "ja": "入れ替え"},
    "regenerate": {"en": "regenerate", "ja": "復活させる"},
    "pass": {"en": "pass", "ja": "パス"},
    "turn": {"en": "turn", "ja": "手番"},
    "first player": {"en": "first player", "ja": "先攻"},
    "draw": {"en": "draw", "ja": "引き分け"},
}
AVOID = {"ja": ("先手", "後手", "指す", "クイーン", "プリンス", "シティ", "フィールド"), "en": ()}

HEX = {"en": "hex {n}", "ja": "ヘクス{n}"}
PAWN_NAMES = {
    "queen": GLOSSARY["Queen"],
    "prince": GLOSSARY["Prince"],
    "city": GLOSSARY["City"],
    "field": GLOSSARY["Field"],
}
TERRAIN_NAMES = {
    "plain": GLOSSARY["plain"],
    "mountain": GLOSSARY["mountain"],
    "sea": GLOSSARY["sea"],
}
FACE_DOWN = {"en": "face down", "ja": "裏向き"}
A_TERRAIN = {"en": "a {terrain}", "ja": "{terrain}"}  # "You turned hex 4 over: a plain."
TURNED_HEX = {"en": "{hex} ({terrain})", "ja": "{hex}（{terrain}）"}
MAP_NAMES = {"open": {"en": "open map", "ja": "通常の地図"}, "blank": GLOSSARY["blank map"]}

# The board's words for them, in the page's strings table (`pygames.text.strings_table`).
STRINGS = {
    "gof.hex_name": HEX,
    "gof.pawn.queen": PAWN_NAMES["queen"],
    "gof.pawn.prince": PAWN_NAMES["prince"],
    **{f"gof.terrain.{terrain}": words for terrain, words in TERRAIN_NAMES.items()},
    "gof.terrain.down": FACE_DOWN,
}

LOG = {
    "new_game": {
        "subject": "first",
        "en": "A new game on the {map}: {first} plays first.",
        "en:you": "A new game on the {map}: you play first.",
        "ja": "{map}で新しいゲームを始めます。{first}が先攻です。",
    },
    "move": {
        "en": "{seat} moved a {pawn} from {source} to {hex}.",
        "en:you": "You moved a {pawn} from {source} to {hex}.",
        "ja": "{seat}が{pawn}を{source}から{hex}へ動かしました。",
        "en:hint": "Move a {pawn} from {source} to {hex}.",
        "ja:hint": "{pawn}を{source}から{hex}へ動かす。",
    },
    "siege": {
        "en": "{seat} moved a Prince from {source} onto {hex}, where a second Prince must join it.",
        "en:you": "You moved a Prince from {source} onto {hex}: a second Prince must join it.",
        "ja": "{seat}が王子を{source}から{hex}へ進めました。2人目の王子が合流して戦います。",
        "en:hint": "Move a Prince from {source} onto {hex}: a second Prince must join it.",
        "ja:hint": "王子を{source}から{hex}へ進める。2人目の王子が合流して戦う。",
    },
    "reveal": {
        "en": "{seat} turned {hex} over: {terrain}.",
        "en:you": "You turned {hex} over: {terrain}.",
        "ja": "{seat}が{hex}を表に返しました：{terrain}。",
    },
    "stayed": {  # blank map: a Prince that turned hexes over and never left its hex
        "en": "{seat}'s Prince turned {turned} over and stayed on {hex}.",
        "en:you": "Your Prince turned {turned} over and stayed on {hex}.",
        "ja": "{seat}の王子は{turned}を表に返し、{hex}にとどまりました。",
    },
    "battle": {
        "en": "{seat} won the battle on {hex}, {attack} against {defence}: {lost} defeated.",
        "en:you": "You won the battle on {hex}, {attack} against {defence}: {lost} defeated.",
        "ja": "{seat}が{hex}の戦闘に{attack}対{defence}で勝ち、{lost}を破りました。",
        "en:hint": "Win the battle on {hex}, {attack} against {defence}: {lost} defeated.",
        "ja:hint": "{hex}の戦闘に{attack}対{defence}で勝ち、{lost}を破る。",
    },
    "field_taken": {
        "en": "{seat} took the Field on {hex}.",
        "en:you": "You took the Field on {hex}.",
        "ja": "{seat}が{hex}の畑を奪いました。",
        "en:hint": "Take the Field on {hex}.",
        "ja:hint": "{hex}の畑を奪う。",
    },
    "field_kept": {
        "en": "{seat} has no Field left, so the Field on {hex} keeps its colour.",
        "en:you": "You have no Field left, so the Field on {hex} keeps its colour.",
        "ja": "{seat}には畑が残っていないため、{hex}の畑はそのままです。",
    },
    "castle": {
        "en": "{seat} switched the Queen on {source} with the Prince on {hex}.",
        "en:you": "You switched the Queen on {source} with the Prince on {hex}.",
        "ja": "{seat}が{source}の女王と{hex}の王子を入れ替えました。",
        "en:hint": "Switch the Queen on {source} with the Prince on {hex}.",
        "ja:hint": "{source}の女王と{hex}の王子を入れ替える。",
    },
    "build": {
        "en": "{seat} built a {what} on {hex}.",
        "en:you": "You built a {what} on {hex}.",
        "ja": "{seat}が{hex}に{what}を建てました。",
        "en:hint": "Build a {what} on {hex}.",
        "ja:hint": "{hex}に{what}を建てる。",
    },
    "prince_back": {
        "en": "{seat} regenerated a Prince on the City on {hex}.",
        "en:you": "You regenerated a Prince on the City on {hex}.",
        "ja": "{seat}が{hex}の都市に王子を復活させました。",
        "en:hint": "Regenerate a Prince on the City on {hex}.",
        "ja:hint": "{hex}の都市に王子を復活させる。",
    },
    "queen_back": {
        "en": "{seat} made the Prince on {source} their new Queen, on the City on {hex}; "
        "{limit} left at most.",
        "en:you": "You made the Prince on {source} your new Queen, on the City on {hex}; "
        "{limit} left at most.",
        "ja": "{seat}が{source}の王子を新しい女王として{hex}の都市に置きました"
        "（王子は最大{limit}人）。",
        "en:hint": "Make the Prince on {source} your new Queen, on the City on {hex}; "
        "{limit} left at most.",
        "ja:hint": "{source}の王子を新しい女王として{hex}の都市に置く（王子は最大{limit}人）。",
    },
    "pass": {
        "en": "{seat} passed.",
        "en:you": "You passed.",
        "ja": "{seat}がパスしました。",
        "en:hint": "Pass.",
        "ja:hint": "パスする。",
    },
    "split_loss": {
        "en": "{seat} did not split the two Princes on {hex}: one of them is lost.",
        "en:you": "You did not split the two Princes on {hex}: one of them is lost.",
        "ja": "{seat}が{hex}の2人の王子を分けなかったため、1人を失いました。",
        "en:hint": "Do not split the two Princes on {hex}: one of them is lost.",
        "ja:hint": "{hex}の2人の王子を分けず、1人を失う。",
    },
    "queen_lost": {
        "en": "{seat} lost the Queen with no way to regenerate her.",
        "en:you": "You lost your Queen with no way to regenerate her.",
        "ja": "{seat}は女王を失い、復活させる手段もありません。",
        "en:hint": "Lose your Queen with no way to regenerate her.",
        "ja:hint": "女王を失い、復活させる手段がなくなる。",
    },
    "fields_won": {
        "en": "{seat} has a City linked to Fields worth {value}.",
        "en:you": "You have a City linked to Fields worth {value}.",
        "ja": "{seat}の都市に価値{value}の畑がつながりました。",
        "en:hint": "A City is then linked to Fields worth {value}.",
        "ja:hint": "都市に価値{value}の畑がつながる。",
    },
}

END_REASONS = {
    "fields": {"en": "a City linked to Fields worth 5", "ja": "都市に価値5の畑がつながりました"},
    "queen": {"en": "a Queen fell for good", "ja": "女王が倒れ、復活できません"},
    "passes": {"en": "both players passed four times", "ja": "両者が4回続けてパスしました"},
    "quiet": {
        "en": "60 turns without building, battle or capture",
        "ja": "60手番のあいだ建設も戦闘も奪取もありませんでした",
    },
}

ERRORS = {
    "answer_pass": {
        "en": "you passed and your rival passed in answer: now you must act",
        "ja": "パスに相手もパスで応えたので、今度は行動しなければなりません",
    },
    "no_queen": {
        "en": "only your Queen builds, and you have no Queen",
        "ja": "建てられるのは女王だけですが、女王がいません",
    },
    "city_limit": {"en": "you already have two Cities", "ja": "都市はすでに2つあります"},
    "cannot_build": {
        "en": "your Queen cannot build there: one Field or City per hex, never on a sea",
        "ja": "女王のいるヘクスには建てられません（1ヘクスに畑か都市を1つ、海には建てられません）",
    },
    "cannot_go": {"en": "that pawn cannot go there", "ja": "そのコマはそこへ行けません"},
    "cannot_move": {"en": "that pawn cannot move now", "ja": "そのコマは今は動かせません"},
    "bad_notation": {
        "en": "{text} is not an action of this game",
        "ja": "このゲームの行動として読めません",
    },
    "finish_action": {
        "en": "finish the action you started first",
        "ja": "始めた行動を先に終えてください",
    },
}


def hex_name(hex_id: int, lang: str) -> str:
    return HEX[lang].format(n=hex_id + 1)


def value_words(halves: int, lang: str) -> str:
    """A Field value counted in halves: "4½"."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def terrain_words(terrain: str, lang: str) -> str:
    """A terrain as a log line names it: "a plain", "平地"."""
    return A_TERRAIN[lang].format(terrain=TERRAIN_NAMES[terrain][lang])


def turned_words(turned: list[dict], lang: str) -> str:
    """Hexes turned over and what they were: "hex 4 (a plain) and hex 9 (a sea)"."""
    words = [
        TURNED_HEX[lang].format(
            hex=hex_name(found["hex"], lang), terrain=terrain_words(found["terrain"], lang)
        )
        for found in turned
    ]
    return join_names(words, lang)


# A pick in words, and a step of a move (which writes no line) offered as advice.
PAWN_ON = {"en": "the pawn on {hex}", "ja": "{hex}のコマ"}
ACTION_WORDS = {
    "end": {"en": "end the turn", "ja": "手番を終える"},
    "stop": {"en": "stop here", "ja": "ここで止まる"},
    "stay": {"en": "stay", "ja": "とどまる"},
    "field": {"en": "a Field", "ja": "畑"},
    "city": {"en": "a City", "ja": "都市"},
    "castle": {"en": "castling", "ja": "入れ替え"},
    "prince": {"en": "a Prince regenerated", "ja": "王子の復活"},
    "queen": {"en": "the Queen regenerated", "ja": "女王の復活"},
    "pass": {"en": "pass", "ja": "パス"},
}
PICK_HINTS = {
    "pawn": {"en": "Move {words}.", "ja": "{words}を動かす。"},
    "hex": {"en": "Go on to {words}.", "ja": "{words}へ進む。"},
    "reveal": {"en": "Turn {words} over.", "ja": "{words}を表に返す。"},
    "action:end": {"en": "End the turn.", "ja": "手番を終える。"},
    "action:stop": {"en": "Stop here.", "ja": "ここで止まる。"},
    "action:stay": {"en": "Stay.", "ja": "とどまる。"},
}


# The same moves once made, in a replay ("You" reads as a name: "You went on to hex 14.").
PICKS_DONE = {
    "pawn": {"en": "{seat} set off with {words}.", "ja": "{seat}が{words}を動かし始めました。"},
    "hex": {"en": "{seat} went on to {words}.", "ja": "{seat}が{words}へ進みました。"},
    "reveal": {"en": "{seat} turned {words} over.", "ja": "{seat}が{words}を表に返しました。"},
    "action:end": {"en": "{seat} ended the turn.", "ja": "{seat}が手番を終えました。"},
    "action:stop": {"en": "{seat} stopped there.", "ja": "{seat}がそこで止まりました。"},
    "action:stay": {"en": "{seat} stayed.", "ja": "{seat}がとどまりました。"},
}


def pick_words(kind: str, value: str, lang: str, names: list[str]) -> str:
    """A pick in words: a pawn by its hex, a hex, a hex to turn over, or an action."""
    if kind == "action":
        return ACTION_WORDS[value][lang]
    hex_words = hex_name(int(value), lang)
    return PAWN_ON[lang].format(hex=hex_words) if kind == "pawn" else hex_words


def format_fields(fields: dict, lang: str, names: list[str], viewer: int | None) -> dict:
    for key in ("hex", "source"):
        if isinstance(fields.get(key), int):
            fields[key] = hex_name(fields[key], lang)
    if "pawn" in fields:
        fields["pawn"] = PAWN_NAMES[fields["pawn"]][lang]
    if "what" in fields:
        fields["what"] = PAWN_NAMES[fields["what"]][lang]
    if "terrain" in fields:
        fields["terrain"] = terrain_words(fields["terrain"], lang)
    if "turned" in fields:
        fields["turned"] = turned_words(fields["turned"], lang)
    if "map" in fields:
        fields["map"] = MAP_NAMES[fields["map"]][lang]
    if "lost" in fields:
        fields["lost"] = join_names([PAWN_NAMES[p][lang] for p in fields["lost"]], lang)
    if "value" in fields:
        fields["value"] = value_words(fields["value"], lang)
    if "limit" in fields:
        count = fields["limit"]
        fields["limit"] = (
            f"{count} Prince" + ("" if count == 1 else "s") if lang == "en" else str(count)
        )
    return fields
