"""Engine tests: High Card (tests/highcard), a tiny 2-4 seat game, joins the registry."""

import highcard

import pygames

pygames.GAMES.setdefault(highcard.GAME.id, highcard.GAME)
