"""The play screen: a game's board inside the shell's frame.

The frame is the same for every game: the bar (back to the lobby, the game,
who plays), the instruction (always in view: it sticks to the top of the
screen), the board, and beside or below it the game-over panel, the common
actions (undo, resign, agreed draw, share) and the log. The board plug-in
draws only its game, from one seat's view; it reaches the shell through its
`ScreenHost` (web/host.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js

from pygames.views import LogEntry, View
from web import dialogs, dom, games, i18n
from web.analysis import Hint
from web.cover import Cover
from web.dom import Element, h
from web.host import ScreenHost
from web.i18n import error_text, t
from web.seats import join_names, result_text, seat_line, seat_names
from web.session import Session

if TYPE_CHECKING:
    from web.app import App
    from web.games.base import Board


class PlayScreen:
    def __init__(self, app: App):
        self.app = app
        self._session: Session | None = None
        self._board: Board[Any] | None = None
        self.cover = Cover(self)
        self.hint = Hint(self)
        self.seen_log = 0  # log entries already announced
        self.seen_game = 0  # match play: the game number last drawn
        self.game_notice: str | None = None

    @property
    def session(self) -> Session:
        """The game showing (only while the screen is open)."""
        assert self._session is not None, "the play screen is closed"
        return self._session

    @property
    def board(self) -> Board[Any]:
        assert self._board is not None, "the play screen is closed"
        return self._board

    @property
    def is_open(self) -> bool:
        return self._session is not None

    # ----- opening and closing -----

    def open(self, session: Session) -> None:
        self.close()
        self._session = session
        host = ScreenHost(self.app, lambda: self.names, self.play, self.render)
        self._board = games.board_module(session.game_id).Board(host)
        self.cover = Cover(self)
        self.hint.forget()
        self.seen_log = self.seen_game = 0
        self.game_notice = None
        session.on_update = self.on_session_update
        self.render()
        self.report_save_error()
        session.schedule_computer()

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
        self.hint.forget()
        self._session = self._board = None

    def on_session_update(self, kind: str) -> None:
        if kind != "thinking" and not self.choices_unchanged():
            self.board.cancel()
            self.hint.forget()
        self.render()
        if kind != "thinking":
            self.report_save_error()

    def choices_unchanged(self) -> bool:
        """True when another seat's move left the viewer's choices as they were (a secret
        choice made at the same time): the player's half-made pick then stays."""
        shown = self.board.drawn
        viewer = self.session.viewer()
        if shown is None or shown["choices"] is None or shown["seat"] != viewer:
            return False
        return self.session.view(viewer)["choices"] == shown["choices"]

    def report_save_error(self) -> None:
        if self.session.save_error:
            self.app.show_message(t("error." + self.session.save_error))

    # ----- what the board's host asks -----

    @property
    def names(self) -> list[str]:
        return seat_names(self.session.record.seats, shared=self.session.read_only)

    def play(self, action: str) -> None:
        """The acting human's move, from the board."""
        from pygames.core import IllegalAction

        self.game_notice = None
        viewer = self.session.viewer()
        try:
            if viewer is None:
                raise IllegalAction("not_your_turn", seat=-1)
            self.session.act(viewer, action)
        except IllegalAction as error:
            detail = error_text(error, self.names, viewer)
            self.app.show_message(t("error.illegal", detail=detail))

    # ----- drawing -----

    def render(self) -> None:
        if self._session is None:
            return
        screen = self.app.screen
        focus_key = remembered_focus()
        if self.cover.needed():
            self.board.cancel()
            self.seen_log = 0  # the last seat's log must not be read out to the next
            self.app.announce(self.cover.render(screen))
            return
        session = self.session
        viewer = session.viewer()
        view = session.view(viewer)
        self.track_games(view)
        dom.replace(
            screen,
            h(
                "div",
                {
                    "class": "play",
                    "data-game": session.game_id,
                    "data-seats": view["seats"],
                    "data-turn": "shared" if session.read_only else turn_state(view, viewer),
                    "data-moves": session.moves_played(),
                },
                self.play_bar(),
                session.read_only and viewer is not None and self.shared_banner(viewer),
                self.game_notice
                and h("p", {"class": "notice", "role": "status"}, self.game_notice),
                self.status(view, viewer),
                h(
                    "div",
                    {"class": "play-body"},
                    h("div", {"class": "board-area"}, self.board.render(view)),
                    h(
                        "aside",
                        {"class": "side"},
                        self.over_panel(view),
                        self.common_actions(view),
                        self.hint.panel(view, viewer),
                        self.log_panel(view),
                    ),
                ),
            ),
        )
        self.announce_news(view)
        if not restore_focus(focus_key, screen) and focus_key:
            self.board.focus_start()

    def play_bar(self) -> Element:
        session = self.session
        return h(
            "div",
            {"class": "play-bar"},
            dom.lobby_button(),
            h("h2", {}, t("game." + session.game_id)),
            h(
                "p",
                {"class": "muted seats"},
                seat_line(session.record.seats, shared=session.read_only),
            ),
        )

    def shared_banner(self, viewer: int) -> Element:
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
            self.session.record.earlier
            and h(
                "button",
                {
                    "type": "button",
                    "class": "secondary",
                    "data-act": "replay-shared",
                    "data-focus": "replay-shared",
                },
                t("replay.shared_steps", name=self.names[viewer]),
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

    def status(self, view: View, viewer: int | None) -> Element:
        """The instruction, or whose turn it is, or the result and why."""
        session = self.session
        names = self.names
        thinking = session.thinking_seat
        waiting = [names[s] for s in view["to_act"]]
        if view["over"]:
            you = viewer if len(session.human_seats()) == 1 and not session.read_only else None
            text = result_text(session.game_id, view, names, you)
        elif session.read_only:
            text = t("shared.to_act", name=join_names(waiting))
        elif thinking is not None:
            text = t("play.thinking", name=names[thinking])
        elif viewer is not None and viewer in view["to_act"]:
            text = self.board.prompt(view)
        else:
            text = t("play.turn_of", name=join_names(waiting))
        summary = self.board.match_summary(view)
        return h(
            "div",
            {"class": "status" + (" thinking" if thinking is not None else ""), "id": "status"},
            thinking is not None and h("span", {"class": "spinner", "aria-hidden": "true"}),
            h("p", {}, text),
            summary and h("p", {"class": "muted"}, summary),
        )

    def over_panel(self, view: View) -> Element:
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
                    {
                        "type": "button",
                        "class": "secondary",
                        "data-act": "review-game",
                        "data-focus": "review-game",
                    },
                    t("replay.review"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "secondary", "data-act": "lobby"},
                    t("play.lobby"),
                ),
            ),
        )

    def common_actions(self, view: View) -> Element:
        session = self.session
        if session.read_only:
            return None  # nothing to undo, resign or share: the link is in the address bar
        over = view["over"]
        seat = self.acting_human()
        can_undo = seat is not None and session.undo_point(seat) is not None
        humans = session.human_seats()
        return h(
            "div",
            {"class": "row common-actions"},
            action_button("undo", t("play.undo"), enabled=can_undo),
            not over and humans and action_button("resign", t("play.resign")),
            not over and len(humans) > 1 and action_button("offer-draw", t("play.offer_draw")),
            action_button("share", t("play.share")),
            self.hint.offered(view, session.viewer())
            and action_button("hint", t("hint.button"), enabled=not self.hint.running),
        )

    def acting_human(self) -> int | None:
        """The human whose undo, resignation and sharing the buttons act for."""
        humans = self.session.human_seats()
        return humans[0] if len(humans) == 1 else self.session.viewer()

    # ----- the log -----

    def log_panel(self, view: View) -> Element:
        lines = [self.log_line(entry, view) for entry in view["log"]]
        hints = self.session.record.hints
        if hints:
            who = join_names([self.names[seat] for seat in hints])
            lines.insert(0, [t("replay.hints_used", names=who)])
        items = [h("li", {}, line) for line in lines if line]
        legend = self.board.log_legend()
        return h(
            "section",
            {"class": "log", "aria-labelledby": "log-title"},
            h("h3", {"id": "log-title"}, t("play.log")),
            legend and h("p", {"class": "muted legend"}, legend),
            h("ol", {"tabindex": "0", "aria-label": t("play.log")}, list(reversed(items))),
        )

    def log_line(self, entry: LogEntry, view: View) -> list[Any] | None:
        """One entry spoken to the viewer (in a shared position, to an onlooker), items drawn."""
        from pygames.text import describe_parts

        reader = None if self.session.read_only else view["seat"]
        parts = describe_parts(self.session.game_id, entry, i18n.lang(), self.names, reader)
        if parts is None:
            return None
        return [part if isinstance(part, str) else self.board.log_item(part) for part in parts]

    def announce_news(self, view: View) -> None:
        from pygames.text import describe

        fresh = view["log"][self.seen_log :] if self.seen_log else []
        self.seen_log = len(view["log"])
        reader = None if self.session.read_only else view["seat"]
        names = self.names
        words = [describe(self.session.game_id, e, i18n.lang(), names, reader) for e in fresh]
        status = dom.by_id("status")
        if status is not None:
            words.append(str(status.textContent))
        self.app.announce(" ".join(word for word in words if word))

    def track_games(self, view: View) -> None:
        number = self.board.game_number(view)
        if self.seen_game and number > self.seen_game:
            self.game_notice = t("play.next_game", number=number)
        self.seen_game = number

    # ----- what the buttons do -----

    def act_play_on(self, element: Element) -> None:
        session = self._session
        if session is None or not session.read_only:
            return
        self.app.open_session(session.play_on())
        self.app.announce(t("shared.played_on"))

    def act_review_game(self, element) -> None:
        if self.is_open and self.session.state.is_over():
            self.app.open_replay(self.session)

    def act_replay_shared(self, element) -> None:
        if self.is_open and self.session.read_only:
            self.app.open_replay(self.session)

    def act_undo(self, element) -> None:
        seat = self.acting_human()
        if seat is not None and self.session.undo(seat):
            self.app.announce(t("play.undone"))

    async def act_resign(self, element) -> None:
        seat = self.acting_human()
        if seat is not None and await dialogs.confirm(self.resign_question(), t("play.resign")):
            self.session.act(seat, "resign")

    def resign_question(self) -> str:
        """What resigning does: the board may say more (a match ends), else who plays on."""
        view = self.session.view(self.session.viewer())
        playing = view["seats"] - len(view["resigned"])
        default = "play.resign_confirm" if playing <= 2 else "play.resign_confirm_many"
        return self.board.resign_question(view) or t(default)

    async def act_offer_draw(self, element) -> None:
        session = self.session
        seat = session.viewer()
        others = join_names([name for s, name in enumerate(self.names) if s != seat])
        question = t("play.draw_confirm", name=others)
        if seat is not None and await dialogs.confirm(question, t("play.draw_accept")):
            session.act(seat, "draw")

    def act_rematch(self, element) -> None:
        session = self.session
        view = session.view(session.viewer())
        options = self.board.rematch_options(view, dict(session.record.options))
        self.app.open_session(session.rematch(options))

    async def act_share(self, element) -> None:
        """Share what I see now (default), or move the whole game to another device."""
        session = self.session
        base = str(js.location.href).split("#")[0] + "#"
        links = {"game": base + session.link_fragment()}
        seat = self.acting_human()
        if not session.state.is_over() and seat is not None:
            links["position"] = base + session.position_fragment(seat)
        await dialogs.share(links, session.state.is_over(), self.app.guard)

    async def act_copy_link(self, element) -> None:
        await dialogs.copy_link()


# ----- helpers -----


def action_button(act: str, label: str, enabled: bool = True) -> Element:
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


def turn_state(view: View, viewer: int | None) -> str:
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


def restore_focus(key: str | None, root: Element) -> bool:
    """Focus the redrawn twin of the element that had focus; False if it is gone."""
    if key is None:
        return False
    target = dom.query(f"[data-focus='{key}']", root)
    if target is None:
        return False
    target.focus()
    return True
