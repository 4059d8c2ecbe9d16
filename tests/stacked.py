"""A chance source for rules tests that set a deck up by hand: the last items come first."""

from pygames.core import Chance


class LastFirst(Chance):
    def draw(self, pool: list[str], count: int, audience: str) -> list[str]:
        return pool[::-1][:count]

    def copy(self) -> "LastFirst":
        return self
