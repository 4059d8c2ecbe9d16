// Runs web/remote/noble.mjs on the vectors given as JSON on stdin (hex strings) and
// prints what it computed, for tests/test_remote_noble_js.py to compare with PyNaCl.
import { readFileSync } from "node:fs";
import * as noble from "../../web/remote/noble.mjs";
import * as group from "../../web/remote/group.mjs";

const vectors = JSON.parse(readFileSync(0, "utf8"));
const bytes = (hex) => Uint8Array.from(Buffer.from(hex, "hex"));
const hex = (data) => Buffer.from(data).toString("hex");

console.log(
  JSON.stringify({
    public_keys: vectors.seeds.map((seed) => hex(noble.signerPublicKey(bytes(seed)))),
    signatures: vectors.signing.map(([seed, data]) => hex(noble.sign(bytes(seed), bytes(data)))),
    verified: vectors.verifying.map(([key, data, signature]) =>
      noble.verify(bytes(key), bytes(data), bytes(signature)),
    ),
    // The group's operations are group.mjs's own (one module: one BadPoint class).
    same_group: ["BadPoint", "baseTimes", "invert", "isPoint", "lock", "multiplyScalars", "randomScalar"]
      .every((name) => noble[name] === group[name]),
  }),
);
