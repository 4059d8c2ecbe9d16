"""Remote play's back ends in the page, over @noble (web/remote/noble.mjs): the group
that locks cards (`NobleGroup`, a `pygames.remote.group.Group`) and Ed25519 signatures
(`NobleSigner`, `noble_verify`: a `pygames.remote.chain.Signer` and `Verify`). CPython's
are libsodium's (PyNaCl): both give the same bytes (tests/test_remote_noble_js.py,
e2e/test_remote_kit.py).

Every operation is noble's, but one: libsodium's map of a hash to the group (Elligator
2, `crypto_core_ed25519_from_uniform`) is none that noble offers, and it only ever maps
the names of the decks' cards, which are fixed; so `point_from_hash` looks the point up
in a table the build made with libsodium (tools/build.py, `card_point_table`), shipped
beside this module.

The group's values cross to JS and back as hex strings (noble.mjs's `onHex`): a string
crosses by value, cheaper than a Uint8Array each way (`to_js`, then `to_bytes()`): a
product of scalars costs 0.040 ms a call at 4x, 0.073 ms as Uint8Arrays, and an audit
makes thousands. Signatures take Uint8Arrays (few calls, long data). The JS module is given
once, by web/remote_kit.py (`bind`), which imports it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pyodide.ffi import JsException, to_js

from pygames.remote.group import POINT_BYTES, BadPoint

POINTS = Path(__file__).with_name("points.json")  # written by the build
SEED_BYTES = 32

_module: Any = None  # web/remote/noble.mjs, once bound


class NoPointFor(LookupError):
    """A hash that names no card of any deck the games deal (the table has its point)."""


def bind(module: Any) -> None:
    """Use `module` (web/remote/noble.mjs, imported) from now on."""
    global _module
    _module = module


def noble() -> Any:
    if _module is None:
        raise RuntimeError("web.remote.noble needs its JS module: use web.remote_kit.load_kit()")
    return _module


def card_point_table(path: Path = POINTS) -> dict[bytes, bytes]:
    """{the 32 bytes of hash libsodium maps: the point}, from the build's table."""
    table = json.loads(path.read_text(encoding="utf-8"))
    return {bytes.fromhex(digest): bytes.fromhex(point) for digest, point in table.items()}


def js_bytes(data: bytes) -> Any:
    return to_js(bytes(data))


class NobleGroup:
    """`pygames.remote.group.Group` by @noble/curves (web/remote/group.mjs), each value
    crossing to JS and back as a hex string (noble.mjs's `onHex`)."""

    OPERATIONS = (
        "randomScalar",
        "scalarFromHash",
        "invert",
        "multiplyScalars",
        "lock",
        "lockPublic",
        "baseTimes",
        "isPoint",
    )

    def __init__(self, points: dict[bytes, bytes] | None = None) -> None:
        self.js = noble()
        # Each function taken once: every access to a JS object's member is a new proxy.
        self.operations = {name: getattr(self.js.onHex, name) for name in self.OPERATIONS}
        self.points = card_point_table() if points is None else points

    def call(self, name: str, *values: bytes) -> bytes:
        """The operation `name` (of `onHex`) on `values`; BadPoint where it throws
        BadPoint."""
        try:
            return bytes.fromhex(self.operations[name](*[value.hex() for value in values]))
        except JsException as error:
            if self.js.BadPoint.prototype.isPrototypeOf(error):
                raise BadPoint(values[0].hex()[:16]) from None
            raise

    def random_scalar(self) -> bytes:
        return self.call("randomScalar")

    def scalar_from_hash(self, digest: bytes) -> bytes:
        return self.call("scalarFromHash", digest)

    def invert(self, scalar: bytes) -> bytes:
        try:
            return self.call("invert", scalar)
        except JsException as error:  # zero
            raise ValueError(str(error)) from None

    def multiply_scalars(self, a: bytes, b: bytes) -> bytes:
        return self.call("multiplyScalars", a, b)

    def lock(self, point: bytes, scalar: bytes) -> bytes:
        return self.locked("lock", point, scalar)

    def lock_public(self, point: bytes, scalar: bytes) -> bytes:
        return self.locked("lockPublic", point, scalar)

    def locked(self, name: str, point: bytes, scalar: bytes) -> bytes:
        if not isinstance(point, bytes) or len(point) != POINT_BYTES:
            raise BadPoint(repr(point)[:16])
        return self.call(name, point, scalar)

    def base_times(self, scalar: bytes) -> bytes:
        return self.call("baseTimes", scalar)

    def point_from_hash(self, digest: bytes) -> bytes:
        """The point libsodium maps the hash's first 32 bytes to, from the table."""
        try:
            return self.points[bytes(digest[:32])]
        except KeyError:
            raise NoPointFor(bytes(digest[:32]).hex()) from None

    def is_point(self, point: bytes) -> bool:
        return isinstance(point, bytes) and bool(self.operations["isPoint"](point.hex()))


class NobleSigner:
    """A seat's Ed25519 key by @noble/curves (`pygames.remote.chain.Signer`): from its
    32-byte secret seed, or a fresh one. The same seed signs as PyNaCl's SigningKey."""

    def __init__(self, seed: bytes | None = None) -> None:
        self.seed = os.urandom(SEED_BYTES) if seed is None else bytes(seed)
        if len(self.seed) != SEED_BYTES:
            raise ValueError(f"a seed is {SEED_BYTES} bytes")
        self.public_key: bytes = noble().signerPublicKey(js_bytes(self.seed)).to_bytes()

    def sign(self, data: bytes) -> bytes:
        return noble().sign(js_bytes(self.seed), js_bytes(data)).to_bytes()


def noble_verify(public_key: bytes, data: bytes, signature: bytes) -> bool:
    """`pygames.remote.chain.Verify`: True if `signature` is the key's on `data`."""
    if not all(isinstance(value, bytes) for value in (public_key, data, signature)):
        return False
    return bool(noble().verify(js_bytes(public_key), js_bytes(data), js_bytes(signature)))
