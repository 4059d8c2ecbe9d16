"""A game played with friends on other devices, as the play screen sees it.

A `RemoteSession` is a `Session` whose game lives in this seat's device
(`pygames.remote.game.RemoteGame`): the state is the seat's copy (`?` for what it
cannot see), a move goes to the device, and the device says which link to send.
Every seat is a person; an undo takes back only an action not in a link yet (a turn
of several actions, before it ends); there is no computer, and the save holds the
device's secrets and chain instead of a record.

Loaded only when a remote game opens (it imports the protocol, shipped apart).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygames.core import IllegalAction
from pygames.record import Record
from pygames.remote.game import Crypto, RemoteGame
from pygames.views import View
from web import storage
from web.i18n import t
from web.lobby import player_names
from web.session import HUMAN, Session

if TYPE_CHECKING:
    from web.remote_kit import Kit


class KitCrypto:
    """The page's back end (web/remote_kit.py) as the protocol's `Crypto`."""

    def __init__(self, kit: Kit):
        self.kit = kit
        self.group = kit.group
        self.verify = kit.verify

    def signer(self, seed: bytes | None = None):
        return self.kit.signer_from_seed(seed) if seed is not None else self.kit.new_signer()


class RemoteSession(Session):
    by_links = True
    record_checked = False  # its record is not replayed: the device's state is the game

    def __init__(self, game: RemoteGame, save: storage.Save):
        # Not Session.__init__: there is no record to replay, only the device's state.
        self.remote = game
        options = dict(game.device.plan.options)
        self.record = Record(game.game_id, [HUMAN] * game.seats, options)
        self.save = save
        self.bot_seed = 0
        self.generation = 0
        self.thinking = {}
        self.save_error = None
        self.on_update = lambda kind: None
        self.closed = False
        self.news_from: int | None = None  # the log's first entry a link just brought
        self.link_brought_news: bool | None = None  # a link just opened: did it bring moves
        self.left_out = save.turn == "out"  # the host took another friend's join for my seat

    @property
    def state(self):
        state = self.remote.state
        assert state is not None, "a remote game shows once it is dealt"
        return state

    # ----- opening -----

    @classmethod
    def created(cls, crypto: Crypto, game_id: str, seats: int, options: dict, name: str):
        return cls.saved_anew(RemoteGame.create(crypto, game_id, seats, options, name))

    @classmethod
    def joined(cls, crypto: Crypto, fragment: str, name: str) -> RemoteSession:
        return cls.saved_anew(RemoteGame.join(crypto, fragment, name))

    @classmethod
    def saved_anew(cls, game: RemoteGame) -> RemoteSession:
        now = storage.now_ms()
        save = storage.Save(
            id=game.chain_id,
            game=game.game_id,
            record="",
            seats=[HUMAN] * game.seats,
            created=now,
            saved=now,
            moves=0,
        )
        session = cls(game, save)
        session.autosave()
        return session

    @classmethod
    def from_remote_save(cls, crypto: Crypto, save: storage.Save) -> RemoteSession:
        """RemoteError("bad_save") if the save does not hold a game this app can go on."""
        return cls(RemoteGame.from_saved(crypto, save.remote), save)

    # ----- who sees what -----

    @property
    def dealt(self) -> bool:
        return self.remote.state is not None

    def human_seats(self) -> list[int]:
        return [self.remote.seat]

    def is_computer(self, seat: int) -> bool:
        return False

    def viewer(self) -> int | None:
        return self.remote.seat

    def view(self, seat: int | None) -> View:
        view = self.state.view(seat)
        if not self.remote.my_move():  # e.g. my move waits for the others' keys
            view["actions"] = []
            view["choices"] = None
        return view

    def seat_names(self) -> list[str]:
        names = self.player_names()
        names[self.remote.seat] = t("name.you")
        return names

    def seat_line(self) -> str:
        return t("seat.versus").join(self.player_names())

    def player_names(self) -> list[str]:
        """The names the players gave ("Player B" for a seat not joined yet)."""
        return player_names(self.remote.names())

    def moves_played(self) -> int:
        return 0 if self.remote.state is None else super().moves_played()

    # ----- changing the game -----

    def act(self, seat: int, action: str) -> None:
        if seat != self.remote.seat:
            raise IllegalAction("not_your_turn", seat=seat)
        self.remote.play(action)
        self.news_from = None  # what the last link brought is old news now
        self._changed("move")

    def offer_tie(self) -> None:
        self.remote.offer_tie()
        self._changed("move")

    def answer_tie(self, accept: bool) -> None:
        self.remote.answer_tie(accept)
        self.news_from = None
        self._changed("move")

    def take_link(self, fragment: str):
        """A link's new messages (RemoteError leaves everything as it was), then save.
        The log's entries it brought are the news (`news_from`)."""
        before = len(self.view(self.remote.seat)["log"]) if self.dealt else 0
        taken = self.remote.take_link(fragment)
        self.news_from = before if taken.fresh else None
        self.left_out = False
        self._changed("link")
        return taken

    def leave_out(self) -> None:
        """A link said the host took another friend's join for my seat: the game goes on
        without this device (the lobby says so), until a link of it is taken here."""
        self.left_out = True
        self.autosave()

    def undo_point(self, seat: int | None) -> int | None:
        """Where an undo goes back to: only an action of mine in no link yet."""
        state = self.remote.state
        if seat != self.remote.seat or state is None or not self.remote.can_undo():
            return None
        return state.undo_point(seat)

    def undo(self, seat: int) -> bool:
        if self.undo_point(seat) is None:
            return False
        self.remote.undo()
        self._changed("undo")
        return True

    def schedule_computer(self) -> None:
        return None  # every seat is a person

    def searching_computers(self) -> int:
        return 0

    def autosave(self) -> None:
        if self.closed:
            return  # a game left writes nothing: its save may be newer (another tab's)
        game = self.remote
        save = self.save
        save.remote = game.to_saved()
        save.names = [name[: storage.MAX_NAME] for name in game.names()]
        save.moves = self.moves_played()
        save.over = game.state is not None and game.state.is_over()
        mine = game.my_move() or game.tie_answerer() == game.seat  # a move, or an answer
        send = game.send_needed()
        save.turn = "out" if self.left_out else "mine" if mine else "send" if send else "wait"
        save.awaited = game.waiting_for()
        save.saved = storage.now_ms()
        try:
            storage.write(save)
            self.save_error = None
        except storage.StorageFull:
            self.save_error = "quota"
        except storage.StorageUnavailable:
            self.save_error = "unavailable"


class ReviewSession(Session):
    """A game by links that the audit found fair, every card open: for the replay screen
    and the computer's study, kept in the same save."""

    def __init__(self, played: RemoteSession):
        whole = played.remote.whole_game()
        assert whole is not None, "only a verified game is reviewed"
        record = Record.new(played.game_id, list(played.record.seats), played.record.options)
        record.actions = whole
        super().__init__(record, played.save)
        self.names = played.seat_names()
        self.seat = played.remote.seat

    def seat_names(self) -> list[str]:
        return self.names

    def viewer(self) -> int | None:
        """This device's seat: the replay seen from everywhere sits there."""
        return self.seat

    def seat_line(self) -> str:
        return t("seat.versus").join(self.names)

    def autosave(self) -> None:
        return None  # the save is the game by links' own: only the study is added to it
