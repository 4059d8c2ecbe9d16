"""The join screen: an invite link to a game with friends on other devices, opened.

It says who invites, to which game and seat, asks the name to show the others,
and joins (which makes the link to send back). Nothing is saved until Join.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygames.remote.game import Invitation
from web import dom, storage
from web.dom import h
from web.i18n import t
from web.new_game import back_and_go, name_field
from web.seats import SEAT_LETTERS

if TYPE_CHECKING:
    from web.shell import Shell


class JoinScreen:
    def __init__(self, app: Shell):
        self.app = app
        self.fragment = ""
        self.offer: Invitation | None = None
        self.instead = False

    def open(self, fragment: str, offer: Invitation, instead: bool = False) -> None:
        """`instead`: this device joined the game before, and that join was not taken."""
        self.fragment, self.offer, self.instead = fragment, offer, instead
        self.render()
        self.app.show("join")
        dom.focus("#join-name", self.app.screen)

    def render(self) -> None:
        offer = self.offer
        if offer is None:
            return
        host = offer.host or t("name.player", letter=SEAT_LETTERS[0])
        game = t("game." + offer.game_id)
        dom.replace(
            self.app.screen,
            h(
                "form",
                {"class": "panel remote-join", "aria-labelledby": "join-title"},
                h("h2", {"id": "join-title"}, t("remote.join_title", game=game)),
                h("p", {}, t("remote.join_invited", name=host, game=game, count=offer.seats)),
                self.instead
                and h(
                    "p",
                    {"class": "notice", "role": "status"},
                    t("remote.join_instead", letter=SEAT_LETTERS[offer.seat]),
                ),
                h("p", {"class": "muted"}, t("remote.join_explain")),
                offer.seats > 2 and h("p", {"class": "muted"}, t("remote.join_in_turn")),
                name_field("join-name"),
                back_and_go("join", t("remote.join")),
            ),
        )

    async def act_join(self, element) -> None:
        offer = self.offer
        if offer is not None and not self.instead and self.joined_elsewhere(offer):
            self.app.show_message(lambda: t("remote.joined_elsewhere"))
            self.app.resume(offer.chain_id)  # that game, not a second join over its save
            return
        field = dom.by_id("join-name")
        name = storage.remember_name(str(field.value) if field is not None else "")
        await self.app.join_remote(self.fragment, name)

    def joined_elsewhere(self, offer: Invitation) -> bool:
        """This device joined the game since the screen opened (the invite opened in two
        tabs): a second join would replace the first's secrets, which its link carried."""
        return storage.game_by_links(offer.chain_id) is not None
