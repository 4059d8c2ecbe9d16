"""What every board has in common: `Board`, the base class of each game's board.

A board draws one seat's view and offers that seat's ``view["choices"]`` one
pick at a time (`pygames.choices`). The base keeps the picks made so far
(`chosen`: pick, then confirm), draws the rival on top and the viewer at the
bottom, moves the keyboard focus with the arrow keys inside a group, lets the
loser start the rematch, and gives the defaults of what the shell asks.

A subclass draws its game in `draw(view)` and handles its own `data-act`
names in `on_act`. Conventions it keeps:
- every element a group of arrow keys moves through has ``data-nav="<group>"``
  (a group laid out as a grid is named in `GRID` with its number of columns);
- the element that makes the pick ``(kind, value)`` has
  ``data-focus="<kind>:<value>"``, so that focus can come back to it;
- the group where a turn begins is `START_NAV`.

A board never reaches into the shell's page: it queries inside the element it
drew (`root`, which ``data-board`` marks). It uses only the shell members listed
in web/games/__init__.py.
"""

from __future__ import annotations

from typing import Generic, Literal, TypeVar, cast

from pygames.choices import Pick, action_for, next_picks, still_possible
from pygames.views import Choices, View
from web import dom
from web.dom import Element, Live, h
from web.host import BoardHost
from web.i18n import listed, plural, t

ViewT = TypeVar("ViewT", bound=View)
START_OPTION = "start"  # the option that says who plays first, named so in every game

SEAT_LETTERS = "ABCD"
# Where each seat sits, from the viewer's (bottom) round the table in turn order.
TABLE_PLACES = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}
# Arrow keys as (columns, rows) steps.
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
# The marks a place on the board may carry, each a class (style.css) and the words a
# screen reader hears after the place's name: where the latest moves went (the view's
# marks: a ring and a dot) and where the hint's move goes (its picks: a ring and a star).
MARK_CLASS = "last-move"
HINT_CLASS = "hinted"
MARK_WORDS = {MARK_CLASS: "board.last_move", HINT_CLASS: "board.hinted"}
# Whose move the hint's mark shows: the hint asked on the play screen; on a replay, the
# move its study preferred (the same ring and star; its words say which); in a game by
# links, the seat's own move that waits for other seats' keys before it can be played
# ("pending": the same ring, a "…" for the star).
Advice = Literal["hint", "study", "pending"]
HINT_STAR = "★"
PENDING_SYMBOL = "…"


def hint_star(advice: Advice = "hint") -> Element:
    """The star in the corner of a place where the hint's move goes (`star_of`)."""
    symbol, style = star_of(advice)
    return h("span", {"class": style, "aria-hidden": "true"}, symbol)


def star_of(advice: Advice) -> tuple[str, str]:
    """The symbol in the corner of the hint's mark, and its class: a star for advice, "…"
    for a move that waits."""
    if advice == "pending":
        return PENDING_SYMBOL, "hint-star pending"
    return HINT_STAR, "hint-star"


class Board(Generic[ViewT]):
    """A game's board, reading views of its game's declared type `ViewT`
    (``pygames/<game>/views.py``; the contract tests check every view against it)."""

    PROMPTS: dict[str, str] = {}  # the engine's prompt keys -> the strings that word them
    LEGEND: str | None = None  # the string explaining the log's notation
    START_NAV = ""  # the data-nav group where the focus goes when a turn begins
    GRID: dict[str, int] = {}  # data-nav groups laid out as grids: their column counts

    def __init__(self, shell: BoardHost):
        self.shell = shell
        self.chosen: list[Pick] = []  # the picks made so far
        self._view: ViewT | None = None
        self._latest: set[Pick] = set()  # where the latest moves went (the view's marks)
        self._suggested: set[Pick] = set()  # the picks of the hint's move
        self._advice: Advice = "hint"

    @property
    def view(self) -> ViewT:
        """The view last drawn."""
        assert self._view is not None, "the board has not been drawn yet"
        return self._view

    @property
    def drawn(self) -> ViewT | None:
        """The view last drawn, or None before the first drawing."""
        return self._view

    # ----- what the shell asks -----

    def render(
        self, view: View, suggested: list[Pick] | None = None, advice: Advice = "hint"
    ) -> Element:
        """The board for `view`, marking the places of the picks `suggested` (a hint's
        move, or the move a replay's study preferred: `advice`); picks that are no longer
        possible are dropped first."""
        self._view = cast(ViewT, view)  # the game's view type: checked by the contract tests
        self._latest = {(kind, value) for kind, value in view["marks"]}
        self._suggested = {(kind, value) for kind, value in suggested or []}
        self._advice = advice
        if not still_possible(view["choices"], self.chosen):
            self.chosen = []
        drawing = self.draw(self._view)
        return drawing._replace(attributes=[*drawing.attributes, "data-board", ""])

    @property
    def root(self) -> Live | None:
        """The element last drawn, once the page shows it."""
        return dom.query("[data-board]")

    def draw(self, view: ViewT) -> Element:
        raise NotImplementedError

    def prompt(self, view: ViewT) -> str:
        """What the acting player should do now ("" when it is not their turn)."""
        choices = view["choices"]
        if choices is None:
            return ""
        return self.prompt_words(choices)

    def prompt_words(self, choices: Choices) -> str:
        """The engine's prompt, worded through `PROMPTS` (else the string "prompt.<key>")."""
        params = dict(choices["prompt"])
        key = str(params.pop("key"))
        return t(self.PROMPTS.get(key, "prompt." + key), **params)

    def cancel(self) -> None:
        """Drop the picks made so far (the shell's view changed under them)."""
        self.chosen = []

    def focus_start(self) -> None:
        self.focus(f"[data-nav='{self.START_NAV}'][tabindex='0']")

    def resign_question(self, view: ViewT) -> str | None:
        """A game's own words for the resignation dialog (e.g. a match ends), or None."""
        return None

    def log_legend(self) -> str:
        return t(self.LEGEND) if self.LEGEND else ""

    def log_item(self, part: dict) -> Element:
        """An item inside a log line (e.g. a card): its words, unless a board draws it."""
        return h("span", {"class": "log-item", "data-item": part["item"]}, part["text"])

    def marks_on(self, *places: Pick) -> list[str]:
        """The marks on a place the board draws for `places` (the picks it stands for):
        `MARK_CLASS` where the latest moves went, `HINT_CLASS` where the hint's move goes."""
        found = []
        if any(place in self._latest for place in places):
            found.append(MARK_CLASS)
        if any(place in self._suggested for place in places):
            found.append(HINT_CLASS)
        return found

    def mark_words(self, mark: str, words: dict[str, str] = MARK_WORDS) -> str:
        """What a screen reader hears of `mark` (`words`: a board's own, else the common
        ones); the hint's mark on a replay is the move its study preferred, and in a game
        by links may be the seat's move that waits (`Advice`)."""
        key = words[mark]
        return t(key + "." + self._advice if mark == HINT_CLASS and self._advice != "hint" else key)

    @property
    def advice(self) -> Advice:
        """Whose move the hint's mark shows in the last drawing (`render`)."""
        return self._advice

    def with_marks(self, node: Element, *places: Pick) -> Element:
        """`node`, the element drawn for `places`, with its marks (`marks_on`): their
        classes, their words after its name (its aria-label, else its own text), and the
        hint's star inside an HTML element."""
        marks = self.marks_on(*places)
        if not marks:
            return node
        attrs = dict(zip(node.attributes[::2], node.attributes[1::2], strict=True))
        attrs["class"] = " ".join(filter(None, [attrs.get("class"), *marks]))
        words = [self.mark_words(mark) for mark in marks]
        children = list(node.children)
        if "aria-label" in attrs:
            attrs["aria-label"] = listed([attrs["aria-label"], *words])
        elif node.namespace is None:
            spoken = t("common.list_sep") + listed(words)
            children.append(h("span", {"class": "visually-hidden"}, spoken))
        if HINT_CLASS in marks and node.namespace is None:
            children.append(hint_star(self._advice))
        flat = [part for pair in attrs.items() for part in pair]
        return node._replace(attributes=flat, children=children)

    def game_number(self, view: ViewT) -> int:
        """Which game of a match this is (games with match play override it)."""
        return 1

    def match_summary(self, view: ViewT) -> str | None:
        return None

    def rematch_options(self, view: ViewT, options: dict[str, str]) -> dict[str, str]:
        """The loser starts the next game; after a shared result, `tie_start` says who."""
        if START_OPTION not in options:
            return options
        outcome = view["outcome"] or []
        if outcome and min(outcome) < max(outcome):
            options[START_OPTION] = SEAT_LETTERS[outcome.index(min(outcome))]
        else:
            start = self.tie_start(view)
            if start is not None:
                options[START_OPTION] = start
        return options

    def tie_start(self, view: ViewT) -> str | None:
        """Who starts after a draw or a shared win (None: the game's options as they were)."""
        return None

    def on_act(self, name: str, element) -> bool:
        return False

    def on_key(self, event) -> bool:
        """Escape drops the picks made; the arrow keys move the focus within a group."""
        key = str(event.key)
        if key == "Escape" and self.chosen:
            self.back()
            return True
        target = dom.closest(event.target, "[data-nav]")
        if target is None or key not in ARROWS or self.root is None:
            return False
        group = str(target.dataset.nav)
        items = list(self.root.querySelectorAll(f"[data-nav='{group}']"))
        index = next((i for i, item in enumerate(items) if item == target), None)
        if index is None:
            return False
        dom.move_roving_focus(items, step(index, len(items), ARROWS[key], self.GRID.get(group)))
        return True

    # ----- the seats, as drawn -----

    def bottom_seat(self, view: ViewT | None = None) -> int:
        """The viewer sits at the bottom (seat A's side for an onlooker)."""
        seat = (view or self.view)["seat"]
        return 0 if seat is None else seat

    def top_seat(self, view: ViewT | None = None) -> int:
        """The rival, drawn on top."""
        return 1 - self.bottom_seat(view)

    def around_table(self, view: ViewT, seat_panel, centre=None):
        """Every seat's panel around the table: the viewer at the bottom, then in turn
        order (to their left first) left, top and right; `centre` in the middle.

        Seats run clockwise (rulings §3), so with two seats the rival is on top.
        """
        seats = view["seats"]
        me = self.bottom_seat(view)
        order = [(me + step) % seats for step in range(seats)]
        return h(
            "div",
            {"class": f"table seats-{seats}"},
            [
                h("div", {"class": f"seat-place {place}", "data-seat": seat}, seat_panel(seat))
                for seat, place in zip(order, TABLE_PLACES[seats], strict=True)
            ],
            centre is not None and h("div", {"class": "seat-place centre"}, centre),
        )

    def who(self, seat: int) -> str:
        return self.shell.names[seat]

    def you(self, seat: int | None) -> bool:
        """The board speaks to `seat` as "you": the person looking sits there. Never in a
        shared position, whose seats all go by their names, as its banner does."""
        return seat is not None and seat == self.shell.reader

    def seat_words(self, seat: int, yours: str, named: str, **fields: object) -> str:
        """The string `yours` ("Your hand") when the board speaks to `seat` as "you", else
        `named` with the seat's name ("Player A's hand"); a `count` picks the plural."""
        key, words = yours, fields
        if not self.you(seat):
            key, words = named, {**fields, "name": self.who(seat)}
        count = words.get("count")
        return plural(key, count, **words) if isinstance(count, int) else t(key, **words)

    # ----- pick, then confirm -----

    @property
    def first_pick(self) -> str | None:
        """The value of the first pick made, if any."""
        return self.chosen[0][1] if self.chosen else None

    def next_picks(self) -> dict[str, list[str]]:
        return next_picks(self.view["choices"], self.chosen)

    def toggle(self, pick: Pick) -> bool:
        """Make `pick` the first pick, or drop it if it was; redraws. True if now picked."""
        if self.chosen[:1] == [pick] or not still_possible(self.view["choices"], [pick]):
            self.chosen = []
        else:
            self.chosen = [pick]
        self.shell.rerender()
        return bool(self.chosen)

    def action(self, *more: Pick) -> str | None:
        """The action the picks made so far and `more` complete, if they are a whole one."""
        return action_for(self.view["choices"], [*self.chosen, *more])

    def finish(self, *more: Pick) -> bool:
        """Play the action the picks made and `more` complete; focus where turns begin."""
        action = self.action(*more)
        if action is None:
            return False
        self.chosen = []
        self.shell.play(action)
        if self.root is not None and dom.focus_free_for(self.root):
            self.focus_start()  # unless the move's redraw gave it elsewhere (a link to send)
        return True

    def back(self) -> None:
        """Cancel (the instruction's button, or Escape): drop the picks made. A board whose
        picks go in steps may step back one instead."""
        self.unchoose()

    def unchoose(self) -> None:
        """Drop the picks made; focus goes back to the element of the first."""
        first = self.chosen[0] if self.chosen else None
        self.chosen = []
        self.shell.rerender()
        if first is not None:
            self.focus(self.pick_selector(first))
        if dom.nothing_focused():  # the Cancel clicked is gone, and no pick's element took it
            self.focus_start()

    def pick_selector(self, pick: Pick) -> str:
        """The element that makes `pick` (by the convention, data-focus="<kind>:<value>")."""
        kind, value = pick
        return f"[data-focus='{kind}:{value}']"

    # ----- the page -----

    def focus(self, selector: str) -> None:
        """Focus the first element under the board's root matching `selector`."""
        if self.root is not None:
            dom.focus(selector, self.root)

    def query(self, selector: str):
        return dom.query(selector, self.root) if self.root is not None else None


def step(index: int, count: int, move: tuple[int, int], columns: int | None) -> int:
    """The index an arrow key moves to, wrapping around: in a grid by rows and columns,
    in a row (or a column) Left and Up go back, Right and Down go on."""
    if columns:
        rows = -(-count // columns)
        row, col = divmod(index, columns)
        index = ((row + move[1]) % rows) * columns + (col + move[0]) % columns
        return min(index, count - 1)
    return (index + move[0] + move[1]) % count
