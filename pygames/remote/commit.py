"""Commit, then reveal: secret simultaneous choices and random draws nobody steers.

A seat that must choose in secret at the same time as others (a Standard Bearer in
Fools!) first publishes `commit(choice)`, a SHA-256 hash of the choice and a fresh
random nonce; once every seat has committed, each reveals its choice and nonce and
everyone checks `verify`. For a public random draw (who starts, a reshuffle) every
seat commits to random bytes, then all reveal, and `joint_random` hashes them
together: nobody can steer the result unless every seat does.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass

DOMAIN = b"fools-and-fields/commit/1"
NONCE_BYTES = 32


@dataclass(frozen=True)
class Opening:
    """What a seat keeps until it reveals: the value and the nonce hiding it."""

    value: str
    nonce: bytes


def commit(value: str) -> tuple[bytes, Opening]:
    """(the commitment to publish now, the opening to publish later)."""
    opening = Opening(value, os.urandom(NONCE_BYTES))
    return commitment_of(opening), opening


def commitment_of(opening: Opening) -> bytes:
    data = opening.value.encode()
    digest = hashlib.sha256(DOMAIN)
    digest.update(len(data).to_bytes(4, "big") + data)
    digest.update(opening.nonce)
    return digest.digest()


def verify(commitment: bytes, opening: Opening) -> bool:
    """True when `opening` is what was committed to."""
    if len(opening.nonce) != NONCE_BYTES:
        return False
    return hmac.compare_digest(commitment, commitment_of(opening))


def random_share() -> str:
    """A seat's contribution to a joint random draw (commit to it first)."""
    return os.urandom(32).hex()


def joint_random(shares: list[str], count: int) -> int:
    """A number in range(count) from every seat's revealed share, in seat order."""
    digest = hashlib.sha256(DOMAIN + b"/joint")
    for share in shares:
        digest.update(bytes.fromhex(share))
    # 256 bits reduced mod a small count: the bias is below 2**-240.
    return int.from_bytes(digest.digest(), "big") % count
