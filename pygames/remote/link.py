"""A remote-play message as a link: ``#m=`` then the message's text, packed
(`pygames.packing`, as a record's ``#r=`` link is). A link that is too long, inflates
too far, is damaged or is no message is refused with `ChainError("unreadable")`
before anything reads it."""

from __future__ import annotations

from pygames.packing import PackingError, pack, unpack
from pygames.remote.chain import ChainError, Message

PREFIX = "m="
MAX_LINK_CHARS = 64_000  # the largest deal link is about 6 KB packed
MAX_MESSAGE_CHARS = 256_000


def to_fragment(message: Message) -> str:
    return PREFIX + pack(message.to_text())


def from_fragment(fragment: str) -> Message:
    fragment = fragment.lstrip("#")
    if not fragment.startswith(PREFIX):
        raise ChainError("unreadable", None, "not a remote-play link")
    try:
        text = unpack(fragment[len(PREFIX) :], MAX_LINK_CHARS, MAX_MESSAGE_CHARS)
    except PackingError as error:
        raise ChainError("unreadable", None, error.reason) from None
    return Message.from_text(text)
