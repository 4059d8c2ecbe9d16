"""The play screen of a game with friends on other devices.

The frame, the board and the log are the play screen's (web/play.py); this adds
what a game by links needs: the link to send next ("Send this link to Bob", with
Copy and the device's Share sheet), what the game waits for ("Waiting for Bob's
link"), and at the end the fairness audit's result. Before the deal is done there
is no board yet: only the invite or the join to send, and whom the game waits for.
"""

from __future__ import annotations

import js

from pygames.analysis import advised_places
from pygames.choices import Pick
from pygames.remote.game import AUDITING, DEALING, PLAYING, UNFAIR, VERIFIED
from pygames.views import View
from web import dialogs, dom
from web.dom import Element, h
from web.games.base import Advice
from web.i18n import t
from web.play import PlayScreen
from web.remote.session import RemoteSession, ReviewSession
from web.screen import action_button
from web.seats import SEAT_LETTERS, join_names
from web.session import Session


class RemotePlayScreen(PlayScreen):
    @property
    def remote_session(self) -> RemoteSession:
        session = self.session
        assert isinstance(session, RemoteSession)
        return session

    def open(self, session: Session) -> None:
        super().open(session)
        brought = self.remote_session.link_brought_news
        if brought is not None:  # opened by a link: what it brought, then what to do
            self.remote_session.link_brought_news = None
            news = "remote.opened_news" if brought else "remote.opened_nothing_new"
            self.app.announce(t(news) + " " + self.headline())

    def render(self) -> None:
        if self._session is None:
            return
        if self.remote_session.dealt:
            super().render()
            return
        session = self.remote_session
        dom.replace(
            self.app.screen,
            h(
                "div",
                {"class": "play remote-start", "data-game": session.game_id, "data-turn": "other"},
                self.bar(t("game." + session.game_id)),
                self.notice(None),
            ),
        )
        self.app.announce(self.headline())
        dom.focus("[data-act='copy-remote']", self.app.screen)

    def on_session_update(self, kind: str) -> None:
        super().on_session_update(kind)
        if self.remote_session.remote.send_needed():
            dom.focus("[data-act='copy-remote']", self.app.screen)

    # ----- what a game by links adds -----

    def notice(self, view: View | None) -> Element | None:
        """The link to send, or what the game waits for."""
        if self.remote_session.left_out:
            return self.left_out_notice()
        game = self.remote_session.remote
        send = self.sending()
        fresh = self.remote_session.news_from is not None
        if game.my_move() and not send and not fresh:
            return None  # the instruction says it all
        news = self.news(view)
        offered = game.tie_offered_by()
        if offered is not None and game.tie_answerer() == game.seat:
            return self.tie_question(offered, news)
        if game.my_move() and not send:  # the instruction says whose move: only the news
            return h(
                "section",
                {"class": "notice remote news-only", "aria-labelledby": "notice-title"},
                h("h3", {"id": "notice-title"}, t("remote.news")),
                news,
            )
        body: list[Element | None] = [h("h3", {"id": "notice-title"}, self.headline())]
        if news is not None:
            body += [h("p", {}, h("strong", {}, t("remote.news"))), news]
        invites = game.invites() if game.seats > 2 else {}
        if send and invites:  # one invite link per friend, each for its own seat
            body.append(h("p", {}, t("remote.why_invites")))
            for seat, fragment in invites.items():
                label = t("remote.invite_for", letter=SEAT_LETTERS[seat])
                body.append(self.link_field(fragment, f"-{seat}", label))
        elif send:
            body += [h("p", {}, self.why_send()), self.link_field(game.link() or "")]
        waiting = self.waiting_names()
        if self.inviting():
            group = "_group" if game.seats > 2 else ""
            body.append(h("p", {"class": "muted"}, t("remote.then_wait_join" + group)))
        elif self.resigned() and game.phase() == PLAYING:
            body.append(h("p", {"class": "muted"}, t("remote.resigned_answering")))
        elif waiting and game.phase() != VERIFIED:
            body.append(
                h("p", {"class": "muted"}, t(self.links_key("remote.then_wait"), name=waiting))
            )
        return h(
            "section",
            {
                "class": "notice remote" + (" send" if send else ""),
                "aria-labelledby": "notice-title",
                "data-remote": game.phase(),
                "data-send": "yes" if send else "no",
            },
            body,
        )

    def left_out_notice(self) -> Element:
        """The host took another friend's join for my seat: no link of mine is wanted."""
        return h(
            "section",
            {"class": "notice remote", "aria-labelledby": "notice-title", "data-remote": "out"},
            h("h3", {"id": "notice-title"}, t("remote.left_out")),
            h("p", {}, t("remote.left_out_why", name=self.names[0])),
        )

    def tie_question(self, offered: int, news: Element | None) -> Element:
        """Another seat offers a tie: accept (the game ends) or decline (it goes on)."""
        return h(
            "section",
            {"class": "notice remote", "aria-labelledby": "notice-title", "data-remote": "offer"},
            h("h3", {"id": "notice-title"}, t("remote.tie_offered", name=self.names[offered])),
            news,
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {"type": "button", "class": "primary", "data-act": "accept-tie"},
                    t("play.draw_accept"),
                ),
                action_button("decline-tie", t("remote.decline_tie")),
            ),
        )

    def marked_move(self, view: View, viewer: int | None) -> tuple[list[Pick], Advice]:
        """My move that waits for the others' keys, marked where it goes until it can be
        played; else the hint's."""
        game = self.remote_session.remote
        waiting, state = game.device.waiting, game.state
        if waiting is None or state is None:
            return super().marked_move(view, viewer)
        return advised_places(state, game.seat, waiting), "pending"

    def news(self, view: View | None) -> Element | None:
        """What the link just opened brought, as the log says it (newest last)."""
        start = self.remote_session.news_from
        if view is None or start is None:
            return None
        lines = [self.log_line(entry, view["seat"]) for entry in view["log"][start:]]
        items = [h("li", {}, line) for line in lines if line]
        return h("ul", {"class": "news"}, items) if items else None

    def turn_text(self, view: View, viewer: int | None) -> str:
        """The instruction when it is my move; otherwise what this device waits for: an
        answer to a tie offered, or my move's draw (shown here once the others' keys
        come), or another seat's link."""
        game = self.remote_session.remote
        offered = game.tie_offered_by()
        if offered is not None and game.tie_answerer() == game.seat:
            return t("remote.tie_offered", name=self.names[offered])
        if game.my_move():
            return super().turn_text(view, viewer)
        key = "remote.move_waits" if game.device.waiting is not None else "remote.waiting"
        return t(self.links_key(key), name=self.awaited_names())

    def headline(self) -> str:
        game = self.remote_session.remote
        others = join_names([self.names[seat] for seat in game.recipients()])
        if self.remote_session.left_out:
            return t("remote.left_out")
        if game.phase() == UNFAIR:
            at_fault = join_names([self.names[seat] for seat in game.at_fault()])
            return t("remote.unfair", name=at_fault)
        if game.phase() == VERIFIED and not self.sending():  # the last link: my keys
            return t("remote.verified")
        if self.sending() and game.seats > 2:  # a group chat
            if self.inviting() and game.invites():
                return t("remote.send_invites")
            return t("remote.send_to_group", names=others)
        if self.inviting():
            return t("remote.send_invite")
        if self.sending():
            return t("remote.send_to", name=others)
        if game.my_move():
            return t("remote.your_move")
        return t(self.links_key("remote.waiting"), name=self.awaited_names())

    def sending(self) -> bool:
        """A link of mine is to go out now (while dealing, even on my own turn in it)."""
        game = self.remote_session.remote
        return game.send_needed() or (game.phase() == DEALING and game.link() is not None)

    def inviting(self) -> bool:
        """My link lets the next friend join: seat 0's invite, or (with more seats) the
        join of the last seat that joined, while seats are still free."""
        game = self.remote_session.remote
        return game.phase() == DEALING and not all(game.names()[1:]) and self.sending()

    def resigned(self) -> bool:
        state = self.remote_session.remote.state
        return state is not None and self.remote_session.remote.seat in state.resigned

    def why_send(self) -> str:
        game = self.remote_session.remote
        if game.tie_offered_by() == game.seat:
            return t("remote.why_offer")
        if game.tie_offered_by() is not None:
            return t("remote.why_accept")
        if game.phase() == DEALING:
            group = "_group" if game.seats > 2 else ""
            mine = [m.body.get("kind") for m in game.device.chain.messages if m.seat == game.seat]
            if mine[-1:] == ["invite"]:
                return t("remote.why_invite" + group)
            if mine[-1:] == ["join"]:
                return t("remote.why_join_next" if self.inviting() else "remote.why_join" + group)
            return t("remote.why_lock")
        if game.phase() in (AUDITING, VERIFIED, UNFAIR):
            return t("remote.why_audit")
        if game.device.waiting is not None:
            return t("remote.why_move_waits")
        return t("remote.why_move")

    def awaited(self) -> list[int]:
        """The seats whose links this device waits for; with none named, every seat my
        link goes to."""
        game = self.remote_session.remote
        return game.waiting_for() or game.recipients()

    def awaited_names(self) -> str:
        return join_names([self.names[seat] for seat in self.awaited()])

    def links_key(self, key: str) -> str:
        """`key`, or its plural ("_many") when several seats' links are awaited."""
        return key + "_many" if len(self.awaited()) > 1 else key

    def waiting_names(self) -> str:
        game = self.remote_session.remote
        return join_names([self.names[seat] for seat in game.waiting_for()])

    def link_field(self, fragment: str, key: str = "", label: str = "") -> Element:
        """A link to send, with Copy (and Share where the device has it); `key` tells
        several apart (one invite per seat). Shared, a link says its `label` beside it (an
        invite names its seat: several differ only there), else the headline."""
        url = str(js.location.href).split("#")[0] + "#" + fragment
        can_share = hasattr(js.navigator, "share")
        field = f"remote-url{key}"
        return h(
            "div",
            {"class": "remote-link"},
            h("label", {"for": field}, label or t("remote.link")),
            h("input", {"id": field, "readonly": True, "value": url, "dir": "ltr"}),
            h("p", {"class": "muted", "id": f"remote-result{key}", "role": "status"}),
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-act": "copy-remote",
                        "data-focus": f"copy-remote{key}",
                        "data-link": key,
                    },
                    t("share.copy"),
                ),
                can_share
                and h(
                    "button",
                    {
                        "type": "button",
                        "data-act": "share-remote",
                        "data-link": key,
                        "data-text": label or self.headline(),
                    },
                    t("remote.share"),
                ),
            ),
        )

    # ----- the frame's parts, for a game by links -----

    def common_actions(self, view: View) -> Element | None:
        # A resignation is a move, and an offer of a tie waits for its answer: both only on
        # my turn, so that neither crosses another link.
        game = self.remote_session.remote
        if view["over"] or not game.my_move():
            return None
        return h(
            "div",
            {"class": "row common-actions"},
            # Undo: only an action of this turn, before the turn's link is made.
            action_button("undo", t("play.undo"), enabled=game.can_undo()),
            action_button("resign", t("play.resign")),
            game.may_offer_tie() and action_button("offer-tie", t("play.offer_draw")),
        )

    def over_panel(self, view: View) -> Element | None:
        if not view["over"]:
            return None
        game = self.remote_session.remote
        verdict = {
            VERIFIED: t("remote.verified_explain"),
            UNFAIR: t("remote.unfair_explain"),
        }.get(game.phase(), t("remote.audit_waiting"))
        return h(
            "div",
            {"class": "over", "role": "group", "aria-label": t("over.title")},
            h("h3", {}, t("over.title")),
            h("p", {"class": "audit", "data-audit": game.phase()}, verdict),
            h(
                "div",
                {"class": "row"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "secondary",
                        "data-act": "rematch-remote",
                        "data-focus": "rematch-remote",
                    },
                    t("remote.rematch"),
                ),
                game.whole_game() is not None
                and h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-act": "review-remote",
                        "data-focus": "review-remote",
                    },
                    t("replay.review"),
                ),
                h(
                    "button",
                    {"type": "button", "class": "secondary", "data-act": "lobby"},
                    t("play.lobby"),
                ),
            ),
        )

    # ----- what the buttons do -----

    def act_review_remote(self, element) -> None:
        """The whole game, every card open (the audit opened them), in the replay screen."""
        if self.is_open and self.remote_session.remote.whole_game() is not None:
            self.app.open_replay(ReviewSession(self.remote_session))

    async def act_rematch_remote(self, element) -> None:
        """A new deal by links, the same game and options: an invite to send the others."""
        session = self.remote_session
        game = session.remote
        name = game.names()[game.seat]
        await self.app.start_remote(game.game_id, game.seats, dict(session.record.options), name)

    async def act_offer_tie(self, element) -> None:
        question = t("remote.offer_tie_confirm")
        if await dialogs.confirm(question, t("play.offer_draw")):
            self.remote_session.offer_tie()

    def act_accept_tie(self, element) -> None:
        self.remote_session.answer_tie(accept=True)

    def act_decline_tie(self, element) -> None:
        self.remote_session.answer_tie(accept=False)

    async def act_copy_remote(self, element) -> None:
        key = str(element.getAttribute("data-link") or "")
        await dialogs.copy_link(f"remote-url{key}", f"remote-result{key}")

    async def act_share_remote(self, element) -> None:
        key = str(element.getAttribute("data-link") or "")
        field = dom.by_id(f"remote-url{key}")
        if field is None:
            return
        data = js.Object.new()
        data.title = t("game." + self.session.game_id)
        data.text = str(element.getAttribute("data-text") or "")
        data.url = str(field.value)
        try:
            await js.navigator.share(data)
        except Exception:  # the person closed the sheet, or sharing is refused
            return
