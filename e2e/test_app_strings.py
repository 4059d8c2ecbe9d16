"""Every UI string exists in English and Japanese (no browser needed)."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

from pygames import GAMES, package_name
from pygames.bots import BOTS
from pygames.text import strings_table

ROOT = Path(__file__).resolve().parent.parent
TABLE = strings_table(json.loads((ROOT / "web" / "i18n.json").read_text(encoding="utf-8")))
# Remote play's screens bring their own words (loaded with them: web/remote_kit.py).
TABLE |= json.loads((ROOT / "web" / "remote" / "strings.json").read_text(encoding="utf-8"))
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


def board_prompts(game_id: str) -> dict[str, str]:
    """A board module's PROMPTS table (engine prompt key -> string key), read from its source."""
    source = (ROOT / "web" / "games" / f"{package_name(game_id)}.py").read_text(encoding="utf-8")
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == [
            "PROMPTS"
        ]:
            return ast.literal_eval(node.value)
    raise AssertionError(f"the board of {game_id} has no PROMPTS table")


def prompts_met(game_id: str, games: int = 15) -> set[str]:
    """Every prompt key the engine gives in some games of random play."""
    found = set()
    for seed in range(games):
        state = GAMES[game_id].new_state(2, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            choices = state.view(seat)["choices"]
            found.add(choices["prompt"]["key"])
            state.apply(seat, rng.choice([o["action"] for o in choices["options"]]))
    return found


def test_every_prompt_the_engine_gives_is_worded() -> None:
    boards = [g for g in GAMES if (ROOT / "web" / "games" / f"{package_name(g)}.py").exists()]
    assert sorted(boards) == ["cloth-of-gold", "fools", "fools-field", "game-of-fields"]
    for game_id in boards:
        prompts = board_prompts(game_id)
        assert sorted(prompts_met(game_id) - prompts.keys()) == [], game_id
        assert sorted(set(prompts.values()) - TABLE.keys()) == [], game_id


def test_every_refusal_of_a_link_and_every_lobby_turn_has_words() -> None:
    """Each reason a game by links refuses a link (pygames/remote: ChainError,
    RemoteError) is worded (web/remote/links.py reads "remote.error.<reason>"), as is
    each turn the lobby says of such a game."""
    remote = ROOT / "pygames" / "remote"
    source = (remote / "chain.py").read_text() + (remote / "game.py").read_text()
    reasons = set(re.findall(r'(?:RemoteError|ChainError)\(\s*"(\w+)"', source))
    assert {"bad_signature", "forked", "illegal_move", "bad_save"} <= reasons
    needed = {f"remote.error.{reason}" for reason in reasons}
    needed |= {f"saves.turn.{turn}" for turn in ("mine", "send", "wait", "wait_for")}
    assert sorted(needed - TABLE.keys()) == []
