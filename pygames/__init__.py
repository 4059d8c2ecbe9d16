"""Fools & Fields: the rules of four small tabletop games, in plain Python.

Nothing here imports a browser module: the same code runs in CPython and Pyodide.
"""

from pygames import cloth_of_gold, fools_field
from pygames.core import Game

GAMES: dict[str, Game] = {game.id: game for game in (fools_field.GAME, cloth_of_gold.GAME)}

# Listed in the lobby before they are playable.
COMING_SOON = ("fools", "game-of-fields")
