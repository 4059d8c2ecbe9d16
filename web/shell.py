"""What a screen may call of the app shell: the one declared interface.

Every screen (the lobby, the form, play, replay, join, and remote play's flows) is
handed the shell as a `Shell`; web/app.py's `App` is its one implementation. A screen
reaches the shell only through these members, so the screens never import web/app.py
(which imports them) and mypy checks each call against this list.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pygames.remote.game import Invitation
    from web.dom import Live
    from web.i18n import Words
    from web.session import Session


class Shell(Protocol):
    @property
    def screen(self) -> Live:
        """The element a game screen draws into (the lobby has its own)."""
        ...

    @property
    def showing(self) -> str:
        """Which screen shows: "lobby", "new-game", "play", "replay" or "join"."""
        ...

    def show(self, which: str) -> None:
        """Show the screen `which` (hiding the others)."""
        ...

    def announce(self, text: str) -> None:
        """Say `text` to screen readers (the page's live region)."""
        ...

    def show_message(self, words: Words) -> None:
        """Show a message above the screen, until dismissed, in the language showing
        (`words` are worked out again when the language changes)."""
        ...

    def dismiss_message(self) -> None: ...

    def run(self, coroutine: Coroutine[Any, Any, None]) -> None:
        """Run a coroutine (a dialog, a copy) without blocking the click that started it."""
        ...

    def guard(self, handler: Callable[[Any], None], event: Any) -> None:
        """Run an event handler; a failure shows a message instead of breaking the page."""
        ...

    def set_hash(self, fragment: str) -> None:
        """Put `fragment` in the address without opening anything."""
        ...

    def leave_game(self) -> None:
        """Close whatever game shows and go back to the lobby."""
        ...

    def resume(self, save_id: str, moment: dict | None = None) -> bool:
        """Open a saved game; False (with a message) when it cannot be opened."""
        ...

    def open_session(self, session: Session, moment: dict | None = None) -> None:
        """A game in progress on the play screen; a finished one in the replay screen."""
        ...

    def open_replay(self, session: Session, moment: dict | None = None) -> None:
        """Step through a finished game (or a shared position's past)."""
        ...

    def open_join(self, fragment: str, offer: Invitation, instead: bool = False) -> None:
        """The join screen for an invite (`instead`: this device's earlier join was not taken)."""
        ...

    def start_remote(
        self, game_id: str, seats: int, options: dict, name: str
    ) -> Coroutine[Any, Any, None]:
        """Start a game with friends on other devices (remote play's files loaded first)."""
        ...

    def join_remote(self, fragment: str, name: str) -> Coroutine[Any, Any, None]:
        """Join the game an invite names, as `name`."""
        ...
