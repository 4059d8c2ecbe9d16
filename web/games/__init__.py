"""Board plug-ins: one module per playable game, each with the same shape.

A plug-in module defines `Board(shell)` with:
- `render(view) -> element`: the board and its game-specific controls, drawn
  only from `view` (one seat's view: never hidden information);
- `prompt(view) -> str`: what the acting player should do now;
- `on_act(name, element) -> bool`: a click on a `data-act` element it owns;
- `on_key(event) -> bool`: arrow keys and Escape on the board;
- `cancel()`: drop any half-made choice (a selected card);
- `game_number(view) -> int` and `match_summary(view) -> str | None` for match play;
- `rematch_options(view, options) -> dict`: options for the next game.

The shell (web/app.py) gives the board `shell.play(action)`, `shell.confirm(...)`,
`shell.names`, `shell.rerender()` and `shell.announce(text)`.
To add a game: write web/games/<name>.py and list it in PLUGINS.
"""

from __future__ import annotations

from importlib import import_module

PLUGINS = {
    "fools-field": "web.games.fools_field",
    "cloth-of-gold": "web.games.cloth_of_gold",
}


def is_playable(game_id: str) -> bool:
    return game_id in PLUGINS


def board_module(game_id: str):
    return import_module(PLUGINS[game_id])
