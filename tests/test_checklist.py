"""Adding a game is one checklist: every part the app needs, checked for every game.

`missing_parts(game)` names each part a game lacks; the README's "Add a game"
section lists the same parts. It reads files and imports only `pygames`, never the
browser modules (web/ imports `js`): a board module is checked by parsing it.
"""

import ast
import json
import re
from pathlib import Path
from types import ModuleType

import pytest

from pygames import GAMES, package_name
from pygames.core import Game
from pygames.position import encode_state
from pygames.text import game_text, strings_table
from pygames.views import View

ROOT = Path(__file__).resolve().parents[1]
REAL_GAMES = [g for g in GAMES if type(GAMES[g]).__module__.startswith("pygames.")]
LANGS = ("en", "ja")


class Files:
    """The files a game's parts live in (a test may point them at a fake tree)."""

    def __init__(self, root: Path = ROOT):
        self.root = root

    def index(self) -> str:
        return (self.root / "index.html").read_text(encoding="utf-8")

    def strings(self) -> dict[str, dict[str, str]]:
        shell = json.loads((self.root / "web" / "i18n.json").read_text(encoding="utf-8"))
        return strings_table(shell)

    def rules_page(self, game_id: str, lang: str) -> Path:
        return self.root / "web" / "rules" / f"{game_id}.{lang}.html"

    def board(self, game_id: str) -> Path:
        return self.root / "web" / "games" / f"{package_name(game_id)}.py"

    def package(self, game_id: str) -> Path:
        return self.root / "pygames" / package_name(game_id)


def missing_parts(game: Game, files: Files, text: ModuleType | None) -> list[str]:
    """Every part of the checklist that `game` lacks, by name."""
    missing = []
    if f'data-game="{game.id}"' not in files.index():
        missing.append("lobby card")
    strings = files.strings()
    for key in (f"game.{game.id}", f"game.{game.id}.about", f"game.{game.id}.players"):
        if key not in strings or set(strings[key]) != set(LANGS):
            missing.append(f"string {key}")
    for lang in LANGS:
        page = files.rules_page(game.id, lang)
        if not page.is_file():
            missing.append(f"rules page ({lang})")
        elif 'id="notation"' not in page.read_text(encoding="utf-8"):
            missing.append(f"rules page notation section ({lang})")
    if not defines_board(files.board(game.id)):
        missing.append("board")
    if text is None:
        missing.append("text module")
    else:
        for table in ("LOG", "GLOSSARY", "pick_words"):
            if not getattr(text, table, None):
                missing.append(f"text {table}")
    if game.view_type is View or not (files.package(game.id) / "views.py").is_file():
        missing.append("view type")
    if getattr(game, "notation", None) is None or not (
        (files.package(game.id) / "notation.py").is_file()
    ):
        missing.append("notation")
    if not writes_its_positions(game):
        missing.append("position fields")
    return missing


def defines_board(path: Path) -> bool:
    """A board module: `class Board(...)` at its top level."""
    if not path.is_file():
        return False
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.ClassDef) and node.name == "Board" for node in tree.body)


def writes_its_positions(game: Game) -> bool:
    """Every attribute of a new game's state has a declared position field."""
    try:
        encode_state(game.new_state(game.min_seats, seed=1))
    except TypeError:
        return False
    return True


def text_module(game_id: str) -> ModuleType | None:
    try:
        return game_text(game_id)
    except ModuleNotFoundError:
        return None


@pytest.mark.parametrize("game_id", REAL_GAMES)
def test_every_game_has_every_part_the_app_needs(game_id):
    game = GAMES[game_id]
    assert missing_parts(game, Files(), text_module(game_id)) == []


def test_the_checklist_names_each_part_a_new_game_lacks(tmp_path):
    """A game with nothing but its rules: every part is named, each check can fail."""

    class Bare(Game):
        id = "bare-game"
        title = {"en": "Bare", "ja": "裸"}
        state_class = GAMES["fools-field"].state_class
        options = GAMES["fools-field"].options
        position_fields = {}  # so its state's attributes have no written form

    for folder in ("web/rules", "web/games", "pygames/bare_game"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "index.html").write_text("<ul></ul>", encoding="utf-8")
    (tmp_path / "web" / "i18n.json").write_text("{}", encoding="utf-8")
    (tmp_path / "web" / "rules" / "bare-game.en.html").write_text("<h2>Aim</h2>")
    (tmp_path / "web" / "games" / "bare_game.py").write_text("class Other:\n    pass\n")
    missing = missing_parts(Bare(), Files(tmp_path), None)
    assert missing == [
        "lobby card",
        "string game.bare-game",
        "string game.bare-game.about",
        "string game.bare-game.players",
        "rules page notation section (en)",
        "rules page (ja)",
        "board",
        "text module",
        "view type",
        "notation",
        "position fields",
    ]


def test_the_readme_lists_the_checklist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Add a game")[1].split("\n## ")[0]
    for part in ("lobby card", "rules page", "notation", "board", "text module", "view type"):
        assert re.search(re.escape(part), section, re.I), part
    assert "position fields" in section.lower() and "glossary" in section.lower()
