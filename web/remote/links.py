"""Games with friends on other devices: starting one, joining one, and opening its
links, for the app shell (web/app.py), once remote play's files are loaded.

An invite link opens the join screen; any other link brings its saved game up to
date. A link that cannot be taken says why, naming the seat to blame where one can
be named, and changes nothing saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import js

from pygames.remote.device import NotDealtYet
from pygames.remote.game import Invitation, RemoteError, RemoteGame, read_link
from pygames.remote.link import seat_of
from web import dom, i18n, storage
from web.i18n import t
from web.remote.session import KitCrypto, RemoteSession

if TYPE_CHECKING:
    from web.remote_kit import Kit
    from web.shell import Shell


# The games by link opened in this page, by chain id: a link opened in the same page
# takes up the device where it is instead of replaying its whole chain from the save,
# unless another page changed the save meanwhile.
_open: dict[str, RemoteSession] = {}
LATE = "late_join"  # a join for a seat another friend joined as first


class RemoteLinks:
    def __init__(self, app: Shell, kit: Kit):
        self.app = app
        self.crypto = KitCrypto(kit)

    def start(self, game_id: str, seats: int, options: dict, name: str) -> None:
        try:
            session = RemoteSession.created(self.crypto, game_id, seats, options, name)
        except NotDealtYet:
            self.app.show_message(lambda: t("remote.not_by_link"))
            return
        _open[session.save.id] = session
        self.app.open_session(session)

    def open_link(self, fragment: str) -> None:
        self.app.dismiss_message()  # an earlier link's refusal is over
        try:
            chain_id = read_link(fragment)[0].game
            save = storage.game_by_links(chain_id)
            if save is not None:
                self.bring_up_to_date(save, fragment)
                return
            self.app.open_join(fragment, RemoteGame.invitation(fragment))
        except RemoteError as error:
            refused = error  # `error` is unbound once the except clause ends
            self.app.leave_game()
            self.app.show_message(lambda: refusal(refused, []))

    def session_of(self, save: storage.Save) -> RemoteSession:
        """The game a save holds: the one open in this page if the save is still its own."""
        kept = _open.get(save.id)
        if kept is not None and kept.save.saved == save.saved and not kept.save_error:
            kept.closed = False
            return kept
        session = RemoteSession.from_remote_save(self.crypto, save)
        _open[save.id] = session
        root = js.document.documentElement  # counted, for tests: <html data-remote-restores>
        restored = int(dom.nullable(root.getAttribute("data-remote-restores")) or 0)
        root.setAttribute("data-remote-restores", str(restored + 1))
        return session

    def bring_up_to_date(self, save: storage.Save, fragment: str) -> None:
        session = self.session_of(save)
        try:
            taken = session.take_link(fragment)
        except RemoteError as error:
            offer = seat_offered(fragment) if error.reason in SEAT_GONE else None
            if offer is not None:  # the host's invite to a free seat, for a join not taken
                self.app.open_join(fragment, offer, instead=True)
                return
            if error.reason in LEFT_OUT:
                session.leave_out()
            self.app.open_session(session)
            full = all(session.remote.names())  # no free seat to invite a late joiner to
            refused = error
            self.app.show_message(lambda: refusal(refused, session.seat_names(), full))
            return
        session.link_brought_news = taken.fresh  # the play screen says so as it opens
        self.app.open_session(session)

    def join(self, fragment: str, name: str) -> None:
        try:
            session = RemoteSession.joined(self.crypto, fragment, name)
        except RemoteError as error:
            refused = error
            self.app.show_message(lambda: refusal(refused, []))
            return
        _open[session.save.id] = session
        self.app.open_session(session)

    def resume(self, save: storage.Save) -> None:
        try:
            session = self.session_of(save)
        except RemoteError:
            self.app.leave_game()
            self.app.show_message(lambda: t("error.save"))
            return
        self.app.open_session(session)


# Refusals that leave this device's join out of the game (another took its seat, or the
# seat of the join it followed), or may: the host's invite to a free seat is welcome.
SEAT_GONE = ("seat_taken_first", "join_overtaken", "seat_contested")
LEFT_OUT = ("seat_taken_first", "join_overtaken")  # surely left out (the host said so)


def seat_offered(fragment: str) -> Invitation | None:
    """The free seat a link names (the host's invite for one seat), if it names one."""
    try:
        offer = RemoteGame.invitation(fragment)
    except RemoteError:
        return None
    return offer if seat_of(fragment) == offer.seat else None


def refusal(error: RemoteError, names: list[str], full: bool = False) -> str:
    """Why a link was refused, naming the seat to blame if it is known (and, for a join
    that came too late, whether a seat is still free: `full`)."""
    seat = error.seat
    name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
    key = "remote.error." + error.reason + ("_full" if full and error.reason == LATE else "")
    reason = t(key, name=name) if i18n.has(key) else t("remote.error.damaged", name=name)
    return t("remote.refused", reason=reason)
