"""Board plug-ins: one module per playable game, each with the same shape.

A game's board is found by convention, like the game itself: the game
``fools-field`` (package ``pygames.fools_field``) is drawn by the module
``web.games.fools_field``. To add a game: write web/games/<package>.py.

A plug-in module defines `Board(shell)`, a subclass of `web.games.base.Board`
(which keeps the picks made so far, the rival-on-top layout, the arrow keys and
the defaults). What the shell calls on a board:
- `render(view, suggested) -> element`: the board and its game-specific controls,
  drawn only from `view` (one seat's view: never hidden information), marking
  the places of the picks `suggested` (the hint's move, one of the view's
  choices); a subclass writes `draw(view)`, marks each place it draws for picks
  with `with_marks` (or `marks_on`), and the board keeps the element as its `root`;
- `prompt(view) -> str`: what the acting player should do now, worded from
  ``view["choices"]["prompt"]`` and the picks made so far (the shell shows it
  in its status box; a board does not repeat it);
- `on_act(name, element) -> bool`: a click on a `data-act` element it owns;
- `on_key(event) -> bool`: arrow keys and Escape on the board;
- `cancel()`: drop any half-made choice (the picks made so far);
- `chosen` and `back()`: the picks made so far, and what Cancel does (drop them, or
  step back one): the shell, not the board, draws Cancel, in the instruction, in every
  game alike, while `chosen` is not empty;
- `focus_start()`: put the keyboard focus where a turn begins;
- `log_legend() -> str`: a line explaining the log's notation;
- `resign_question(view) -> str | None`: the game's own words for the resignation
  dialog (e.g. "this ends the whole match"), or None for the shell's;
- `log_item(part) -> element`: an item of a log line (``{"item", "value",
  "text"}`` from `pygames.text.describe_parts`), e.g. a card drawn small;
- `game_number(view) -> int` and `match_summary(view) -> str | None` for match play;
- `rematch_options(view, options) -> dict`: options for the next game (the loser starts).

Replays (web/replay.py) draw the same board from views without choices, step
by step; a finished game seen from everywhere gives `State.full_view`: the
view from the place of whoever looks (``view["seat"]``: the one human's seat, this
device's in a game by links, or None for an onlooker, drawn from seat A's side) with
``view["everything"]`` true and the game's `open_game_view` keys, at least
``"open_hands"`` (each seat's hidden hand): a board draws the other seats' hands face
up from it, and the viewer's own as theirs.

A board never parses action strings nor repeats a rule: it offers the view's
``choices`` one pick at a time through `pygames.choices` (`next_picks`,
`action_for`, `still_possible`) and plays the action those picks make.

What a board may use of the shell is its host, `web.host.BoardHost`, and nothing
else: `shell.play(action)`, `shell.confirm(question, yes, no=None)` (awaitable),
`shell.run(coroutine)`, `shell.names` (the seats' display names), `shell.reader`
(the seat spoken to as "you", or None: a board words a seat through `seat_words`),
`shell.rerender()` and `shell.announce(text)`. The play and replay screens hand
every board the same `ScreenHost`. A board never reaches into the shell's page:
it queries only inside its own `root`, and a click inside `root` is the board's
alone (`on_act`), so its `data-act` names never meet the shell's.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

PACKAGE = __name__


# The rules engine is imported when first asked for, not with this module: the lobby
# of a first visit needs no engine, and the page is ready sooner without it.


def module_name(game_id: str) -> str:
    from pygames import package_name

    return f"{PACKAGE}.{package_name(game_id)}"


def is_playable(game_id: str) -> bool:
    """True for a game of `pygames.GAMES` whose board module exists."""
    from pygames import GAMES

    if game_id not in GAMES:
        return False
    try:
        return find_spec(module_name(game_id)) is not None
    except (ImportError, ValueError):
        return False


def board_module(game_id: str):
    return import_module(module_name(game_id))
