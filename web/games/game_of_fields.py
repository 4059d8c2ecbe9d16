"""The Game of Fields board: the 19-hex map in SVG, the players' pawns and the action chooser.

Everything drawn comes from `view`, one seat's view: a face-down hex is drawn
face down (its terrain is not in the view). What the player may do comes from
``view["choices"]`` one pick at a time (`pygames.choices`): a ``pawn`` to move,
then the engine's single ``hex`` steps; an ``action`` (castle, field, city,
prince, queen, pass, stop, end, stay) and the ``pawn`` or ``hex`` it names; a
``reveal`` on the blank map. The board never parses an action string.

Moving: select a pawn (the hexes it may end on light up, from the view's
`preview`, which also gives one path to each and both sides' battle values);
hovering or focusing a hex shows its path and values; choosing it and pressing
the confirm button plays the pawn's steps one by one, then "stop". Arrow keys
move over the hexes, Enter chooses, Escape steps back.
"""

from __future__ import annotations

import functools
import math

from pygames.choices import Pick, action_for, next_picks
from pygames.game_of_fields.views import End, GameOfFieldsView, PawnPreview
from pygames.views import Choices
from web import dom
from web.dom import Element, Live, h, svg
from web.games import base
from web.host import BoardHost
from web.i18n import plural, t

SIZE = 40  # a hex's centre-to-corner distance in map units
ARROW_SHORT = 16  # how far an arrow of the latest move stops short of its last hex's centre
COORDS = (
    (0, -2),
    (1, -2),
    (2, -2),
    (-1, -1),
    (0, -1),
    (1, -1),
    (2, -1),
    (-2, 0),
    (-1, 0),
    (0, 0),
    (1, 0),
    (2, 0),
    (-2, 1),
    (-1, 1),
    (0, 1),
    (1, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
)  # fmt: skip  (the engine's hex order: pygames.game_of_fields.hexmap.LAYOUT)
PAWN, HEX, ACTION, REVEAL = "pawn", "hex", "action", "reveal"
PROMPTS = {
    "gof.act": "gof.prompt.act",
    "gof.move": "gof.prompt.move",
    "gof.found": "gof.prompt.found",
    "gof.next": "gof.prompt.next",
    "gof.join": "gof.prompt.join",
}
ACTION_ORDER = ("stop", "end", "stay", "field", "city", "castle", "prince", "queen", "pass")
SEAT_CLASS = ("seat-a", "seat-b")
TERRAINS = ("plain", "mountain", "sea")
ROWS = (-2, -1, 0, 1, 2)


@functools.lru_cache(maxsize=256)  # a few dozen places, redrawn after every move
def corners(cx: float, cy: float, size: float = SIZE) -> str:
    points = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        points.append(f"{cx + size * math.cos(angle):.1f},{cy + size * math.sin(angle):.1f}")
    return " ".join(points)


class Board(base.Board[GameOfFieldsView]):
    PROMPTS = PROMPTS
    START_NAV = "hex"

    def __init__(self, shell: BoardHost):
        super().__init__(shell)
        self.dest: str | None = None  # the hex chosen as the end of a move, before confirming
        self.last_pawn: str | None = None  # the hex of the pawn last picked

    # ----- what the shell asks -----

    def cancel(self) -> None:
        super().cancel()
        self.dest = None

    def rematch_options(self, view: GameOfFieldsView, options: dict[str, str]) -> dict[str, str]:
        return options  # player A always starts (the youngest, in the rulebook)

    def prompt_words(self, choices: Choices) -> str:
        prompt = choices["prompt"]
        key = prompt["key"]
        if self.dest is not None:
            return t("gof.prompt.confirm")
        if self.chosen:
            kind, value = self.chosen[0]
            if kind == PAWN:
                return t("gof.prompt.where")
            return t("gof.prompt." + value)
        if key == "gof.move":
            pawn = t("gof.pawn." + str(prompt["pawn"]))
            return t("gof.prompt.move", pawn=pawn, left=prompt["left"])
        if key == "gof.found":
            return t("gof.prompt.found", hex=prompt["hex"])
        return super().prompt_words(choices)

    def focus_start(self) -> None:
        self.focus(".gof-hex[tabindex='0']")

    def pick_selector(self, pick: Pick) -> str:
        """A pawn is picked on its hex."""
        kind, value = pick
        return f"[data-focus='hex:{value}']" if kind == PAWN else super().pick_selector(pick)

    # ----- reading the view -----

    def my_turn(self) -> bool:
        return self.view["choices"] is not None

    def selected_pawn(self) -> str | None:
        if self.chosen and self.chosen[0][0] == PAWN and len(self.chosen) == 1:
            return self.chosen[0][1]
        return None

    def moving(self, view: GameOfFieldsView) -> tuple[str | None, PawnPreview | None]:
        """The pawn whose move is being chosen and its preview (ends, reveals), if any."""
        pawns = view["preview"].get("pawns", {})
        mover = view["mover"]
        if view["phase"] == "move" and mover:
            here = str(mover["path"][-1])
            return here, pawns.get(here)
        pawn = self.selected_pawn()
        if pawn is not None:
            return pawn, pawns.get(pawn)
        return None, None

    def destinations(self, view: GameOfFieldsView) -> tuple[str | None, dict[str, End]]:
        """The pawn whose move is being chosen and the ends it may reach: {hex: entry}."""
        pawn, info = self.moving(view)
        return pawn, info["ends"] if info else {}

    def clickable(self, view: GameOfFieldsView) -> dict[str, str]:
        """hex -> what clicking it does: "pawn", "dest", "reveal", "hex" or "pick-pawn"."""
        found: dict[str, str] = {}
        if not self.my_turn():
            return found
        nxt = next_picks(view["choices"], self.chosen)
        _, info = self.moving(view)
        for hex_id in info["ends"] if info else {}:
            found[hex_id] = "dest"
        for hex_id in info["reveals"] if info else []:
            found[hex_id] = "reveal"
        if not self.chosen or self.selected_pawn() is not None:
            for hex_id in next_picks(view["choices"], []).get(PAWN, []):
                found.setdefault(hex_id, "pawn")
        else:
            for hex_id in nxt.get(HEX, []):
                found[hex_id] = "hex"
            for hex_id in nxt.get(PAWN, []):
                found[hex_id] = "pick-pawn"
        mover = view["mover"]
        if view["phase"] == "found" and mover:
            found.pop(str(mover["found"]), None)
        return found

    # ----- drawing -----

    def draw(self, view: GameOfFieldsView) -> Element:
        return h(
            "div",
            {"class": "gof-board", "data-phase": view["phase"]},
            h(
                "div",
                {"class": "gof-players"},
                self.player(view, self.bottom_seat(view)),
                self.player(view, self.top_seat(view)),
            ),
            self.map(view),
            self.chooser(view),
        )

    def player(self, view: GameOfFieldsView, seat: int) -> Element:
        own = seat == view["seat"]
        name = self.seat_words(seat, "gof.you", "gof.of")
        chain = view["chains"][seat]["halves"]
        queen = view["queens"][seat] >= 0
        facts = [
            t("gof.fact.queen") if queen else t("gof.fact.no_queen"),
            t("gof.fact.princes", count=len(view["princes"][seat]), limit=view["limits"][seat]),
            t("gof.fact.cities", count=len(view["cities"][seat])),
            t("gof.fact.fields", count=len(view["fields"][seat]), left=view["fields_left"][seat]),
        ]
        value = halves_words(chain)
        return h(
            "section",
            {
                "class": "gof-player " + SEAT_CLASS[seat] + (" own" if own else ""),
                "data-seat": seat,
                "aria-label": self.seat_words(seat, "gof.your_pawns", "gof.player_area"),
            },
            h(
                "div",
                {"class": "gof-player-head"},
                h("span", {"class": "gof-swatch " + SEAT_CLASS[seat], "aria-hidden": "true"}),
                h("h3", {}, name),
                view["turn"] == seat and h("span", {"class": "gof-turn-badge"}, t("gof.to_act")),
            ),
            h("p", {"class": "gof-facts"}, t("gof.list_sep").join(facts)),
            h(
                "div",
                {"class": "gof-race", "data-halves": chain},
                h("span", {}, t("gof.race", value=value)),
                h(
                    "meter",
                    {
                        "min": 0,
                        "max": 10,
                        "value": min(chain, 10),
                        "aria-label": t("gof.race", value=value),
                    },
                ),
            ),
        )

    def map(self, view: GameOfFieldsView) -> Element:
        flip = self.bottom_seat(view) == 1  # each player sees their Queen's side on the left
        ends_pawn, ends = self.destinations(view)
        clickable = self.clickable(view)
        positions = {str(i): hex_centre(q, r, flip) for i, (q, r) in enumerate(COORDS)}
        chains = [set(map(str, view["chains"][s]["hexes"])) for s in (0, 1)]
        for seat in (0, 1):
            if view["chains"][seat]["halves"] == 0:
                chains[seat] = set()
        # The map's one Tab stop: the hex in hand, else the pawn last picked (a Cancel gives
        # the focus back to it), else the first that can be picked.
        self.last_pawn = self.selected_pawn() or self.last_pawn
        last = self.last_pawn if self.last_pawn in clickable else None
        focus_hex = self.dest or self.selected_pawn() or last or next(iter(clickable), None)
        if focus_hex is None:
            focus_hex = str(view["queens"][view["seat"] or 0])
            if focus_hex == "-1":
                focus_hex = "9"
        hexes = [
            self.hex_cell(view, str(i), positions[str(i)], clickable, chains, focus_hex)
            for i in range(len(COORDS))
        ]
        routes = [self.route(ends_pawn, hex_id, entry, positions) for hex_id, entry in ends.items()]
        style = "".join(
            f".gof-map:has(.gof-hex[data-hex='{hex_id}']:is(:hover,:focus)) "
            f".gof-route[data-for='{hex_id}']{{display:inline}}"
            for hex_id in ends
        )
        return h(
            "div",
            {"class": "gof-map-wrap"},
            h("style", {}, style),
            svg(
                "svg",
                {
                    "class": "gof-map",
                    "viewBox": "-180 -168 360 336",
                    "role": "group",
                    "aria-label": t("gof.map"),
                },
                defs(),
                hexes,
                svg("g", {"class": "gof-trails", "aria-hidden": "true"}, trails(view, positions)),
                svg("g", {"class": "gof-routes", "aria-hidden": "true"}, routes),
            ),
            h("p", {"class": "muted gof-legend"}, t("gof.legend")),
        )

    def hex_cell(
        self,
        view: GameOfFieldsView,
        hex_id: str,
        centre: tuple[float, float],
        clickable: dict[str, str],
        chains: list[set[str]],
        focus_hex: str,
    ) -> Element:
        x, y = centre
        index = int(hex_id)
        terrain = view["terrain"][index] or "down"
        role = clickable.get(hex_id)
        classes = ["gof-hex", "t-" + terrain]
        if role:
            classes.append("can-" + role)
        if hex_id == self.dest:
            classes.append("chosen")
        if hex_id == self.selected_pawn():
            classes.append("selected")
        mover = view["mover"]
        if mover and index in mover["path"]:
            classes.append("on-path")
        if mover and (index == mover["path"][-1] or index == mover["found"]):
            classes.append("selected")
        pawns = self.pawns_at(view, index)
        words = [t("gof.hex_name", n=index + 1), t("gof.terrain." + terrain)]
        words += [w for _, w in pawns]
        for seat in (0, 1):
            if hex_id in chains[seat]:
                classes.append("chain-" + "ab"[seat])
                words.append(self.seat_words(seat, "gof.in_chain_own", "gof.in_chain"))
        marks = self.marks_on((HEX, hex_id), (PAWN, hex_id))  # a pawn is picked by its hex
        classes += marks
        words += [self.mark_words(mark) for mark in marks]
        if role:
            words.append(t("gof.can." + role))
        entry = self.destinations(view)[1].get(hex_id) if role == "dest" else None
        if entry is not None:
            words.append(self.entry_words(entry))
        return svg(
            "g",
            {
                "class": " ".join(classes),
                "data-hex": hex_id,
                "data-act": "gof-hex",
                "data-nav": "hex",
                "data-focus": "hex:" + hex_id,
                "data-x": f"{x:.0f}",
                "data-y": f"{y:.0f}",
                "tabindex": "0" if hex_id == focus_hex else "-1",
                "role": "button",
                "aria-label": t("gof.list_sep").join(w for w in words if w),
                "aria-disabled": "false" if role else "true",
                "transform": f"translate({x:.1f},{y:.1f})",
            },
            svg("polygon", {"points": corners(0, 0, SIZE - 1), "class": "ground"}),
            svg("polygon", {"points": corners(0, 0, SIZE - 1), "class": "pattern"}),
            terrain_symbol(terrain),
            svg("text", {"x": -16, "y": -21, "class": "num"}, str(index + 1)),
            base.MARK_CLASS in marks
            and svg("polygon", {"points": corners(0, 0, SIZE - 9), "class": "mark-ring"}),
            [drawing for drawing, _ in pawns],
            svg("polygon", {"points": corners(0, 0, SIZE - 4), "class": "ring"}),
            base.HINT_CLASS in marks and hint_drawing(self.advice),
            focus_ring(),
        )

    def pawns_at(
        self, view: GameOfFieldsView, index: int
    ) -> list[tuple[Element | list[Element], str]]:
        """(drawing, words) of what stands on a hex: Fields and Cities, then Queens and Princes."""
        found: list[tuple[Element | list[Element], str]] = []
        for seat in (0, 1):
            owner = self.owner_words(view, seat)
            if index in view["fields"][seat]:
                found.append((field_svg(seat), t("gof.on.field", owner=owner)))
            if index in view["cities"][seat]:
                found.append((city_svg(seat), t("gof.on.city", owner=owner)))
        for seat in (0, 1):
            owner = self.owner_words(view, seat)
            princes = view["princes"][seat].count(index)
            queen = view["queens"][seat] == index
            if queen:
                found.append(
                    (queen_svg(seat, -9 if princes else 0), t("gof.on.queen", owner=owner))
                )
            if princes == 1:
                found.append((prince_svg(seat, 9 if queen else 0), t("gof.on.prince", owner=owner)))
            elif princes >= 2:
                drawing = [prince_svg(seat, -9), prince_svg(seat, 9)]
                found.append((drawing, t("gof.on.princes", owner=owner, count=princes)))
        return found

    def owner_words(self, view: GameOfFieldsView, seat: int) -> str:
        return self.seat_words(seat, "gof.yours", "gof.of")

    def entry_words(self, entry: End) -> str:
        if entry["kind"] in ("battle", "siege"):
            key = "gof.battle_words" if entry["kind"] == "battle" else "gof.siege_words"
            return t(key, attack=entry["attack"], defence=entry["defence"])
        if entry.get("capture"):
            return t("gof.capture_words")
        count = len(entry["path"])
        return plural("gof.steps_words", count, count=count)

    def route(
        self,
        pawn: str | None,
        hex_id: str,
        entry: End,
        positions: dict[str, tuple[float, float]],
    ) -> Element | None:
        if pawn is None:
            return None
        path = [pawn] + [str(s) for s in entry["path"]]
        points = " ".join(f"{positions[p][0]:.0f},{positions[p][1]:.0f}" for p in path)
        x, y = positions[hex_id]
        label = None
        if entry.get("kind") in ("battle", "siege"):
            label = svg(
                "g",
                {"class": "gof-odds", "transform": f"translate({x:.0f},{y - 30:.0f})"},
                svg("rect", {"x": -26, "y": -11, "width": 52, "height": 20, "rx": 6}),
                svg("text", {"x": 0, "y": 4}, f"{entry['attack']} : {entry['defence']}"),
            )
        return svg(
            "g",
            {
                "class": "gof-route" + (" shown" if hex_id == self.dest else ""),
                "data-for": hex_id,
            },
            svg("polyline", {"points": points}),
            svg("circle", {"cx": f"{x:.0f}", "cy": f"{y:.0f}", "r": 7}),
            label,
        )

    # ----- the chooser below the map -----

    def chooser(self, view: GameOfFieldsView) -> Element | None:
        if not self.my_turn():
            words = self.waiting_words(view)
            return words and h("div", {"class": "gof-chooser"}, words)
        if self.dest is not None:
            return self.confirm_panel(view)
        buttons = []
        actions = next_picks(view["choices"], []).get(ACTION, [])
        if self.chosen and self.selected_pawn() is None:
            actions = []
        for name in ACTION_ORDER:
            if name in actions:
                buttons.append(self.action_button(view, name))
        mover = view["mover"]
        if view["phase"] == "found" and mover:
            found = str(mover["found"])
            buttons.insert(
                0,
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-act": "gof-enter",
                        "data-focus": "gof-enter",
                    },
                    t("gof.enter", hex=int(found) + 1),
                ),
            )
        if not buttons:
            return None  # a pick under way: its Cancel is in the instruction
        return h(
            "div",
            {"class": "gof-chooser", "role": "group", "aria-label": t("gof.actions")},
            h("div", {"class": "row"}, buttons),
        )

    def waiting_words(self, view: GameOfFieldsView) -> Element | None:
        if view["phase"] == "over" or view["turn"] is None:
            return None
        return h("p", {"class": "muted"}, t("gof.waiting", name=self.who(view["turn"])))

    def action_button(self, view: GameOfFieldsView, name: str) -> Element:
        complete = action_for(view["choices"], [(ACTION, name)]) is not None
        primary = name in ("stop", "end", "stay")
        button = h(
            "button",
            {
                "type": "button",
                "class": "primary" if primary else "secondary",
                "data-act": "gof-action",
                "data-name": name,
                "data-focus": "action:" + name,
                "data-complete": "true" if complete else "false",
            },
            t("gof.action." + name),
        )
        return self.with_marks(button, (ACTION, name))

    def confirm_panel(self, view: GameOfFieldsView) -> Element:
        dest = self.dest
        assert dest is not None
        reveal = self.clickable(view).get(dest) == "reveal"
        _, ends = self.destinations(view)
        entry = ends.get(dest)
        if reveal or entry is None:
            title = t("gof.confirm.reveal", hex=int(dest) + 1)
            lines = [t("gof.reveal_note")]
        else:
            title = t("gof.confirm.move", hex=int(dest) + 1)
            path = t("gof.path", hexes=" → ".join(str(s + 1) for s in entry["path"]))
            lines = [path, self.entry_words(entry)]
        return h(
            "div",
            {"class": "gof-chooser gof-confirm", "role": "group", "aria-label": title},
            h("h3", {}, title),
            h("ul", {}, [h("li", {}, line) for line in lines]),
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-act": "gof-go",
                        "data-focus": "gof-go",
                    },
                    t("gof.go.reveal") if reveal else t("gof.go.move"),
                ),
            ),
        )

    # ----- input -----

    def on_act(self, name: str, element: Live) -> bool:
        if name == "gof-hex":
            self.click_hex(str(element.getAttribute("data-hex")))
        elif name == "gof-action":
            self.choose_action(str(element.getAttribute("data-name")))
        elif name == "gof-go":
            self.go()
        elif name == "gof-enter":
            mover = self.view["mover"]
            if mover:
                self.play_picks([(HEX, str(mover["found"]))])
        else:
            return False
        return True

    def click_hex(self, hex_id: str) -> None:
        role = self.clickable(self.view).get(hex_id)
        if role is None:
            return
        if role in ("dest", "reveal"):
            self.dest = hex_id
            self.shell.rerender()
            self.shell.announce(self.panel_words())
            self.focus("[data-act='gof-go']")
        elif role == "pawn":
            self.dest = None
            self.chosen = [] if self.selected_pawn() == hex_id else [(PAWN, hex_id)]
            self.shell.rerender()
            self.focus(f"[data-focus='hex:{hex_id}']")
        else:
            kind = HEX if role == "hex" else PAWN
            if self.action((kind, hex_id)) is not None:
                self.finish((kind, hex_id))
            else:
                self.chosen = [*self.chosen, (kind, hex_id)]
                self.shell.rerender()

    def choose_action(self, name: str) -> None:
        if action_for(self.view["choices"], [(ACTION, name)]) is not None:
            self.chosen = []
            self.dest = None
            self.finish((ACTION, name))
            return
        self.chosen = [(ACTION, name)]
        self.dest = None
        self.shell.rerender()
        self.focus_start()

    def go(self) -> None:
        """Play the chosen move: the pawn, then each step of its path, then stop there."""
        dest = self.dest
        if dest is None:
            return
        pawn, ends = self.destinations(self.view)
        if pawn is None:
            return
        first: list[Pick] = [] if self.view["phase"] == "move" else [(PAWN, pawn)]
        if self.clickable(self.view).get(dest) == "reveal":
            self.chosen = []
            self.dest = None
            self.play_picks([*first, (REVEAL, dest)])
            return
        entry = ends.get(dest)
        if entry is None:
            return
        picks = [*first, *[(HEX, str(step)) for step in entry["path"]]]
        self.chosen = []
        self.dest = None
        self.play_picks(picks)
        view = self.view
        mover = view["mover"] if view else None
        if mover and str(mover["path"][-1]) == dest and view["phase"] == "move":
            self.play_picks([(ACTION, "stop")])

    def play_picks(self, picks: list[Pick]) -> None:
        """Play one action per pick, each from the choices of the view it leads to."""
        for pick in picks:
            if self.view is None or self.view["choices"] is None:
                return
            action = action_for(self.view["choices"], [pick])
            if action is None:
                return
            played = self.view["moves_played"]
            self.shell.play(action)
            if self.view["moves_played"] == played:
                return  # refused, or the board was not drawn again (a cover)
        self.focus_start()

    def back(self) -> None:
        """Cancel steps back from the end chosen to the pawn, then drops the pawn."""
        if self.dest is not None:
            self.dest = None
            self.shell.rerender()
            self.focus_start()
            return
        self.unchoose()

    def panel_words(self) -> str:
        panel = self.query(".gof-confirm")
        return str(panel.textContent) if panel is not None else ""

    def on_key(self, event: Live) -> bool:
        key = str(event.key)
        target = dom.closest(event.target, ".gof-hex")
        if key == "Escape" and (self.dest is not None or self.chosen):
            self.back()
            return True
        if target is None:
            return False
        if key in ("Enter", " "):
            self.click_hex(str(target.getAttribute("data-hex")))
            return True
        if key in base.ARROWS and self.root is not None:
            items = list(self.root.querySelectorAll(".gof-hex"))
            index = next((i for i, item in enumerate(items) if item == target), None)
            if index is None:
                return False
            dom.move_roving_focus(items, neighbour_index(items, index, base.ARROWS[key]))
            return True
        return False


# ----- geometry -----


def hex_centre(q: int, r: int, flip: bool) -> tuple[float, float]:
    x = SIZE * math.sqrt(3) * (q + r / 2)
    y = SIZE * 1.5 * r
    return (-x, -y) if flip else (x, y)


def neighbour_index(items: list[Live], index: int, move: tuple[int, int]) -> int:
    """The hex an arrow key goes to: along the row, or the nearest in the row above or below."""
    spots = [(float(i.getAttribute("data-x")), float(i.getAttribute("data-y"))) for i in items]
    x, y = spots[index]
    dx, dy = move
    if dx:
        row = [k for k, (_, yy) in enumerate(spots) if abs(yy - y) < 1]
        row.sort(key=lambda k: spots[k][0])
        return row[(row.index(index) + dx) % len(row)]
    rows = sorted({round(yy) for _, yy in spots})
    here = rows.index(round(y))
    target_y = rows[(here + dy) % len(rows)]
    row = [k for k, (_, yy) in enumerate(spots) if round(yy) == target_y]
    return min(row, key=lambda k: abs(spots[k][0] - x))


def halves_words(halves: int) -> str:
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


# ----- pictures -----


def defs() -> Element:
    return svg(
        "defs",
        {},
        tile_pattern(
            "plain", 12, 12, "path", {"d": "M2 10 l2 -5 M5 10 l0 -6 M8 10 l-2 -5", "class": "grass"}
        ),
        tile_pattern("mountain", 10, 10, "path", {"d": "M0 10 L10 0", "class": "hatch"}),
        tile_pattern("sea", 20, 10, "path", {"d": "M0 6 q5 -5 10 0 t10 0", "class": "wave"}),
        tile_pattern("down", 8, 8, "circle", {"cx": 4, "cy": 4, "r": 1.2, "class": "dot"}),
        svg(
            "marker",
            {
                "id": "gof-arrow",
                "viewBox": "0 0 10 10",
                "refX": 6,
                "refY": 5,
                "markerWidth": 3.5,
                "markerHeight": 3.5,
                "orient": "auto",
            },
            svg("path", {"d": "M0 0 L10 5 L0 10 z"}),
        ),
    )


def trails(view: GameOfFieldsView, positions: dict[str, tuple[float, float]]) -> list[Element]:
    """The ways the latest moves' pawns went (the view's trails), each an arrow from hex
    centre to hex centre that stops short of the pawn standing at its end."""
    arrows = []
    for trail in view["trails"]:
        hexes = [value for _, value in trail]
        points = [positions[hex_id] for hex_id in hexes]
        (x0, y0), (x1, y1) = points[-2], points[-1]
        short = ARROW_SHORT / math.hypot(x1 - x0, y1 - y0)
        points[-1] = (x1 - (x1 - x0) * short, y1 - (y1 - y0) * short)
        drawn = " ".join(f"{x:.0f},{y:.0f}" for x, y in points)
        arrows.append(
            svg(
                "polyline",
                {"class": "gof-trail", "points": drawn, "data-trail": " ".join(hexes)},
            )
        )
    return arrows


def tile_pattern(
    name: str, width: int, height: int, tag: str, attrs: dict[str, str | float]
) -> Element:
    """A repeating texture for a hex (`url(#gof-p-<name>)`), drawn as well as coloured."""
    size = {"id": f"gof-p-{name}", "width": width, "height": height}
    return svg("pattern", {**size, "patternUnits": "userSpaceOnUse"}, svg(tag, attrs))


def terrain_symbol(terrain: str) -> Element:
    if terrain == "mountain":
        return svg("path", {"d": "M6 -16 l7 -12 l4 6 l3 -4 l6 10 z", "class": "sym"})
    if terrain == "sea":
        return svg("path", {"d": "M5 -22 q4 -5 8 0 t8 0 t8 0", "class": "sym"})
    if terrain == "plain":
        return svg("path", {"d": "M8 -16 l3 -10 M14 -16 l0 -12 M20 -16 l-3 -10", "class": "sym"})
    return svg("text", {"x": 0, "y": 10, "class": "sym-down"}, "?")


def queen_svg(seat: int, dx: float = 0) -> Element:
    return svg(
        "g",
        {"class": "pawn queen " + SEAT_CLASS[seat], "transform": f"translate({dx},-4)"},
        svg("path", {"d": "M-13 8 L-15 -10 L-7 -2 L0 -14 L7 -2 L15 -10 L13 8 Z"}),
        svg("circle", {"cx": 0, "cy": 1, "r": 3, "class": "jewel"}),
    )


def prince_svg(seat: int, dx: float = 0) -> Element:
    return svg(
        "g",
        {"class": "pawn prince " + SEAT_CLASS[seat], "transform": f"translate({dx},-4)"},
        svg("path", {"d": "M-10 -12 H10 V0 Q10 9 0 13 Q-10 9 -10 0 Z"}),
        svg("path", {"d": "M0 -8 V8 M-5 -3 H5", "class": "mark"}),
    )


def city_svg(seat: int) -> Element:
    return svg(
        "g",
        {"class": "built city " + SEAT_CLASS[seat], "transform": "translate(0,20)"},
        svg("path", {"d": "M-16 8 V-6 H-12 V-2 H-6 V-8 H-2 V-4 H2 V-8 H6 V-2 H12 V-6 H16 V8 Z"}),
    )


def field_svg(seat: int) -> Element:
    return svg(
        "g",
        {"class": "built field " + SEAT_CLASS[seat], "transform": "translate(0,22)"},
        svg("rect", {"x": -15, "y": -6, "width": 30, "height": 12, "rx": 2}),
        svg("path", {"d": "M-10 -6 V6 M-3 -6 V6 M4 -6 V6 M11 -6 V6", "class": "furrow"}),
    )


def focus_ring() -> Element:
    """The keyboard's focus, over all else on the hex's rim: blue dashes on white, apart
    from the state's ring inside it (a selected pawn's is solid blue), so a hex can show
    both. Only shown while the hex has focus (style.css)."""
    rim = corners(0, 0, SIZE - 1)
    return svg(
        "g",
        {"class": "focus-ring", "aria-hidden": "true"},
        svg("polygon", {"points": rim, "class": "under"}),
        svg("polygon", {"points": rim, "class": "dashes"}),
    )


def hint_drawing(advice: base.Advice) -> Element:
    """Where the hint's move goes: a ring of dashes inside the hex and a star at its foot
    (`base.star_of`)."""
    symbol, style = base.star_of(advice)
    return svg(
        "g",
        {"class": "hint-mark", "aria-hidden": "true"},
        svg("polygon", {"points": corners(0, 0, SIZE - 13), "class": "hint-ring"}),
        svg("text", {"x": 0, "y": SIZE - 15, "class": style}, symbol),
    )
