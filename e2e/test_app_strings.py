"""Every UI string exists in English and Japanese (no browser needed)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pygames import GAMES
from pygames.bots import BOTS

ROOT = Path(__file__).resolve().parent.parent
TABLE = json.loads((ROOT / "web" / "i18n.json").read_text(encoding="utf-8"))
LITERAL_KEY = re.compile(r"""\bt\(\s*["']([a-z][\w.-]*)["']""")
HTML_KEY = re.compile(r"""data-i18n(?:-label)?="([^"]+)\"""")


def test_every_entry_has_both_languages() -> None:
    missing = [key for key, entry in TABLE.items() if not (entry.get("en") and entry.get("ja"))]
    assert missing == []


def test_every_key_the_code_uses_is_in_the_table() -> None:
    used = set()
    for path in (ROOT / "web").rglob("*.py"):
        used |= set(LITERAL_KEY.findall(path.read_text(encoding="utf-8")))
    used |= set(HTML_KEY.findall((ROOT / "index.html").read_text(encoding="utf-8")))
    prefixes = {key for key in used if key.endswith(".")}  # t("game." + id): checked below
    assert sorted(used - prefixes - TABLE.keys()) == []


def test_dynamic_keys_for_games_options_and_bots() -> None:
    needed = {f"bot.{name}" for name in BOTS} | {"error.quota", "error.unavailable"}
    for game in GAMES.values():
        needed |= {f"game.{game.id}", f"result.{game.tie_result}"}
        for option in game.options:
            needed.add(f"option.{option.key}")
            needed |= {f"option.{option.key}.{value}" for value in option.choices}
    assert sorted(needed - TABLE.keys()) == []


def test_placeholders_match_between_languages() -> None:
    fields = re.compile(r"{(\w+)}")
    differing = [
        key
        for key, entry in TABLE.items()
        if set(fields.findall(entry["en"])) != set(fields.findall(entry["ja"]))
    ]
    assert differing == []
