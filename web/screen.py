"""What the play and replay screens share: one game's session and its board.

A `GameScreen` shows one session at a time. Its board gets a `ScreenHost`
(web/host.py): the screen says who plays, how a move is played and how it
draws itself, and the board reaches the shell through nothing else. The log's
lines and the bar over the board are drawn the same way on both screens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygames.views import LogEntry
from web import dialogs, dom, games, i18n
from web.dom import Element, Live, h
from web.host import ScreenHost
from web.i18n import t
from web.session import Session

if TYPE_CHECKING:
    from web.games.base import Board
    from web.shell import Shell


class GameScreen:
    def __init__(self, app: Shell):
        self.app = app
        self._session: Session | None = None
        self._board: Board[Any] | None = None
        # The log's lines last drawn: (what they were worded for, the entries, the lines).
        self._drawn_lines: tuple[tuple, list[LogEntry], list[list[Any] | None]] | None = None

    @property
    def session(self) -> Session:
        """The game showing (only while the screen is open)."""
        assert self._session is not None, "the screen is closed"
        return self._session

    @property
    def board(self) -> Board[Any]:
        assert self._board is not None, "the screen is closed"
        return self._board

    @property
    def is_open(self) -> bool:
        return self._session is not None

    def show_game(self, session: Session) -> None:
        """Take `session` and a fresh board of its game."""
        self._session = session
        self._drawn_lines = None
        host = ScreenHost(self.app, lambda: self.names, self.reader, self.play, self.render)
        self._board = games.board_module(session.game_id).Board(host)

    def drop_game(self) -> None:
        self._session = self._board = None
        self._drawn_lines = None

    # ----- what the board's host asks -----

    @property
    def names(self) -> list[str]:
        return self.session.seat_names()

    def reader(self) -> int | None:
        """The seat the log and the board speak to as "you" (`BoardHost.reader`), whatever
        the viewpoint: whoever looks (the one human of a game here, the acting one of several
        at one screen, this device's seat of a game by links), else nobody (a shared position,
        a finished game of several people at one screen or of computers only)."""
        return None if self.session.read_only else self.session.viewer()

    def play(self, action: str) -> None:
        raise NotImplementedError

    def render(self) -> None:
        raise NotImplementedError

    # ----- drawn alike on both screens -----

    def bar(self, heading: str) -> Element:
        """Back to the lobby, the game, who plays."""
        session = self.session
        return h(
            "div",
            {"class": "play-bar"},
            dom.lobby_button(),
            h("h2", {}, heading),
            h("p", {"class": "muted seats"}, session.seat_line()),
        )

    def shared_banner(self, explain: str, *buttons: Element) -> Element:
        """A shared position: whose eyes it shows, `explain`, and the way to play it on."""
        viewer = self.session.record.viewer
        assert viewer is not None, "only a shared position has a sharer"
        play_on = {"type": "button", "class": "primary", "data-act": "play-on"}
        return h(
            "section",
            {"class": "notice shared", "aria-labelledby": "shared-title"},
            h(
                "div",
                {},
                h("h3", {"id": "shared-title"}, t("shared.banner", name=self.names[viewer])),
                h("p", {}, explain),
            ),
            buttons,
            h("button", {**play_on, "data-focus": "play-on"}, t("shared.play_on")),
        )

    def act_play_on(self, element: Live) -> None:
        """A shared position becomes a new game of one's own, its unknowns sampled."""
        session = self._session
        if session is None or not session.read_only:
            return
        self.app.open_session(session.play_on())
        self.app.announce(t("shared.played_on"))

    async def act_copy_link(self, element: Live) -> None:
        await dialogs.copy_link()

    def act_rematch(self, element: Live) -> None:
        """A new game with the same seats; the board says who starts (the loser)."""
        session = self.session
        view = session.view(session.viewer())
        options = self.board.rematch_options(view, dict(session.record.options))
        self.app.open_session(session.rematch(options))

    def log_lines(self, entries: list[LogEntry], reader: int | None) -> list[list[Any] | None]:
        """`log_line` of each entry, the lines drawn last time kept for the entries that
        are the same: a game's log only grows (or loses its end to an undo), and wording
        the whole log again on every move grows with the game (on a phone, 8 ms a move at
        mid-game in 4-seat Fools!)."""
        worded_for = (self.session.game_id, i18n.lang(), reader, tuple(self.names))
        same = 0
        lines: list[list[Any] | None] = []
        if self._drawn_lines is not None and self._drawn_lines[0] == worded_for:
            _, drawn_entries, drawn = self._drawn_lines
            for drawn_entry, entry in zip(drawn_entries, entries, strict=False):
                if drawn_entry != entry:
                    break
                same += 1
            lines = drawn[:same]
        lines += [self.log_line(entry, reader) for entry in entries[same:]]
        self._drawn_lines = (worded_for, list(entries), lines)
        return lines

    def log_line(self, entry: LogEntry, reader: int | None) -> list[Any] | None:
        """One entry spoken to `reader` (None: an onlooker), its items drawn by the board."""
        from pygames.text import describe_parts

        parts = describe_parts(self.session.game_id, entry, i18n.lang(), self.names, reader)
        if parts is None:
            return None
        return [part if isinstance(part, str) else self.board.log_item(part) for part in parts]


def status_slot(status: Element) -> Element:
    """The instruction's place at the top of a game's screen: on a phone it keeps the
    height of three lines, and a longer instruction lies over the board's top edge
    instead of pushing the board down (style.css), so that the board holds still."""
    return h("div", {"class": "status-slot"}, status)


def rematch_button() -> Element:
    attrs = {"type": "button", "class": "primary", "data-act": "rematch"}
    return h("button", {**attrs, "data-focus": "rematch"}, t("over.rematch"))


def action_button(act: str, content: object, enabled: bool = True, label: str = "") -> Element:
    """A secondary button of the shell's; `label` names it when `content` is a symbol."""
    attrs = {"type": "button", "class": "secondary", "data-act": act, "data-focus": act}
    named = {"aria-label": label, "title": label} if label else {}
    return h("button", {**attrs, **named, "aria-disabled": str(not enabled).lower()}, content)
