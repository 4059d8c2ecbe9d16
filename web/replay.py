"""The replay screen: a finished game (or a shared position's past) stepped through.

The same frame as the play screen: the bar, the status (what this move was, or
the result at the end), the board drawn by the game's plug-in from one view,
and beside it the controls (first, back, play/pause, forward, last), whose eyes
to see through, the move list in words (the log, one entry per move, the
current one marked, each a button that jumps there) and the computer's study
(web/analysis.py). Keys: ← → one move, Home End the first and last, Space plays
or pauses; the study's graph takes the focus like a slider over the moves (the
same keys, and ↑ ↓).

The address holds the move and the viewpoint (``#g=<save>&m=12&v=a``), so a
link can point at one moment of a game. Nothing here is secret: a finished
game may be seen from every seat or from everywhere (every hand face up); a
shared position's past only from its sharer's seat.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import js
from pyodide.ffi import create_once_callable, to_js

from pygames.views import LogEntry, View
from web import dialogs, dom, i18n
from web.analysis import Analysis
from web.dom import Element, Live, h
from web.i18n import t, t_around
from web.screen import GameScreen, action_button, rematch_button, status_slot
from web.seats import join_names, result_text
from web.session import Session

if TYPE_CHECKING:
    from pygames.replay import Replay, Viewpoint
    from web.shell import Shell

PLAY_SECONDS = 1.0  # one move a second when playing
EVERYTHING = "all"
VIEW_CODES = "abcd"  # the viewpoint in the address: a seat's letter, or "all"
KEYS = ("ArrowLeft", "ArrowRight", "Home", "End", " ")
SLIDER_KEYS = {"ArrowUp": "ArrowRight", "ArrowDown": "ArrowLeft"}  # on the study's graph


class ReplayScreen(GameScreen):
    def __init__(self, app: Shell):
        super().__init__(app)
        self._replay: Replay | None = None
        self.step = 0
        self.viewpoint: int | str = EVERYTHING
        self.playing = False
        self.generation = 0
        # The move list shown, kept (with its scroll) while its contents stay the same.
        self.move_list: Live | None = None
        self.move_list_key: tuple[int | str, str] | None = None
        self.analysis = Analysis(self)

    @property
    def replay(self) -> Replay:
        assert self._replay is not None, "the replay screen is closed"
        return self._replay

    # ----- opening and closing -----

    def open(self, session: Session, step: int | None = None, viewpoint: str | None = None) -> None:
        """Open `session`'s game at `step` (default: the end) through `viewpoint` (a code)."""
        from pygames.replay import Replay

        self.close()
        self.show_game(session)
        self._replay = Replay(session.record, known_legal=session.record_checked)
        self.viewpoint = self.parse_viewpoint(viewpoint)
        self.step = self.replay.last if step is None else self.replay.clamp(step)
        self.analysis = Analysis(self)
        self.render()
        if dom.nothing_focused():  # the button that opened it went with the screen before
            dom.focus("[data-focus='replay-play']", self.app.screen)
        self.update_address()

    def close(self) -> None:
        self.generation += 1
        self.playing = False
        self.analysis.stop()
        self.drop_game()
        self._replay = None
        self.move_list = self.move_list_key = None

    def parse_viewpoint(self, code: str | None) -> int | str:
        points = self.replay.viewpoints()
        if code == EVERYTHING and EVERYTHING in points:
            return EVERYTHING
        if code and code in VIEW_CODES and VIEW_CODES.index(code) in points:
            return VIEW_CODES.index(code)
        humans = self.session.human_seats()
        if self.session.read_only and self.session.record.viewer is not None:
            return self.session.record.viewer
        if len(humans) == 1:
            return humans[0]
        return EVERYTHING if EVERYTHING in points else points[0]

    def viewpoint_code(self) -> str:
        viewpoint = self.viewpoint
        return VIEW_CODES[viewpoint] if isinstance(viewpoint, int) else EVERYTHING

    def address(self) -> str:
        """This moment's fragment: the save (or the shared link) with the move and viewpoint."""
        moment = f"&m={self.step}&v={self.viewpoint_code()}"
        if self.session.read_only:
            return "#" + self.session.link_fragment() + moment
        return "#g=" + self.session.save.id + moment

    def update_address(self) -> None:
        if self.is_open:
            self.app.set_hash(self.address())

    # ----- what the board's host asks -----

    def play(self, action: str) -> None:
        """Nothing is played in a replay."""

    # ----- moving through the game -----

    def go(self, step: int, announce: bool = True) -> None:
        step = self.replay.clamp(step)
        if step == self.step and self.move_list is not None:
            return
        self.step = step
        self.render()
        self.update_address()
        if announce:
            self.app.announce(str(dom.by_id("status").textContent))

    def act_replay_first(self, element) -> None:
        self.pause()
        self.go(0)

    def act_replay_back(self, element) -> None:
        self.pause()
        self.go(self.step - 1)

    def act_replay_forward(self, element) -> None:
        self.pause()
        self.go(self.step + 1)

    def act_replay_last(self, element) -> None:
        self.pause()
        self.go(self.replay.last)

    def act_replay_play(self, element) -> None:
        self.toggle_play()

    def act_goto(self, element) -> None:
        self.pause()
        self.go(int(element.dataset.step))

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
        else:
            if self.step >= self.replay.last:
                self.step = 0
            self.playing = True
            self.generation += 1
            self.render()
            asyncio.ensure_future(self._play(self.generation))

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self.generation += 1
            self.render()

    async def _play(self, generation: int) -> None:
        while True:
            await asyncio.sleep(PLAY_SECONDS)
            if generation != self.generation or not self.is_open:
                return
            if self.step >= self.replay.last:
                self.playing = False
                self.render()
                return
            self.go(self.step + 1, announce=False)

    def on_key(self, event) -> bool:
        """← → Home End step through the game, Space plays or pauses (not in a form field)."""
        key = str(event.key)
        target = event.target
        if key in SLIDER_KEYS and is_graph(target):
            key = SLIDER_KEYS[key]  # the study's graph is a slider over the moves
        if key not in KEYS or event.altKey or event.ctrlKey or event.metaKey:
            return False
        tag = str(getattr(target, "tagName", "") or "").lower()
        if tag in ("input", "select", "textarea"):
            return False
        if key == " ":
            self.toggle_play()
            return True
        self.pause()
        targets = {
            "ArrowLeft": self.step - 1,
            "ArrowRight": self.step + 1,
            "Home": 0,
            "End": self.replay.last,
        }
        self.go(targets[key])
        return True

    def change_viewpoint(self, element) -> None:
        self.viewpoint = self.parse_viewpoint(str(element.value))
        self.render()
        self.update_address()
        dom.focus("#replay-viewpoint")

    # ----- drawing -----

    def view(self) -> View:
        from pygames.replay import EVERYTHING as ALL

        viewpoint = self.viewpoint if isinstance(self.viewpoint, int) else ALL
        return self.replay.view(self.step, viewpoint, at=self.session.viewer())

    def render(self) -> None:
        if not self.is_open:
            return
        from web.play import remembered_focus, restore_focus

        focus_key = remembered_focus()
        view = self.view()
        last = self.replay.last
        at_end = self.step == last and self.replay.over
        dom.patch(
            self.app.screen,
            h(
                "div",
                {
                    "class": "play replay",
                    "data-game": self.session.game_id,
                    "data-seats": view["seats"],
                    "data-turn": "over" if at_end else "replay",
                    "data-moves": self.step,
                    "data-step": self.step,
                    "data-last": last,
                    "data-viewpoint": self.viewpoint_code(),
                    "data-playing": "true" if self.playing else "false",
                },
                self.bar(t("replay.heading", game=t("game." + self.session.game_id))),
                self.session.read_only and self.shared_banner(t("replay.shared_explain")),
                status_slot(self.status(view, at_end)),
                h(
                    "div",
                    {"class": "play-body"},
                    h(
                        "div",
                        {"class": "board-area"},
                        self.controls(),
                        self.board.render(view, self.analysis.suggested(view), "study"),
                    ),
                    h(
                        "aside",
                        {"class": "side"},
                        self.tools(at_end),
                        self.analysis.panel(),
                        self.moves_panel(),
                    ),
                ),
            ),
        )
        self.move_list = dom.query(".log.moves")
        self.mark_current()
        restore_focus(focus_key, self.app.screen)

    def status(self, view: View, at_end: bool) -> Element:
        names = self.names
        last = self.replay.last
        text: str | list
        if at_end:
            you = self.reader()
            text = result_text(self.session.game_id, view, names, you)
        elif self.step == 0:
            text = t("replay.at_start", last=last)
        else:
            text = self.headline()
        waiting = [names[s] for s in view["to_act"]]
        after = bool(waiting) and not view["over"] and t("replay.next", name=join_names(waiting))
        return h(
            "div",
            {"class": "status", "id": "status"},
            h("p", {}, text),
            after and h("p", {"class": "muted"}, after),
        )

    def headline(self) -> list:
        """ "Move 3 of 9: " and what the move did, as the move list tells it: its first
        line (what came of it follows there), or what it picked where it wrote none ("Bo
        went on to hex 14.")."""
        step, viewpoint = self.step, self.viewpoint
        logged = self.logged_lines(self.replay.log(step, viewpoint))
        told = logged[0] if logged else self.unlogged_move(step, viewpoint)
        return t_around("replay.at_move", "move", told, step=step, last=self.replay.last)

    def controls(self) -> Element:
        last = self.replay.last
        at_start, at_last = self.step == 0, self.step >= last
        play_label = t("replay.pause") if self.playing else t("replay.play")
        return h(
            "div",
            {"class": "replay-controls", "role": "group", "aria-label": t("replay.controls")},
            h(
                "div",
                {"class": "row"},
                control("replay-first", "«", t("replay.first"), not at_start),
                control("replay-back", "‹", t("replay.back"), not at_start),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary replay-play",
                        "data-act": "replay-play",
                        "data-focus": "replay-play",
                        "aria-pressed": "true" if self.playing else "false",
                    },
                    ("❚❚ " if self.playing else "▶ ") + play_label,
                ),
                control("replay-forward", "›", t("replay.forward"), not at_last),
                control("replay-last", "»", t("replay.last"), not at_last),
                h(
                    "p",
                    {"class": "replay-counter", "id": "replay-counter"},
                    t("replay.counter", step=self.step, last=last),
                ),
            ),
            self.viewpoint_picker(),
            h("p", {"class": "muted replay-keys"}, t("replay.keys")),
        )

    def viewpoint_picker(self) -> Element:
        points = self.replay.viewpoints()
        if len(points) == 1:
            only = points[0]
            name = self.names[only] if isinstance(only, int) else t("replay.everything")
            return h("p", {"class": "muted"}, t("replay.seen_by_only", name=name))
        options = [
            h(
                "option",
                {
                    "value": VIEW_CODES[point] if isinstance(point, int) else EVERYTHING,
                    "selected": point == self.viewpoint,
                },
                self.names[point] if isinstance(point, int) else t("replay.everything"),
            )
            for point in points
        ]
        return h(
            "div",
            {"class": "field"},
            h("label", {"for": "replay-viewpoint"}, t("replay.viewpoint")),
            h(
                "select",
                {"id": "replay-viewpoint", "data-change": "viewpoint"},
                options,
            ),
        )

    def tools(self, at_end: bool) -> Element:
        session = self.session
        finished = self.replay.over and not session.read_only
        return h(
            "div",
            {"class": "row common-actions"},
            finished and rematch_button(),
            tool_button("export", t("replay.export")),
            tool_button("moment-link", t("replay.moment_link")),
        )

    # ----- the move list -----

    def moves_panel(self) -> Element | Live:
        key = (self.viewpoint, i18n.lang())  # the study's marks are added to it in place
        if self.move_list is None or self.move_list_key != key:
            self.move_list_key = key
            return self.build_moves()
        return self.move_list

    def unlogged_move(self, step: int, viewpoint: Viewpoint) -> list:
        """A move that wrote no line (a step of a longer move): what it picked, where the
        viewpoint knows it ("Bo went on to hex 14."), else only who moved."""
        from pygames.text import picks_done

        mover = self.replay.mover(step)
        picks = self.replay.picks_of_move(step, viewpoint)
        if mover is None or not picks:
            return self.who_moved(step)
        parts = picks_done(self.session.game_id, mover, picks, i18n.lang(), self.names)
        return [part if isinstance(part, str) else self.board.log_item(part) for part in parts]

    def who_moved(self, step: int) -> list:
        mover = self.replay.mover(step)
        return [t("replay.moved", name=self.names[mover]) if mover is not None else ""]

    def logged_lines(self, entries: list[LogEntry]) -> list[list]:
        """The lines a step's log entries make for whoever looks (some speak to no one)."""
        return [line for line in (self.log_line(entry, self.reader()) for entry in entries) if line]

    def build_moves(self) -> Element:
        from pygames.replay import EVERYTHING as ALL

        viewpoint = ALL if self.viewpoint == EVERYTHING else self.viewpoint
        segments = self.replay.logs(viewpoint)
        names = self.names
        items = []
        hints = self.session.record.hints
        for step, entries in enumerate(segments):
            lines = self.logged_lines(entries)
            if step == 0 and hints:
                who = join_names([names[s] for s in hints])
                lines.insert(0, [t("replay.hints_used", names=who)])
            if not lines:
                lines = [self.unlogged_move(step, viewpoint)]
            label = t("replay.start") if step == 0 else str(step)
            items.append(
                h(
                    "li",
                    {"data-step": step},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "move",
                            "data-act": "goto",
                            "data-step": step,
                            "data-focus": f"goto:{step}",
                        },
                        h("span", {"class": "move-number"}, label),
                        h(
                            "span",
                            {"class": "move-words"},
                            [h("span", {"class": "line"}, ln) for ln in lines],
                        ),
                        self.analysis.mark(step),
                    ),
                )
            )
        return h(
            "section",
            {"class": "log moves", "aria-labelledby": "log-title"},
            h("h3", {"id": "log-title"}, t("replay.moves")),
            self.board.log_legend() and h("p", {"class": "muted legend"}, self.board.log_legend()),
            h("ol", {"aria-label": t("replay.moves")}, items),
        )

    def mark_current(self) -> None:
        """Mark the current move in the list and keep it in view."""
        if self.move_list is None:
            return
        # Only the items that change: a long game lists hundreds of moves.
        for item in self.move_list.querySelectorAll("li.current"):
            item.classList.remove("current")
            item.querySelector("button").removeAttribute("aria-current")
        current = self.move_list.querySelector(f"li[data-step='{self.step}']")
        if current is not None:
            current.classList.add("current")
            current.querySelector("button").setAttribute("aria-current", "step")
            holder = self.move_list.querySelector("ol")
            top = current.offsetTop - holder.offsetTop
            if (
                top < holder.scrollTop
                or top + current.offsetHeight > holder.scrollTop + holder.clientHeight
            ):
                holder.scrollTop = max(0, top - holder.clientHeight // 3)

    # ----- the other buttons -----

    def act_export(self, element) -> None:
        """Save the record as a text file (the command line and Open read the same file)."""
        name = export_name(self.session)
        download(name, self.session.record.to_text() + "\n")
        self.app.announce(t("replay.exported", name=name))

    async def act_moment_link(self, element) -> None:
        base = str(js.location.href).split("#")[0]
        fragment = self.session.link_fragment()
        link = f"{base}#{fragment}&m={self.step}&v={self.viewpoint_code()}"
        await dialogs.share({"game": link}, True, self.app.guard)


# ----- helpers -----


def is_graph(target) -> bool:
    """True for the study's graph (a slider over the moves)."""
    get = getattr(target, "getAttribute", None)
    return get is not None and str(get("data-focus")) == "graph"


def control(act: str, symbol: str, label: str, enabled: bool) -> Element:
    return action_button(act, h("span", {"aria-hidden": "true"}, symbol), enabled, label)


def tool_button(act: str, label: str) -> Element:
    return h(
        "button",
        {"type": "button", "class": "secondary", "data-act": act, "data-focus": act},
        label,
    )


def export_name(session) -> str:
    """A file name that says what it holds: the game, and when it was saved."""
    when = js.Date.new(session.save.saved or js.Date.now())
    stamp = str(when.toISOString())[:16].replace(":", "").replace("T", "-")
    return f"{session.game_id}-{stamp}.txt"


def download(name: str, text: str) -> None:
    blob = js.Blob.new(
        to_js([text]), to_js({"type": "text/plain"}, dict_converter=js.Object.fromEntries)
    )
    url = js.URL.createObjectURL(blob)
    link = dom.build(h("a", {"href": url, "download": name, "hidden": True}))
    js.document.body.appendChild(link)
    link.click()
    link.remove()
    js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 10_000)
