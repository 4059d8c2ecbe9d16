// The page's back end of the card-locking group (pygames/remote/group.py's `Group`):
// the prime-order subgroup of edwards25519, by the audited @noble/curves. Points and
// scalars are 32-byte Uint8Arrays in the standard little-endian encodings, the same
// bytes libsodium gives in CPython (tests/test_remote_group_js.py checks both on the
// same vectors). No arithmetic is written here: every operation is noble's.
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToNumberLE } from "@noble/curves/utils.js";

const { Point } = ed25519;
const Fn = Point.Fn;

export class BadPoint extends Error {}

// A point of the prime-order subgroup other than the identity, or BadPoint.
function pointOf(bytes) {
  let point;
  try {
    point = Point.fromBytes(bytes);
  } catch {
    throw new BadPoint("not a point of the curve");
  }
  if (point.is0() || !point.isTorsionFree()) throw new BadPoint("not in the prime-order group");
  return point;
}

const scalarOf = (bytes) => Fn.fromBytes(bytes);
const scalarBytes = (scalar) => Fn.toBytes(scalar);

export function randomScalar() {
  for (;;) {
    const wide = crypto.getRandomValues(new Uint8Array(64));
    const scalar = Fn.create(bytesToNumberLE(wide));
    if (scalar !== 0n) return scalarBytes(scalar);
  }
}

export const invert = (scalar) => scalarBytes(Fn.inv(scalarOf(scalar)));

export const multiplyScalars = (a, b) => scalarBytes(Fn.mul(scalarOf(a), scalarOf(b)));

export function lock(point, scalar) {
  const value = scalarOf(scalar);
  if (value === 0n) throw new BadPoint("a zero scalar gives the identity");
  return pointOf(point).multiply(value).toBytes();
}

export const baseTimes = (scalar) => Point.BASE.multiply(scalarOf(scalar)).toBytes();

export function isPoint(bytes) {
  try {
    pointOf(bytes);
    return true;
  } catch {
    return false;
  }
}
