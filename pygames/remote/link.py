"""Remote-play messages as a link: ``#m=`` then the messages' texts, one per line,
packed (`pygames.packing`, as a record's ``#r=`` link is). A link carries every message
its sender has that the reader may not have yet (a final move and the sender's audit,
say), so sending a link again, or an older one, does no harm. A link that is too long,
inflates too far, is damaged or holds anything but messages is refused with
`ChainError("unreadable")` before anything reads it."""

from __future__ import annotations

from pygames.packing import PackingError, pack, unpack
from pygames.remote.chain import ChainError, Message

PREFIX = "m="
MAX_LINK_CHARS = 64_000  # the largest deal link is about 6 KB packed
MAX_MESSAGE_CHARS = 256_000
MAX_MESSAGES = 64


def to_fragment(messages: list[Message]) -> str:
    """`messages` (canonical JSON: no line breaks inside one) as a link's fragment."""
    return PREFIX + pack("\n".join(message.to_text() for message in messages))


def from_fragment(fragment: str) -> list[Message]:
    fragment = fragment.lstrip("#")
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
