"""The Fool's Field board: the 3×3 Field, hands, deck and controls, from one seat's view.

Everything drawn comes from `view` (the engine already gives the Field in the
viewer's frame: cell 0-8 row by row from the viewer's far left, `sides` as the
viewer sees them). What the player may do comes from ``view["choices"]``, one
pick at a time (`pygames.choices`): a ``card`` then a ``cell`` to deploy, the
``action`` ``retreat``, or in the discard step a ``card`` alone. The board keeps
the picks made so far and never parses an action string.
"""

from __future__ import annotations

from pygames.choices import action_for, next_picks
from pygames.fools_field.views import FieldCard, FoolsFieldView
from pygames.views import Choices
from web.dom import Element, h, svg
from web.games import base
from web.i18n import listed, plural, t

SYMBOL_GLYPHS = {"X": "#g-sword", "S": "#g-shield", "F": "#g-flower"}
SYMBOL_KEYS = {"X": "ff.sword", "S": "ff.shield", "F": "ff.flower"}
# Where each side's symbol sits on a 100×100 card: top, right, bottom, left.
SIDE_SPOTS = ((37, 6), (68, 37), (37, 68), (6, 37))
GLYPH_SIZE = 26
CARD, CELL, ACTION = "card", "cell", "action"  # the kinds of pick
RETREAT_PICK = (ACTION, "retreat")
# The engine's prompt keys and the strings that word them.
PROMPTS = {
    "ff.choose": "ff.prompt.choose",
    "ff.first": "ff.prompt.first",
    "ff.forced": "ff.prompt.forced",
    "ff.empty_hand": "ff.prompt.empty_hand",
    "ff.discard": "ff.prompt.discard",
}
DISCARD_PROMPT = "ff.discard"
# A rival's hand is drawn as one row of at most this many backs, whatever it holds (its
# words give the count): a second row would move the Field down as the hand grows.
MAX_BACKS_DRAWN = 12
KNOWN_CARD_STYLE = "display:inline-block;width:32px;height:32px;margin:0 2px;vertical-align:middle"


class Board(base.Board[FoolsFieldView]):
    PROMPTS = PROMPTS
    START_NAV = "hand"
    GRID = {"field": 3}

    @property
    def selected(self) -> str | None:
        """The card picked, if any."""
        return self.first_pick if self.chosen and self.chosen[0][0] == CARD else None

    # ----- what the shell asks -----

    def focus_start(self) -> None:
        """The hand, or Retreat when no card of it can be placed (a forced Retreat)."""
        picks = self.next_picks() if self.view and self.view["choices"] else {}
        if ACTION in picks and CARD not in picks:
            self.focus("[data-act='retreat']")
        else:
            super().focus_start()

    def prompt_words(self, choices: Choices) -> str:
        if self.chosen and CELL in next_picks(choices, self.chosen):
            return t("ff.prompt.place")
        return super().prompt_words(choices)

    def game_number(self, view: FoolsFieldView) -> int:
        return view["match"]["game"]

    def match_summary(self, view: FoolsFieldView) -> str | None:
        match = view["match"]
        if match["best_of"] == 1:
            return None
        scores = t("ff.match_sep").join(
            f"{name} {points(score)}"
            for name, score in zip(self.shell.names, match["scores"], strict=True)
        )
        return t("ff.match", game=match["game"], scores=scores)

    def resign_question(self, view: FoolsFieldView) -> str | None:
        return t("ff.resign_match_confirm") if view["match"]["best_of"] > 1 else None

    def tie_start(self, view: FoolsFieldView) -> str | None:
        """After a draw the previous start player starts again."""
        starts = [entry["start"] for entry in view["log"] if entry["kind"] == "new_game"]
        last = starts[-1] if starts else None
        return base.SEAT_LETTERS[last] if isinstance(last, int) else None

    def log_item(self, part: dict[str, str]) -> Element:
        """A card in the log: drawn as a small picture, named for screen readers."""
        if part["item"] != "card":
            return super().log_item(part)
        card = part["value"]
        return h(
            "span",
            {
                "class": "log-card",
                "role": "img",
                "aria-label": t("ff.card", sides=card_words(card)),
                "data-card-item": card,
            },
            card_svg(card, "plain"),
        )

    # ----- drawing -----

    def draw(self, view: FoolsFieldView) -> Element:
        my_turn = view["choices"] is not None
        top = self.top_seat(view)
        # Above the Field only what keeps its height (the rival's backs, one row), so that
        # the Field and the hand below it stay where a finger expects them; what comes
        # and goes (a battle's news, the cards known in the rival's hand) comes after.
        return h(
            "div",
            {"class": "ff-board"},
            self.other_hand(view, top),
            self.field(view, my_turn),
            self.own_hand(view, self.bottom_seat(view), my_turn),
            self.controls(view, my_turn),
            self.table_info(view),
            self.known_held(view, top) if "open_hands" not in view else None,
        )

    def other_hand(self, view: FoolsFieldView, seat: int) -> Element:
        count = view["hand_sizes"][seat]
        label = plural("ff.hand_of", count, name=self.shell.names[seat], count=count)
        backs = [card_back() for _ in range(min(count, MAX_BACKS_DRAWN))]
        return h(
            "div",
            {"class": "ff-other-hand", "data-seat": seat},
            h(
                "div",
                {"role": "img", "aria-label": label},
                h("div", {"class": "backs", "aria-hidden": "true"}, backs),
                h("p", {"class": "muted", "aria-hidden": "true"}, label),
            ),
            self.open_cards(view, seat),
        )

    def open_cards(self, view: FoolsFieldView, seat: int) -> list[Element] | None:
        """A replay seen from everywhere: this seat's hand and face-down discards, face up."""
        if "open_hands" not in view:
            return None
        name = self.shell.names[seat]
        rows = []
        for key, cards in (
            ("ff.open_hand", view["open_hands"][seat]),
            ("ff.open_discards", view["open_discards"][seat]),
        ):
            if not cards:
                continue
            title = t(key, name=name)
            words = t("ff.list_sep").join(t("ff.card", sides=card_words(c)) for c in cards)
            rows.append(
                h(
                    "p",
                    {
                        "class": "muted ff-known ff-open",
                        "role": "img",
                        "aria-label": f"{title} {words}",
                    },
                    h("span", {"aria-hidden": "true"}, title + " "),
                    [
                        h(
                            "span",
                            {"style": KNOWN_CARD_STYLE, "data-open": c, "title": card_words(c)},
                            card_svg(c, "other"),
                        )
                        for c in cards
                    ],
                )
            )
        return rows

    def known_held(self, view: FoolsFieldView, seat: int) -> Element | None:
        """The cards this seat took back in a Retreat and has not placed since (public)."""
        cards = view["known_held"][seat]
        if not cards:
            return None
        name = self.shell.names[seat]
        if view["discard_counts"][seat]:  # they may have discarded some of them since
            title = t("ff.known_held", name=name)
        else:
            title = t("ff.known_in_hand", name=name)
        words = t("ff.list_sep").join(t("ff.card", sides=card_words(c)) for c in cards)
        return h(
            "p",
            {"class": "muted ff-known", "role": "img", "aria-label": f"{title} {words}"},
            h("span", {"aria-hidden": "true"}, title + " "),
            [
                h(
                    "span",
                    {"style": KNOWN_CARD_STYLE, "data-known": c, "title": card_words(c)},
                    card_svg(c, "other"),
                )
                for c in cards
            ],
        )

    def table_info(self, view: FoolsFieldView) -> Element:
        names = self.shell.names
        discards = listed(
            [f"{name} {count}" for name, count in zip(names, view["discard_counts"], strict=True)]
        )
        items = [
            plural("ff.deck", view["deck"], count=view["deck"]),
            t("ff.discards", counts=discards),
            t("ff.battle_start", name=names[view["battle_start"]]),
        ]
        if view["tie_battle"]:
            items.append(t("ff.tie_battle"))
        if view["last_chance"]:
            items.append(t("ff.last_chance"))
        return h("ul", {"class": "ff-info"}, [h("li", {}, item) for item in items])

    def field(self, view: FoolsFieldView, my_turn: bool) -> Element:
        placed = {entry["cell"]: entry for entry in view["field"]}
        legal = self.legal_cells(view)
        focus_cell = min(legal) if legal else 4
        cells = [
            self.with_marks(
                self.cell(index, placed.get(index), index in legal, index == focus_cell),
                ("cell", str(index)),
            )
            for index in range(9)
        ]
        return h(
            "div",
            {"class": "ff-field", "role": "group", "aria-label": t("ff.field")},
            cells,
        )

    def cell(self, index: int, entry: FieldCard | None, legal: bool, tab_stop: bool) -> Element:
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
            label = f"{where}: " + listed([owner, card_words(entry["sides"])])
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

    def own_hand(self, view: FoolsFieldView, seat: int, my_turn: bool) -> Element:
        if view["seat"] is None:
            return self.other_hand(view, seat)
        playable = self.playable_cards(view)
        cards = view["hand"]
        tab_card = self.selected or (cards[0] if cards else None)
        buttons = []
        for card in cards:
            usable = card in playable
            card_button = h(
                "button",
                {
                    "type": "button",
                    "class": "ff-card" + (" selected" if card == self.selected else ""),
                    "data-act": "pick",
                    "data-card": card,
                    "data-nav": "hand",
                    "data-focus": f"{CARD}:{card}",
                    "tabindex": "0" if card == tab_card else "-1",
                    "aria-pressed": "true" if card == self.selected else "false",
                    "aria-disabled": "false" if usable else "true",
                    "aria-label": t("ff.card", sides=card_words(card)),
                },
                card_svg(card, "own"),
            )
            buttons.append(self.with_marks(card_button, (CARD, card)))
        title = self.seat_words(seat, "ff.your_hand", "ff.hand_of", count=len(cards))
        return h(
            "div",
            {"class": "ff-hand", "role": "group", "aria-label": title},
            h("p", {"class": "muted", "aria-hidden": "true"}, title),
            h("div", {"class": "cards"}, buttons) if cards else h("p", {}, t("ff.hand_empty")),
        )

    def controls(self, view: FoolsFieldView, my_turn: bool) -> Element | None:
        if not my_turn:
            return None
        if self.discarding(view):
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
                        "aria-disabled": "false" if self.chosen_action(view) else "true",
                    },
                    t("ff.discard_selected"),
                ),
            )
        return h(
            "div",
            {"class": "row ff-controls"},
            self.retreat_action(view)
            and self.with_marks(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "warning",
                        "data-act": "retreat",
                        "data-focus": "retreat",
                    },
                    t("ff.retreat"),
                ),
                RETREAT_PICK,
            ),
        )

    # ----- reading the view -----

    def owner_words(self, owner: int) -> str:
        if self.you(owner):
            return t("ff.own_card")
        if self.shell.reader is None:  # nobody is "you", so nobody is "the opponent"
            return t("ff.card_of", name=self.shell.names[owner])
        return t("ff.opponent_card")

    def legal_cells(self, view: FoolsFieldView) -> set[int]:
        """The cells the picked card may go to (none before a card is picked)."""
        if not self.selected:
            return set()
        return {int(cell) for cell in self.next_picks().get(CELL, [])}

    @staticmethod
    def playable_cards(view: FoolsFieldView) -> set[str]:
        """The cards that begin some legal action (to deploy, or to discard)."""
        return set(next_picks(view["choices"], []).get(CARD, []))

    @staticmethod
    def discarding(view: FoolsFieldView) -> bool:
        choices = view["choices"]
        return choices is not None and choices["prompt"]["key"] == DISCARD_PROMPT

    @staticmethod
    def retreat_action(view: FoolsFieldView) -> str | None:
        return action_for(view["choices"], [RETREAT_PICK])

    def chosen_action(self, view: FoolsFieldView) -> str | None:
        """The action the picks made so far complete (a discard), if any."""
        return self.action() if self.chosen else None

    # ----- input -----

    def on_act(self, name: str, element) -> bool:
        handler = {
            "pick": self.pick,
            "place": self.place,
            "retreat": self.retreat,
            "discard": self.discard,
        }.get(name)
        if handler is None:
            return False
        handler(element)
        return True

    def pick(self, element) -> None:
        if self.toggle((CARD, str(element.dataset.card))) and CELL in self.next_picks():
            self.shell.announce(self.prompt(self.view))
            self.focus("[data-act='place']")

    def place(self, element) -> None:
        self.finish((CELL, str(element.dataset.index)))

    def retreat(self, element) -> None:
        action = self.retreat_action(self.view)
        if action is None:
            return
        # A Retreat is voluntary when a card could be placed instead: ask first.
        if not self.playable_cards(self.view):
            self.shell.play(action)
            return

        async def ask():
            if await self.shell.confirm(t("ff.retreat_confirm"), t("ff.retreat")):
                self.shell.play(action)

        self.shell.run(ask())

    def discard(self, element) -> None:
        if self.chosen:
            self.finish()


def card_words(sides: str) -> str:
    """A card's sides in words, e.g. "top Sword, right Shield, bottom Shield, left Flower"."""
    return t(
        "ff.sides",
        **{
            side: t(SYMBOL_KEYS[symbol])
            for side, symbol in zip(("top", "right", "bottom", "left"), sides, strict=True)
        },
    )


_drawn: dict[object, Element] = {}


def card_svg(sides: str, owner: str) -> Element:
    """A face-up card as seen by the viewer: a glyph per side, a corner mark per owner
    ("own", "other"; "plain" for none).

    Each look is described once: a `Node` is never changed, so one serves every place.
    """
    key = (sides, owner)
    if key not in _drawn:
        _drawn[key] = _build_card_svg(sides, owner)
    return _drawn[key]


MARKS = {"own": "#g-mark-own", "other": "#g-mark-other"}  # "plain": a card of no one's


def _build_card_svg(sides: str, owner: str) -> Element:
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
        owner in MARKS and svg("use", {"href": MARKS[owner], "width": 100, "height": 100}),
        glyphs,
    )


def card_back() -> Element:
    if "back" not in _drawn:
        _drawn["back"] = _build_card_back()
    return _drawn["back"]


def _build_card_back() -> Element:
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
