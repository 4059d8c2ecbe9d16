"""Signed messages in one chain per game: what makes a changed link detectable.

Every message a seat sends names the game, the messages it follows (the hashes of the
newest messages its sender held: one, or several when answers to one link came at
once) and its number (0 for the invite, then one more than the largest it follows),
and is signed with the seat's key (Ed25519), made on its device and never sent. The
messages so form a graph in which each seat's messages, and the turns of the game
(every message but the answers: keys and audits), each follow one line; answers of
several seats to one link may come in any order, and the next move follows them all.

A device keeps the messages it accepted (`Chain`), each after those it follows, and
takes a new one only if it fits: the right game, every message it follows held here,
a good signature of the seat it names, after that seat's last message and, unless it
is an answer, after the last turn. So a changed past, a dropped message, a replayed
old link and two different links for one turn are each refused with their own reason
and the seat to blame (`ChainError`), and nothing already accepted changes.

Seats' public keys come from the chain itself: the creator's from the invite
(message 0), each friend's from its "join" message, signed by the key it names.
Format 1 (a line: one message followed, as ``previous``) is still read: games begun
before format 2 go on in it.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, replace
from typing import Any, Protocol

from pygames.remote.wire import b64, unb64

# Format 1 followed one message ("previous"); 2 follows several ("after"), and its
# audits give each seat's seed instead of every secret (`pygames.remote.deal.Seed`).
# A game goes on in the format it began in; a later format is refused as a newer app's.
FORMAT = 2
JOIN = "join"
# Answers: what a device sends by itself on opening a link, and the joins (friends may
# join in any order). Several seats may answer one link at once; every other message is
# a turn, and follows the one before.
ANSWERS = ("keys", "audit", JOIN)


class Signer(Protocol):
    """A seat's signing key, kept on its device (`seed` makes it again from a save)."""

    public_key: bytes
    seed: bytes

    def sign(self, data: bytes) -> bytes: ...


class Verify(Protocol):
    def __call__(self, public_key: bytes, data: bytes, signature: bytes) -> bool: ...


class SodiumSigner:
    """Ed25519 by libsodium (PyNaCl)."""

    def __init__(self, seed: bytes | None = None):
        from nacl.signing import SigningKey

        self.key = SigningKey(seed) if seed is not None else SigningKey.generate()
        self.seed = bytes(self.key)
        self.public_key = bytes(self.key.verify_key)

    def sign(self, data: bytes) -> bytes:
        return self.key.sign(data).signature


def sodium_verify(public_key: bytes, data: bytes, signature: bytes) -> bool:
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey

    try:
        VerifyKey(public_key).verify(data, signature)
    except (BadSignatureError, ValueError, TypeError):
        return False
    return True


class ChainError(ValueError):
    """A message the chain does not take. `reason` is a key for the words shown (e.g.
    "forked"), `seat` the seat to blame (None: nobody can be named)."""

    def __init__(self, reason: str, seat: int | None, detail: str = ""):
        super().__init__(f"{reason} (seat {seat}){': ' + detail if detail else ''}")
        self.reason = reason
        self.seat = seat


@dataclass(frozen=True)
class Message:
    game: str  # the game's random id
    number: int  # 0 for the invite, else one more than the largest it follows
    seat: int
    after: tuple[str, ...]  # hashes of the messages it follows (none for the invite)
    body: dict[str, Any]
    signature: str = ""
    v: int = FORMAT

    def signed_part(self) -> bytes:
        data: dict[str, Any] = {"v": self.v, "game": self.game, "number": self.number}
        data |= {"seat": self.seat, "body": self.body}
        if self.v == 1:
            data["previous"] = self.after[0] if self.after else ""
        else:
            data["after"] = list(self.after)
        return canonical(data)

    def digest(self) -> str:
        cached = self.__dict__.get("_digest")  # a frozen message's hash never changes
        if cached is None:
            cached = hashlib.sha256(self.signed_part() + self.signature.encode()).hexdigest()
            object.__setattr__(self, "_digest", cached)
        return cached

    def signed_by(self, signer: Signer) -> Message:
        signature = b64(signer.sign(self.signed_part()))
        return replace(self, signature=signature)

    def to_text(self) -> str:
        data = json.loads(self.signed_part())
        data["signature"] = self.signature
        return canonical(data).decode()

    @classmethod
    def from_text(cls, text: str) -> Message:
        """Raises ChainError("unreadable") for anything that is not a message."""
        try:
            data = json.loads(text)
        except ValueError as error:
            raise ChainError("unreadable", None, "not JSON") from error
        if isinstance(data, dict) and type(data.get("v")) is int and data["v"] > FORMAT:
            raise ChainError("newer_app", None, f"format {data['v']}")
        if not isinstance(data, dict) or data.get("v") not in (1, 2):
            raise ChainError("unreadable", None, "not a message")
        kinds = {"v": int, "game": str, "number": int, "seat": int, "body": dict}
        kinds |= {"signature": str}
        kinds |= {"previous": str} if data["v"] == 1 else {"after": list}
        if set(data) != set(kinds):
            raise ChainError("unreadable", None, "not a message")
        for name, kind in kinds.items():
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise ChainError("unreadable", None, f"{name} is not {kind.__name__}")
        if data["v"] == 1:
            after = (data["previous"],) if data["previous"] else ()
        else:
            after = tuple(data["after"])
            if not all(isinstance(h, str) for h in after) or len(set(after)) != len(after):
                raise ChainError("unreadable", None, "after is not a list of hashes")
        number, seat, body = data["number"], data["seat"], data["body"]
        return cls(data["game"], number, seat, after, body, data["signature"], data["v"])

    @property
    def is_answer(self) -> bool:
        return self.body.get("kind") in ANSWERS


class Chain:
    """The messages one device accepted, each after those it follows."""

    def __init__(self, verify: Verify):
        self.verify = verify
        self.messages: list[Message] = []
        self.public_keys: dict[int, bytes] = {}
        self.places: dict[str, int] = {}  # `index`, kept while the messages grow
        # Messages taken again from a save whose signatures need no second check: a later
        # message of the save follows each (names its hash), and is checked itself.
        self.vouched: set[str] = set()

    @property
    def game(self) -> str | None:
        return self.messages[0].game if self.messages else None

    def index(self) -> dict[str, int]:
        """Each held message's place, by its hash."""
        places = self.places
        held = self.messages
        if len(places) != len(held) or (held and places.get(held[-1].digest()) != len(held) - 1):
            places = self.places = {message.digest(): k for k, message in enumerate(held)}
        return places

    def heads(self) -> list[str]:
        """The hashes of the messages no other follows: what a new message follows."""
        followed = {h for message in self.messages for h in message.after}
        return sorted(d for m in self.messages if (d := m.digest()) not in followed)

    def next(self, signer: Signer, seat: int, body: dict[str, Any], game: str = "") -> Message:
        """A new message from `seat`, following every newest one (`game` for the invite)."""
        if not self.messages:
            return Message(game, 0, seat, (), body).signed_by(signer)
        game = self.messages[0].game
        if self.messages[0].v == 1:  # a line: the message before
            last = (self.messages[-1].digest(),)
            return Message(game, len(self.messages), seat, last, body, v=1).signed_by(signer)
        after = tuple(self.heads())
        index = self.index()
        number = 1 + max(self.messages[index[h]].number for h in after)
        v = self.messages[0].v
        return Message(game, number, seat, after, body, v=v).signed_by(signer)

    def append(self, message: Message) -> None:
        """Take `message`, or raise ChainError saying why not (the chain is unchanged)."""
        if self.messages and message.game != self.game:
            raise ChainError("other_game", None)
        index = self.index()
        digest = message.digest()
        if digest in index:
            raise ChainError("already_seen", message.seat)
        if self.messages and message.v != self.messages[0].v:
            raise ChainError("unreadable", message.seat, "a message of another format")
        if digest not in self.vouched:
            self.check_signature(message)
        unknown = [h for h in message.after if h not in index]
        if unknown or (self.messages and not message.after) or (message.after and not index):
            newest = max((m.number for m in self.messages), default=-1)
            if message.number <= newest:  # it follows a past this device does not hold
                raise ChainError("changed_past", message.seat)
            raise ChainError("missing", None, f"expected message {newest + 1}")
        expected = 1 + max((self.messages[index[h]].number for h in message.after), default=-1)
        if message.number != expected:
            raise ChainError("changed_past", message.seat, "a number that does not follow")
        self.check_line(message, index)
        if message.seat not in self.public_keys:
            self.public_keys[message.seat] = self.key_of_new_seat(message)
        self.messages.append(message)
        index[digest] = len(self.messages) - 1

    def lineage(self, place: int) -> set[int]:
        """The places of the held message at `place` and of every message it follows."""
        index = self.index()
        found: set[int] = set()
        todo = [place]
        while todo:
            here = todo.pop()
            if here not in found:
                found.add(here)
                todo += [index[h] for h in self.messages[here].after]
        return found

    def follows(self, message: Message, place: int, index: dict[str, int]) -> bool:
        """True if `message` follows the held message at `place`, near or far (held
        messages come after those they follow, so the search stops below `place`)."""
        seen: set[int] = set()
        todo = [index[h] for h in message.after]
        while todo:
            here = todo.pop()
            if here == place:
                return True
            if here > place and here not in seen:
                seen.add(here)
                todo += [index[h] for h in self.messages[here].after]
        return False

    def check_line(self, message: Message, index: dict[str, int]) -> None:
        """A seat's messages follow one line, and so do the turns: `message` must follow
        its seat's last message and, unless it is an answer, the last turn; else it is a
        fork (two different links for one turn, or a turn taken out of line)."""
        last_mine: int | None = None
        last_turn: int | None = None
        for place in range(len(self.messages) - 1, -1, -1):
            held = self.messages[place]
            if last_mine is None and held.seat == message.seat:
                last_mine = place
            if last_turn is None and not held.is_answer:
                last_turn = place
            if last_mine is not None and last_turn is not None:
                break
        for last in (last_mine, None if message.is_answer else last_turn):
            if last is not None and not self.follows(message, last, index):
                raise ChainError("forked", message.seat, f"message {self.messages[last].number}")

    def check_signature(self, message: Message) -> None:
        key = self.public_keys.get(message.seat) or self.key_of_new_seat(message)
        try:
            signature = unb64(message.signature)
        except ValueError as error:
            raise ChainError("bad_signature", message.seat) from error
        if not self.verify(key, message.signed_part(), signature):
            raise ChainError("bad_signature", message.seat)

    def key_of_new_seat(self, message: Message) -> bytes:
        """A seat's first message (the invite, or its join) names its public key."""
        if message.body.get("kind") not in ("invite", JOIN):
            raise ChainError("unknown_seat", message.seat)
        try:
            key = unb64(str(message.body["public_key"]))
        except (KeyError, ValueError) as error:
            raise ChainError("unreadable", message.seat) from error
        return key


def canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
