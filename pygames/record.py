"""Game records: the compact text every state is rebuilt from, and share links.

A record is two lines::

    fools-field 1 seed=1234 seats=human,hard match=single start=random
    A:XSSF@4 B:FSSF@1 A:retreat A:discard:XSSF

The first line names the game, its rules version, the seed, the seat kinds and
the options; the second lists the actions, each prefixed by the acting seat's
letter. Undo, resume, links and replays all come from replaying a record.

A link carries the record compressed in the URL fragment (``#r=...``). zlib's
checksum catches a truncated or altered link; replaying catches a record that
decodes but breaks the rules.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass, field

from pygames.core import IllegalAction, State

SEAT_LETTERS = "ABCD"
SEAT_KINDS = ("human", "easy", "normal", "hard", "random", "greedy")
LINK_PREFIX = "r="


class RecordError(ValueError):
    """A record or link that cannot be read or replayed; the message says why."""


@dataclass
class Record:
    game_id: str
    seed: int
    seats: list[str]
    options: dict[str, str] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    rules_version: int = 1

    # ----- building states -----

    @classmethod
    def new(cls, game_id: str, seed: int, seats: list[str], options: dict | None = None):
        game = get_game(game_id)
        record = cls(game_id, seed, list(seats), game.check_options(dict(options or {})))
        record.rules_version = game.rules_version
        record.new_state()  # validates seat count
        return record

    def new_state(self) -> State:
        game = get_game(self.game_id)
        try:
            return game.new_state(len(self.seats), self.seed, self.options)
        except ValueError as error:
            raise RecordError(str(error)) from None

    def replay(self, upto: int | None = None) -> State:
        """The state after the first `upto` actions (all by default)."""
        state = self.new_state()
        for number, (seat, action) in enumerate(self.actions[:upto], start=1):
            try:
                state.apply(seat, action)
            except IllegalAction as error:
                letter = SEAT_LETTERS[seat]
                raise RecordError(
                    f"move {number} ({letter}:{action}) is illegal: {error}"
                ) from None
        return state

    # ----- text -----

    def to_text(self) -> str:
        header = [self.game_id, str(self.rules_version), f"seed={self.seed}"]
        header.append("seats=" + ",".join(self.seats))
        header += [f"{key}={value}" for key, value in sorted(self.options.items())]
        moves = " ".join(f"{SEAT_LETTERS[seat]}:{action}" for seat, action in self.actions)
        return " ".join(header) + "\n" + moves

    @classmethod
    def from_text(cls, text: str) -> Record:
        lines = text.strip("\n").split("\n")
        if not lines or len(lines) > 2 or not lines[0].strip():
            raise RecordError("a record has a header line and a line of moves")
        head = lines[0].split()
        if len(head) < 4:
            raise RecordError("the record's header is incomplete")
        game_id, version = head[0], head[1]
        game = get_game(game_id)
        if version != str(game.rules_version):
            raise RecordError(
                f"this record is for rules version {version} of {game_id}; "
                f"this app has version {game.rules_version}"
            )
        fields = dict(_split_pair(token) for token in head[2:])
        seed = _parse_seed(fields.pop("seed", None))
        seats = _parse_seats(fields.pop("seats", None))
        try:
            options = game.check_options(fields)
        except ValueError as error:
            raise RecordError(str(error)) from None
        moves_line = lines[1] if len(lines) == 2 else ""
        actions = [_parse_move(token, len(seats)) for token in moves_line.split()]
        return cls(game_id, seed, seats, options, actions, game.rules_version)

    # ----- links -----

    def to_link_fragment(self) -> str:
        packed = zlib.compress(self.to_text().encode("utf-8"), 9)
        return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")

    @classmethod
    def from_link_fragment(cls, fragment: str) -> Record:
        fragment = fragment.lstrip("#")
        if not fragment.startswith(LINK_PREFIX):
            raise RecordError("this link does not hold a game")
        payload = fragment[len(LINK_PREFIX) :]
        try:
            packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
            text = zlib.decompress(packed).decode("utf-8")
        except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
            raise RecordError("this link is damaged or incomplete") from None
        return cls.from_text(text)


def get_game(game_id: str):
    from pygames import GAMES

    if game_id not in GAMES:
        raise RecordError(f"unknown game {game_id!r}")
    return GAMES[game_id]


def _split_pair(token: str) -> tuple[str, str]:
    key, sep, value = token.partition("=")
    if not sep or not key:
        raise RecordError(f"unreadable header field {token!r}")
    return key, value


def _parse_seed(text: str | None) -> int:
    if text is None or not text.isdigit() or len(text) > 20:
        raise RecordError("the record's seed is missing or not a number")
    return int(text)


def _parse_seats(text: str | None) -> list[str]:
    seats = (text or "").split(",")
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise RecordError(f"unknown seat kind {kind!r}")
    return seats


def _parse_move(token: str, seats: int) -> tuple[int, str]:
    letter, sep, action = token.partition(":")
    if not sep or letter not in SEAT_LETTERS[:seats] or not action:
        raise RecordError(f"unreadable move {token!r}")
    return SEAT_LETTERS.index(letter), action
