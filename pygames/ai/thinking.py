"""A decision in progress, advanced in slices (see `pygames.bots`)."""

from __future__ import annotations


class Thinking:
    """A decision that is already made. Searching subclasses do real work in `advance`."""

    def __init__(self, action: str):
        self.action = action

    def advance(self, iterations: int) -> bool:
        """Do up to `iterations` units of work; return True when the decision is final."""
        return True

    def best(self) -> str:
        return self.action
