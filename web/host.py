"""What a board may call of the screen that shows it: the one declared interface.

The play screen and the replay screen both hand their board a `ScreenHost`, the
one implementation of `BoardHost`; a board reaches the shell only through it
(never through the screen itself), so both screens offer exactly the same things
and a board cannot depend on more.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from web import dialogs

if TYPE_CHECKING:
    from web.shell import Shell


class BoardHost(Protocol):
    @property
    def names(self) -> list[str]:
        """The seats' display names, in seat order."""
        ...

    @property
    def reader(self) -> int | None:
        """The seat spoken to as "you": the person looking, or None when nobody is (a
        shared position, whose seats all go by their names, as its banner says)."""
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


class ScreenHost:
    """A screen's `BoardHost`: the screen says who plays, how a move is played and how it
    draws itself; everything else is the app's."""

    def __init__(
        self,
        shell: Shell,
        names: Callable[[], list[str]],
        reader: Callable[[], int | None],
        play: Callable[[str], None],
        render: Callable[[], None],
    ):
        self._shell = shell
        self._names = names
        self._reader = reader
        self._play = play
        self._render = render

    @property
    def names(self) -> list[str]:
        return self._names()

    @property
    def reader(self) -> int | None:
        return self._reader()

    def play(self, action: str) -> None:
        self._play(action)

    async def confirm(self, question: str, yes: str, no: str | None = None) -> bool:
        return await dialogs.confirm(question, yes, no)

    def run(self, coroutine: Coroutine[Any, Any, None]) -> None:
        self._shell.run(coroutine)

    def rerender(self) -> None:
        self._render()

    def announce(self, text: str) -> None:
        self._shell.announce(text)
