"""The Field of the Cloth of Gold board: ovals, tiles, Courts, Hands and the Track.

Everything drawn comes from `view`, one seat's view: the rival's Hand and the
Darkness appear only as counts (and the colours the rival's Hand is known to
lack). What the player may do comes from ``view["choices"]``, one pick at a
time (`pygames.choices`): an ``oval`` (the target), then on later turns the
``token`` that goes there (the oval it leaves); the Dragon's target is an
``oval`` alone. The board never parses an action string.

A turn is two clicks: choose a highlighted oval (the panel below the ovals
then shows the Gift and what the action scores, from the view's `preview`),
then press the confirm button; when a token pick follows there is one confirm
button per token, so that second click also says which token moves.
"""

from __future__ import annotations

from collections import Counter

from pygames.choices import Pick, action_for, next_picks, still_possible
from pygames.cloth_of_gold.views import ClothOfGoldView, Effect, OvalView, TileCounts
from pygames.views import Choices
from web import dom
from web.dom import Element, Live, h, svg
from web.games import base
from web.games.cloth_of_gold_art import DEFS_ID, GLYPHS
from web.host import BoardHost
from web.i18n import lang, listed, plural, t

OVALS = ("dragon", "secrecy", "gold", "blue", "white", "red", "purple")
COLOURS = ("gold", "blue", "white", "red", "jewel")
REVEALS = {"gold": ("gold",), "blue": ("blue",), "white": ("white",), "red": ("red",)}
OVAL, TOKEN = "oval", "token"  # the kinds of pick
# An oval's marks (`Board.marks_on`) in the sentences of its name.
OVAL_MARK_WORDS = {base.MARK_CLASS: "cog.last_move", base.HINT_CLASS: "cog.hinted"}
HOME = "home"
CHOOSE_PROMPT, DRAGON_PROMPT = "cog.choose_oval", "cog.dragon_target"
# The engine's prompt keys and the strings that word them.
PROMPTS = {"cog.choose_oval": "cog.prompt.move", "cog.dragon_target": "cog.prompt.dragon"}
SEAT_CLASS = ("seat-a", "seat-b")
# What an oval the view has no preview of would do (none: every legal oval has one).
NO_EFFECT: Effect = {"gift": None, "points": 0, "rival_points": 0, "draws": 0, "rival_draws": 0}


class Board(base.Board[ClothOfGoldView]):
    PROMPTS = PROMPTS
    LEGEND = "cog.legend"
    START_NAV = "oval"

    def __init__(self, shell: BoardHost):
        super().__init__(shell)
        ensure_defs()

    @property
    def target(self) -> str | None:
        """The oval chosen, waiting for a confirm."""
        return self.first_pick

    # ----- what the shell asks -----

    def prompt_words(self, choices: Choices) -> str:
        key = str(choices["prompt"]["key"])
        if key == DRAGON_PROMPT:
            return t(PROMPTS[key])
        if self.target:
            return t("cog.prompt.confirm")
        if key == CHOOSE_PROMPT and not has_token_step(choices):
            return t("cog.prompt.enter")  # the oval alone is the move: a token comes on
        return super().prompt_words(choices)

    def tie_start(self, view: ClothOfGoldView) -> str | None:
        """A shared result draws lots for the next first player."""
        return "random"

    # ----- drawing -----

    def draw(self, view: ClothOfGoldView) -> Element:
        targets = legal_targets(view["choices"])
        return h(
            "div",
            {"class": "cog-board", "data-phase": view["phase"]},
            self.player(view, self.top_seat(view)),
            self.table_bar(view),
            self.ovals(view, targets),
            self.choice_panel(view, targets),
            self.player(view, self.bottom_seat(view)),
            self.track(view),
        )

    def player(self, view: ClothOfGoldView, seat: int) -> Element:
        own = seat == view["seat"]
        name = self.who(seat)
        score = view["scores"][seat]
        tokens = view["tokens"][seat]
        title = t("cog.you_heading") if self.you(seat) else name
        acting = view["turn"] == seat
        header = h(
            "div",
            {"class": "cog-player-head"},
            token_disc(seat, own),
            h("h3", {}, title),
            h(
                "p",
                {"class": "cog-score"},
                plural("cog.score_line", score, score=score, row=view["rows"][seat]),
            ),
            # Kept in place, unseen, while the seat waits: a phone's header would wrap
            # only on its turn, and move the table below at every move.
            h(
                "span",
                {
                    "class": "cog-turn-badge",
                    "data-idle": not acting,
                    "aria-hidden": None if acting else "true",
                },
                t("cog.to_act"),
            ),
            tokens["off_board"] > 0
            and h(
                "p",
                {"class": "muted cog-off"},
                t("cog.off_board", count=tokens["off_board"]),
            ),
        )
        return h(
            "section",
            {
                "class": "cog-player " + ("own " if own else "") + SEAT_CLASS[seat],
                "aria-label": t("cog.player_area", name=name),
                "data-seat": seat,
            },
            header,
            self.court(view, seat),
            self.hand(view, seat, own),
            not own and self.lacks(view, seat),
        )

    def court(self, view: ClothOfGoldView, seat: int) -> Element:
        counts = view["courts"][seat]
        title = self.seat_words(seat, "cog.your_court", "cog.court_of")
        label = f"{title}: {count_words(counts)}"
        return h(
            "div",
            {"class": "cog-court", "role": "img", "aria-label": label, "data-court": seat},
            h("p", {"class": "cog-label", "aria-hidden": "true"}, title),
            h(
                "ul",
                {"class": "cog-stacks", "aria-hidden": "true"},
                [
                    h(
                        "li",
                        {"class": "cog-stack" + ("" if counts[c] else " none"), "data-count": c},
                        tile_svg(c),
                        h("span", {"class": "cog-count"}, f"×{counts[c]}"),
                    )
                    for c in COLOURS
                ],
            ),
        )

    def hand(self, view: ClothOfGoldView, seat: int, own: bool) -> Element:
        size = view["hand_sizes"][seat]
        if not own and "open_hands" in view:
            return self.open_hand(view, seat)
        if not own:
            label = plural("cog.hand_hidden", size, name=self.who(seat), count=size)
            return h(
                "div",
                {"class": "cog-hand hidden", "role": "img", "aria-label": label},
                h("p", {"class": "cog-label", "aria-hidden": "true"}, label),
                h(
                    "div",
                    {"class": "cog-backs", "aria-hidden": "true"},
                    [tile_back() for _ in range(size)],
                ),
            )
        tiles = view["hand"]
        title = self.seat_words(seat, "cog.your_hand", "cog.hand_named", count=len(tiles))
        empty = self.seat_words(seat, "cog.hand_empty", "cog.open_hand_empty")
        return face_up_hand("mine", "data-tile", title, tiles, empty)

    def open_hand(self, view: ClothOfGoldView, seat: int) -> Element:
        """A replay seen from everywhere: the rival's Hand face up."""
        title = t("cog.open_hand", name=self.who(seat))
        empty = t("cog.open_hand_empty", name=self.who(seat))
        return face_up_hand("open", "data-open", title, view["open_hands"][seat], empty)

    def lacks(self, view: ClothOfGoldView, seat: int) -> Element:
        """The colours this seat's hidden Hand is known not to hold (public knowledge);
        its line stays, empty, when none is known, so the table below does not move."""
        colours = [c for c in COLOURS if c in view["lacks"][seat]]
        if not colours or not view["hand_sizes"][seat]:
            return h("p", {"class": "muted cog-lacks", "aria-hidden": "true"})
        names = t("cog.or_sep").join(t("cog.tile." + c) for c in colours)
        return h(
            "p",
            {"class": "muted cog-lacks", "data-lacks": " ".join(colours)},
            t("cog.lacks", name=self.who(seat), colours=names),
        )

    def table_bar(self, view: ClothOfGoldView) -> Element:
        home = view["dragon"] == HOME
        removed: TileCounts = {c: n for c, n in view["removed"].items() if n}
        return h(
            "div",
            {"class": "cog-table-bar"},
            h(
                "div",
                {
                    "class": "cog-home",
                    "role": "img",
                    "aria-label": t("cog.home_here") if home else t("cog.home_empty"),
                },
                h("span", {"class": "cog-label", "aria-hidden": "true"}, t("cog.home")),
                h(
                    "span",
                    {"class": "cog-home-spot", "aria-hidden": "true"},
                    dragon_svg() if home else None,
                ),
            ),
            h(
                "p",
                {"class": "cog-darkness", "data-darkness": view["darkness"]},
                plural("cog.darkness", view["darkness"], count=view["darkness"]),
            ),
            h("p", {"class": "muted cog-removed"}, t("cog.removed", tiles=count_words(removed))),
        )

    def ovals(self, view: ClothOfGoldView, targets: list[str]) -> Element:
        by_name = {o["oval"]: o for o in view["ovals"]}
        stop = self.target or next((o for o in OVALS if o in targets), OVALS[0])
        return h(
            "div",
            {"class": "cog-ovals", "role": "group", "aria-label": t("cog.ovals")},
            [self.oval(view, by_name[name], name in targets, name == stop) for name in OVALS],
        )

    def oval(self, view: ClothOfGoldView, oval: OvalView, legal: bool, tab_stop: bool) -> Element:
        name = oval["oval"]
        me = view["seat"]
        occupants = []
        words = []
        for seat in oval["tokens"]:
            occupants.append(token_disc(seat, seat == me))
            words.append(self.token_words(seat))
        if oval["dragon"]:
            occupants.append(dragon_svg())
            words.append(t("cog.dragon_here"))
        if oval["has_square"]:
            tile = oval["tile"]
            square = h(
                "span",
                {"class": "cog-square" + ("" if tile else " empty")},
                tile_svg(tile) if tile else None,
            )
            square_words = t("cog.square", tile=tile_name(tile) if tile else t("cog.square_empty"))
        else:
            square = h("span", {"class": "cog-square none"})
            square_words = t("cog.no_square")
        # The name begins with the words shown on the button (its name and what it scores).
        label = t(
            "cog.oval_label",
            oval=oval_name(name),
            short=t("cog.short." + name),
            does=t("cog.does." + name),
            occupant=listed(words) if words else t("cog.oval_empty"),
            square=square_words,
        )
        selected = name == self.target
        if legal:
            label += " " + t("cog.can_choose")
        classes = ["cog-oval", "o-" + name]
        if legal:
            classes.append("legal")
        if selected:
            classes.append("selected")
        if view["vacated"] == name and view["phase"] == "choose_dragon_target":
            classes.append("vacated")
            label += " " + t("cog.just_left")
        marks = self.marks_on((OVAL, name), (TOKEN, name))  # a token's move picks its oval
        for mark in marks:
            classes.append(mark)
            label += " " + self.mark_words(mark, OVAL_MARK_WORDS)  # sentences: one more
        return h(
            "button",
            {
                "type": "button",
                "class": " ".join(classes),
                "data-act": "cog-oval",
                "data-oval": name,
                "data-nav": "oval",
                "data-focus": "oval:" + name,
                "tabindex": "0" if tab_stop else "-1",
                "aria-disabled": "false" if legal else "true",
                "aria-pressed": "true" if selected else "false",
                "aria-label": label,
            },
            h("span", {"class": "cog-oval-name", "aria-hidden": "true"}, oval_name(name)),
            " ",  # the shown words read "Gold Most Gold: 2", as the name begins
            h("span", {"class": "cog-spot", "aria-hidden": "true"}, occupants),
            h("span", {"class": "cog-does", "aria-hidden": "true"}, t("cog.short." + name)),
            square,
            base.HINT_CLASS in marks and base.hint_star(self.advice),
        )

    def token_words(self, seat: int) -> str:
        return self.seat_words(seat, "cog.your_token", "cog.token_of")

    # ----- the choice and its preview -----

    def choice_panel(self, view: ClothOfGoldView, targets: list[str]) -> Element | None:
        if view["phase"] == "over":
            return self.final_panel(view)
        if not targets or not self.target:
            return None  # the instruction is in the shell's status box
        target = self.target
        effect = view["preview"].get(target, NO_EFFECT)
        lines = self.effect_lines(view, target, effect)
        buttons = [
            self.confirm_button(view, target, token, i == 0)
            for i, token in enumerate(confirm_picks(view["choices"], target))
        ]
        return h(
            "div",
            {
                "class": "cog-choice",
                "id": "cog-choice",
                "role": "group",
                "aria-labelledby": "cog-choice-title",
            },
            h(
                "h3",
                {"id": "cog-choice-title"},
                t("cog.dragon_title", oval=oval_name(target))
                if dragon_step(view)
                else t("cog.choice_title", oval=oval_name(target), does=t("cog.does." + target)),
            ),
            h("ul", {"class": "cog-effects"}, [h("li", {}, line) for line in lines]),
            h(
                "div",
                {"class": "row cog-confirm"},
                buttons,
            ),
        )

    def effect_lines(self, view: ClothOfGoldView, target: str, effect: Effect) -> list[str]:
        rival = self.who(1 - self.bottom_seat(view))
        lines = []
        dragon_phase = view["phase"] == "choose_dragon_target"
        gift = effect["gift"]
        if target == "dragon" and not dragon_phase:
            lines.append(t("cog.pv.dragon_next", name=rival))
        elif gift:
            lines.append(t("cog.pv.gift", name=rival, tile=tile_name(gift)))
        else:
            lines.append(t("cog.pv.no_gift"))
        if dragon_phase:
            lines.append(t("cog.pv.blocked", oval=oval_name(target)))
            return lines
        hand = Counter(view["hand"])
        if target == "purple":
            shown = {c: hand[c] for c in COLOURS if hand[c]}
            lines.append(
                t("cog.pv.reveal", tiles=count_words(shown)) if shown else t("cog.pv.reveal_none")
            )
        elif target in REVEALS:
            colour = target
            if hand[colour]:
                lines.append(t("cog.pv.reveal", tiles=count_words({colour: hand[colour]})))
            else:
                lines.append(t("cog.pv.reveal_no", colour=tile_name(colour)))
        if target in ("gold", "blue", "white", "red", "purple"):
            points = effect["points"]
            lines.append(t("cog.pv.points", points=points) if points else t("cog.pv.no_points"))
        if target == "red":
            lines.append(t("cog.pv.rival_points", name=rival, points=effect["rival_points"]))
            lines.append(t("cog.pv.red_removed"))
        if target in ("blue", "white"):
            lines.append(t("cog.pv.removed", colour=tile_name(target)))
        if target in ("secrecy", "red"):
            lines.append(t("cog.pv.draws", count=effect["draws"]))
        if target == "red":
            lines.append(t("cog.pv.rival_draws", name=rival, count=effect["rival_draws"]))
        return lines

    def confirm_button(
        self, view: ClothOfGoldView, target: str, token: str | None, first: bool
    ) -> Element:
        """The button that plays the oval `target`, moving the token on `token` if one is picked."""
        action = action_for(view["choices"], picks_for(target, token))
        assert action is not None, "confirm_picks offers only picks that finish an action"
        if dragon_step(view):
            text = t("cog.confirm.dragon", oval=oval_name(target))
        elif token is not None:
            text = t("cog.confirm.move", source=oval_name(token), oval=oval_name(target))
        else:
            text = t("cog.confirm.enter", oval=oval_name(target))
        return h(
            "button",
            {
                "type": "button",
                "class": "primary",
                "data-act": "cog-play",
                "data-action": action,
                "data-token": token,
                "data-focus": "play:" + action,
                "data-first": "true" if first else None,
            },
            text,
        )

    def final_panel(self, view: ClothOfGoldView) -> Element | None:
        final = view["final"]
        from pygames.cloth_of_gold.text import REASONS, TIEBREAKS

        language = lang()
        notes = []
        reason = view["end_reason"]
        if reason is not None and reason in REASONS:  # a resignation is told by the status
            notes.append(REASONS[reason][language])
        if not final:
            return (
                h("div", {"class": "cog-final"}, [h("p", {}, n) for n in notes]) if notes else None
            )
        decided = final["decided_by"]
        notes.append(
            t("cog.final.by_score") if decided == "score" else TIEBREAKS[decided][language]
        )
        seats = final["seats"]
        rows: list[tuple[str, list[int] | list[str]]] = [
            ("cog.final.track", [s["score"] - s["jewel_points"] - s["gold_points"] for s in seats]),
            (
                "cog.final.jewels",
                [t("cog.final.jewel_calc", n=s["jewels"], points=s["jewel_points"]) for s in seats],
            ),
            (
                "cog.final.gold",
                [
                    t(
                        "cog.final.gold_calc",
                        n=s["gold"],
                        value=s["gold_value"],
                        points=s["gold_points"],
                    )
                    for s in seats
                ],
            ),
            ("cog.final.score", [s["score"] for s in seats]),
            ("cog.final.white", [s["white"] for s in seats]),
            ("cog.final.court", [s["court_size"] for s in seats]),
        ]
        return h(
            "div",
            {"class": "cog-final", "id": "cog-final"},
            h(
                "table",
                {"class": "cog-final-table"},
                h("caption", {}, t("cog.final.title")),
                h(
                    "thead",
                    {},
                    h(
                        "tr",
                        {},
                        h("td", {}),
                        [h("th", {"scope": "col"}, self.who(s)) for s in (0, 1)],
                    ),
                ),
                h(
                    "tbody",
                    {},
                    [
                        h(
                            "tr",
                            {"class": key.split(".")[-1]},
                            h("th", {"scope": "row"}, t(key)),
                            [h("td", {}, str(v)) for v in values],
                        )
                        for key, values in rows
                    ],
                ),
            ),
            [h("p", {}, n) for n in notes],
        )

    # ----- the Track of Scoring -----

    def track(self, view: ClothOfGoldView) -> Element:
        info = view["track"]
        rows = info["rows"]
        per_row = info["squares"] // len(rows)
        end = info["end_score"]
        scores = view["scores"]
        markers: dict[int, list[int]] = {}
        for seat, score in enumerate(scores):
            markers.setdefault(min(score, info["squares"] - 1), []).append(seat)
        body = []
        for index, (_lowest, draws, gold) in enumerate(rows):
            cells = []
            for square in range(index * per_row, (index + 1) * per_row):
                here = markers.get(square, [])
                classes = "sq" + (" end" if square == end else "")
                cells.append(
                    h(
                        "td",
                        {"class": classes},
                        h("span", {"class": "n"}, str(square)),
                        [token_disc(seat, seat == view["seat"], small=True) for seat in here],
                    )
                )
            reached = [s for s in (0, 1) if view["rows"][s] == index + 1]
            body.append(
                h(
                    "tr",
                    {"class": "here" if reached else None},
                    h("th", {"scope": "row"}, str(index + 1)),
                    cells,
                    h("td", {"class": "rule"}, str(draws)),
                    h("td", {"class": "rule"}, f"×{gold}"),
                )
            )
        summary = [
            plural(
                "cog.track.where",
                scores[seat],
                name=self.who(seat),
                score=scores[seat],
                row=view["rows"][seat],
                draws=view["secrecy_draws"][seat],
                gold=view["gold_values"][seat],
            )
            for seat in (0, 1)
        ]
        return h(
            "section",
            {"class": "cog-track", "aria-labelledby": "cog-track-title"},
            h("h3", {"id": "cog-track-title"}, t("cog.track.title")),
            h("ul", {"class": "cog-track-summary"}, [h("li", {}, line) for line in summary]),
            h(
                "table",
                {"class": "cog-track-table"},
                h(
                    "colgroup",
                    {},
                    h("col", {"class": "c-row"}),
                    [h("col", {}) for _ in range(per_row)],
                    h("col", {"class": "c-rule"}),
                    h("col", {"class": "c-rule"}),
                ),
                h(
                    "thead",
                    {},
                    h(
                        "tr",
                        {},
                        h("th", {"scope": "col"}, t("cog.track.row")),
                        h("th", {"scope": "col", "colspan": per_row}, t("cog.track.squares")),
                        # the rules the row sets: Secrecy's draws, a Court Gold's points
                        h("th", {"scope": "col"}, oval_name("secrecy")),
                        h("th", {"scope": "col"}, t("cog.tile.gold")),
                    ),
                ),
                h("tbody", {}, body),
            ),
            h("p", {"class": "muted"}, t("cog.track.end", end=end)),
        )

    # ----- input -----

    def on_act(self, name: str, element: Live) -> bool:
        if name == "cog-oval":
            self.choose(str(element.dataset.oval))
        elif name == "cog-play":
            token = dom.nullable(element.getAttribute("data-token"))
            self.finish(*([(TOKEN, token)] if token is not None else []))
        else:
            return False
        return True

    def choose(self, oval: str) -> None:
        if not still_possible(self.view["choices"], [(OVAL, oval)]):
            return
        if self.toggle((OVAL, oval)):
            self.shell.announce(self.choice_words())
            self.focus("[data-act='cog-play'][data-first]")

    def choice_words(self) -> str:
        panel = self.query("#cog-choice")
        return str(panel.textContent) if panel is not None else ""


# ----- reading the view -----


def legal_targets(choices: Choices | None) -> list[str]:
    """The ovals the player may pick now (empty when it is not the viewer's turn)."""
    return next_picks(choices, []).get(OVAL, [])


def dragon_step(view: ClothOfGoldView) -> bool:
    """The second decision of a Dragon turn: where the Dragon goes."""
    choices = view["choices"]
    return choices is not None and choices["prompt"]["key"] == DRAGON_PROMPT


def picks_for(target: str | None, token: str | None) -> list[Pick]:
    picks: list[Pick] = [(OVAL, target)] if target is not None else []
    return picks + [(TOKEN, token)] if token is not None else picks


def confirm_picks(choices: Choices | None, target: str) -> list[str | None]:
    """One confirm button per way to finish the move to `target`.

    None: the oval alone is the move (a token comes on, or the Dragon's target);
    otherwise the oval of each token that could go there.
    """
    whole: list[str | None] = [None] if action_for(choices, [(OVAL, target)]) is not None else []
    return whole + next_picks(choices, [(OVAL, target)]).get(TOKEN, [])


def has_token_step(choices: Choices | None) -> bool:
    """True when some oval is followed by a choice of token (later turns)."""
    return any(TOKEN in next_picks(choices, [(OVAL, oval)]) for oval in legal_targets(choices))


def oval_name(oval: str) -> str:
    return t("cog.oval." + oval)


def tile_name(colour: str) -> str:
    return t("cog.tile_named", colour=t("cog.tile." + colour))


def count_words(counts: TileCounts) -> str:
    """'2 Gold, 1 Jewel' in Court order; 'none' when empty."""
    parts = [
        t("cog.count", count=counts[c], colour=t("cog.tile." + c)) for c in COLOURS if counts.get(c)
    ]
    return t("cog.list_sep").join(parts) if parts else t("cog.none")


# ----- pictures -----


def ensure_defs() -> None:
    """The tile glyphs as <symbol>s, added to the page once."""
    if dom.by_id(DEFS_ID) is not None:
        return
    symbols = []
    for name, (view_box, shapes) in GLYPHS.items():
        symbols.append(
            svg(
                "symbol",
                {"id": "cog-g-" + name, "viewBox": view_box},
                [svg(tag, attrs) for tag, attrs in shapes],
            )
        )
    defs = svg(
        "svg",
        {"id": DEFS_ID, "class": "defs", "width": 0, "height": 0, "aria-hidden": "true"},
        svg("defs", {}, symbols),
    )
    dom.append(dom.document.body, defs)


def tile_svg(colour: str) -> Element:
    return svg(
        "svg",
        {
            "viewBox": "0 0 40 40",
            "class": "cog-tile t-" + colour,
            "aria-hidden": "true",
            "focusable": "false",
        },
        svg("rect", {"x": 1.5, "y": 1.5, "width": 37, "height": 37, "rx": 7, "class": "face"}),
        svg("use", {"href": "#cog-g-" + colour, "x": 6, "y": 6, "width": 28, "height": 28}),
    )


def tile_back() -> Element:
    return svg(
        "svg",
        {"viewBox": "0 0 40 40", "class": "cog-tile back", "aria-hidden": "true"},
        svg("rect", {"x": 1.5, "y": 1.5, "width": 37, "height": 37, "rx": 7, "class": "face"}),
        svg("use", {"href": "#cog-g-back", "x": 8, "y": 8, "width": 24, "height": 24}),
    )


def dragon_svg() -> Element:
    return svg(
        "svg",
        {
            "viewBox": "0 0 40 40",
            "class": "cog-dragon",
            "aria-hidden": "true",
            "focusable": "false",
        },
        svg("circle", {"cx": 20, "cy": 20, "r": 18, "class": "face"}),
        svg("use", {"href": "#cog-g-dragon", "x": 5, "y": 5, "width": 30, "height": 30}),
    )


def token_disc(seat: int, own: bool, small: bool = False) -> Element:
    """A seat's token: its colour, shape and letter (the letter drawn by style.css, from
    data-letter, so that it is no part of the text of the oval button it sits in)."""
    classes = (
        f"cog-token {SEAT_CLASS[seat]}" + (" own" if own else "") + (" small" if small else "")
    )
    return h("span", {"class": classes, "aria-hidden": "true", "data-letter": "AB"[seat]})


def face_up_hand(kind: str, key: str, title: str, tiles: list[str], empty: str) -> Element:
    """A Hand whose tiles show (`kind`: "mine", or "open" in a replay), each tile's item
    marked by `key` with its colour."""
    return h(
        "div",
        {"class": f"cog-hand {kind}", "role": "group", "aria-label": title},
        h("p", {"class": "cog-label", "aria-hidden": "true"}, title),
        h(
            "ul",
            {"class": "cog-tiles"},
            [
                h(
                    "li",
                    {key: c},
                    h("span", {"role": "img", "aria-label": tile_name(c)}, tile_svg(c)),
                )
                for c in tiles
            ],
        )
        if tiles
        else h("p", {"class": "muted"}, empty),
    )
