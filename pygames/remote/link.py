"""Remote-play messages as a link: ``#m=`` then the messages' texts, one per line,
packed (`pygames.packing`, as a record's ``#r=`` link is). A link carries every message
its sender has that the reader may not have yet (a final move and the sender's audit,
say), so sending a link again, or an older one, does no harm. A link that is too long,
inflates too far, is damaged or holds anything but messages is refused with
`ChainError("unreadable")` before anything reads it. An invite may end with
``&seat=N``, the seat it offers (one invite link per seat)."""

from __future__ import annotations

from pygames.packing import PackingError, pack, unpack
from pygames.remote.chain import ChainError, Message

PREFIX = "m="
SEAT = "&seat="  # after an invite's messages: the seat that link offers
MAX_LINK_CHARS = 64_000  # the largest deal link is about 6 KB packed
MAX_MESSAGE_CHARS = 256_000
MAX_MESSAGES = 64


def to_fragment(messages: list[Message]) -> str:
    """`messages` (canonical JSON: no line breaks inside one) as a link's fragment."""
    return PREFIX + pack("\n".join(message.to_text() for message in messages))


def for_seat(fragment: str, seat: int) -> str:
    """An invite's fragment naming the seat it offers (one link per seat)."""
    return f"{fragment.partition(SEAT)[0]}{SEAT}{seat}"


def seat_of(fragment: str) -> int | None:
    """The seat an invite's fragment names, if any (ChainError for a damaged one)."""
    if SEAT not in fragment:
        return None
    named = fragment.partition(SEAT)[2]
    if not (named.isascii() and named.isdigit() and len(named) < 3):
        raise ChainError("unreadable", None, "a damaged seat")
    return int(named)


def from_fragment(fragment: str) -> list[Message]:
    fragment = fragment.lstrip("#").partition(SEAT)[0]
    if not fragment.startswith(PREFIX):
        raise ChainError("unreadable", None, "not a remote-play link")
    try:
        text = unpack(fragment[len(PREFIX) :], MAX_LINK_CHARS, MAX_MESSAGE_CHARS)
    except PackingError as error:
        raise ChainError("unreadable", None, error.reason) from None
    lines = text.split("\n")
    if len(lines) > MAX_MESSAGES:
        raise ChainError("unreadable", None, "too many messages")
    return [Message.from_text(line) for line in lines]
