"""Keys released to one seat, sealed so that only that seat's device can read them.

A draw that only one seat may see opens with the other seats' keys for its deck
position, released to that seat alone. They travel in links that anyone in a group
chat may read, so each is sealed to the seat: hashed ElGamal (a Diffie-Hellman key
encapsulation) on the deal's own group. Each device makes a box secret `x` and
publishes its box key `X = x·B` in its first message (`box_key`). To seal a 32-byte
value for it, the sender picks a fresh `r`, sends `R = r·B`, and masks the value
with SHA-256 of a label, `R`, `X`, the shared point `r·X` and the value's context
(the game and position, so a sealed value cannot be moved to another place). The
seat computes the same shared point as `x·R` and unmasks.

No arithmetic and no hash of our own: the group operations are the `Group` back
end's (libsodium here, `@noble/curves` in the page, web/remote/seal.mjs), the hash
is SHA-256 (hashlib here, `@noble/hashes` there), and tests/test_remote_group_js.py
checks both sides give the same bytes. Integrity and authorship come from the
signed chain the sealed value travels in (`pygames.remote.chain`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from pygames.remote.group import SCALAR_BYTES, Group

LABEL = b"fools-and-fields seal v1"


@dataclass(frozen=True)
class Sealed:
    """A 32-byte value sealed to one seat's box key."""

    ephemeral: bytes  # R = r·B
    masked: bytes  # the value XOR the pad


def box_key(group: Group, secret: bytes) -> bytes:
    """The public box key of a box secret (a scalar from `group.random_scalar`)."""
    return group.base_times(secret)


def seal(
    group: Group, recipient: bytes, value: bytes, context: str, ephemeral: bytes | None = None
) -> Sealed:
    """`value` (32 bytes) sealed to the box key `recipient` (checked to be a point of the
    group). `ephemeral`: the secret r, only for test vectors; fresh otherwise."""
    if len(value) != SCALAR_BYTES:
        raise ValueError("a sealed value is 32 bytes")
    secret = group.random_scalar() if ephemeral is None else ephemeral
    shared = group.lock(recipient, secret)
    sent = group.base_times(secret)
    return Sealed(sent, xor(value, pad(sent, recipient, shared, context)))


def unseal(group: Group, secret: bytes, sealed: Sealed, context: str) -> bytes:
    """The value of `sealed`, for the seat whose box secret is `secret`. A damaged
    ephemeral point raises BadPoint; a sealed value from another context (or to another
    seat) unseals to different bytes, which the commitment check then refuses."""
    shared = group.lock(sealed.ephemeral, secret)
    return xor(sealed.masked, pad(sealed.ephemeral, group.base_times(secret), shared, context))


def pad(sent: bytes, recipient: bytes, shared: bytes, context: str) -> bytes:
    digest = hashlib.sha256()
    for part in (LABEL, sent, recipient, shared, context.encode()):
        digest.update(len(part).to_bytes(4, "big") + part)
    return digest.digest()


def xor(a: bytes, b: bytes) -> bytes:
    if len(a) != len(b):
        raise ValueError("a sealed value is 32 bytes")
    return bytes(x ^ y for x, y in zip(a, b, strict=True))
