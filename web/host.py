"""What a board may call of the screen that shows it: the one declared interface.

The play screen and the replay screen both hand their board a `BoardHost`; a
board reaches the shell only through it (never through the screen itself), so
both screens offer exactly the same things and a board cannot depend on more.
"""

from __future__ import annotations

from collections.abc import Awaitable, Coroutine
from typing import Any, Protocol


class BoardHost(Protocol):
    @property
    def names(self) -> list[str]:
        """The seats' display names, in seat order."""
        ...

    def play(self, action: str) -> None:
        """Play `action` for the seat the board shows (a legal action of its view's choices)."""
        ...

    def confirm(self, question: str, yes: str, no: str | None = None) -> Awaitable[bool]:
        """Ask the person; True for `yes`."""
        ...

    def run(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine of the board's (e.g. one that awaits `confirm`)."""
        ...

    def rerender(self) -> None:
        """Draw the screen again (the board's picks changed)."""
        ...

    def announce(self, text: str) -> None:
        """Say `text` to screen readers."""
        ...
