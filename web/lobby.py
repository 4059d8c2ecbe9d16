"""The lobby's saved games: games in progress above the list of games (those by links
that wait for me first), the rest below it, newest first.

The games themselves are listed in the static page (index.html), so the lobby
works before Python boots; this screen fills in the saves. A finished game is
offered for review (the replay screen), a game in progress to resume, and
anything unreadable only to delete. A record file (as the replay screen
exports it) opens here too, picked or dropped on the page.

The games in progress, as listed last, are kept (`InPlayGlimpse`) for the next page
to draw before Python has booted (web/boot.js), so that the games listed below them
do not move down once it has.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Literal, TypedDict

import js

from web import dialogs, dom, games, i18n, storage
from web.dom import Element, h
from web.i18n import plural, t
from web.seats import SEAT_LETTERS, join_names, seat_line

if TYPE_CHECKING:
    from web.shell import Shell


Saves = list[storage.Save | storage.BadSave]
IN_PLAY_SHOWN = 4  # games in progress listed before "Show all"
IN_PLAY_FORMAT: Literal["ff-in-play/1"] = "ff-in-play/1"


class InPlayGlimpse(TypedDict):
    """The games in progress as the lobby listed them (the first few), kept for
    web/boot.js to draw as the next page opens; it draws them only in `lang`, as
    disabled buttons until Python is up, and only tags and attributes it knows."""

    format: Literal["ff-in-play/1"]
    lang: str
    nodes: list  # #in-play-saves' children as web/dom.py sends a screen (`flattened`)


class Lobby:
    def __init__(self, app: Shell):
        self.app = app
        self.saves: Saves = []  # as last shown
        self.all_in_play = False  # every game in progress shown, not only the first few

    def render(self) -> None:
        """The saves as storage holds them now, the focus kept on a save's button (the
        lobby is drawn again whenever another tab changes a save)."""
        focused = save_button_focused()
        self.render_saves()
        if focused is not None:
            focus_save_button(*focused)

    def render_saves(self) -> None:
        holder = dom.by_id("saves")
        try:
            saves = self.saves = storage.list_saves()
        except storage.StorageUnavailable:
            self.render_in_play([])
            dom.replace(holder, h("p", {}, t("saves.unavailable")), open_file())
            return
        in_play = [save for save in saves if in_progress(save)]
        others = [save for save in saves if not in_progress(save)]
        self.render_in_play(in_play)
        if others:
            listed = h("ul", {"class": "save-list"}, [save_item(s) for s in others])
        else:
            none = "saves.none_finished" if in_play else "saves.none"
            listed = h("p", {"class": "muted"}, t(none))
        dom.replace(holder, listed, open_file())

    def render_in_play(self, saves: Saves) -> None:
        """Games in progress, above the list of games, where a returning player looks
        first: games by links that wait for me before the others, each newest first;
        the first few only, until asked for all (games left unfinished pile up)."""
        ordered = in_play_order(saves)
        first_few = in_play_items(ordered, everything=False)
        shown = in_play_items(ordered, everything=True) if self.all_in_play else first_few
        dom.by_id("in-play").hidden = not saves
        dom.replace(dom.by_id("in-play-saves"), shown)
        keep_glimpse(first_few if ordered else None)

    def keep_in_play(self) -> None:
        """Keep the games in progress as storage holds them now (for the next page, as
        this one is left: a game begun or played here since the lobby showed)."""
        try:
            saves = storage.list_saves()
        except storage.StorageUnavailable:
            return
        ordered = in_play_order([save for save in saves if in_progress(save)])
        keep_glimpse(in_play_items(ordered, everything=False) if ordered else None)

    def warm_computers(self) -> None:
        """Boot the computer's workers while the lobby shows, for the newest game in
        progress that seats searching computers: a worker's Python takes seconds to boot
        on a phone, and until one is ready the decisions of a game resumed are searched
        on the page, more slowly (web/computer.py). The new-game form does the same."""
        from web.computer import warm_for

        for save in self.saves:
            if not isinstance(save, storage.Save) or save.over or save.remote is not None:
                continue
            if games.is_playable(save.game) and warm_for(save.seats):
                return

    # ----- what the buttons do -----

    def act_show_all_in_play(self, element) -> None:
        self.all_in_play = True
        self.render()
        dom.focus(f"#in-play .save:nth-child({IN_PLAY_SHOWN + 1}) button")

    def act_resume(self, element) -> None:
        self.app.resume(str(element.dataset.id))

    def act_review(self, element) -> None:
        self.app.resume(str(element.dataset.id))

    async def act_delete(self, element) -> None:
        if not await dialogs.confirm(t("saves.delete_confirm"), t("saves.delete")):
            return
        try:
            storage.delete(str(element.dataset.id))
        except storage.StorageUnavailable:
            self.app.show_message(lambda: t("saves.unavailable"))
            return
        self.render()
        self.app.announce(t("saves.deleted"))


def in_play_order(saves: Saves) -> Saves:
    """Games by links that wait for me first, each kind newest first (as listed)."""
    return sorted(saves, key=lambda save: not needs_me(save))


def in_play_items(ordered: Saves, everything: bool) -> list[Element]:
    """The games in progress listed: the first few, or `everything`; then Show all."""
    shown = ordered if everything else ordered[:IN_PLAY_SHOWN]
    items = [h("ul", {"class": "save-list"}, [save_item(save) for save in shown])]
    if len(shown) < len(ordered):
        words = t("saves.show_all", count=len(ordered))
        items.append(h("button", {"type": "button", "data-act": "show-all-in-play"}, words))
    return items


def keep_glimpse(first_few: list[Element] | None) -> None:
    """The first few games in progress as listed (`in_play_items`), kept for the next
    page; None when nothing is in progress."""
    if first_few is None:
        storage.keep_in_play(None)
        return
    glimpse: InPlayGlimpse = {
        "format": IN_PLAY_FORMAT,
        "lang": i18n.lang(),
        "nodes": dom.flattened(first_few),
    }
    storage.keep_in_play(json.dumps(glimpse, ensure_ascii=False))


def open_file() -> Element:
    """Open a record file: the picker, and a word about dropping one on the page. The
    browser's own picker button speaks the browser's language ("Choose File"), so it is
    hidden from sight (still reached by Tab) and its label, in ours, is the button."""
    return h(
        "div",
        {"class": "open-file field"},
        h(
            "input",
            {
                "type": "file",
                "id": "open-file",
                "class": "visually-hidden",
                "accept": ".txt,text/plain",
                "data-change": "open-file",
                "aria-describedby": "open-file-hint",
            },
        ),
        h("label", {"for": "open-file", "class": "file-button"}, t("file.open")),
        h("p", {"class": "muted", "id": "open-file-hint"}, t("file.drop")),
    )


def save_item(save: storage.Save | storage.BadSave) -> Element:
    """A save, with Resume or Review; one that cannot be opened says why and is kept."""
    if isinstance(save, storage.BadSave):
        return h(
            "li",
            {"class": "save bad", "data-save": save.id},
            h("p", {}, t("saves.bad")),
            h("p", {"class": "muted why"}, t("saves.bad." + save.reason.replace(" ", "_"))),
            save_buttons(save.id, opens=None),
        )
    known = i18n.has("game." + save.game)
    title = t("game." + save.game) if known else save.game  # text, never HTML
    state = t("saves.finished") if save.over else t("saves.in_progress")
    if save.remote is not None and not save.over and save.turn:
        state = remote_turn(save)
    when = js.Date.new(save.saved).toLocaleString(i18n.lang())
    opens = ("review" if save.over else "resume") if games.is_playable(save.game) else None
    return h(
        "li",
        {"class": "save", "data-save": save.id},
        h("h3", {}, title),
        h("p", {}, who_plays(save)),
        h(
            "p",
            {"class": "muted"},
            plural("saves.details", save.moves, moves=save.moves, when=str(when), state=state),
        ),
        opens is None and h("p", {"class": "why"}, t("saves.unknown_game", game=save.game[:60])),
        save_buttons(save.id, opens),
    )


def save_button_focused() -> tuple[str, str] | None:
    """What the focused button of a save does, and to which save, if one has the focus."""
    active = dom.nullable(js.document.activeElement)
    if active is None or not active.hasAttribute("data-id"):
        return None
    return str(active.dataset.act), str(active.dataset.id)


def focus_save_button(act: str, save_id: str) -> None:
    """Focus the button that does `act` to the save `save_id`, if it is still listed."""
    for button in js.document.querySelectorAll("#lobby [data-act][data-id]"):
        if str(button.dataset.act) == act and str(button.dataset.id) == save_id:
            button.focus()
            return


def in_progress(save: storage.Save | storage.BadSave) -> bool:
    """A game that can be resumed here: not over, of a game this app plays, and not one
    by links whose host took another friend's join for my seat."""
    if not isinstance(save, storage.Save) or save.over or save.turn == "out":
        return False
    return games.is_playable(save.game)


def needs_me(save: storage.Save | storage.BadSave) -> bool:
    """A game by links in which this device is to move, or has a link to send."""
    if not isinstance(save, storage.Save) or save.remote is None:
        return False
    return save.turn in ("mine", "send")


def remote_turn(save: storage.Save) -> str:
    """A game by links: "your move", "send your link", whose link it waits for, or that
    another friend took my seat."""
    names = player_names(save.names or [])
    awaited = [names[seat] for seat in save.awaited or [] if seat < len(names)]
    if save.turn == "wait" and awaited:
        return t("saves.turn.wait_for", name=join_names(awaited))
    return t("saves.turn." + save.turn)


def who_plays(save: storage.Save) -> str:
    """The seats: the players' names in a game by links ("by link" said), else kinds."""
    if save.remote is None or save.names is None:
        return seat_line(save.seats)
    return t("saves.by_links", names=t("seat.versus").join(player_names(save.names)))


def player_names(given: list[str]) -> list[str]:
    """A game by links: its players' names ("Player B" for a seat not joined yet)."""
    return [name or t("name.player", letter=SEAT_LETTERS[s]) for s, name in enumerate(given)]


def save_buttons(save_id: str, opens: str | None) -> Element:
    """Resume or Review (if the game can be opened), and Delete."""
    return h(
        "div",
        {"class": "row"},
        opens
        and h(
            "button",
            {"type": "button", "class": "primary", "data-act": opens, "data-id": save_id},
            t("saves." + opens),
        ),
        h(
            "button",
            {"type": "button", "class": "secondary", "data-act": "delete", "data-id": save_id},
            t("saves.delete"),
        ),
    )
