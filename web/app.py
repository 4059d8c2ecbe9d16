"""The app shell: start-up, input, messages, and which screen shows.

One file per screen: web/lobby.py (saved games), web/new_game.py (the form),
web/play.py (a game's board in the shell's frame, with web/cover.py for
pass-and-play), web/dialogs.py (confirm, share). Start-up imports only these
and dom, i18n and storage, so the lobby is interactive right after Python
boots; the rules engine loads in the background (or at once when the page
opens on a game).

Input uses delegated listeners: a clickable thing carries `data-act="name"`,
handled by `act_<name>` on this shell or the screen showing, else by the
board's `on_act`; a form control carries `data-change="name"`, handled by
`change_<name>`.
"""

from __future__ import annotations

import asyncio
import traceback

import js
from pyodide.ffi import create_proxy

from web import dom, games, i18n
from web.dom import h
from web.i18n import error_text, t
from web.lobby import Lobby
from web.new_game import NewGame
from web.play import PlayScreen

LINK_PREFIX = "#r="
SAVE_PREFIX = "#g="


class App:
    def __init__(self):
        self.lobby_element = dom.by_id("lobby")
        self.screen = dom.by_id("screen")
        self.live = dom.by_id("live")
        self.message = dom.by_id("message")
        self.lobby = Lobby(self)
        self.new_game = NewGame(self)
        self.play = PlayScreen(self)
        self.showing = "lobby"
        self._proxies = []

    # ----- start-up -----

    async def start(self) -> None:
        await i18n.load()
        self._listen(js.document, "click", self.on_click)
        self._listen(js.document, "change", self.on_change)
        self._listen(js.document, "keydown", self.on_keydown)
        self._listen(js.document, "ff-lang", lambda event: self.rerender())
        self._listen(js.window, "hashchange", lambda event: self.open_from_hash())
        for button in js.document.querySelectorAll("[data-act='new-game']"):
            button.disabled = False
        opened = False
        try:
            opened = self.open_from_hash()
            if not opened:
                self.lobby.render()
        except Exception:
            self.fail(traceback.format_exc())
        finally:
            self.finish_boot()  # whatever storage or the address holds, the page works
        if not opened:
            asyncio.get_event_loop().call_later(0.3, preload_engine)

    def _listen(self, target, event: str, handler) -> None:
        proxy = create_proxy(lambda event: self.guard(handler, event))
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def guard(self, handler, event) -> None:
        """Run an event handler; a failure shows a message instead of breaking the page."""
        try:
            handler(event)
        except Exception:
            self.fail(traceback.format_exc())

    def finish_boot(self) -> None:
        progress = dom.by_id("boot-progress")
        if progress is not None:
            progress.hidden = True
        js.document.documentElement.setAttribute("data-ready", "")

    def fail(self, details: str) -> None:
        js.console.error(details)
        self.show_message(t("error.internal"))

    # ----- messages and announcements -----

    def show_message(self, text: str) -> None:
        dom.replace(
            self.message,
            h("p", {}, text),
            h("button", {"type": "button", "data-act": "dismiss"}, t("common.dismiss")),
        )
        self.message.hidden = False

    def act_dismiss(self, element) -> None:
        self.message.hidden = True
        dom.replace(self.message)

    def announce(self, text: str) -> None:
        if text:
            dom.set_text(self.live, text)

    # ----- input -----

    def handlers(self) -> list:
        """Who may handle an action now: the shell, then the screen showing."""
        screen = {"lobby": self.lobby, "new-game": self.new_game, "play": self.play}[self.showing]
        return [self, screen, self.play.cover] if self.showing == "play" else [self, screen]

    def handler(self, prefix: str, name: str):
        method = prefix + name.replace("-", "_")
        return next((getattr(o, method) for o in self.handlers() if hasattr(o, method)), None)

    def on_click(self, event) -> None:
        element = dom.closest(event.target, "[data-act]")
        if element is None or element.getAttribute("aria-disabled") == "true":
            return
        name = str(element.dataset.act)
        handler = self.handler("act_", name)
        if handler is not None:
            event.preventDefault()
            result = handler(element)
            if asyncio.iscoroutine(result):
                self.run(result)
        elif self.play.board is not None and self.play.board.on_act(name, element):
            event.preventDefault()

    def on_change(self, event) -> None:
        element = dom.closest(event.target, "[data-change]")
        if element is not None:
            handler = self.handler("change_", str(element.dataset.change))
            if handler is not None:
                handler(element)

    def run(self, coroutine) -> None:
        """Run a coroutine (a dialog, a copy) without blocking the click that started it."""
        asyncio.ensure_future(self._run(coroutine))

    async def _run(self, coroutine) -> None:
        try:
            await coroutine
        except Exception:
            self.fail(traceback.format_exc())

    def on_keydown(self, event) -> None:
        if dom.query("dialog[open]") is not None:
            return
        board = self.play.board
        if board is not None and self.showing == "play" and board.on_key(event):
            event.preventDefault()

    # ----- screens -----

    def show(self, which: str) -> None:
        self.showing = which
        self.lobby_element.hidden = which != "lobby"
        self.screen.hidden = which == "lobby"
        js.window.scrollTo(0, 0)

    def rerender(self) -> None:
        if self.showing == "lobby":
            self.lobby.render()
        elif self.showing == "new-game":
            self.new_game.render()
        elif self.showing == "play":
            self.play.render()

    def act_lobby(self, element) -> None:
        self.leave_game()

    def leave_game(self) -> None:
        self.play.close()
        self.set_hash("")
        dom.replace(self.screen)
        self.show("lobby")
        self.lobby.render()

    def act_new_game(self, element) -> None:
        self.new_game.open(str(element.dataset.game))

    # ----- opening games: from the address, a save or a link -----

    def open_from_hash(self) -> bool:
        fragment = str(js.location.hash)
        if fragment.startswith(LINK_PREFIX):
            return self.open_link(fragment)
        if fragment.startswith(SAVE_PREFIX):
            return self.resume(fragment[len(SAVE_PREFIX) :])
        return False

    def set_hash(self, fragment: str) -> None:
        url = str(js.location.pathname) + str(js.location.search) + fragment
        js.history.replaceState(None, "", url)

    def open_session(self, session) -> None:
        if not session.read_only:  # a shared position keeps its link, to reopen on reload
            self.set_hash(SAVE_PREFIX + session.save.id)
        self.show("play")
        self.play.open(session)

    def resume(self, save_id: str) -> bool:
        """Open a save; a save that cannot be opened is reported and left as it is."""
        from pygames.record import RecordError
        from web import storage
        from web.session import Session

        save = storage.read(save_id)
        if isinstance(save, storage.BadSave):
            self.set_hash("")
            if save.reason != "missing":
                self.show_message(t("error.save"))
            return False
        try:
            session = Session.from_save(save)
        except RecordError as error:
            return self.refuse_save(t("error.save_detail", detail=error_text(error)))
        except Exception:
            js.console.error(traceback.format_exc())
            return self.refuse_save(t("error.save"))
        self.open_session(session)
        return True

    def refuse_save(self, message: str) -> bool:
        self.show_message(message)
        self.set_hash("")
        return False

    def open_link(self, fragment: str) -> bool:
        """A full record opens as a new saved game; a shared position opens read-only.

        Whatever a link holds, a bad one only shows a message: nothing saved is touched.
        """
        from pygames.record import Record, RecordError
        from web.session import Session

        try:
            record = Record.from_link_fragment(fragment)
            if not games.is_playable(record.game_id):
                return self.refuse_link(t("error.not_playable"))
            session = Session.from_record(record)
        except RecordError as error:
            return self.refuse_link(error_text(error))
        except Exception:
            js.console.error(traceback.format_exc())
            return self.refuse_link(t("error.link_damaged"))
        self.open_session(session)
        if session.read_only:
            self.announce(t("shared.opened", name=self.play.names[session.viewer()]))
        else:
            self.announce(t("link.opened"))
        return True

    def refuse_link(self, detail: str) -> bool:
        self.leave_game()
        self.show_message(t("error.link", detail=detail))
        return False


def preload_engine() -> None:
    """Import the rules engine and the boards while the player looks at the lobby."""
    import web.session  # noqa: F401
    from pygames import GAMES

    for game_id in GAMES:
        if games.is_playable(game_id):
            games.board_module(game_id)


_app: App | None = None


def start() -> None:
    global _app
    _app = App()
    _app.run(_app.start())
