// Runs web/remote/group.mjs on the vectors given as JSON on stdin (hex strings) and
// prints what it computed, for tests/test_remote_group_js.py to compare with libsodium.
import { readFileSync } from "node:fs";
import * as group from "../../web/remote/group.mjs";
import * as sealing from "../../web/remote/seal.mjs";

const vectors = JSON.parse(readFileSync(0, "utf8"));
const bytes = (hex) => Uint8Array.from(Buffer.from(hex, "hex"));
const hex = (data) => Buffer.from(data).toString("hex");
const attempt = (work) => {
  try {
    return hex(work());
  } catch (error) {
    return error instanceof group.BadPoint ? "BadPoint" : `error: ${error.message}`;
  }
};

console.log(
  JSON.stringify({
    is_point: vectors.points.map((p) => group.isPoint(bytes(p))),
    locks: vectors.locks.map(([p, s]) => attempt(() => group.lock(bytes(p), bytes(s)))),
    // Public locks, and locks again (each point now known to be in the group, or not).
    public_locks: vectors.locks.map(([p, s]) => attempt(() => group.lockPublic(bytes(p), bytes(s)))),
    locks_again: vectors.locks.map(([p, s]) => attempt(() => group.lock(bytes(p), bytes(s)))),
    is_point_again: vectors.points.map((p) => group.isPoint(bytes(p))),
    inverses: vectors.scalars.map((s) => hex(group.invert(bytes(s)))),
    inverse_of_zero: attempt(() => group.invert(new Uint8Array(32))),
    products: vectors.pairs.map(([a, b]) => hex(group.multiplyScalars(bytes(a), bytes(b)))),
    base: (vectors.base_scalars || []).map((s) => attempt(() => group.baseTimes(bytes(s)))),
    reduced: (vectors.wide || []).map((w) => hex(group.scalarFromHash(bytes(w)))),
    random: Array.from({ length: 20 }, () => hex(group.randomScalar())),
    box_keys: (vectors.box_secrets || []).map((s) => hex(sealing.boxKey(bytes(s)))),
    seals: (vectors.seals || []).map(([to, value, context, r]) => {
      const sealed = sealing.seal(bytes(to), bytes(value), context, bytes(r));
      return [hex(sealed.ephemeral), hex(sealed.masked)];
    }),
    unseals: (vectors.unseals || []).map(([secret, ephemeral, masked, context]) =>
      attempt(() => sealing.unseal(bytes(secret), { ephemeral: bytes(ephemeral), masked: bytes(masked) }, context)),
    ),
    fresh_seals: (vectors.fresh_seals || []).map(([to, value, context]) => {
      const sealed = sealing.seal(bytes(to), bytes(value), context);
      return [hex(sealed.ephemeral), hex(sealed.masked)];
    }),
  }),
);
