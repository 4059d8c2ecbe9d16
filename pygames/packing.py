"""Text packed for a URL fragment: zlib (level 9), then URL-safe base64 without padding.

Records (``#r=``, `pygames.record`) and remote-play messages (``#m=``,
`pygames.remote.link`) travel this way. Unpacking refuses a payload longer than
`max_chars` before decoding it and one that inflates beyond `max_inflated`, so a
hostile link of any size costs little; zlib's checksum catches a truncated or
altered one.
"""

from __future__ import annotations

import base64
import binascii
import zlib


class PackingError(ValueError):
    """Why a payload was refused: "too_long", "too_big" (inflated) or "damaged"."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def pack(text: str) -> str:
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack(payload: str, max_chars: int, max_inflated: int) -> str:
    if len(payload) > max_chars:
        raise PackingError("too_long")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(packed, max_inflated)
        if inflater.unconsumed_tail:
            raise PackingError("too_big")
        if not inflater.eof:
            raise PackingError("damaged")
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, PackingError):
            raise
        raise PackingError("damaged") from None
