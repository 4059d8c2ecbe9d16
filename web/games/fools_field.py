"""The Fool's Field board: the 3×3 Field, hands, deck and controls, from one seat's view.

Everything drawn comes from `view` (the engine already gives the Field in the
viewer's frame: cell 0-8 row by row from the viewer's far left, `sides` as the
viewer sees them). Actions are the engine's strings: ``CARD@CELL``, ``retreat``,
``discard:CARD``.
"""

from __future__ import annotations

from web import dom
from web.dom import h, svg
from web.i18n import t

SYMBOL_GLYPHS = {"X": "#g-sword", "S": "#g-shield", "F": "#g-flower"}
SYMBOL_KEYS = {"X": "ff.sword", "S": "ff.shield", "F": "ff.flower"}
# Where each side's symbol sits on a 100×100 card: top, right, bottom, left.
SIDE_SPOTS = ((37, 6), (68, 37), (37, 68), (6, 37))
GLYPH_SIZE = 26
RETREAT = "retreat"
DISCARD = "discard:"


class Board:
    def __init__(self, shell):
        self.shell = shell
        self.selected: str | None = None
        self.view: dict | None = None

    # ----- what the shell asks -----

    def cancel(self) -> None:
        self.selected = None

    def prompt(self, view: dict) -> str:
        actions = view["actions"]
        if view["phase"] == "discard":
            return t("ff.prompt.discard", count=len(view["hand"]) - view["hand_limit"])
        if self.selected:
            return t("ff.prompt.place")
        if view["first_turn"]:
            return t("ff.prompt.first")
        if actions == [RETREAT]:
            if not view["hand"]:
                return t("ff.prompt.empty_hand")
            return t("ff.prompt.forced")
        return t("ff.prompt.choose")

    def game_number(self, view: dict) -> int:
        return view["match"]["game"]

    def match_summary(self, view: dict) -> str | None:
        match = view["match"]
        if match["best_of"] == 1:
            return None
        names = self.shell.names
        scores = " – ".join(
            f"{name} {points(score)}" for name, score in zip(names, match["scores"], strict=True)
        )
        return t("ff.match", game=match["game"], scores=scores)

    def log_legend(self) -> str:
        return t("ff.legend")

    def rematch_options(self, view: dict, options: dict) -> dict:
        """The loser starts the next game; after a draw the previous start player does."""
        outcome = view["outcome"] or []
        starts = [entry["start"] for entry in view["log"] if entry["kind"] == "new_game"]
        if 0.0 in outcome and 1.0 in outcome:
            options["start"] = "AB"[outcome.index(0.0)]
        elif starts:
            options["start"] = "AB"[starts[-1]]
        return options

    # ----- drawing -----

    def render(self, view: dict):
        self.view = view
        me = view["seat"]
        my_turn = me is not None and me in view["to_act"] and bool(view["actions"])
        if self.selected not in view["hand"]:
            self.selected = None
        bottom = 0 if me is None else me
        return h(
            "div",
            {"class": "ff-board"},
            self.other_hand(view, 1 - bottom),
            self.table_info(view),
            self.field(view, my_turn),
            self.own_hand(view, bottom, my_turn),
            self.controls(view, my_turn),
        )

    def other_hand(self, view: dict, seat: int):
        count = view["hand_sizes"][seat]
        label = t("ff.hand_of", name=self.shell.names[seat], count=count)
        backs = [card_back() for _ in range(count)]
        return h(
            "div",
            {"class": "ff-other-hand", "role": "img", "aria-label": label},
            h("div", {"class": "backs", "aria-hidden": "true"}, backs),
            h("p", {"class": "muted", "aria-hidden": "true"}, label),
        )

    def table_info(self, view: dict):
        names = self.shell.names
        discards = ", ".join(
            f"{name} {count}" for name, count in zip(names, view["discard_counts"], strict=True)
        )
        items = [
            t("ff.deck", count=view["deck"]),
            t("ff.discards", counts=discards),
            t("ff.battle_start", name=names[view["battle_start"]]),
        ]
        if view["tie_battle"]:
            items.append(t("ff.tie_battle"))
        if view["last_chance"]:
            items.append(t("ff.last_chance"))
        return h("ul", {"class": "ff-info"}, [h("li", {}, item) for item in items])

    def field(self, view: dict, my_turn: bool):
        placed = {entry["cell"]: entry for entry in view["field"]}
        legal = self.legal_cells(view) if my_turn else set()
        focus_cell = min(legal) if legal else 4
        cells = [
            self.cell(index, placed.get(index), index in legal, index == focus_cell)
            for index in range(9)
        ]
        return h(
            "div",
            {"class": "ff-field", "role": "group", "aria-label": t("ff.field")},
            cells,
        )

    def cell(self, index: int, entry: dict | None, legal: bool, tab_stop: bool):
        row, col = divmod(index, 3)
        where = t("ff.cell", row=row + 1, col=col + 1)
        attrs = {
            "type": "button",
            "class": "ff-cell",
            "data-nav": "field",
            "data-index": index,
            "data-focus": f"cell:{index}",
            "tabindex": "0" if tab_stop else "-1",
        }
        if entry is not None:
            owner = self.owner_words(entry["owner"])
            label = f"{where}: {owner}, {card_words(entry['sides'])}"
            mine = "own" if entry["owner"] == self.bottom_seat() else "other"
            attrs |= {"aria-label": label, "aria-disabled": "true", "class": f"ff-cell {mine}"}
            return h("button", attrs, card_svg(entry["sides"], mine))
        if legal:
            attrs |= {
                "aria-label": f"{where}: {t('ff.place_here')}",
                "class": "ff-cell legal",
                "data-act": "place",
            }
            return h("button", attrs, h("span", {"class": "plus", "aria-hidden": "true"}, "+"))
        attrs |= {"aria-label": f"{where}: {t('ff.empty')}", "aria-disabled": "true"}
        return h("button", attrs)

    def own_hand(self, view: dict, seat: int, my_turn: bool):
        if view["seat"] is None:
            return self.other_hand(view, seat)
        discarding = view["phase"] == "discard"
        playable = self.playable_cards(view) if my_turn else set()
        cards = view["hand"]
        tab_card = self.selected or (cards[0] if cards else None)
        buttons = []
        for card in cards:
            usable = my_turn and (discarding or card in playable)
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "ff-card" + (" selected" if card == self.selected else ""),
                        "data-act": "pick",
                        "data-card": card,
                        "data-nav": "hand",
                        "data-focus": f"hand:{card}",
                        "tabindex": "0" if card == tab_card else "-1",
                        "aria-pressed": "true" if card == self.selected else "false",
                        "aria-disabled": "false" if usable else "true",
                        "aria-label": t("ff.card", sides=card_words(card)),
                    },
                    card_svg(card, "own"),
                )
            )
        title = t("ff.your_hand", count=len(cards))
        return h(
            "div",
            {"class": "ff-hand", "role": "group", "aria-label": title},
            h("p", {"class": "muted", "aria-hidden": "true"}, title),
            h("div", {"class": "cards"}, buttons) if cards else h("p", {}, t("ff.hand_empty")),
        )

    def controls(self, view: dict, my_turn: bool):
        if not my_turn:
            return None
        actions = view["actions"]
        if view["phase"] == "discard":
            return h(
                "div",
                {"class": "row ff-controls"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-act": "discard",
                        "data-focus": "discard",
                        "aria-disabled": "false" if self.selected else "true",
                    },
                    t("ff.discard_selected"),
                ),
            )
        return h(
            "div",
            {"class": "row ff-controls"},
            self.selected
            and h(
                "button",
                {"type": "button", "class": "secondary", "data-act": "unpick"},
                t("common.cancel"),
            ),
            RETREAT in actions
            and h(
                "button",
                {
                    "type": "button",
                    "class": "warning",
                    "data-act": "retreat",
                    "data-focus": "retreat",
                },
                t("ff.retreat"),
            ),
        )

    # ----- reading the view -----

    def bottom_seat(self) -> int:
        seat = self.view["seat"]
        return 0 if seat is None else seat

    def owner_words(self, owner: int) -> str:
        viewer = self.view["seat"]
        if owner == viewer:
            return t("ff.own_card")
        if viewer is None:
            return t("ff.card_of", name=self.shell.names[owner])
        return t("ff.opponent_card")

    def legal_cells(self, view: dict) -> set[int]:
        if not self.selected:
            return set()
        prefix = self.selected + "@"
        return {int(a[len(prefix) :]) for a in view["actions"] if a.startswith(prefix)}

    @staticmethod
    def playable_cards(view: dict) -> set[str]:
        return {a.split("@")[0] for a in view["actions"] if "@" in a}

    # ----- input -----

    def on_act(self, name: str, element) -> bool:
        handler = {
            "pick": self.pick,
            "unpick": lambda el: self.unpick(),
            "place": self.place,
            "retreat": self.retreat,
            "discard": self.discard,
        }.get(name)
        if handler is None:
            return False
        handler(element)
        return True

    def pick(self, element) -> None:
        card = str(element.dataset.card)
        self.selected = None if self.selected == card else card
        self.shell.rerender()
        if self.selected and self.view["phase"] != "discard":
            self.shell.announce(self.prompt(self.view))
            self.focus("[data-act='place']")

    def unpick(self) -> None:
        card = self.selected
        self.selected = None
        self.shell.rerender()
        if card:
            self.focus(f"[data-focus='hand:{card}']")

    def place(self, element) -> None:
        if self.selected:
            action = f"{self.selected}@{element.dataset.index}"
            self.selected = None
            self.shell.play(action)
            self.focus_start()

    def retreat(self, element) -> None:
        voluntary = any("@" in action for action in self.view["actions"])
        if not voluntary:
            self.shell.play(RETREAT)
            return

        async def ask():
            if await self.shell.confirm(t("ff.retreat_confirm"), t("ff.retreat")):
                self.shell.play(RETREAT)

        self.shell.run(ask())

    def discard(self, element) -> None:
        if self.selected:
            card, self.selected = self.selected, None
            self.shell.play(DISCARD + card)
            self.focus_start()

    def on_key(self, event) -> bool:
        key = str(event.key)
        if key == "Escape" and self.selected:
            self.unpick()
            return True
        target = dom.closest(event.target, "[data-nav]")
        if target is None or key not in ARROWS:
            return False
        group = str(target.dataset.nav)
        items = list(self.shell.screen.querySelectorAll(f"[data-nav='{group}']"))
        index = next(i for i, item in enumerate(items) if item == target)
        step = ARROWS[key]
        if group == "field":
            row, col = divmod(index, 3)
            row, col = (row + step[1]) % 3, (col + step[0]) % 3
            index = row * 3 + col
        else:
            index = (index + step[0] + step[1]) % len(items)
        dom.move_roving_focus(items, index)
        return True

    def focus_start(self) -> None:
        self.focus("[data-nav='hand'][tabindex='0']")

    def focus(self, selector: str) -> None:
        dom.focus(selector, self.shell.screen)


ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


def card_words(sides: str) -> str:
    """A card's sides in words, e.g. "top Sword, right Shield, bottom Shield, left Flower"."""
    return t(
        "ff.sides",
        **{
            side: t(SYMBOL_KEYS[symbol])
            for side, symbol in zip(("top", "right", "bottom", "left"), sides, strict=True)
        },
    )


_drawn: dict[tuple[str, str], object] = {}


def card_svg(sides: str, owner: str):
    """A face-up card as seen by the viewer: a glyph per side, a corner mark per owner.

    Each look is built once and cloned after: one call into the DOM instead of dozens.
    """
    key = (sides, owner)
    if key not in _drawn:
        _drawn[key] = _build_card_svg(sides, owner)
    return _drawn[key].cloneNode(True)


def _build_card_svg(sides: str, owner: str):
    glyphs = [
        svg(
            "use",
            {
                "href": SYMBOL_GLYPHS[symbol],
                "x": x,
                "y": y,
                "width": GLYPH_SIZE,
                "height": GLYPH_SIZE,
                "class": "glyph",
            },
        )
        for symbol, (x, y) in zip(sides, SIDE_SPOTS, strict=True)
    ]
    return svg(
        "svg",
        {
            "viewBox": "0 0 100 100",
            "class": f"card-svg {owner}",
            "aria-hidden": "true",
            "focusable": "false",
        },
        svg("rect", {"x": 2, "y": 2, "width": 96, "height": 96, "rx": 9, "class": "face"}),
        svg(
            "use",
            {
                "href": "#g-mark-own" if owner == "own" else "#g-mark-other",
                "width": 100,
                "height": 100,
            },
        ),
        glyphs,
    )


def card_back():
    if "back" not in _drawn:
        _drawn["back"] = _build_card_back()
    return _drawn["back"].cloneNode(True)


def _build_card_back():
    return svg(
        "svg",
        {
            "viewBox": "0 0 70 100",
            "class": "card-back",
            "aria-hidden": "true",
            "focusable": "false",
        },
        svg("use", {"href": "#g-back", "width": 70, "height": 100}),
    )


def points(score: float) -> str:
    whole, half = int(score), score % 1 >= 0.5
    if half:
        return "½" if whole == 0 else f"{whole}½"
    return str(whole)
