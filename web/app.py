"""The app shell: start-up, input, messages, and which screen shows.

One file per screen: web/lobby.py (saved games), web/new_game.py (the form),
web/play.py (a game's board in the shell's frame, with web/cover.py for
pass-and-play), web/replay.py (a finished game stepped through, with the
computer's study from web/analysis.py), web/dialogs.py (confirm, share).
Each screen is handed this shell as a `web.shell.Shell`: the members declared there
are all a screen may call of it.

The address says what shows: ``#g=<save>`` a saved game (a finished one in the
replay screen), ``#r=<record>`` a link; either may end in ``&m=<move>&v=<seat
letter or all>``, a moment of a finished game. ``#m=<messages>`` is a link of a game
with friends on other devices (web/remote/: loaded, with its cryptography, only
when such a game opens): an invite opens the join screen, any other brings the
saved game up to date. Start-up imports only the lobby
and the form (with dom, i18n and storage), so the lobby is interactive right
after Python boots; the game screens, the rules engine and the boards load in
the background (or at once when the page opens on a game).

Input uses delegated listeners: a clickable thing carries `data-act="name"`. A
click inside the board's drawing goes to the board's `on_act` alone; any other
goes to `act_<name>` on this shell or the screen showing. So a board's names and
the shell's can never catch each other's clicks. A form control carries
`data-change="name"`, handled by `change_<name>`.
"""

from __future__ import annotations

import asyncio
import traceback
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy

from web import dom, games, i18n, storage
from web.dom import Live, h
from web.i18n import Words, error_text, t
from web.lobby import Lobby
from web.new_game import NewGame

if TYPE_CHECKING:
    from pygames.remote.game import Invitation
    from web.games.base import Board
    from web.play import PlayScreen
    from web.remote.join import JoinScreen
    from web.replay import ReplayScreen
    from web.session import Session

LINK_PREFIX = "#r="
SAVE_PREFIX = "#g="
REMOTE_PREFIX = "#m="


class App:
    def __init__(self) -> None:
        self.lobby_element = dom.by_id("lobby")
        self.screen = dom.by_id("screen")
        self.live = dom.by_id("live")
        self.message = dom.by_id("message")
        self.lobby = Lobby(self)
        self.new_game = NewGame(self)
        # The game screens are made when first needed: their modules load after the lobby.
        self._play: PlayScreen | None = None
        self._replay: ReplayScreen | None = None
        self._join: JoinScreen | None = None
        self.showing = "lobby"
        self._proxies: list[Any] = []
        self.message_words: Words | None = None  # the message showing, if any
        self.stale_save: str | None = None  # a game another tab changed while this one hid

    @property
    def play(self) -> PlayScreen:
        if self._play is None:
            from web.play import PlayScreen

            self._play = PlayScreen(self)
        return self._play

    @property
    def replay(self) -> ReplayScreen:
        if self._replay is None:
            from web.replay import ReplayScreen

            self._replay = ReplayScreen(self)
        return self._replay

    @property
    def join(self) -> JoinScreen:
        if self._join is None:
            from web.remote.join import JoinScreen

            self._join = JoinScreen(self)
        return self._join

    def use_play_screen_for(self, session) -> None:
        """The play screen of `session`'s kind: by links, or at this device."""
        from web.play import PlayScreen

        wanted: type[PlayScreen] = PlayScreen
        if session.by_links:
            from web.remote.play import RemotePlayScreen

            wanted = RemotePlayScreen
        if type(self._play) is not wanted:
            self.close_play()
            self._play = wanted(self)

    def close_play(self) -> None:
        if self._play is not None:
            self._play.close()

    def close_replay(self) -> None:
        if self._replay is not None:
            self._replay.close()

    # ----- start-up -----

    async def start(self) -> None:
        await i18n.load()
        self._listen(js.document, "click", self.on_click)
        self._listen(js.document, "change", self.on_change)
        self._listen(js.document, "keydown", self.on_keydown)
        self._listen(js.document, "ff-lang", lambda event: self.language_switched())
        self._listen(js.window, "hashchange", lambda event: self.open_from_hash())
        self._listen(js.document, "dragover", self.on_dragover)
        self._listen(js.document, "drop", self.on_drop)
        self._listen(js.window, "storage", self.on_storage)
        self._listen(js.document, "visibilitychange", lambda event: self.on_visibility_change())
        self._listen(js.window, "pageshow", lambda event: self.check_other_tabs())
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
        if getattr(js.globalThis, "ffEarlyComputer", None) is not None:
            from web.computer import drop_early_worker

            drop_early_worker()  # the game opened (if any) took it if it wanted it
        if not opened:
            asyncio.get_event_loop().call_later(0.3, self.while_the_lobby_shows)

    def while_the_lobby_shows(self) -> None:
        """After the first screen: load what a game needs, and boot the computer for the
        game the lobby would resume. (<html data-preloaded> says it is done: for tests.)"""
        preload_engine()
        if self.showing == "lobby":
            self.lobby.warm_computers()
        js.document.documentElement.setAttribute("data-preloaded", "")

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
        self.show_message(lambda: t("error.internal"))

    # ----- messages and announcements -----

    def show_message(self, words: Words) -> None:
        self.message_words = words
        self.draw_message()

    def draw_message(self) -> None:
        """The message showing, in the language showing (drawn again when it changes)."""
        if self.message_words is None:
            return
        dom.replace(
            self.message,
            h("p", {}, self.message_words()),
            h("button", {"type": "button", "data-act": "dismiss"}, t("common.dismiss")),
        )
        self.message.hidden = False

    def act_dismiss(self, element) -> None:
        self.dismiss_message()

    def dismiss_message(self) -> None:
        self.message_words = None
        self.message.hidden = True
        dom.replace(self.message)

    def announce(self, text: str) -> None:
        if text:
            dom.set_text(self.live, text)

    # ----- input -----

    def handlers(self) -> list:
        """Who may handle an action now: the shell, then the screen showing."""
        if self.showing == "play":
            return [self, self.play, self.play.cover, self.play.hint]
        if self.showing == "replay":
            return [self, self.replay, self.replay.analysis]
        if self.showing == "join":
            return [self, self.join]
        return [self, {"lobby": self.lobby, "new-game": self.new_game}[self.showing]]

    def handler(self, prefix: str, name: str):
        method = prefix + name.replace("-", "_")
        return next((getattr(o, method) for o in self.handlers() if hasattr(o, method)), None)

    def on_click(self, event) -> None:
        element = dom.closest(event.target, "[data-act]")
        if element is None or element.getAttribute("aria-disabled") == "true":
            return
        name = str(element.dataset.act)
        board = self.board_holding(element)
        if board is not None:
            if board.on_act(name, element):
                event.preventDefault()
            return
        handler = self.handler("act_", name)
        if handler is not None:
            event.preventDefault()
            result = handler(element)
            if asyncio.iscoroutine(result):
                self.run(result)

    def board_holding(self, element: Live) -> Board[Any] | None:
        """The board of the play screen if `element` is inside its drawing."""
        if self.showing != "play" or not self.play.is_open:
            return None
        board = self.play.board
        root = board.root
        return board if root is not None and root.contains(element) else None

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
        if self.showing == "replay":
            if self.replay.on_key(event):
                event.preventDefault()
            return
        if self.showing == "play" and self.play.is_open and self.play.board.on_key(event):
            event.preventDefault()

    # ----- the same saves open in another tab or window -----

    def on_storage(self, event) -> None:
        """Another tab or window of the site changed storage (the browser tells every
        other page). A game shown here that changed there is out of date: a move made on
        it would overwrite the moves made there (by links, make a second link for one
        turn), so it is shown again as saved, at once or when this page is next seen.
        Only saves count: the lobby's glimpse that each lobby keeps (in its own language)
        would otherwise have two lobbies list again for ever, each at the other's."""
        key = dom.nullable(event.key)  # None: all of storage was cleared
        if key is not None and not str(key).startswith(storage.SAVE_PREFIX):
            return
        if self.showing == "lobby":
            self.lobby.render()
            return
        session = self.game_shown()
        if session is None or key not in (None, storage.SAVE_PREFIX + session.save.id):
            return
        if js.document.visibilityState == "visible":
            self.reopen_changed(session.save.id)
            return
        self.stale_save = session.save.id
        self.close_play()  # its computers stop; nothing is saved from here until shown

    def on_visibility_change(self) -> None:
        """Seen again: catch up with other tabs. Left (another tab, another app, the tab
        closed): keep the lobby's games in progress for the next page to show at once."""
        if js.document.visibilityState == "hidden":
            self.lobby.keep_in_play()
        else:
            self.check_other_tabs()

    def check_other_tabs(self) -> None:
        """This page is seen again (a tab switched to, a page back from the cache): its
        game is shown as saved if another page changed it meanwhile."""
        if js.document.visibilityState != "visible":
            return
        stale, self.stale_save = self.stale_save, None
        session = self.game_shown()
        if stale is None and session is not None and session.save_error is None:
            saved = storage.read(session.save.id)  # unchanged while our last write failed
            if not isinstance(saved, storage.Save) or saved.saved != session.save.saved:
                stale = session.save.id
        if stale is not None:
            self.reopen_changed(stale)

    def game_shown(self) -> Session | None:
        """The saved game on the play screen, if one shows (not a shared position)."""
        if self.showing != "play" or not self.play.is_open or self.play.session.read_only:
            return None
        return self.play.session

    def reopen_changed(self, save_id: str) -> None:
        self.close_play()
        saved = storage.read(save_id)
        if isinstance(saved, storage.BadSave) and saved.reason == "missing":
            self.leave_game()
            self.show_message(lambda: t("saves.deleted_elsewhere"))
            return
        self.show_message(lambda: t("saves.changed_elsewhere"))  # a refusal replaces it
        self.resume(save_id)

    # ----- screens -----

    def show(self, which: str) -> None:
        self.showing = which
        self.lobby_element.hidden = which != "lobby"
        self.screen.hidden = which == "lobby"
        js.window.scrollTo(0, 0)

    def language_switched(self) -> None:
        i18n.language_changed()
        self.draw_message()
        self.rerender()

    def rerender(self) -> None:
        if self.showing == "lobby":
            self.lobby.render()
        elif self.showing == "new-game":
            self.new_game.render()
        elif self.showing == "play":
            self.play.render()
        elif self.showing == "replay":
            self.replay.render()
        elif self.showing == "join":
            self.join.render()

    def act_lobby(self, element) -> None:
        self.leave_game()

    def leave_game(self) -> None:
        self.close_play()
        self.close_replay()
        self.set_hash("")
        dom.replace(self.screen)
        self.show("lobby")
        self.lobby.render()

    def act_new_game(self, element) -> None:
        self.new_game.open(str(element.dataset.game))

    # ----- opening games: from the address, a save or a link -----

    def open_from_hash(self) -> bool:
        address = str(js.location.hash)
        if address.startswith(REMOTE_PREFIX):  # whole: an invite may name its seat (&seat=)
            self.run(self.open_remote_link(address[1:]))
            return True
        fragment, moment = split_moment(address)
        if fragment.startswith(LINK_PREFIX):
            return self.open_link(fragment, moment)
        if fragment.startswith(SAVE_PREFIX):
            return self.resume(fragment[len(SAVE_PREFIX) :], moment)
        return False

    def set_hash(self, fragment: str) -> None:
        url = str(js.location.pathname) + str(js.location.search) + fragment
        js.history.replaceState(None, "", url)

    def open_session(self, session, moment: dict | None = None) -> None:
        """A game in progress on the play screen; a finished one in the replay screen."""
        if not session.by_links and not session.read_only and session.state.is_over():
            self.open_replay(session, moment)
            return
        if not session.read_only:  # a shared position keeps its link, to reopen on reload
            self.set_hash(SAVE_PREFIX + session.save.id)
        self.close_replay()
        self.use_play_screen_for(session)
        self.show("play")
        self.play.open(session)

    def open_join(self, fragment: str, offer: Invitation, instead: bool = False) -> None:
        self.join.open(fragment, offer, instead)

    def open_replay(self, session, moment: dict | None = None) -> None:
        """Step through a finished game (or a shared position's past), at `moment` if given."""
        moment = moment or {}
        step = moment.get("m")
        self.close_play()
        self.show("replay")
        self.replay.open(session, int(step) if step is not None else None, moment.get("v"))

    def resume(self, save_id: str, moment: dict | None = None) -> bool:
        """Open a save; a save that cannot be opened is reported and left as it is."""
        from pygames.record import RecordError
        from web.session import Session

        save = storage.read(save_id)
        if isinstance(save, storage.BadSave):
            self.set_hash("")
            if save.reason != "missing":
                self.show_message(lambda: t("error.save"))
            return False
        if save.remote is not None:
            self.run(self.resume_remote(save))
            return True
        try:
            session = Session.from_save(save)
        except RecordError as error:
            refused = error  # `error` is unbound once the except clause ends
            return self.refuse_save(lambda: t("error.save_detail", detail=error_text(refused)))
        except Exception:
            js.console.error(traceback.format_exc())
            return self.refuse_save(lambda: t("error.save"))
        self.open_session(session, moment)
        return True

    def refuse_save(self, message: Words) -> bool:
        self.show_message(message)
        self.set_hash("")
        return False

    def open_link(self, fragment: str, moment: dict | None = None) -> bool:
        """A full record opens as a new saved game; a shared position opens read-only.

        Whatever a link holds, a bad one only shows a message: nothing saved is touched.
        """
        from pygames.record import Record, RecordError
        from web.session import Session

        try:
            record = Record.from_link_fragment(fragment)
            if not games.is_playable(record.game_id):
                return self.refuse_link(lambda: t("error.not_playable"))
            session = Session.from_record(record)
        except RecordError as error:
            refused = error
            return self.refuse_link(lambda: error_text(refused))
        except Exception:
            js.console.error(traceback.format_exc())
            return self.refuse_link(lambda: t("error.link_damaged"))
        if session.read_only and moment:
            self.open_replay(session, moment)
        else:
            self.open_session(session, moment)
        viewer = session.record.viewer  # a shared position's seat (read-only)
        if viewer is not None:
            names = self.replay.names if self.showing == "replay" else self.play.names
            self.announce(t("shared.opened", name=names[viewer]))
        else:
            self.announce(t("link.opened"))
        return True

    # ----- games with friends on other devices, by links (web/remote/links.py) -----

    async def remote_links(self):
        """Remote play's flows, its files loaded first (None, with a message, when they
        cannot be: offline before they were ever loaded)."""
        from web.remote_kit import KitUnavailable, load_kit

        try:
            kit = await load_kit()
        except KitUnavailable:
            self.show_message(lambda: t("remote.unavailable"))
            return None
        from web.remote.links import RemoteLinks

        return RemoteLinks(self, kit)

    async def start_remote(self, game_id: str, seats: int, options: dict, name: str) -> None:
        links = await self.remote_links()
        if links is not None:
            links.start(game_id, seats, options, name)

    async def open_remote_link(self, fragment: str) -> None:
        """Open a link of a game by links; count the links opened (taken or not) on <html
        data-remote-links>, so that tests wait for one instead of a fixed time."""
        try:
            links = await self.remote_links()
            if links is None:
                self.leave_game()
            else:
                links.open_link(fragment)
        finally:
            root = js.document.documentElement
            opened = int(dom.nullable(root.getAttribute("data-remote-links")) or 0)
            root.setAttribute("data-remote-links", str(opened + 1))

    async def join_remote(self, fragment: str, name: str) -> None:
        links = await self.remote_links()
        if links is not None:
            links.join(fragment, name)

    async def resume_remote(self, save) -> None:
        links = await self.remote_links()
        if links is None:
            self.leave_game()
        else:
            links.resume(save)

    # ----- record files: opened with the file picker or dropped on the page -----

    def change_open_file(self, element) -> None:
        files = element.files
        if files is not None and files.length:
            self.run(self.open_file(files.item(0)))
        element.value = ""

    def on_dragover(self, event) -> None:
        if self.showing in ("lobby", "replay"):
            event.preventDefault()  # lets the page take a dropped file

    def on_drop(self, event) -> None:
        files = event.dataTransfer.files if event.dataTransfer else None
        if self.showing in ("lobby", "replay") and files is not None and files.length:
            event.preventDefault()
            self.run(self.open_file(files.item(0)))

    async def open_file(self, file) -> None:
        """A record file (as Export writes it) opens as a new saved game."""
        from pygames.record import MAX_RECORD_CHARS, Record, RecordError
        from web.session import Session

        if int(file.size) > MAX_RECORD_CHARS:
            self.show_message(lambda: t("error.file", detail=t("error.file_too_big")))
            return
        text = str(await file.text())
        try:
            record = Record.from_text(text)
            if not games.is_playable(record.game_id):
                raise RecordError("record_unknown_game", game=record.game_id)
            session = Session.from_record(record)
        except RecordError as error:
            refused = error
            self.show_message(lambda: t("error.file", detail=error_text(refused)))
            return
        except Exception:
            js.console.error(traceback.format_exc())
            self.show_message(lambda: t("error.file", detail=t("error.link_damaged")))
            return
        self.open_session(session)
        self.announce(t("file.opened", name=str(file.name)))

    def refuse_link(self, detail: Words) -> bool:
        self.leave_game()
        self.show_message(lambda: t("error.link", detail=detail()))
        return False


def split_moment(fragment: str) -> tuple[str, dict]:
    """ "#g=id&m=3&v=a" -> ("#g=id", {"m": "3", "v": "a"}): a game and a moment of it."""
    base, *pairs = fragment.split("&")
    moment = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key == "m" and value.isdigit() and len(value) < 7:
            moment["m"] = value
        elif key == "v" and value in ("a", "b", "c", "d", "all"):
            moment["v"] = value
    return base, moment


def preload_engine() -> None:
    """Import the rules engine, the boards, the computer's hooks of each game and the
    replay screen while the player looks at the lobby."""
    import web.replay  # noqa: F401
    import web.session  # noqa: F401
    from pygames import GAMES
    from pygames.ai.hooks import hooks_of

    for game_id, game in GAMES.items():
        if games.is_playable(game_id):
            games.board_module(game_id)
            hooks_of(game)


_app: App | None = None


def start() -> None:
    global _app
    _app = App()
    _app.run(_app.start())
