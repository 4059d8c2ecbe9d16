"""The page's Ed25519 (web/remote/noble.mjs, @noble/curves) and CPython's (libsodium through
PyNaCl) give the same keys and signatures from the same seeds (RFC 8032 signatures are
deterministic), take each other's signatures, and refuse the same forgeries. Runs the JS
under Node (installed by ./dev setup: npm ci)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from pygames.remote.chain import SodiumSigner, canonical, sodium_verify
from pygames.remote.group import SodiumGroup, hash_label

ROOT = Path(__file__).resolve().parent.parent
CHECK = ROOT / "tests" / "js" / "noble_check.mjs"
ORDER = 2**252 + 27742317777372353535851937790883648493  # the group's order, L
SMALL_ORDER = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
IDENTITY = (1).to_bytes(32, "little")

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "@noble" / "curves").is_dir(),
    reason="needs Node and npm ci",
)


def run_js(seeds=(), signing=(), verifying=(), on_hex=()) -> dict:
    vectors = {
        "seeds": [seed.hex() for seed in seeds],
        "signing": [[seed.hex(), data.hex()] for seed, data in signing],
        "verifying": [[key.hex(), data.hex(), sig.hex()] for key, data, sig in verifying],
        "on_hex": [[name, *(value.hex() for value in values)] for name, *values in on_hex],
    }
    done = subprocess.run(
        ["node", str(CHECK)], input=json.dumps(vectors), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


MESSAGES = [
    b"",
    b"x",
    canonical({"v": 1, "game": "g", "number": 0, "body": {"name": "ゲーム"}}),
    os.urandom(3000),
]


def test_same_seed_same_key_and_signature_bytes():
    seeds = [bytes(32), bytes(range(32)), *(os.urandom(32) for _ in range(4))]
    signing = [(seed, data) for seed in seeds for data in MESSAGES]
    js = run_js(seeds, signing)
    assert js["public_keys"] == [SodiumSigner(seed).public_key.hex() for seed in seeds]
    assert js["signatures"] == [SodiumSigner(seed).sign(data).hex() for seed, data in signing]
    assert js["same_group"]  # noble.mjs's BadPoint is group.mjs's own


def test_the_group_on_hex_strings_gives_libsodiums_bytes():
    """What web/remote/noble.py calls (`onHex`): each operation on hex strings, the same
    as libsodium's on bytes, and BadPoint (or an error) where libsodium refuses."""
    group = SodiumGroup()
    a, b = group.random_scalar(), group.random_scalar()
    point = group.point_from_hash(hash_label("a point", "1"))
    wide = hash_label("wide", "1")
    calls = [
        ("multiplyScalars", a, b),
        ("invert", a),
        ("lock", point, a),
        ("lockPublic", point, b),
        ("baseTimes", a),
        ("scalarFromHash", wide),
        ("lock", SMALL_ORDER, a),
        ("lock", point, bytes(32)),
        ("baseTimes", bytes(32)),
        ("isPoint", point),
        ("isPoint", IDENTITY),
    ]
    js = run_js(on_hex=calls)
    assert js["on_hex"] == [
        group.multiply_scalars(a, b).hex(),
        group.invert(a).hex(),
        group.lock(point, a).hex(),
        group.lock(point, b).hex(),
        group.base_times(a).hex(),
        group.scalar_from_hash(wide).hex(),
        "BadPoint",
        "BadPoint",
        "BadPoint",
        True,
        False,
    ]
    assert 0 < int.from_bytes(bytes.fromhex(js["random_on_hex"]), "little") < ORDER


def test_sodium_seed_is_the_seed_it_was_made_from():
    seed = os.urandom(32)
    assert SodiumSigner(seed).seed == seed
    fresh = SodiumSigner()
    again = SodiumSigner(fresh.seed)
    assert again.public_key == fresh.public_key and again.sign(b"m") == fresh.sign(b"m")


def forgeries(signer: SodiumSigner) -> list[tuple[bytes, bytes, bytes]]:
    """(key, data, signature) that no honest signer made: each refused by libsodium."""
    data = b"a link"
    good = signer.sign(data)
    r, s = good[:32], int.from_bytes(good[32:], "little")
    flipped = bytes([good[0] ^ 1]) + good[1:]
    other = SodiumSigner()
    return [
        (signer.public_key, b"a link!", good),  # another message
        (signer.public_key, data, flipped),  # a changed signature
        (other.public_key, data, good),  # another seat's key
        (signer.public_key, data, r + (s + ORDER).to_bytes(32, "little")),  # S not reduced
        (SMALL_ORDER, data, good),  # a key of small order
        (IDENTITY, data, IDENTITY + bytes(32)),  # the identity: "signs" anything with S = 0
        (signer.public_key, data, SMALL_ORDER + good[32:]),  # R of small order
        (signer.public_key, data, good[:63]),  # short
        ((2).to_bytes(32, "little"), data, good),  # a key off the curve
    ]


def test_each_side_takes_the_others_signatures_and_both_refuse_forgeries():
    signers = [SodiumSigner() for _ in range(3)]
    honest = [
        (signer.public_key, data, signer.sign(data)) for signer in signers for data in MESSAGES
    ]
    forged = forgeries(signers[0])
    assert not any(sodium_verify(*vector) for vector in forged)
    js = run_js(verifying=honest + forged)
    assert js["verified"] == [True] * len(honest) + [False] * len(forged)
