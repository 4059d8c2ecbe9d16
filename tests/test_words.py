"""Words a player reads: every game's glossary, no Latin letters on a Japanese page, keyed errors.

Each game's text module names its vocabulary (`GLOSSARY`), the Japanese or English
words it replaces (`AVOID`), the few Latin words its Japanese may hold
(`LATIN_ALLOWED`) and the prefix of its UI strings in web/i18n.json (`UI_PREFIX`).
These tests read every Japanese string of a game (log, end reasons, refusals, UI
strings, rules page) and the lines a played game's log and refusals produce.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path

import pytest

from pygames import GAMES
from pygames.core import GameError
from pygames.text import ERRORS, describe, error_words, game_text, strings_table

ROOT = Path(__file__).resolve().parents[1]
UI_STRINGS = strings_table(json.loads((ROOT / "web" / "i18n.json").read_text(encoding="utf-8")))

# Latin a Japanese page may show in any game: the language switch, key names, seat letters.
LATIN_EVERYWHERE = ("English", "Tab", "Enter", "Space", "Escape", "Esc", "Shift", "Home", "End")
SEAT_LETTER = re.compile(r"(?<![A-Za-z])[A-D](?![A-Za-z])")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
LATIN = re.compile(r"[A-Za-z]+")

REAL_GAMES = [g for g in GAMES if type(GAMES[g]).__module__.startswith("pygames.")]


def latin_left(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The Latin words of a Japanese string that nothing allows."""
    text = PLACEHOLDER.sub("", text)
    for word in sorted(LATIN_EVERYWHERE + allowed, key=len, reverse=True):
        text = text.replace(word, "")
    return LATIN.findall(SEAT_LETTER.sub("", text))


def strings_in(table: object, lang: str) -> list[str]:
    """Every string under a `lang` key (or "<lang>:...") anywhere in nested tables."""
    found: list[str] = []
    if isinstance(table, dict):
        for key, value in table.items():
            if isinstance(key, str) and key.split(":")[0] == lang and isinstance(value, str):
                found.append(value)
            else:
                found += strings_in(value, lang)
    elif isinstance(table, (list, tuple)):
        for value in table:
            found += strings_in(value, lang)
    return found


def rules_page_text(game_id: str, lang: str) -> str:
    page = (ROOT / "web" / "rules" / f"{game_id}.{lang}.html").read_text(encoding="utf-8")
    # Scripts, styles, and the notation of records (code), which is no language's words.
    page = re.sub(r"<(script|style|code|pre)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def game_strings(game_id: str, lang: str) -> list[str]:
    """Every string of a game in `lang`: its text module, its UI strings and its rules page."""
    text = game_text(game_id)
    tables = [value for name, value in vars(text).items() if name.isupper()]
    tables = [t for t in tables if t is not text.GLOSSARY and t is not text.AVOID]
    game_options = GAMES[game_id].options
    options = [f"option.{o.key}" for o in game_options]
    options += [f"option.{o.key}.{choice}" for o in game_options for choice in o.choices]
    keys = [k for k in UI_STRINGS if k.startswith(text.UI_PREFIX) or k in options]
    ui = [UI_STRINGS[key] for key in keys]
    return strings_in(tables, lang) + strings_in(ui, lang) + [rules_page_text(game_id, lang)]


def common_strings(lang: str) -> list[str]:
    from pygames import text

    prefixes = tuple(game_text(g).UI_PREFIX for g in REAL_GAMES)
    ui = [entry for key, entry in UI_STRINGS.items() if not key.startswith(prefixes)]
    tables = [text.COMMON_LOG, text.RESULT_WORDS, text.COMMON_REASONS, text.ERRORS, text.PICKS_HINT]
    return strings_in(tables + ui, lang)


# ----- the glossary ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_game_names_its_words(game_id):
    text = game_text(game_id)
    assert text.GLOSSARY and all(set(words) == {"en", "ja"} for words in text.GLOSSARY.values())
    assert text.UI_PREFIX.endswith(".")
    assert any(key.startswith(text.UI_PREFIX) for key in UI_STRINGS)


@pytest.mark.parametrize("game_id", REAL_GAMES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_game_uses_its_glossary_and_never_the_words_it_replaces(game_id, lang):
    text = game_text(game_id)
    strings = game_strings(game_id, lang)
    everything = "\n".join(strings)
    lines = [PLACEHOLDER.sub("", line) for s in strings for line in s.splitlines()]
    for avoided in text.AVOID.get(lang, ()):
        word = avoided.strip()
        # English words are matched whole ("round" is not in "around"); Japanese has no spaces.
        pattern = re.compile(rf"\b{re.escape(word)}\b" if lang == "en" else re.escape(word))
        offending = [line for line in lines if pattern.search(line)]
        assert not offending, f"{game_id} says {avoided!r} in: {offending[:3]}"
    for term, words in text.GLOSSARY.items():
        found = words[lang].lower() in everything.lower()  # "Ability" starts a sentence
        assert found, f"{game_id} never says {words[lang]!r} ({term})"


def test_the_fools_field_speaks_the_japanese_rulebooks_words():
    """The original says 先攻/後攻 and 戦闘, not shogi's 先手/後手 nor a loose 戦い."""
    strings = "\n".join(game_strings("fools-field", "ja"))
    for word in ("先手", "後手", "戦い", "指せ"):
        assert word not in strings
    for word in ("先攻", "後攻", "戦闘", "撤退", "配置", "山札", "手札", "場"):
        assert word in strings


# ----- no Latin letters on a Japanese page -----------------------------------------------


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_a_games_japanese_strings_hold_no_latin_letters(game_id):
    allowed = game_text(game_id).LATIN_ALLOWED
    offending = {s[:80]: latin_left(s, allowed) for s in game_strings(game_id, "ja")}
    assert not {s: words for s, words in offending.items() if words}


def test_the_shells_japanese_strings_hold_no_latin_letters():
    offending = {s[:80]: latin_left(s) for s in common_strings("ja")}
    assert not {s: words for s, words in offending.items() if words}


def played_states(game_id: str, games: int = 3):
    """States along a few seeded random games, at every seat count of the game."""
    game = GAMES[game_id]
    for seats in range(game.min_seats, game.max_seats + 1):
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_state(seats, seed=seed)
            while not state.is_over() and len(state.history) < 2000:
                seat = state.to_act()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            yield state


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_a_played_games_japanese_log_holds_no_latin_letters(game_id):
    names = ["あなた", "コンピューターB", "プレイヤーC", "コンピューターD"]
    allowed = game_text(game_id).LATIN_ALLOWED
    lines = 0
    for state in played_states(game_id):
        for viewer in [None, *range(state.num_seats)]:
            for entry in state.view(viewer)["log"]:
                line = describe(game_id, entry, "ja", names, viewer)
                if line is not None:
                    assert not latin_left(line, allowed), line
                    lines += 1
    assert lines > 100


# ----- refusals --------------------------------------------------------------------------

RAISED = re.compile(
    r"(?:refusal|IllegalAction|RecordError|PositionError|GameError)\(\s*\"([a-z_0-9]+)\""
)


def raised_keys() -> set[str]:
    """Every refusal key written in the source: common ones bare, a game's as "<id>.<rule>"."""
    keys = set()
    for path in [*(ROOT / "pygames").rglob("*.py"), *(ROOT / "web").rglob("*.py")]:
        source = path.read_text(encoding="utf-8")
        game_ids = [g for g in REAL_GAMES if f"pygames/{g.replace('-', '_')}/" in str(path)]
        for match in RAISED.finditer(source):
            is_game_rule = source[match.start() : match.start() + 7] == "refusal"
            keys.add(f"{game_ids[0]}.{match.group(1)}" if is_game_rule else match.group(1))
    return keys


def templates_for(key: str) -> dict:
    game_id, dot, name = key.rpartition(".")
    return game_text(game_id).ERRORS[name] if dot else ERRORS[key]


def test_every_refusal_raised_has_words_in_both_languages():
    keys = raised_keys()
    assert len(keys) > 40  # the reader found the raise sites
    for key in keys:
        templates = templates_for(key)
        assert templates.get("en") and templates.get("ja"), key
        if "{seat}" in templates["en"]:
            assert "en:you" in templates, key
        assert not latin_left(templates["ja"]), key


def test_every_worded_refusal_is_raised_somewhere():
    keys = raised_keys()
    worded = set(ERRORS) | {
        f"{g}.{name}" for g in REAL_GAMES for name in getattr(game_text(g), "ERRORS", {})
    }
    assert worded <= keys, worded - keys


def test_a_refusal_speaks_the_readers_language_and_the_command_line_english():
    state = GAMES["fools-field"].new_state(2, seed=1)
    seat = state.to_act()[0]
    with pytest.raises(GameError) as caught:
        state.apply(1 - seat, state.legal_actions(seat)[0])
    error = caught.value
    assert error.key == "not_your_turn"
    assert str(error) == f"it is not {'AB'[1 - seat]}'s turn"
    names = ["あなた", "コンピューター"]
    other = names[1 - seat]
    assert error_words(error, "ja", names, viewer=1 - seat) == f"{other}の手番ではありません"
    assert error_words(error, "en", ["You", "Computer"], viewer=1 - seat) == "it is not your turn"


def test_a_damaged_records_refusal_names_the_rule_in_japanese():
    from pygames.record import Record, RecordError

    record = Record.dealt("fools-field", ["human", "human"], seed=3)
    seat = record.replay().to_act()[0]
    record.actions.append((seat, "FFFF@0"))  # the first card of a battle goes in the centre
    with pytest.raises(RecordError) as caught:
        Record.from_text(record.to_text()).replay()
    words = error_words(caught.value, "ja")
    assert "手目" in words and not latin_left(words)
