"""The new-game form: where people play (all at this device, or each on their own
device by links), how many seats (where the game allows a choice), who sits in each
(a human, or the computer at a level; by links, every seat is a person, and this
player gives the name the others see), and the game's options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from web import dom, storage
from web.dom import Element, h
from web.i18n import t
from web.seats import SEAT_LETTERS, bot_label, default_bot, ordered_bots

if TYPE_CHECKING:
    from web.shell import Shell

HUMAN = "human"
HERE, BY_LINKS = "here", "links"


class NewGame:
    def __init__(self, app: Shell):
        self.app = app
        self.game_id = ""
        self.seat_count = 2
        self.where = HERE

    def open(self, game_id: str) -> None:
        from pygames import GAMES

        self.game_id = game_id
        self.seat_count = GAMES[game_id].min_seats
        self.where = HERE
        self.render()
        self.app.show("new-game")
        dom.focus("select", self.app.screen)
        self.warm_computers()

    def render(self) -> None:
        from pygames import GAMES
        from web.session import bot_names

        game = GAMES[self.game_id]
        kinds = self.chosen_kinds()
        if self.where == BY_LINKS:
            seat_fields = [
                name_field("own-name"),
                h("p", {"class": "muted"}, t("remote.explain")),
            ]
        else:
            seat_fields = [
                self.seat_select(seat, bot_names(), kinds.get(seat))
                for seat in range(self.seat_count)
            ]
        dom.replace(
            self.app.screen,
            h(
                "form",
                {
                    "class": "panel new-game",
                    "data-game": self.game_id,
                    "aria-labelledby": "ng-title",
                },
                h("h2", {"id": "ng-title"}, t("new.title", game=t("game." + self.game_id))),
                self.where_choice(),
                h(
                    "fieldset",
                    {},
                    h("legend", {"id": "ng-seats"}, t("new.seats")),
                    game.min_seats != game.max_seats and self.count_select(game),
                    seat_fields,
                ),
                game.options
                and h(
                    "fieldset",
                    {},
                    h("legend", {}, t("new.options")),
                    [option_select(option) for option in game.options],
                ),
                back_and_go("start", t("new.start")),
            ),
        )

    def where_choice(self) -> Element:
        """At this device (with the computer or passing it round), or by links."""
        choices = [(HERE, t("new.where_here")), (BY_LINKS, t("new.where_links"))]
        return h(
            "fieldset",
            {"class": "where"},
            h("legend", {}, t("new.where")),
            [
                h(
                    "div",
                    {"class": "choice"},
                    h(
                        "input",
                        {
                            "type": "radio",
                            "name": "where",
                            "id": f"where-{value}",
                            "value": value,
                            "checked": value == self.where,
                            "data-change": "where",
                        },
                    ),
                    h("label", {"for": f"where-{value}"}, label),
                )
                for value, label in choices
            ],
        )

    def count_select(self, game) -> Element:
        """How many play: named by the box of seats it opens ("Players"), not labelled
        "Players" a second time inside it; each choice says "3 players"."""
        counts = range(game.min_seats, game.max_seats + 1)
        choices = [(str(n), t("new.seat_count_value", count=n)) for n in counts]
        return h(
            "div",
            {"class": "field"},
            select("seat-count", choices, str(self.seat_count), "seat-count", "ng-seats"),
        )

    def seat_select(self, seat: int, bots: list[str], chosen: str | None) -> Element:
        default = chosen or (HUMAN if seat == 0 else default_bot(bots))
        choices = [(HUMAN, t("seat.human"))] + [
            (name, t("seat.computer", level=bot_label(name))) for name in ordered_bots(bots)
        ]
        label = t("new.seat", letter=SEAT_LETTERS[seat])
        return labelled_select(f"seat-{seat}", label, choices, default, change="seat-kind")

    def warm_computers(self) -> None:
        """Boot the computer's workers while the form is filled in, for the searching
        computers it seats: a worker's Python takes seconds to boot on a phone, and until
        one is ready a game's first decisions are searched on the page, more slowly
        (web/computer.py)."""
        from web.computer import warm_for

        if self.where == HERE:
            warm_for(self.chosen_kinds().values())

    def chosen_kinds(self) -> dict[int, str]:
        """The seats' choices still on the form (kept when the number of seats changes)."""
        kinds = {}
        for seat in range(len(SEAT_LETTERS)):
            field = dom.by_id(f"seat-{seat}")
            if field is not None and self.app.showing == "new-game":
                kinds[seat] = str(field.value)
        return kinds

    # ----- what the controls do -----

    def change_seat_count(self, element) -> None:
        self.seat_count = int(element.value)
        self.render()
        dom.focus("#seat-count", self.app.screen)
        self.warm_computers()

    def change_seat_kind(self, element) -> None:
        self.warm_computers()

    def change_where(self, element) -> None:
        self.where = str(element.value)
        self.render()
        dom.focus(f"#where-{self.where}", self.app.screen)
        self.warm_computers()

    async def act_start(self, element) -> None:
        from pygames import GAMES
        from web.session import Session

        game = GAMES[self.game_id]
        options = {o.key: str(dom.by_id(f"option-{o.key}").value) for o in game.options}
        if self.where == BY_LINKS:
            name = storage.remember_name(str(dom.by_id("own-name").value))
            await self.app.start_remote(game.id, self.seat_count, options, name)
            return
        seats = [str(dom.by_id(f"seat-{s}").value) for s in range(self.seat_count)]
        self.app.open_session(Session.start_new(game.id, seats, options))


def option_select(option) -> Element:
    choices = [(value, t(f"option.{option.key}.{value}")) for value in option.choices]
    return labelled_select(
        f"option-{option.key}", t(f"option.{option.key}"), choices, option.default
    )


def labelled_select(
    name: str, label: str, choices: list[tuple[str, str]], default: str, change: str | None = None
) -> Element:
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": name}, label),
        select(name, choices, default, change),
    )


def select(
    name: str,
    choices: list[tuple[str, str]],
    default: str,
    change: str | None = None,
    labelled_by: str | None = None,
) -> Element:
    """A drop-down of (value, words) choices; `labelled_by`: the id of what names it, when
    no label of its own does."""
    return h(
        "select",
        {"id": name, "name": name, "data-change": change, "aria-labelledby": labelled_by},
        [h("option", {"value": v, "selected": v == default}, text) for v, text in choices],
    )


def name_field(field_id: str) -> Element:
    """The name this player shows the others in a game by links (the last one offered)."""
    return h(
        "div",
        {"class": "field"},
        h("label", {"for": field_id}, t("remote.your_name")),
        h(
            "input",
            {
                "id": field_id,
                "type": "text",
                "maxlength": "40",
                "autocomplete": "nickname",
                "value": storage.remembered_name(),
            },
        ),
    )


def back_and_go(act: str, label: str) -> Element:
    """A form's buttons: back to the lobby, and the one that goes on (`act`)."""
    return h(
        "div",
        {"class": "row"},
        h(
            "button",
            {"type": "button", "data-act": "lobby", "class": "secondary"},
            t("common.back"),
        ),
        h("button", {"type": "button", "data-act": act, "class": "primary"}, label),
    )
