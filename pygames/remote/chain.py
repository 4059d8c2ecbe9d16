"""Signed messages in one chain per game: what makes a changed link detectable.

Every message a seat sends names the game, its number in the game (0, 1, 2, ...
across all seats) and the hash of the message before it, and is signed with the
seat's key (Ed25519), made on its device and never sent. A device keeps the chain
of messages it accepted (`Chain`) and takes a new one only if it follows: the
right game, the next number, the hash of its own last message, a good signature
of the seat it names. So a changed past, a dropped message, a replayed old link
and two different links for one turn are each refused with their own reason and
the seat to blame (`ChainError`), and nothing already accepted changes.

Seats' public keys come from the chain itself: the creator's from the invite
(message 0), each friend's from its "join" message, signed by the key it names.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

from pygames.remote.wire import b64, unb64

FORMAT = 1
JOIN = "join"


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
    number: int
    seat: int
    previous: str  # hash of message number - 1 ("" for message 0)
    body: dict[str, Any]
    signature: str = ""

    def signed_part(self) -> bytes:
        return canonical(
            {
                "v": FORMAT,
                "game": self.game,
                "number": self.number,
                "seat": self.seat,
                "previous": self.previous,
                "body": self.body,
            }
        )

    def digest(self) -> str:
        return hashlib.sha256(self.signed_part() + self.signature.encode()).hexdigest()

    def signed_by(self, signer: Signer) -> Message:
        signature = b64(signer.sign(self.signed_part()))
        return Message(self.game, self.number, self.seat, self.previous, self.body, signature)

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
        kinds = {"v": int, "game": str, "number": int, "seat": int, "previous": str}
        kinds |= {"body": dict, "signature": str}
        if not isinstance(data, dict) or set(data) != set(kinds) or data["v"] != FORMAT:
            raise ChainError("unreadable", None, "not a message")
        for name, kind in kinds.items():
            if not isinstance(data[name], kind) or isinstance(data[name], bool):
                raise ChainError("unreadable", None, f"{name} is not {kind.__name__}")
        return cls(
            data["game"],
            data["number"],
            data["seat"],
            data["previous"],
            data["body"],
            data["signature"],
        )


class Chain:
    """The messages one device accepted, in order."""

    def __init__(self, verify: Verify):
        self.verify = verify
        self.messages: list[Message] = []
        self.public_keys: dict[int, bytes] = {}

    @property
    def game(self) -> str | None:
        return self.messages[0].game if self.messages else None

    def next(self, signer: Signer, seat: int, body: dict[str, Any], game: str = "") -> Message:
        """A new message from `seat`, following the last one (`game` for message 0)."""
        previous = self.messages[-1].digest() if self.messages else ""
        number = len(self.messages)
        message = Message(self.game or game, number, seat, previous, body)
        return message.signed_by(signer)

    def append(self, message: Message) -> None:
        """Take `message`, or raise ChainError saying why not (the chain is unchanged)."""
        if self.messages and message.game != self.game:
            raise ChainError("other_game", None)
        number = len(self.messages)
        if message.number < number:
            if self.messages[message.number].digest() == message.digest():
                raise ChainError("already_seen", message.seat)
            self.check_signature(message)
            raise ChainError("forked", message.seat, f"message {message.number}")
        if message.number > number:
            raise ChainError("missing", None, f"expected message {number}")
        expected = self.messages[-1].digest() if self.messages else ""
        self.check_signature(message)
        if message.previous != expected:
            raise ChainError("changed_past", message.seat)
        if message.seat not in self.public_keys:
            self.public_keys[message.seat] = self.key_of_new_seat(message)
        self.messages.append(message)

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
