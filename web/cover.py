"""The pass-and-play cover: the screen goes blank between two humans' turns.

With several humans at one device, only one seat's view may be on screen. The
cover comes up whenever the seat to draw is not the one that confirmed the
last cover: between every pair of human turns, and between the humans making
a secret simultaneous choice one after another (each chooses behind the
cover; the engine's view hides the choices already made).
"""

from __future__ import annotations

from web import dom
from web.dom import h
from web.i18n import t


class Cover:
    def __init__(self, play):
        self.play = play
        self.revealed_seat: int | None = None  # who confirmed the cover last

    def needed(self) -> bool:
        session = self.play.session
        viewer = session.viewer()
        return session.is_pass_and_play() and viewer is not None and viewer != self.revealed_seat

    def render(self, screen) -> str:
        """Draw the cover; returns what to announce."""
        session = self.play.session
        viewer = session.viewer()
        names = self.play.names
        last = session.last_mover(humans_only=True)  # a computer's move is no one's to take back
        may_undo = last is not None and last != viewer and session.undo_point(last) is not None
        dom.replace(
            screen,
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
        dom.focus("[data-act='reveal']", screen)
        return t("cover.pass", name=names[viewer])

    # ----- what the buttons do -----

    def act_reveal(self, element) -> None:
        self.revealed_seat = self.play.session.viewer()
        self.play.render()
        self.play.board.focus_start()

    def act_cover_undo(self, element) -> None:
        seat = int(element.dataset.seat)
        if self.play.session.undo(seat):
            self.revealed_seat = seat
            self.play.render()
