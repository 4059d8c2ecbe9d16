// What remote play's Python needs of @noble in the page (web/remote/noble.py): the
// card-locking group of group.mjs, and Ed25519 signatures for the chain of messages
// (pygames/remote/chain.py). Loaded only when a remote game opens (web/remote_kit.py).
// Every operation is noble's; libsodium's Ed25519 (PyNaCl, in CPython) is RFC 8032's
// deterministic one, so a seed and a message give the same signature bytes on both
// sides (tests/test_remote_noble_js.py).
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, hexToBytes } from "@noble/curves/utils.js";
import * as group from "./group.mjs";

export { BadPoint } from "./group.mjs";

// The group's operations on hex strings, as the Python side calls them: a string crosses
// between Pyodide and JS by value, cheaper than a Uint8Array each way (web/remote/noble.py
// has the figures; an audit makes thousands of products of scalars).
const onHexStrings =
  (operation) =>
  (...values) =>
    bytesToHex(operation(...values.map(hexToBytes)));

export const onHex = {
  randomScalar: () => bytesToHex(group.randomScalar()),
  scalarFromHash: onHexStrings(group.scalarFromHash),
  invert: onHexStrings(group.invert),
  multiplyScalars: onHexStrings(group.multiplyScalars),
  lock: onHexStrings(group.lock),
  lockPublic: onHexStrings(group.lockPublic),
  baseTimes: onHexStrings(group.baseTimes),
  isPoint: (point) => group.isPoint(hexToBytes(point)),
};

const { Point } = ed25519;

// The public key of the seat whose 32-byte secret seed this is.
export const signerPublicKey = (seed) => ed25519.getPublicKey(seed);

export const sign = (seed, data) => ed25519.sign(data, seed);

// True only for a signature libsodium takes too: canonical encodings (noble's strict,
// non-ZIP-215 mode; S below the group order), and a key and R in the prime-order group
// and not of small order. libsodium checks R = S·B − k·A exactly; noble checks it times
// the cofactor, and the two agree when A and R have no small-order part. (libsodium
// takes some A and R with a small-order part that no honest key or signature has; this
// refuses them.)
export function verify(publicKey, data, signature) {
  try {
    if (signature.length !== 64 || publicKey.length !== 32) return false;
    const key = Point.fromBytes(publicKey, false);
    const r = Point.fromBytes(signature.subarray(0, 32), false);
    if (key.isSmallOrder() || r.isSmallOrder() || !key.isTorsionFree() || !r.isTorsionFree()) {
      return false;
    }
    return ed25519.verify(signature, data, publicKey, { zip215: false });
  } catch {
    return false;
  }
}
