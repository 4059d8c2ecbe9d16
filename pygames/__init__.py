"""Fools & Fields: the rules of four small tabletop games, in plain Python.

Nothing here imports a browser module: the same code runs in CPython and Pyodide.

A game is a package here with a module-level ``GAME`` (a `core.Game`) in its
``__init__``; that is all it takes to be found. Beside it, by the same
convention: ``ai.py`` (the computer's heuristics, optional) and ``text.py`` (the
log in words). The browser's board for a game is ``web/games/<package>.py``.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

from pygames.core import Game


def package_name(game_id: str) -> str:
    """The package (and board module) of a game: "fools-field" -> "fools_field"."""
    return game_id.replace("-", "_")


def _find_games() -> dict[str, Game]:
    games = {}
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.ispkg:
            game = getattr(import_module(f"{__name__}.{module.name}"), "GAME", None)
            if isinstance(game, Game):
                assert package_name(game.id) == module.name, f"{game.id} in {module.name}/"
                games[game.id] = game
    return games


GAMES: dict[str, Game] = _find_games()
