"""The group that locks cards: the prime-order subgroup of edwards25519.

Mental poker needs locks that commute: a card locked by Alice and then by Bob
opens in either order. Multiplying a point of a prime-order group by a secret
scalar is such a lock (`lock`), and multiplying by the scalar's inverse mod the
group order opens it (`invert`). Points and scalars travel as 32 bytes each, in
the standard little-endian encodings (RFC 8032), so any audited ed25519 library
can play the other side: PyNaCl (libsodium) here, `@noble/curves` in the page.

This module never does arithmetic itself: `Group` is what the protocol needs,
and `SodiumGroup` hands every operation to libsodium through PyNaCl.
"""

from __future__ import annotations

import hashlib
import os
from typing import Protocol

POINT_BYTES = 32
SCALAR_BYTES = 32


class BadPoint(ValueError):
    """Bytes that are not a point of the prime-order group (or are its identity)."""


class Group(Protocol):
    """The operations a back end gives the protocol. Every point it accepts is checked:
    on the curve, in the prime-order subgroup, not the identity."""

    def random_scalar(self) -> bytes:
        """A uniformly random non-zero scalar mod the group order, from a secure source."""
        ...

    def scalar_from_hash(self, digest: bytes) -> bytes:
        """64 bytes of hash reduced mod the group order (a secret scalar derived from a
        secret seed: as random as the seed, for whoever does not know it)."""
        ...

    def invert(self, scalar: bytes) -> bytes:
        """The scalar's inverse mod the group order; ValueError for zero."""
        ...

    def multiply_scalars(self, a: bytes, b: bytes) -> bytes:
        """a * b mod the group order."""
        ...

    def lock(self, point: bytes, scalar: bytes) -> bytes:
        """scalar * point; raises BadPoint for anything but a point of the group."""
        ...

    def lock_public(self, point: bytes, scalar: bytes) -> bytes:
        """`lock` for a scalar everyone knows (an audit redoing published secrets): it
        may take a time that depends on the scalar, where `lock` must not."""
        ...

    def base_times(self, scalar: bytes) -> bytes:
        """scalar * the standard base point (a public commitment to the scalar); raises
        BadPoint for a zero scalar (the identity commits to nothing)."""
        ...

    def point_from_hash(self, digest: bytes) -> bytes:
        """A point of the group nobody knows the logarithm of, from 64 bytes of hash."""
        ...


class SodiumGroup:
    """`Group` by libsodium's ed25519 core functions (PyNaCl). Imported only where
    used: the page has its own back end."""

    def __init__(self) -> None:
        from nacl import bindings, exceptions

        if not bindings.has_crypto_core_ed25519:
            raise RuntimeError("this libsodium has no ed25519 core functions")
        self.sodium = bindings
        self.refused = exceptions.RuntimeError  # what libsodium raises for a zero result

    def random_scalar(self) -> bytes:
        while True:
            scalar = self.scalar_from_hash(os.urandom(64))
            if any(scalar):
                return scalar

    def scalar_from_hash(self, digest: bytes) -> bytes:
        return self.sodium.crypto_core_ed25519_scalar_reduce(digest)

    def invert(self, scalar: bytes) -> bytes:
        try:
            return self.sodium.crypto_core_ed25519_scalar_invert(scalar)
        except self.refused as error:
            raise ValueError("zero has no inverse") from error

    def multiply_scalars(self, a: bytes, b: bytes) -> bytes:
        return self.sodium.crypto_core_ed25519_scalar_mul(a, b)

    def lock(self, point: bytes, scalar: bytes) -> bytes:
        if not self.is_point(point):
            raise BadPoint(point.hex()[:16])
        try:  # libsodium refuses a result that is the identity (a zero scalar)
            return self.sodium.crypto_scalarmult_ed25519_noclamp(scalar, point)
        except self.refused as error:
            raise BadPoint(point.hex()[:16]) from error

    def lock_public(self, point: bytes, scalar: bytes) -> bytes:
        return self.lock(point, scalar)  # libsodium has only the constant-time one

    def base_times(self, scalar: bytes) -> bytes:
        try:  # libsodium refuses a result that is the identity (a zero scalar)
            return self.sodium.crypto_scalarmult_ed25519_base_noclamp(scalar)
        except self.refused as error:
            raise BadPoint("a zero scalar gives the identity") from error

    def point_from_hash(self, digest: bytes) -> bytes:
        # libsodium's Elligator 2 map, cofactor cleared: a point of the prime-order
        # subgroup. Only the first 32 bytes are used (its input size).
        return self.sodium.crypto_core_ed25519_from_uniform(digest[:32])

    def is_point(self, point: bytes) -> bool:
        return (
            isinstance(point, bytes)
            and len(point) == POINT_BYTES
            and bool(self.sodium.crypto_core_ed25519_is_valid_point(point))
        )


def hash_label(*parts: str) -> bytes:
    """SHA-512 of the parts, each length-prefixed (no two lists of parts collide)."""
    digest = hashlib.sha512()
    for part in parts:
        data = part.encode()
        digest.update(len(data).to_bytes(4, "big") + data)
    return digest.digest()


class Forwarding:
    """A `Group` that passes every operation to `inner`: what the wrappers below change
    one operation of."""

    def __init__(self, group: Group):
        self.inner = group

    def random_scalar(self) -> bytes:
        return self.inner.random_scalar()

    def scalar_from_hash(self, digest: bytes) -> bytes:
        return self.inner.scalar_from_hash(digest)

    def invert(self, scalar: bytes) -> bytes:
        return self.inner.invert(scalar)

    def multiply_scalars(self, a: bytes, b: bytes) -> bytes:
        return self.inner.multiply_scalars(a, b)

    def lock(self, point: bytes, scalar: bytes) -> bytes:
        return self.inner.lock(point, scalar)

    def lock_public(self, point: bytes, scalar: bytes) -> bytes:
        return self.inner.lock_public(point, scalar)

    def base_times(self, scalar: bytes) -> bytes:
        return self.inner.base_times(scalar)

    def point_from_hash(self, digest: bytes) -> bytes:
        return self.inner.point_from_hash(digest)


class PublicGroup(Forwarding):
    """A group whose locks take public scalars only (`Group.lock_public`): what an audit
    redoes from the seats' published secrets."""

    def lock(self, point: bytes, scalar: bytes) -> bytes:
        return self.inner.lock_public(point, scalar)


class RememberedCommitments(Forwarding):
    """A group that remembers each `base_times` it worked out (a function of the scalar
    alone): a key checked against its seat's commitment during the game is not worked
    out again by the audit, which checks every key against its commitment."""

    def __init__(self, group: Group):
        super().__init__(group)
        self.known: dict[bytes, bytes] = {}

    def remember(self, scalars: list[bytes], points: list[bytes]) -> None:
        """Commitments worked out before (by this device, before its save): taken as
        `base_times` of their scalars."""
        self.known.update(zip(scalars, points, strict=True))

    def base_times(self, scalar: bytes) -> bytes:
        found = self.known.get(scalar)
        if found is None:
            found = self.known[scalar] = self.inner.base_times(scalar)
        return found
