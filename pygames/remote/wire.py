"""Bytes inside remote-play messages: URL-safe base64 without padding (a 32-byte
point or scalar is 43 characters; they ride in links)."""

from __future__ import annotations

import base64
import binascii


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str, size: int | None = None) -> bytes:
    """The bytes `text` stands for; ValueError if it is no base64 or not `size` bytes."""
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError, TypeError) as error:
        raise ValueError("not base64") from error
    if size is not None and len(data) != size:
        raise ValueError(f"not {size} bytes")
    return data
