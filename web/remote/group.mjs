// The page's back end of the card-locking group (pygames/remote/group.py's `Group`):
// the prime-order subgroup of edwards25519, by the audited @noble/curves. Points and
// scalars are 32-byte Uint8Arrays in the standard little-endian encodings, the same
// bytes libsodium gives in CPython (tests/test_remote_group_js.py checks both on the
// same vectors). No arithmetic is written here: every operation is noble's.
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, bytesToNumberLE } from "@noble/curves/utils.js";

const { Point } = ed25519;
const Fn = Point.Fn;

export class BadPoint extends Error {}

// Encodings known to be points of the prime-order group other than the identity: each
// checked once (the subgroup check costs more than a lock), or made here by locking
// such a point, or the base point, with a non-zero scalar (which stays in the group).
const inGroup = new Set();
const IN_GROUP_MAX = 100_000;

function remember(bytes) {
  if (inGroup.size >= IN_GROUP_MAX) inGroup.clear();
  inGroup.add(bytesToHex(bytes));
  return bytes;
}

// A point of the prime-order subgroup other than the identity, or BadPoint.
function pointOf(bytes) {
  let point;
  try {
    point = Point.fromBytes(bytes);
  } catch {
    throw new BadPoint("not a point of the curve");
  }
  const known = bytes instanceof Uint8Array && bytes.length === 32 && inGroup.has(bytesToHex(bytes));
  if (!known && (point.is0() || !point.isTorsionFree())) {
    throw new BadPoint("not in the prime-order group");
  }
  if (!known) remember(bytes);
  return point;
}

const scalarOf = (bytes) => Fn.fromBytes(bytes);
const scalarBytes = (scalar) => Fn.toBytes(scalar);

// 64 bytes (of hash, or random) reduced mod the group order, as libsodium's
// crypto_core_ed25519_scalar_reduce does.
export const scalarFromHash = (wide) => scalarBytes(Fn.create(bytesToNumberLE(wide)));

export function randomScalar() {
  for (;;) {
    const scalar = scalarFromHash(crypto.getRandomValues(new Uint8Array(64)));
    if (scalar.some((byte) => byte !== 0)) return scalar;
  }
}

export function invert(scalar) {
  const value = scalarOf(scalar);
  if (value === 0n) throw new RangeError("zero has no inverse");
  return scalarBytes(Fn.inv(value));
}

export const multiplyScalars = (a, b) => scalarBytes(Fn.mul(scalarOf(a), scalarOf(b)));

export function lock(point, scalar) {
  const value = scalarOf(scalar);
  if (value === 0n) throw new BadPoint("a zero scalar gives the identity");
  return remember(pointOf(point).multiply(value).toBytes());
}

// `lock` for a scalar everyone knows (an audit redoing published secrets): noble's
// faster multiplication, whose time depends on the scalar.
export function lockPublic(point, scalar) {
  const value = scalarOf(scalar);
  if (value === 0n) throw new BadPoint("a zero scalar gives the identity");
  return remember(pointOf(point).multiplyUnsafe(value).toBytes());
}

export function baseTimes(scalar) {
  const value = scalarOf(scalar);
  if (value === 0n) throw new BadPoint("a zero scalar gives the identity");
  return Point.BASE.multiply(value).toBytes();
}

export function isPoint(bytes) {
  try {
    pointOf(bytes);
    return true;
  } catch {
    return false;
  }
}
