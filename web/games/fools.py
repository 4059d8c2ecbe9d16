"""The Fools! board: up to four armies around the table, from one seat's view.

Everything drawn comes from `view`: each army's three face-down slots marked with
what the viewer knows of them ("you placed a Knight here", "you saw: Sprite"),
the Standard Bearer slot (face down and "ready" while a choice is pending, then
revealed), the victory point piles, the viewer's hand, the deck and discard
counts, the first player, the phase and who still owes a choice, and the last
battle's reveal. What the player may do comes from ``view["choices"]`` one pick
at a time (`pygames.choices`): a ``card`` from the hand, then a ``slot`` of an
army (deploy, own replacement); a ``slot`` alone (Soothsayer, Spy, Enchantress,
Fool, a victory point from the army); a ``bearer`` (a victory point from another
Standard Bearer); or the ``action`` ``none``. The board never parses an action.
"""

from __future__ import annotations

import functools

from pygames.choices import action_for, next_picks
from pygames.fools.cards import FOOL, HONOURABLE, KIND, POWER, SPECIAL
from pygames.fools.views import ArmySlot, FoolsView
from pygames.views import Choices
from web.dom import Element, Live, h
from web.games import base
from web.host import BoardHost
from web.i18n import lang, listed, t
from web.seats import SEAT_MARKS

CARD, SLOT, BEARER, ACTION = "card", "slot", "bearer", "action"
NONE_PICK = (ACTION, "none")
KIND_SYMBOLS = {FOOL: "☺", "fairy": "❀", HONOURABLE: "♛", SPECIAL: "✦"}
PROMPTS = {
    "fools.bearer": "fools.prompt.bearer",
    "fools.fool": "fools.prompt.fool",
    "fools.look": "fools.prompt.look",
    "fools.spy": "fools.prompt.spy",
    "fools.enchant": "fools.prompt.enchant",
    "fools.deploy": "fools.prompt.deploy",
    "fools.own": "fools.prompt.own",
    "fools.take_bearer": "fools.prompt.take_bearer",
    "fools.take_army": "fools.prompt.take_army",
}
NONE_LABELS = {
    "fools.bearer": "fools.no_bearer",
    "fools.enchant": "fools.no_enchant",
    "fools.own": "fools.keep_army",
}


def card_name(card: str) -> str:
    return t("fools.card." + card)


def card_words(card: str) -> str:
    """A card for screen readers: "Knight, power 7, fairy"."""
    return t(
        "fools.card_words",
        name=card_name(card),
        power=POWER[card],
        kind=t("fools.kind." + KIND[card]),
    )


def card_face(card: str, size: str = "", spoken: bool = False) -> Element:
    """A face-up card: the power large, the name, and a symbol for its kind (never colour
    alone). `spoken`: its words are the accessible text (inside a button); else it is
    decoration beside a label that says it."""
    return _card_face(card, size, spoken, lang())


# A card's face and back are drawn once per language and shared by every redraw (a
# 4-seat table draws about fifteen a move; elements to make are never changed once made).
@functools.cache
def _card_face(card: str, size: str, spoken: bool, language: str) -> Element:
    kind = KIND[card]
    return h(
        "span",
        {
            "class": f"fcard kind-{kind} {size}".strip(),
            "data-card": card,
            "aria-hidden": None if spoken else "true",
        },
        h("span", {"class": "power"}, str(POWER[card])),
        h("span", {"class": "kind", "aria-hidden": "true"}, KIND_SYMBOLS[kind]),
        h("span", {"class": "name"}, card_name(card)),
        spoken and h("span", {"class": "visually-hidden"}, ", " + t("fools.kind." + kind)),
    )


@functools.lru_cache(maxsize=64)
def card_back(note: str | None = None) -> Element:
    return h(
        "span",
        {"class": "fcard back", "aria-hidden": "true"},
        h("span", {"class": "back-mark"}, "✧"),
        note and h("span", {"class": "note"}, note),
    )


class Board(base.Board[FoolsView]):
    PROMPTS = PROMPTS
    START_NAV = "hand"

    def __init__(self, shell: BoardHost):
        super().__init__(shell)
        self.animated_round = 0  # the last battle whose reveal has been played

    # ----- what the shell asks -----

    def prompt_words(self, choices: Choices) -> str:
        prompt = dict(choices["prompt"])
        key = str(prompt.pop("key"))
        names = self.shell.names
        params = {"name": names[int(prompt["target"])]} if "target" in prompt else {}
        if self.chosen and self.chosen[0][0] == CARD:
            card = card_name(self.chosen[0][1])
            if key == "fools.bearer":
                return t("fools.prompt.bearer_card", card=card)
            return t(f"{PROMPTS[key]}_slot", card=card, **params)
        return t(PROMPTS.get(key, "prompt." + key), **params)

    def rematch_options(self, view: FoolsView, options: dict[str, str]) -> dict[str, str]:
        return options  # the first player is drawn at random each game

    def log_item(self, part: dict[str, str]) -> Element:
        if part["item"] != "card":
            return super().log_item(part)
        card = part["value"]
        return h(
            "span",
            {"class": "log-card", "role": "img", "aria-label": card_words(card)},
            card_face(card, "mini"),
        )

    def focus_start(self) -> None:
        """Where a turn begins: the hand, or the first slot to pick when no card is asked."""
        picks = self.next_picks() if self.view and self.view["choices"] else {}
        if CARD in picks:
            self.focus("[data-nav='hand'][tabindex='0']")
        elif SLOT in picks or BEARER in picks:
            self.focus("[data-nav='slots'][tabindex='0']")
        elif picks:
            self.focus("[data-act='none']")
        else:  # others are choosing: the focus stays on the board, at my hand, till my turn
            hand = "[data-nav='hand'][tabindex='0']"
            self.focus(hand if self.query(hand) is not None else "[data-nav='slots'][tabindex='0']")

    # ----- drawing -----

    def draw(self, view: FoolsView) -> Element:
        self.legal = self.legal_targets()
        self.tab_given = False
        return h(
            "div",
            {"class": "fools-board", "data-phase": view["phase"]},
            self.around_table(view, self.seat_panel, self.centre(view)),
            self.dock(view),
            self.report(view),
        )

    def dock(self, view: FoolsView) -> Element | None:
        """Your hand and the buttons of the choice, right under the table. While you owe a
        choice the dock stays at the bottom of the screen (style.css), so the instruction
        (sticky at the top), your hand and the army you pick in share one screen at any
        number of seats, whatever the battle report below takes."""
        hand, controls = self.own_hand(view), self.controls(view)
        if hand is None and controls is None:
            return None
        acting = " acting" if view["choices"] else ""
        return h("div", {"class": "fools-dock" + acting}, hand, controls)

    def legal_targets(self) -> dict[str, set[str]]:
        """The slots and Standard Bearers the next pick may take."""
        if not self.view or not self.view["choices"]:
            return {}
        picks = self.next_picks()
        return {kind: set(values) for kind, values in picks.items()}

    def seat_panel(self, seat: int) -> Element:
        view = self.view
        names = self.shell.names
        me = view["seat"]
        playing = seat in view["in_play"]
        badges = []
        if seat == view["first"]:
            badges.append(h("span", {"class": "badge first"}, "★ " + t("fools.first")))
        if not playing:
            badges.append(h("span", {"class": "badge"}, t("fools.left")))
        if view["phase"] == "bearer" and playing:
            ready = view["chosen"][seat] if view["chosen"] else False
            badges.append(
                h(
                    "span",
                    {"class": "badge " + ("ready" if ready else "owes")},
                    t("fools.ready") if ready else t("fools.choosing"),
                )
            )
        step = view["step"]
        if step and step["seat"] == seat:
            badges.append(h("span", {"class": "badge owes"}, t("fools.acting")))
        title = t("fools.your_army") if self.you(seat) else names[seat]
        return h(
            "section",
            {
                "class": "fools-seat" + (" mine" if seat == me else ""),
                "aria-label": self.seat_words(seat, "fools.your_army", "fools.seat_label"),
                "data-seat": seat,
            },
            h(
                "h3",
                {},
                h("span", {"class": "seat-mark", "aria-hidden": "true"}, SEAT_MARKS[seat] + " "),
                title,
            ),
            h("p", {"class": "badges"}, badges),
            h(
                "div",
                {"class": "army"},
                self.bearer_slot(seat),
                [self.army_slot(seat, slot) for slot in view["armies"][seat]],
            ),
            h(
                "p",
                {"class": "muted facts"},
                seat != me and t("fools.hand_count", count=view["hand_sizes"][seat]),
                " ",
                self.vp_pile(seat),
            ),
            seat != me and self.open_hand(seat),
        )

    def open_hand(self, seat: int) -> Element | None:
        """A replay seen from everywhere: this seat's hand face up."""
        cards = self.view.get("open_hands", [[]] * (seat + 1))[seat]
        if not cards:
            return None
        title = t("fools.open_hand", name=self.shell.names[seat])
        words = listed([card_words(card) for card in cards])
        return h(
            "p",
            {
                "class": "muted fools-open",
                "role": "img",
                "aria-label": f"{title} {words}",
                "data-open": str(seat),
            },
            h("span", {"aria-hidden": "true"}, title + " "),
            [card_face(card, "mini") for card in cards],
        )

    def vp_pile(self, seat: int) -> Element:
        cards = self.view["vp"][seat]
        target = self.view["target"]
        label = t("fools.vp", count=len(cards), target=target)
        return h(
            "span",
            {"class": "vp", "role": "img", "aria-label": label, "data-vp": len(cards)},
            h(
                "span",
                {"class": "pile", "aria-hidden": "true"},
                [h("span", {"class": "pile-card"}) for _ in cards[:5]],
            ),
            h("span", {"aria-hidden": "true"}, label),
        )

    def army_slot(self, owner: int, slot: ArmySlot) -> Element:
        name = slot["slot"]
        where = self.seat_words(owner, "fools.your_slot", "fools.slot_label", number=name[1])
        card = slot["card"]
        know = slot["know"]
        if slot["empty"]:
            body, words = (
                h("span", {"class": "fcard empty", "aria-hidden": "true"}),
                t("fools.empty"),
            )
        elif card is not None and know == "shown":  # face up for everyone: no note needed
            body, words = card_face(card), t("fools.know.shown", card=card_words(card))
        elif card is not None:
            note = self.known_note(know, card)
            body = h(
                "span", {"class": "known"}, card_face(card), h("span", {"class": "note"}, note)
            )
            words = note + ". " + card_words(card)
        else:
            replaced = t("fools.know.replaced") if know == "replaced" else None
            body = card_back(replaced)
            words = t("fools.face_down") + (". " + replaced if replaced else "")
        legal = name in self.legal.get(SLOT, set())
        attrs = {"class": "slot" + (" legal" if legal else ""), "data-slot": name}
        if not legal:
            attrs |= {"role": "img", "aria-label": f"{where}: {words}"}
            return self.with_marks(h("div", attrs, body), (SLOT, name))
        spoken_body = self.spoken_slot(card, know, slot["empty"])
        return self.with_marks(self.pickable(attrs, SLOT, name, where, spoken_body), (SLOT, name))

    def spoken_slot(self, card: str | None, know: str | None, empty: bool) -> Element:
        """A slot inside a button: its visible words are its accessible name."""
        if empty:
            return h("span", {"class": "fcard empty"}, t("fools.empty"))
        if card is None:
            note = t("fools.know.replaced") if know == "replaced" else t("fools.face_down")
            return h(
                "span",
                {"class": "fcard back"},
                h("span", {"class": "back-mark", "aria-hidden": "true"}, "✧"),
                h("span", {"class": "note"}, note),
            )
        if know == "shown":
            return card_face(card, spoken=True)
        note = self.known_note(know, card)
        return h(
            "span",
            {"class": "known"},
            card_face(card),
            h("span", {"class": "note"}, note),
        )

    def known_note(self, know: str | None, card: str) -> str:
        """What the viewer knows of a face-down card it sees: how it knows it (a card it
        placed, said of its seat by name in a shared position), or (`know` None: a finished
        game seen from everywhere) only that the card lay face down."""
        seat = self.view["seat"]
        if know == "placed" and seat is not None:
            placed = ("fools.know.placed", "fools.know.placed_named")
            return self.seat_words(seat, *placed, card=card_name(card))
        return t(f"fools.know.{know or 'face_down'}", card=card_name(card))

    def bearer_slot(self, seat: int) -> Element:
        view = self.view
        me = view["seat"]
        letter = base.SEAT_LETTERS[seat]
        label = self.seat_words(seat, "fools.your_bearer", "fools.bearer_of")
        card = view["bearers"][seat]
        if view["phase"] == "bearer" and seat in view["in_play"]:
            secret = view["my_choice"] if seat == me else None
            if secret is not None and secret != "none":
                body = h(
                    "span",
                    {"class": "known"},
                    card_face(secret),
                    h("span", {"class": "note"}, t("fools.your_secret")),
                )
                words = t("fools.your_secret") + ". " + card_words(secret)
            elif view["chosen"] and view["chosen"][seat]:
                body, words = card_back(t("fools.ready")), t("fools.ready")
            else:
                body = h("span", {"class": "fcard empty", "aria-hidden": "true"}, "…")
                words = t("fools.choosing")
        elif card is not None:
            body, words = card_face(card), card_words(card)
        else:
            body = h("span", {"class": "fcard empty", "aria-hidden": "true"}, "—")
            words = t("fools.no_bearer_here")
        legal = letter in self.legal.get(BEARER, set())
        attrs = {"class": "slot bearer" + (" legal" if legal else ""), "data-bearer": letter}
        if not legal:
            attrs |= {"role": "img", "aria-label": f"{label}: {words}"}
            return self.with_marks(h("div", attrs, body), (BEARER, letter))
        spoken = card_face(card, spoken=True) if card else body
        return self.with_marks(
            self.pickable(attrs, BEARER, letter, label, spoken), (BEARER, letter)
        )

    def pickable(
        self,
        attrs: dict[str, str],
        act: str,
        value: str,
        where: str,
        spoken: Element,
    ) -> Element:
        """A legal slot as a button: its words are its name; the first one takes the Tab stop."""
        tab = "-1"
        if not self.tab_given:
            tab, self.tab_given = "0", True
        return h(
            "button",
            attrs
            | {
                "type": "button",
                "data-act": act,
                "data-nav": "slots",
                "data-focus": f"{act}:{value}",
                "tabindex": tab,
            },
            h("span", {"class": "visually-hidden"}, f"{where}: "),
            spoken,
        )

    def centre(self, view: FoolsView) -> Element:
        names = self.shell.names
        owes = [names[s] for s in view["to_act"]]
        step = view["step"]
        phase = "over" if view["over"] else step["kind"] if step else view["phase"]
        items = [
            t("fools.round", round=view["round"]),
            t("fools.first_is", name=names[view["first"]]),
            t("fools.phase." + phase),
            t("fools.deck", count=view["deck"]),
            t("fools.discard", count=view["discard"]),
        ]
        if owes and not view["over"]:
            from web.seats import join_names

            items.append(t("fools.owes", names=join_names(owes)))
        return h(
            "div",
            {"class": "fools-centre"},
            h("ul", {"class": "fools-info"}, [h("li", {}, item) for item in items]),
        )

    def report(self, view: FoolsView) -> Element | None:
        """The last battle: each army and its total, and who won, revealed one by one."""
        battle = view["last_battle"]
        if not battle:
            return None
        animate = battle["round"] != self.animated_round
        self.animated_round = battle["round"]
        names = self.shell.names
        rows = []
        order = [s for s in range(view["seats"]) if battle["totals"][s] is not None]
        for index, seat in enumerate(order):
            cards = [c for c in battle["armies"][seat] if c]
            bearer = battle["bearers"][seat]
            won = seat in battle["winners"]
            taken = battle["taken"][seat]
            rows.append(
                h(
                    "li",
                    {
                        "class": "report-row" + (" won" if won else ""),
                        "style": f"--i:{index}",
                        "data-total": battle["totals"][seat],
                    },
                    h("span", {"class": "who"}, SEAT_MARKS[seat] + " " + names[seat]),
                    h(
                        "span",
                        {
                            "class": "cards",
                            "role": "img",
                            "aria-label": t(
                                "fools.report_cards",
                                cards=t("fools.list_sep").join(card_name(c) for c in cards)
                                or t("fools.nothing"),
                                bearer=card_name(bearer) if bearer else t("fools.nothing"),
                            ),
                        },
                        [card_face(c, "mini") for c in cards],
                        bearer and h("span", {"class": "plus", "aria-hidden": "true"}, "+"),
                        bearer and card_face(bearer, "mini"),
                    ),
                    h("span", {"class": "total"}, t("fools.total", total=battle["totals"][seat])),
                    won and h("span", {"class": "badge won"}, "✔ " + t("fools.won")),
                    taken and h("span", {"class": "muted"}, t("fools.took", card=card_name(taken))),
                )
            )
        return h(
            "section",
            {
                "class": "fools-report" + (" animate" if animate else ""),
                "aria-label": t("fools.report", round=battle["round"]),
            },
            h("h4", {}, t("fools.report", round=battle["round"])),
            h("ol", {}, rows),
        )

    def own_hand(self, view: FoolsView) -> Element | None:
        seat = view["seat"]
        if seat is None:
            return None
        cards = view["hand"]
        usable = set(next_picks(view["choices"], []).get(CARD, []))  # any card may be re-picked
        selected = self.chosen[0][1] if self.chosen and self.chosen[0][0] == CARD else None
        tab_card = selected or next((c for c in cards if c in usable), cards[0] if cards else None)
        buttons = []
        seen = set()
        for card in cards:
            first_of_kind = card not in seen
            seen.add(card)
            on = card == selected and first_of_kind
            button = h(
                "button",
                {
                    "type": "button",
                    "class": "hand-card" + (" selected" if on else ""),
                    "data-act": "card",
                    "data-card": card,
                    "data-nav": "hand",
                    "data-focus": f"card:{card}" if first_of_kind else None,
                    "tabindex": "0" if card == tab_card and first_of_kind else "-1",
                    "aria-pressed": "true" if on else "false",
                    "aria-disabled": "false" if card in usable else "true",
                },
                card_face(card, spoken=True),
            )
            buttons.append(self.with_marks(button, (CARD, card)) if first_of_kind else button)
        title = self.seat_words(seat, "fools.your_hand", "fools.hand_named", count=len(cards))
        return h(
            "div",
            {"class": "fools-hand", "role": "group", "aria-label": title},
            h("p", {"class": "muted", "aria-hidden": "true"}, title),
            h("div", {"class": "cards"}, buttons) if cards else h("p", {}, t("fools.hand_empty")),
        )

    def controls(self, view: FoolsView) -> Element | None:
        choices = view["choices"]
        if choices is None:
            return None
        key = str(choices["prompt"]["key"])
        none_action = action_for(choices, [NONE_PICK])
        confirm = None
        if key == "fools.bearer" and self.chosen:
            confirm = h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-act": "confirm",
                    "data-focus": "confirm",
                },
                t("fools.confirm_bearer", card=card_name(self.chosen[0][1])),
            )
        return h(
            "div",
            {"class": "row fools-controls"},
            confirm,
            none_action
            and self.with_marks(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "secondary",
                        "data-act": "none",
                        "data-focus": "none",
                    },
                    t(NONE_LABELS.get(key, "fools.no_bearer")),
                ),
                NONE_PICK,
            ),
        )

    # ----- input -----

    def on_act(self, name: str, element: Live) -> bool:
        if name == "card":
            card = str(element.dataset.card)
            if card not in next_picks(self.view["choices"], []).get(CARD, []):
                return True
            picked = self.toggle((CARD, card))
            choices = self.view["choices"]
            if picked and choices and choices["prompt"]["key"] != "fools.bearer":
                self.shell.announce(self.prompt(self.view))
                self.focus("[data-nav='slots'][tabindex='0']")
            elif picked:
                self.focus("[data-act='confirm']")
            return True
        if name == "slot":
            self.finish((SLOT, str(element.dataset.slot)))
            return True
        if name == "bearer":
            self.finish((BEARER, str(element.dataset.bearer)))
            return True
        if name == "confirm":
            self.finish()
            return True
        if name == "none":
            self.chosen = []
            self.finish(NONE_PICK)
            return True
        return False
