"""The app shell: lobby, new-game dialog, the play screen around a game's board.

Start-up imports only this module, dom, i18n and storage, so the lobby is
interactive right after Python boots; the rules engine loads in the background
(or at once when the page opens on a game).

Input uses one delegated listener: clickable things carry `data-act="name"`
and the handler is `act_<name>` here, or the board plug-in's `on_act`.
"""

from __future__ import annotations

import asyncio
import traceback

import js
from pyodide.ffi import create_proxy

from web import dom, games, i18n, storage
from web.dom import h
from web.i18n import t

LINK_PREFIX = "#r="
SAVE_PREFIX = "#g="


class App:
    def __init__(self):
        self.lobby = dom.by_id("lobby")
        self.screen = dom.by_id("screen")
        self.live = dom.by_id("live")
        self.message = dom.by_id("message")
        self.session = None
        self.board = None
        self.revealed_seat: int | None = None  # pass-and-play: who confirmed the cover
        self.seen_log = 0
        self.seen_game = 0
        self.game_notice: str | None = None
        self.showing = "lobby"
        self._proxies = []

    # ----- start-up -----

    async def start(self) -> None:
        await i18n.load()
        self._listen(js.document, "click", self.on_click)
        self._listen(js.document, "keydown", self.on_keydown)
        self._listen(js.document, "ff-lang", lambda event: self.rerender())
        self._listen(js.window, "hashchange", lambda event: self.open_from_hash())
        for button in js.document.querySelectorAll("[data-act='new-game']"):
            button.disabled = False
        opened = self.open_from_hash()
        if not opened:
            self.render_saves()
        self.finish_boot()
        if not opened:
            asyncio.get_event_loop().call_later(0.3, preload_engine)

    def _listen(self, target, event: str, handler) -> None:
        proxy = create_proxy(lambda event: self._guard(handler, event))
        self._proxies.append(proxy)
        target.addEventListener(event, proxy)

    def _guard(self, handler, event) -> None:
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

    async def confirm(self, question: str, yes: str, no: str | None = None) -> bool:
        """A modal yes/no question; True if the player chose `yes`."""
        dialog = h(
            "dialog",
            {"class": "confirm", "aria-labelledby": "confirm-text"},
            h(
                "form",
                {"method": "dialog"},
                h("p", {"id": "confirm-text"}, question),
                h(
                    "div",
                    {"class": "row"},
                    h("button", {"value": "no", "class": "secondary"}, no or t("common.cancel")),
                    h("button", {"value": "yes", "class": "primary"}, yes),
                ),
            ),
        )
        js.document.body.appendChild(dialog)
        answer = asyncio.get_event_loop().create_future()
        proxy = create_proxy(lambda event: answer.done() or answer.set_result(dialog.returnValue))
        dialog.addEventListener("close", proxy)
        dialog.showModal()
        try:
            return (await answer) == "yes"
        finally:
            dialog.remove()
            proxy.destroy()

    # ----- input -----

    def on_click(self, event) -> None:
        element = dom.closest(event.target, "[data-act]")
        if element is None or element.getAttribute("aria-disabled") == "true":
            return
        name = str(element.dataset.act)
        handler = getattr(self, "act_" + name.replace("-", "_"), None)
        if handler is not None:
            event.preventDefault()
            result = handler(element)
            if asyncio.iscoroutine(result):
                self.run(result)
        elif self.board is not None and self.board.on_act(name, element):
            event.preventDefault()

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
        if self.board is not None and self.showing == "play" and self.board.on_key(event):
            event.preventDefault()

    # ----- routing -----

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

    def show(self, which: str) -> None:
        self.showing = which
        self.lobby.hidden = which != "lobby"
        self.screen.hidden = which == "lobby"
        js.window.scrollTo(0, 0)

    def rerender(self) -> None:
        if self.showing == "lobby":
            self.render_saves()
        elif self.showing == "new-game":
            self.render_new_game(self.new_game_id)
        elif self.showing == "play":
            self.render_play()

    # ----- lobby -----

    def act_lobby(self, element) -> None:
        self.leave_game()

    def leave_game(self) -> None:
        if self.session is not None:
            self.session.close()
        self.session = self.board = None
        self.set_hash("")
        dom.replace(self.screen)
        self.show("lobby")
        self.render_saves()

    def render_saves(self) -> None:
        holder = dom.by_id("saves")
        try:
            saves = storage.list_saves()
        except storage.StorageUnavailable:
            dom.replace(holder, h("p", {}, t("saves.unavailable")))
            return
        if not saves:
            dom.replace(holder, h("p", {"class": "muted"}, t("saves.none")))
            return
        dom.replace(holder, h("ul", {"class": "save-list"}, [self.save_item(s) for s in saves]))

    def save_item(self, save) -> object:
        if isinstance(save, storage.BadSave):
            return h(
                "li",
                {"class": "save bad", "data-save": save.id},
                h("p", {}, t("saves.bad")),
                self.save_buttons(save.id, can_resume=False),
            )
        title = t("game." + save.game) if i18n.has("game." + save.game) else save.game
        state = t("saves.finished") if save.over else t("saves.in_progress")
        when = js.Date.new(save.saved).toLocaleString(i18n.lang())
        return h(
            "li",
            {"class": "save", "data-save": save.id},
            h("h3", {}, title),
            h("p", {}, seat_line(save.seats)),
            h(
                "p",
                {"class": "muted"},
                t("saves.details", moves=save.moves, when=str(when), state=state),
            ),
            self.save_buttons(save.id, can_resume=games.is_playable(save.game)),
        )

    def save_buttons(self, save_id: str, can_resume: bool) -> object:
        return h(
            "div",
            {"class": "row"},
            can_resume
            and h(
                "button",
                {"type": "button", "class": "primary", "data-act": "resume", "data-id": save_id},
                t("saves.resume"),
            ),
            h(
                "button",
                {"type": "button", "class": "secondary", "data-act": "delete", "data-id": save_id},
                t("saves.delete"),
            ),
        )

    def act_resume(self, element) -> None:
        self.resume(str(element.dataset.id))

    async def act_delete(self, element) -> None:
        if await self.confirm(t("saves.delete_confirm"), t("saves.delete")):
            storage.delete(str(element.dataset.id))
            self.render_saves()
            self.announce(t("saves.deleted"))

    def resume(self, save_id: str) -> bool:
        """Open a save; a save that cannot be opened is reported and left as it is."""
        save = storage.read(save_id)
        if isinstance(save, storage.BadSave):
            self.set_hash("")
            if save.reason != "missing":
                self.show_message(t("error.save"))
            return False
        from pygames.record import RecordError
        from web.session import Session

        try:
            session = Session.from_save(save)
        except RecordError as error:
            self.show_message(t("error.save_detail", detail=str(error)))
            self.set_hash("")
            return False
        except Exception:
            js.console.error(traceback.format_exc())
            self.show_message(t("error.save"))
            self.set_hash("")
            return False
        self.open_session(session)
        return True

    def open_link(self, fragment: str) -> bool:
        """A full record opens as a new saved game; a shared position opens read-only.

        Whatever a link holds, a bad one only shows a message: nothing saved is touched.
        """
        from pygames.record import Record, RecordError
        from web.session import Session

        try:
            record = Record.from_link_fragment(fragment)
            if not games.is_playable(record.game_id):
                raise RecordError(t("error.not_playable"))
            session = Session.from_record(record)
        except RecordError as error:
            return self.refuse_link(str(error))
        except Exception:
            js.console.error(traceback.format_exc())
            return self.refuse_link(t("error.link_damaged"))
        self.open_session(session)
        if session.read_only:
            self.announce(t("shared.opened", name=self.names[session.viewer()]))
        else:
            self.announce(t("link.opened"))
        return True

    def refuse_link(self, detail: str) -> bool:
        self.leave_game()
        self.show_message(t("error.link", detail=detail))
        return False

    # ----- new game -----

    def act_new_game(self, element) -> None:
        self.render_new_game(str(element.dataset.game))
        self.show("new-game")
        first = dom.query("select", self.screen)
        if first is not None:
            first.focus()

    def render_new_game(self, game_id: str) -> None:
        from pygames import GAMES
        from web.session import bot_names

        self.new_game_id = game_id
        game = GAMES[game_id]
        seat_fields = [self.seat_select(seat, bot_names()) for seat in range(game.max_seats)]
        option_fields = [self.option_select(option) for option in game.options]
        dom.replace(
            self.screen,
            h(
                "form",
                {"class": "panel new-game", "data-game": game_id, "aria-labelledby": "ng-title"},
                h("h2", {"id": "ng-title"}, t("new.title", game=t("game." + game_id))),
                h("fieldset", {}, h("legend", {}, t("new.seats")), seat_fields),
                h("fieldset", {}, h("legend", {}, t("new.options")), option_fields),
                h(
                    "div",
                    {"class": "row"},
                    h(
                        "button",
                        {"type": "button", "data-act": "lobby", "class": "secondary"},
                        t("common.back"),
                    ),
                    h(
                        "button",
                        {"type": "button", "data-act": "start", "class": "primary"},
                        t("new.start"),
                    ),
                ),
            ),
        )

    def seat_select(self, seat: int, bots: list[str]) -> object:
        default = "human" if seat == 0 else default_bot(bots)
        choices = [("human", t("seat.human"))] + [
            (name, t("seat.computer", level=bot_label(name))) for name in ordered_bots(bots)
        ]
        return labelled_select(f"seat-{seat}", t("new.seat", letter="ABCD"[seat]), choices, default)

    def option_select(self, option) -> object:
        choices = [(value, t(f"option.{option.key}.{value}")) for value in option.choices]
        return labelled_select(
            f"option-{option.key}", t(f"option.{option.key}"), choices, option.default
        )

    def act_start(self, element) -> None:
        from pygames import GAMES
        from web.session import Session

        game = GAMES[self.new_game_id]
        seats = [str(dom.by_id(f"seat-{s}").value) for s in range(game.max_seats)]
        options = {o.key: str(dom.by_id(f"option-{o.key}").value) for o in game.options}
        self.open_session(Session.start_new(game.id, seats, options))

    # ----- playing -----

    def open_session(self, session) -> None:
        if self.session is not None:
            self.session.close()
        self.session = session
        self.board = games.board_module(session.game_id).Board(self)
        self.revealed_seat = None
        self.seen_log = 0
        self.seen_game = 0
        self.game_notice = None
        session.on_update = self.on_session_update
        if not session.read_only:  # a shared position keeps its link, to reopen on reload
            self.set_hash(SAVE_PREFIX + session.save.id)
        self.show("play")
        self.render_play()
        self.report_save_error()
        session.schedule_computer()

    def on_session_update(self, kind: str) -> None:
        if kind != "thinking":
            self.board.cancel()
        self.render_play()
        if kind != "thinking":
            self.report_save_error()

    def report_save_error(self) -> None:
        if self.session.save_error:
            self.show_message(t("error." + self.session.save_error))

    @property
    def names(self) -> list[str]:
        return seat_names(self.session.record.seats, shared=self.session.read_only)

    def play(self, action: str) -> None:
        """The acting human's move, from the board plug-in."""
        from pygames.core import IllegalAction

        seat = self.session.viewer()
        self.game_notice = None
        try:
            self.session.act(seat, action)
        except IllegalAction as error:
            self.show_message(t("error.illegal", detail=str(error)))

    def cover_needed(self) -> bool:
        session = self.session
        viewer = session.viewer()
        return session.is_pass_and_play() and viewer is not None and viewer != self.revealed_seat

    def render_play(self) -> None:
        if self.session is None:
            return
        focus_key = remembered_focus()
        if self.cover_needed():
            self.render_cover()
            return
        session = self.session
        viewer = session.viewer()
        view = session.view(viewer)
        self.track_games(view)
        dom.replace(
            self.screen,
            h(
                "div",
                {
                    "class": "play",
                    "data-game": session.game_id,
                    "data-turn": "shared" if session.read_only else turn_state(view, viewer),
                    "data-moves": session.moves_played(),
                },
                self.play_bar(),
                session.read_only and self.shared_banner(viewer),
                self.game_notice
                and h("p", {"class": "notice", "role": "status"}, self.game_notice),
                h(
                    "div",
                    {"class": "play-body"},
                    h("div", {"class": "board-area"}, self.board.render(view)),
                    h(
                        "aside",
                        {"class": "side"},
                        self.status(view, viewer),
                        self.over_panel(view, viewer),
                        self.common_actions(view, viewer),
                        self.log_panel(view),
                    ),
                ),
            ),
        )
        self.announce_news(view, viewer)
        if not restore_focus(focus_key, self.screen) and focus_key:
            self.board.focus_start()

    def play_bar(self) -> object:
        session = self.session
        return h(
            "div",
            {"class": "play-bar"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "data-act": "lobby",
                    "data-focus": "lobby",
                },
                t("play.lobby"),
            ),
            h("h2", {}, t("game." + session.game_id)),
            h(
                "p",
                {"class": "muted seats"},
                seat_line(session.record.seats, shared=session.read_only),
            ),
        )

    def shared_banner(self, viewer: int) -> object:
        """A shared position: whose eyes it shows, and the way to play it on."""
        return h(
            "section",
            {"class": "notice shared", "aria-labelledby": "shared-title"},
            h(
                "div",
                {},
                h("h3", {"id": "shared-title"}, t("shared.banner", name=self.names[viewer])),
                h("p", {}, t("shared.explain")),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-act": "play-on",
                    "data-focus": "play-on",
                },
                t("shared.play_on"),
            ),
        )

    def act_play_on(self, element) -> None:
        session = self.session
        if session is None or not session.read_only:
            return
        self.open_session(session.play_on())
        self.announce(t("shared.played_on"))

    def status(self, view: dict, viewer: int | None) -> object:
        session = self.session
        names = self.names
        thinking = session.thinking_seat
        if view["over"]:
            text = result_text(view["outcome"], names, viewer, session)
        elif session.read_only:
            text = t("shared.to_act", name=", ".join(names[s] for s in view["to_act"]))
        elif thinking is not None:
            text = t("play.thinking", name=names[thinking])
        elif viewer is not None and viewer in view["to_act"]:
            text = self.board.prompt(view)
        else:
            text = t("play.turn_of", name=", ".join(names[s] for s in view["to_act"]))
        return h(
            "div",
            {"class": "status" + (" thinking" if thinking is not None else ""), "id": "status"},
            thinking is not None and h("span", {"class": "spinner", "aria-hidden": "true"}),
            h("p", {}, text),
            self.board.match_summary(view)
            and h("p", {"class": "muted"}, self.board.match_summary(view)),
        )

    def over_panel(self, view: dict, viewer: int | None) -> object:
        if not view["over"] or self.session.read_only:
            return None
        return h(
            "div",
            {"class": "over", "role": "group", "aria-label": t("over.title")},
            h("h3", {}, t("over.title")),
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-act": "rematch",
                        "data-focus": "rematch",
                    },
                    t("over.rematch"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "secondary", "data-act": "lobby"},
                    t("play.lobby"),
                ),
            ),
        )

    def common_actions(self, view: dict, viewer: int | None) -> object:
        session = self.session
        if session.read_only:
            return None  # nothing to undo, resign or share: the link is in the address bar
        over = view["over"]
        undo_seat = self.undo_seat()
        can_undo = undo_seat is not None and session.undo_point(undo_seat) is not None
        humans = session.human_seats()
        return h(
            "div",
            {"class": "row common-actions"},
            button("undo", t("play.undo"), enabled=can_undo),
            not over and humans and button("resign", t("play.resign")),
            not over and len(humans) > 1 and button("offer-draw", t("play.offer_draw")),
            button("share", t("play.share")),
        )

    def undo_seat(self) -> int | None:
        humans = self.session.human_seats()
        if len(humans) == 1:
            return humans[0]
        return self.session.viewer()

    def log_panel(self, view: dict) -> object:

        lines = [self.log_line(entry, view) for entry in view["log"]]
        items = [h("li", {}, line) for line in lines if line]
        return h(
            "section",
            {"class": "log", "aria-labelledby": "log-title"},
            h("h3", {"id": "log-title"}, t("play.log")),
            h("p", {"class": "muted legend"}, self.board.log_legend()),
            h("ol", {"tabindex": "0", "aria-label": t("play.log")}, list(reversed(items))),
        )

    def log_line(self, entry: dict, view: dict) -> str | None:
        """One entry in words, spoken to the viewer (in a shared position, to an onlooker)."""
        from pygames.text import describe

        reader = None if self.session.read_only else view["seat"]
        return describe(self.session.game_id, entry, i18n.lang(), self.names, reader)

    def track_games(self, view: dict) -> None:
        number = self.board.game_number(view)
        if self.seen_game and number > self.seen_game:
            self.game_notice = t("play.next_game", number=number)
        self.seen_game = number

    def announce_news(self, view: dict, viewer: int | None) -> None:
        fresh = view["log"][self.seen_log :] if self.seen_log else []
        self.seen_log = len(view["log"])
        lines = [self.log_line(entry, view) for entry in fresh]
        status = dom.by_id("status")
        words = [line for line in lines if line]
        if status is not None:
            words.append(str(status.textContent))
        self.announce(" ".join(words))

    # ----- pass-and-play cover -----

    def render_cover(self) -> None:
        session = self.session
        viewer = session.viewer()
        names = self.names
        last = session.last_mover()
        may_undo = last is not None and last != viewer and session.undo_point(last) is not None
        self.board.cancel()
        dom.replace(
            self.screen,
            h(
                "div",
                {"class": "cover", "role": "dialog", "aria-labelledby": "cover-title"},
                h("h2", {"id": "cover-title"}, t("cover.pass", name=names[viewer])),
                h("p", {}, t("cover.hidden")),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary big",
                        "data-act": "reveal",
                        "data-focus": "reveal",
                    },
                    t("cover.reveal", name=names[viewer]),
                ),
                may_undo
                and h(
                    "button",
                    {
                        "type": "button",
                        "class": "secondary",
                        "data-act": "cover-undo",
                        "data-seat": str(last),
                    },
                    t("cover.undo", name=names[last]),
                ),
                h(
                    "button",
                    {"type": "button", "class": "secondary", "data-act": "lobby"},
                    t("play.lobby"),
                ),
            ),
        )
        # The log of the seat that just moved must not be read out to the next one.
        self.seen_log = 0
        self.announce(t("cover.pass", name=names[viewer]))
        dom.query("[data-act='reveal']", self.screen).focus()

    def act_reveal(self, element) -> None:
        self.revealed_seat = self.session.viewer()
        self.render_play()
        self.board.focus_start()

    def act_cover_undo(self, element) -> None:
        seat = int(element.dataset.seat)
        if self.session.undo(seat):
            self.revealed_seat = seat
            self.render_play()

    # ----- common actions -----

    def act_undo(self, element) -> None:
        seat = self.undo_seat()
        if seat is not None and self.session.undo(seat):
            self.announce(t("play.undone"))

    async def act_resign(self, element) -> None:
        seat = self.undo_seat()
        if seat is None:
            return
        if await self.confirm(t("play.resign_confirm"), t("play.resign")):
            self.session.act(seat, "resign")

    async def act_offer_draw(self, element) -> None:
        session = self.session
        seat = session.viewer()
        others = [names for s, names in enumerate(self.names) if s != seat]
        question = t("play.draw_confirm", name=", ".join(others))
        if seat is not None and await self.confirm(question, t("play.draw_accept")):
            session.act(seat, "draw")

    def act_rematch(self, element) -> None:
        session = self.session
        view = session.view(session.viewer())
        options = self.board.rematch_options(view, dict(session.record.options))
        self.open_session(session.rematch(options))

    async def act_share(self, element) -> None:
        """Share what I see now (default), or move the whole game to another device."""
        session = self.session
        base = str(js.location.href).split("#")[0] + "#"
        links = {"game": base + session.link_fragment()}
        seat = self.undo_seat()
        if not session.state.is_over() and seat is not None:
            links["position"] = base + session.position_fragment(seat)
        chosen = "position" if "position" in links else "game"
        field = h(
            "input",
            {
                "type": "text",
                "readonly": True,
                "value": links[chosen],
                "id": "share-url",
                "aria-describedby": "share-what",
            },
        )
        dialog = h(
            "dialog",
            {"class": "share", "aria-labelledby": "share-title"},
            h(
                "form",
                {"method": "dialog"},
                h("h3", {"id": "share-title"}, t("share.title")),
                len(links) > 1 and share_choices(chosen),
                h(
                    "p",
                    {"id": "share-what", "class": "muted"},
                    t("share.explain_over") if session.state.is_over() else share_summary(chosen),
                ),
                h("label", {"for": "share-url"}, t("share.url")),
                field,
                h("p", {"class": "muted", "id": "share-result", "role": "status"}),
                h(
                    "div",
                    {"class": "row"},
                    h(
                        "button",
                        {"type": "button", "class": "primary", "data-act": "copy-link"},
                        t("share.copy"),
                    ),
                    h("button", {"value": "close", "class": "secondary"}, t("common.close")),
                ),
            ),
        )

        def choose(event) -> None:
            kind = str(event.target.value) if event.target.name == "share-kind" else None
            if kind in links:
                field.value = links[kind]
                dom.set_text(dom.by_id("share-what"), share_summary(kind))
                dom.set_text(dom.by_id("share-result"), "")

        js.document.body.appendChild(dialog)
        closed = asyncio.get_event_loop().create_future()
        on_close = create_proxy(lambda event: closed.done() or closed.set_result(True))
        on_change = create_proxy(lambda event: self._guard(choose, event))
        dialog.addEventListener("close", on_close)
        dialog.addEventListener("change", on_change)
        dialog.showModal()
        first = dom.query("input[name='share-kind']:checked", dialog)
        (first or field).focus()
        if first is None:
            field.select()
        try:
            await closed
        finally:
            dialog.remove()
            on_close.destroy()
            on_change.destroy()

    async def act_copy_link(self, element) -> None:
        field = dom.by_id("share-url")
        result = dom.by_id("share-result")
        try:
            await js.navigator.clipboard.writeText(field.value)
            dom.set_text(result, t("share.copied"))
        except Exception:
            # No clipboard permission (or an old browser): leave the text selected.
            field.focus()
            field.select()
            dom.set_text(result, t("share.copy_by_hand"))


# ----- helpers -----


def share_choices(chosen: str) -> object:
    """The two kinds of link, each with what it reveals, as a group of radio buttons."""
    options = (
        ("position", t("share.position"), t("share.position_explain"), "muted"),
        ("game", t("share.game"), t("share.game_warning"), "warning"),
    )
    items = []
    for kind, label, explain, style in options:
        items.append(
            h(
                "div",
                {"class": "share-option"},
                h(
                    "input",
                    {
                        "type": "radio",
                        "name": "share-kind",
                        "value": kind,
                        "id": f"share-{kind}",
                        "checked": kind == chosen,
                        "aria-describedby": f"share-{kind}-explain",
                    },
                ),
                h("label", {"for": f"share-{kind}"}, label),
                h(
                    "p",
                    {"id": f"share-{kind}-explain", "class": style},
                    h("strong", {}, explain) if style == "warning" else explain,
                ),
            )
        )
    return h("fieldset", {"class": "share-choice"}, h("legend", {}, t("share.choose")), items)


def share_summary(kind: str) -> str:
    return t("share.summary_position") if kind == "position" else t("share.summary_game")


def button(act: str, label: str, enabled: bool = True) -> object:
    return h(
        "button",
        {
            "type": "button",
            "class": "secondary",
            "data-act": act,
            "data-focus": act,
            "aria-disabled": "false" if enabled else "true",
        },
        label,
    )


def labelled_select(name: str, label: str, choices: list[tuple[str, str]], default: str):
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": name}, label),
        h(
            "select",
            {"id": name, "name": name},
            [h("option", {"value": v, "selected": v == default}, text) for v, text in choices],
        ),
    )


def bot_label(name: str) -> str:
    key = "bot." + name
    return t(key) if i18n.has(key) else t("bot.other", name=name)


BOT_ORDER = ("easy", "normal", "hard", "greedy", "random")


def ordered_bots(bots: list[str]) -> list[str]:
    """Friendly levels first, then anything else the engine offers."""
    return [b for b in BOT_ORDER if b in bots] + [b for b in bots if b not in BOT_ORDER]


def default_bot(bots: list[str]) -> str:
    return next((name for name in ("normal", "easy") if name in bots), bots[0])


def seat_names(kinds: list[str], shared: bool = False) -> list[str]:
    """Short names used in the log and status: You / Computer, or Player A / Player B.

    In a shared position nobody is "You": its humans are Player A, Player B...
    """
    humans = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    computers = [seat for seat, kind in enumerate(kinds) if kind != "human"]
    names = []
    for seat, kind in enumerate(kinds):
        letter = "ABCD"[seat]
        if kind == "human":
            you = len(humans) == 1 and not shared
            names.append(t("name.you") if you else t("name.player", letter=letter))
        elif len(computers) == 1:
            names.append(t("name.computer"))
        else:
            names.append(t("name.computer_seat", letter=letter))
    return names


def seat_line(kinds: list[str], shared: bool = False) -> str:
    """Who plays, with computer levels: "You vs Computer (Normal)"."""
    names = seat_names(kinds, shared)
    described = []
    for seat, kind in enumerate(kinds):
        if kind == "human":
            described.append(names[seat])
        elif names[seat] == t("name.computer"):
            described.append(t("seat.computer_level", level=bot_label(kind)))
        else:
            letter = "ABCD"[seat]
            described.append(t("seat.computer_seat_level", letter=letter, level=bot_label(kind)))
    return t("seat.versus").join(described)


def result_text(outcome: list[float], names: list[str], viewer: int | None, session) -> str:
    from pygames import GAMES

    winners = [seat for seat, share in enumerate(outcome) if share == 1]
    if not winners:
        return t("result." + GAMES[session.game_id].tie_result)
    if len(session.human_seats()) == 1 and viewer is not None and not session.read_only:
        return (
            t("result.you_win")
            if winners[0] == viewer
            else t("result.you_lose", name=names[winners[0]])
        )
    return t("result.wins", name=names[winners[0]])


def turn_state(view: dict, viewer: int | None) -> str:
    """For styling and tests: "mine" when the viewer must act, "over", else "other"."""
    if view["over"]:
        return "over"
    if viewer is not None and viewer in view["to_act"] and view["actions"]:
        return "mine"
    return "other"


def remembered_focus() -> str | None:
    active = dom.nullable(js.document.activeElement)
    if active is None or not hasattr(active, "getAttribute"):
        return None
    key = dom.nullable(active.getAttribute("data-focus"))
    return str(key) if key else None


def restore_focus(key: str | None, root) -> bool:
    """Focus the redrawn twin of the element that had focus; False if it is gone."""
    if key is None:
        return False
    target = dom.query(f"[data-focus='{key}']", root)
    if target is None:
        return False
    target.focus()
    return True


def preload_engine() -> None:
    """Import the rules engine while the player looks at the lobby."""
    import web.session  # noqa: F401
    from web.games import fools_field  # noqa: F401


_app: App | None = None


def start() -> None:
    global _app
    _app = App()
    _app.run(_app.start())
