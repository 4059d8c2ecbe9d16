"""High Card's actions: ``play:<card>``, a card 1-9 (e.g. ``play:7``)."""

from __future__ import annotations

from dataclasses import dataclass

from pygames.core import IllegalAction

PLAY = "play:"
CARDS = "123456789"


@dataclass(frozen=True)
class Play:
    card: str


class HighCardNotation:
    def parse(self, text: str) -> Play:
        card = text.removeprefix(PLAY)
        if not text.startswith(PLAY) or len(card) != 1 or card not in CARDS:
            raise IllegalAction("bad_notation", action=text[:40])
        return Play(card)

    def format(self, action: Play) -> str:
        return PLAY + action.card


NOTATION = HighCardNotation()
