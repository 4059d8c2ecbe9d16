"""Remote-play links: a message survives the trip, and anything else is refused as
unreadable (any content, any size) without being read."""

from __future__ import annotations

import base64
import zlib

import pytest

from pygames.remote.chain import Chain, ChainError, SodiumSigner, sodium_verify
from pygames.remote.link import MAX_LINK_CHARS, from_fragment, to_fragment
from pygames.remote.wire import b64

SIGNER = SodiumSigner()


def invite():
    chain = Chain(sodium_verify)
    body = {"kind": "invite", "public_key": b64(SIGNER.public_key), "note": "日本語 & <b>"}
    return chain.next(SIGNER, 0, body, "game-1")


def test_a_message_survives_the_link():
    message = invite()
    fragment = to_fragment([message])
    assert fragment.startswith("m=")
    assert from_fragment("#" + fragment) == [message]
    Chain(sodium_verify).append(from_fragment(fragment)[0])  # and still verifies


def test_a_link_carries_several_messages_in_order():
    chain = Chain(sodium_verify)
    first = invite()
    chain.append(first)
    second = chain.next(SIGNER, 0, {"kind": "move", "actions": ["a\nb"]})
    assert from_fragment(to_fragment([first, second])) == [first, second]


def packed(data: bytes) -> str:
    return "m=" + base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


@pytest.mark.parametrize(
    "fragment",
    [
        "",
        "r=abc",  # a game record's link, not a message
        "m=",
        "m=!!!!",
        "m=" + "A" * (MAX_LINK_CHARS + 1),
        packed(b"\xff\xfe not utf-8"),
        packed(b"{}"),
        packed(b" " * 1_000_000),  # inflates past the limit
        to_fragment([invite()])[:-5],  # truncated
        packed(b"\n".join([invite().to_text().encode()] * 65)),  # too many messages
        packed(invite().to_text().encode() + b"\n"),  # an empty line is no message
    ],
)
def test_anything_else_is_unreadable(fragment):
    with pytest.raises(ChainError) as error:
        from_fragment(fragment)
    assert error.value.reason == "unreadable"
