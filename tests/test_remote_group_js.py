"""The page's back end of the card-locking group (web/remote/group.mjs, @noble/curves)
and CPython's (libsodium through PyNaCl) give the same bytes on the same vectors, and
refuse the same points. Runs the JS under Node (installed by ./dev setup: npm ci)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from pygames.remote import seal
from pygames.remote.group import BadPoint, SodiumGroup, hash_label

ROOT = Path(__file__).resolve().parent.parent
CHECK = ROOT / "tests" / "js" / "group_check.mjs"
GROUP = SodiumGroup()
ORDER = 2**252 + 27742317777372353535851937790883648493  # the group's order, L

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (ROOT / "node_modules" / "@noble" / "curves").is_dir(),
    reason="needs Node and npm ci",
)


def not_in_the_group() -> list[bytes]:
    small_order = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")
    identity = (1).to_bytes(32, "little")
    off_the_curve = (2).to_bytes(32, "little")
    too_large = (2**255 - 19 + 1).to_bytes(32, "little")  # y = p + 1: not canonical
    return [bytes(32), small_order, identity, off_the_curve, too_large]


def wide_values() -> list[bytes]:
    """64-byte values to reduce mod L: hashes, and the edges (0, L, L + 1, all ones)."""
    edges = [0, ORDER, ORDER + 1, 2**512 - 1]
    return [hash_label("wide", str(n)) for n in range(4)] + [
        value.to_bytes(64, "little") for value in edges
    ]


def run_js(vectors: dict) -> dict:
    done = subprocess.run(
        ["node", str(CHECK)], input=json.dumps(vectors), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_both_back_ends_agree_byte_for_byte():
    points = [GROUP.point_from_hash(hash_label("vector", str(n))) for n in range(6)]
    scalars = [GROUP.random_scalar() for _ in range(6)] + [(1).to_bytes(32, "little")]
    bad = not_in_the_group()
    vectors = {
        "points": [p.hex() for p in points + bad],
        "locks": [[p.hex(), s.hex()] for p, s in zip(points + bad, scalars * 2, strict=False)],
        "scalars": [s.hex() for s in scalars],
        "base_scalars": [s.hex() for s in [*scalars, bytes(32)]],  # zero last: no commitment
        "pairs": [[a.hex(), b.hex()] for a, b in zip(scalars, reversed(scalars), strict=True)],
        "wide": [w.hex() for w in wide_values()],
    }
    js = run_js(vectors)
    assert js["reduced"] == [GROUP.scalar_from_hash(w).hex() for w in wide_values()]
    assert js["is_point"] == [GROUP.is_point(p) for p in points + bad]
    assert js["is_point"] == [True] * len(points) + [False] * len(bad)
    expected_locks = []
    for point, scalar in zip(points + bad, scalars * 2, strict=False):
        expected_locks.append(GROUP.lock(point, scalar).hex() if point in points else "BadPoint")
    assert js["locks"] == expected_locks
    # The faster lock for public scalars gives the same bytes, and a point once checked (or
    # refused) is taken (or refused) the same way the next time.
    assert js["public_locks"] == js["locks_again"] == expected_locks
    assert js["is_point_again"] == js["is_point"]
    assert js["inverses"] == [GROUP.invert(s).hex() for s in scalars]
    assert js["inverse_of_zero"] == "error: zero has no inverse"
    with pytest.raises(ValueError):
        GROUP.invert(bytes(32))
    assert js["products"] == [
        GROUP.multiply_scalars(a, b).hex() for a, b in zip(scalars, reversed(scalars), strict=True)
    ]
    assert js["base"] == [GROUP.base_times(s).hex() for s in scalars] + ["BadPoint"]
    with pytest.raises(BadPoint):
        GROUP.base_times(bytes(32))


def test_the_pages_random_scalars_are_canonical_and_differ():
    js = run_js({"points": [], "locks": [], "scalars": [], "pairs": []})
    values = [int.from_bytes(bytes.fromhex(s), "little") for s in js["random"]]
    assert all(0 < value < ORDER for value in values)
    assert len(set(values)) == len(values)
    one = (1).to_bytes(32, "little")
    for scalar in map(bytes.fromhex, js["random"][:3]):  # libsodium takes them as scalars
        assert GROUP.multiply_scalars(scalar, GROUP.invert(scalar)) == one


def test_both_back_ends_seal_and_unseal_alike():
    """A key sealed to a seat (pygames/remote/seal.py, web/remote/seal.mjs): the same
    bytes from the same secrets, and each side opens what the other sealed."""
    secrets = [GROUP.random_scalar() for _ in range(3)]
    boxes = [seal.box_key(GROUP, s) for s in secrets]
    values = [os.urandom(32) for _ in range(3)]
    ephemerals = [GROUP.random_scalar() for _ in range(3)]
    contexts = ["game 1 position 4", "game 1 position 5", "ゲーム"]
    ours = [
        seal.seal(GROUP, box, value, context, ephemeral)
        for box, value, context, ephemeral in zip(boxes, values, contexts, ephemerals, strict=True)
    ]
    js = run_js(
        {
            "points": [],
            "locks": [],
            "scalars": [],
            "pairs": [],
            "box_secrets": [s.hex() for s in secrets],
            "seals": [
                [b.hex(), v.hex(), c, r.hex()]
                for b, v, c, r in zip(boxes, values, contexts, ephemerals, strict=True)
            ],
            "unseals": [
                [s.hex(), sealed.ephemeral.hex(), sealed.masked.hex(), c]
                for s, sealed, c in zip(secrets, ours, contexts, strict=True)
            ]
            + [[secrets[1].hex(), ours[0].ephemeral.hex(), ours[0].masked.hex(), contexts[0]]]
            + [[secrets[0].hex(), bytes(32).hex(), ours[0].masked.hex(), contexts[0]]],
            "fresh_seals": [
                [b.hex(), v.hex(), c] for b, v, c in zip(boxes, values, contexts, strict=True)
            ],
        }
    )
    assert js["box_keys"] == [b.hex() for b in boxes]
    assert js["seals"] == [[s.ephemeral.hex(), s.masked.hex()] for s in ours]
    opened, by_another_seat, damaged = js["unseals"][:3], js["unseals"][3], js["unseals"][4]
    assert opened == [v.hex() for v in values]
    assert by_another_seat != values[0].hex() and damaged == "BadPoint"
    for secret, value, context, (ephemeral, masked) in zip(
        secrets, values, contexts, js["fresh_seals"], strict=True
    ):
        sealed = seal.Sealed(bytes.fromhex(ephemeral), bytes.fromhex(masked))
        assert seal.unseal(GROUP, secret, sealed, context) == value
        assert masked != value.hex()  # nothing travels in the clear
