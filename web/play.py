"""The play screen: a game's board inside the shell's frame.

The frame is the same for every game: the bar (back to the lobby, the game,
who plays), the instruction (always in view: it sticks to the top of the
screen; it carries Cancel while a pick is half made), the board, and beside or
below it the game-over panel, the common actions (undo, resign, agreed draw,
share) and the log. The board plug-in draws only its game, from one seat's
view; it reaches the shell through its `ScreenHost` (web/host.py).
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, NamedTuple

import js

from pygames.ai.hooks import hooks_of
from pygames.choices import Pick
from pygames.views import View
from web import dialogs, dom, i18n
from web.analysis import Hint
from web.cover import Cover
from web.dom import Element, Live, h
from web.games.base import Advice
from web.i18n import error_text, t
from web.screen import GameScreen, action_button, rematch_button, status_slot
from web.seats import join_names, result_text
from web.session import Session
from web.slicing import own_task

if TYPE_CHECKING:
    from web.shell import Shell


class PlayScreen(GameScreen):
    def __init__(self, app: Shell):
        super().__init__(app)
        self.cover = Cover(self)
        self.hint = Hint(self)
        self.seen_log = 0  # log entries already announced
        self.whole_log = False  # the log's earlier lines shown too (`lines_not_shown`)
        self.seen_game = 0  # match play: the game number last drawn
        self.game_notice: str | None = None

    # ----- opening and closing -----

    def open(self, session: Session) -> None:
        self.close()
        session.closed = False  # live, and saved (it may be the one just closed: a link
        self.whole_log = False  # opened in this page brings the same game up again)
        self.show_game(session)
        self.cover = Cover(self)
        self.hint.forget()
        self.seen_log = self.seen_game = 0
        self.game_notice = None
        session.on_update = self.on_session_update
        if session.searching_computers():  # imported as the screen opens, not in a
            hooks_of(session.state.game)  # decision (opened by a link: no lobby preload)
        self.render()
        self.report_save_error()
        session.schedule_computer()

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
        self.hint.forget()
        self.drop_game()

    def on_session_update(self, kind: str) -> None:
        if kind == "thinking" and self.redraw_status_only():
            return
        if kind == "move" and self.session.computer_moved_last():
            self.redraw_soon()
            return
        self.redraw(kind)

    def redraw(self, kind: str) -> None:
        self.before_redraw(kind)
        self.render()
        if kind != "thinking":
            self.report_save_error()

    def before_redraw(self, kind: str) -> None:
        """A move that changed the viewer's choices drops their half-made pick and hint."""
        if kind != "thinking" and not self.choices_unchanged():
            self.board.cancel()
            self.hint.forget()

    def redraw_soon(self) -> None:
        """A computer's move is drawn in tasks of its own (`own_task`): after the one that
        made and saved it and started the next computers' decisions, and apart from their
        statuses and set-ups, which Pyodide would otherwise run in the same browser task.
        It is worked out in one task and put on the screen in the next, so that on a phone
        each is short enough for the page to answer a tap in between. (A person's own move
        is drawn at once.)"""
        asyncio.ensure_future(self.redraw_in_own_task(self.session))

    async def redraw_in_own_task(self, session: Session) -> None:
        async with own_task():
            if self._session is not session:
                return
            self.before_redraw("move")
            drawing = self.draw()
            if drawing is not None:
                await asyncio.sleep(0)  # a later browser task, still this block's turn
                if self._session is not session:
                    return
                if not self.show(drawing, or_whole=False):
                    self.render()  # the screen changed in between: drawn again from now
            self.report_save_error()

    def redraw_status_only(self) -> bool:
        """The computer began to think and the viewer has nothing to do: only the status
        line changes, so only it is redrawn (a whole redraw is a long task on a phone).
        False, having drawn nothing, when the screen shows anything else."""
        screen = self.app.screen
        status, play = dom.query("#status", screen), dom.query(".play", screen)
        shown = self.board.drawn
        viewer = self.session.viewer()
        if status is None or play is None or shown is None or shown["seat"] != viewer:
            return False
        if play.getAttribute("data-moves") != str(self.session.moves_played()):
            return False
        view = self.session.view(viewer)
        if viewer is not None and viewer in view["to_act"]:
            return False  # the hint and the choices depend on the computer thinking
        line = self.status(view, viewer)
        if not dom.patch_part(screen, line):  # (a patch, so the next one can skip the rest)
            dom.replace_with(status, line)
        return True

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
            error = self.session.save_error
            self.app.show_message(lambda: t("error." + error))

    # ----- what the board's host asks -----

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
            refused, names = error, self.names  # `error` is unbound once the clause ends
            self.app.show_message(
                lambda: t("error.illegal", detail=error_text(refused, names, viewer))
            )

    # ----- drawing -----

    def render(self) -> None:
        drawing = self.draw()
        if drawing is not None:
            self.show(drawing, or_whole=True)

    def draw(self) -> Drawing | None:
        """Work out the screen's patch; None when the cover was drawn instead."""
        if self._session is None:
            return None
        started = time.perf_counter()
        screen = self.app.screen
        if self.cover.needed():
            self.board.cancel()
            self.seen_log = 0  # the last seat's log must not be read out to the next
            self.app.announce(self.cover.render(screen))
            return None
        session = self.session
        viewer = session.viewer()
        view = session.view(viewer)
        self.track_games(view)
        # The board first: it drops picks that are no longer possible, which the
        # instruction and its Cancel then read.
        board = self.board.render(view, *self.marked_move(view, viewer))
        worked_out = dom.prepare(
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
                self.bar(t("game." + session.game_id)),
                session.read_only
                and viewer is not None
                and self.shared_banner(t("shared.explain"), *self.shared_buttons(viewer)),
                self.game_notice
                and h("p", {"class": "notice", "role": "status"}, self.game_notice),
                self.notice(view),
                status_slot(self.status(view, viewer)),
                h(
                    "div",
                    {"class": "play-body"},
                    h("div", {"class": "board-area"}, board),
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
        return Drawing(worked_out, view, time.perf_counter() - started)

    def show(self, drawing: Drawing, *, or_whole: bool) -> bool:
        """Put a worked-out screen on the page, then say what is new and give the focus
        back. When the screen changed since it was worked out: sent whole if `or_whole`,
        else False, with nothing changed."""
        started = time.perf_counter()
        focus_key = remembered_focus()
        lost = focus_key is None and dom.nothing_focused()  # e.g. my last card was played
        if not dom.send(drawing.patch):
            if not or_whole:
                return False
            dom.send_whole(drawing.patch)
        self.announce_news(drawing.view)
        if not restore_focus(focus_key, self.app.screen) and (focus_key or lost):
            self.focus_start()
        note_redraw(drawing.seconds + time.perf_counter() - started)
        return True

    def focus_start(self) -> None:
        """Give the focus where the viewer goes on: after the game, to what comes next
        (the rematch), else where a turn begins on the board."""
        if not dom.focus("[data-focus='rematch']", self.app.screen):
            self.board.focus_start()

    def marked_move(self, view: View, viewer: int | None) -> tuple[list[Pick], Advice]:
        """The move whose places the board marks, and whose it is: the hint's."""
        return self.hint.suggested(view, viewer), "hint"

    def shared_buttons(self, viewer: int) -> list[Element]:
        """A shared position with its past: the way to see it step by step."""
        if not self.session.record.earlier:
            return []
        attrs = {"type": "button", "class": "secondary", "data-act": "replay-shared"}
        label = t("replay.shared_steps", name=self.names[viewer])
        return [h("button", {**attrs, "data-focus": "replay-shared"}, label)]

    def status(self, view: View, viewer: int | None) -> Element:
        """The instruction, or whose turn it is, or the result and why."""
        session = self.session
        names = self.names
        thinking = sorted(session.thinking)
        if view["over"]:
            you = viewer if len(session.human_seats()) == 1 and not session.read_only else None
            text = result_text(session.game_id, view, names, you)
        elif session.read_only:
            text = t("shared.to_act", name=join_names([names[s] for s in view["to_act"]]))
        else:
            text = self.turn_text(view, viewer)
        summary = self.board.match_summary(view)
        return h(
            "div",
            {"class": "status" + (" thinking" if thinking else ""), "id": "status"},
            bool(thinking) and h("span", {"class": "spinner", "aria-hidden": "true"}),
            h("p", {}, text),
            self.cancel_button(view, viewer),
            summary and h("p", {"class": "muted"}, summary),
        )

    def cancel_button(self, view: View, viewer: int | None) -> Element | None:
        """Cancel, while the viewer's pick is half made: beside the instruction that says
        so, in view however far the board scrolls (the instruction sticks to the top)."""
        if viewer is None or viewer not in view["to_act"] or not self.board.chosen:
            return None
        return action_button("cancel-pick", t("common.cancel"))

    def turn_text(self, view: View, viewer: int | None) -> str:
        """While the game goes on: the viewer's instruction, or who is choosing."""
        names = self.names
        thinking = sorted(self.session.thinking)
        if viewer is not None and viewer in view["to_act"]:
            return self.board.prompt(view)  # even while a computer chooses at the same time
        if len(thinking) == 1:
            return t("play.thinking", name=names[thinking[0]])
        if thinking:  # computers choosing at once
            return t("play.thinking_several", names=join_names([names[s] for s in thinking]))
        return t("play.turn_of", name=join_names([names[s] for s in view["to_act"]]))

    def notice(self, view: View) -> Element | None:
        """A panel under the instruction for what the screen's kind of game adds (none)."""
        return None

    def over_panel(self, view: View) -> Element | None:
        if not view["over"] or self.session.read_only:
            return None
        return h(
            "div",
            {"class": "over", "role": "group", "aria-label": t("over.title")},
            h("h3", {}, t("over.title")),
            h(
                "div",
                {"class": "row"},
                rematch_button(),
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

    def common_actions(self, view: View) -> Element | None:
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
        lines = [
            (str(number), line)
            for number, line in enumerate(self.log_lines(view["log"], self.reader()))
            if line
        ]
        hints = self.session.record.hints
        if hints:
            who = join_names([self.names[seat] for seat in hints])
            lines.insert(0, ("hints", [t("replay.hints_used", names=who)]))
        earlier = 0 if self.whole_log else lines_not_shown(len(lines))
        # Each line keyed by its entry: a patch then leaves the lines shown as they are.
        items = [h("li", {"data-key": key}, line) for key, line in lines[earlier:]]
        legend = self.board.log_legend()
        return h(
            "section",
            {"class": "log", "aria-labelledby": "log-title"},
            h("h3", {"id": "log-title"}, t("play.log")),
            legend and h("p", {"class": "muted legend"}, legend),
            h("ol", {"tabindex": "0", "aria-label": t("play.log")}, list(reversed(items))),
            earlier > 0 and action_button("whole-log", t("play.log_earlier", count=earlier)),
        )

    def announce_news(self, view: View) -> None:
        from pygames.text import describe

        fresh = view["log"][self.seen_log :] if self.seen_log else []
        self.seen_log = len(view["log"])
        names, reader = self.names, self.reader()
        words = [describe(self.session.game_id, e, i18n.lang(), names, reader) for e in fresh]
        # The instruction's lines (not its Cancel), then any notice's news.
        for said in ("#status p", "#notice-title"):
            words += [str(element.textContent) for element in js.document.querySelectorAll(said)]
        self.app.announce(" ".join(word for word in words if word))

    def track_games(self, view: View) -> None:
        number = self.board.game_number(view)
        if self.seen_game and number > self.seen_game:
            self.game_notice = t("play.next_game", number=number)
        self.seen_game = number

    # ----- what the buttons do -----

    def act_cancel_pick(self, element) -> None:
        self.board.back()

    def act_review_game(self, element) -> None:
        if self.is_open and self.session.state.is_over():
            self.app.open_replay(self.session)

    def act_replay_shared(self, element) -> None:
        if self.is_open and self.session.read_only:
            self.app.open_replay(self.session)

    def act_whole_log(self, element) -> None:
        """Show the log's earlier lines too; the keyboard goes on in the log."""
        self.whole_log = True
        self.render()
        log = dom.query(".log ol", self.app.screen)
        if log is not None:
            log.focus()

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

    async def act_share(self, element) -> None:
        """Share what I see now (default), or move the whole game to another device."""
        session = self.session
        base = str(js.location.href).split("#")[0] + "#"
        links = {"game": base + session.link_fragment()}
        seat = self.acting_human()
        if not session.state.is_over() and seat is not None:
            links["position"] = base + session.position_fragment(seat)
        await dialogs.share(links, session.state.is_over(), self.app.guard)


# ----- helpers -----


# The play screen shows a long log's newest lines only, until asked for the rest: every
# line is in each redraw, and at a Fools! table of four, after sixty moves, the log's
# elements were two thirds of the screen's. The oldest line shown moves on by whole
# blocks, so that between two such moves a redraw only adds lines.
LOG_BLOCK = 20


def lines_not_shown(count: int) -> int:
    """How many of a log's `count` oldest lines are left out: whole blocks, as long as at
    least `LOG_BLOCK` lines stay shown."""
    return max(0, (count - LOG_BLOCK) // LOG_BLOCK * LOG_BLOCK)


def turn_state(view: View, viewer: int | None) -> str:
    """For styling and tests: "mine" when the viewer must act, "over", else "other"."""
    if view["over"]:
        return "over"
    if viewer is not None and viewer in view["to_act"] and view["actions"]:
        return "mine"
    return "other"


class Drawing(NamedTuple):
    """The play screen worked out (`PlayScreen.draw`), not yet shown."""

    patch: dom.Prepared
    view: View
    seconds: float  # how long working it out took


def note_redraw(seconds: float) -> None:
    """How long the last whole redraw took, on <html>: for benchmarks."""
    ms = seconds * 1000
    js.document.documentElement.setAttribute("data-redraw-ms", f"{ms:.1f}")


def remembered_focus() -> str | None:
    active = dom.nullable(js.document.activeElement)
    if active is None or not hasattr(active, "getAttribute"):
        return None
    key = dom.nullable(active.getAttribute("data-focus"))
    return str(key) if key else None


def restore_focus(key: str | None, root: Live) -> bool:
    """Focus the redrawn twin of the element that had focus; False if it is gone."""
    if key is None:
        return False
    target = dom.query(f"[data-focus='{key}']", root)
    if target is None:
        return False
    target.focus()
    return True
