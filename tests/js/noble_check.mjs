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
    // One module, one BadPoint class: what the group's operations throw.
    same_group: noble.BadPoint === group.BadPoint,
    // The group's operations on hex strings, as web/remote/noble.py calls them.
    on_hex: (vectors.on_hex || []).map(([name, ...values]) => {
      try {
        return noble.onHex[name](...values);
      } catch (error) {
        return error instanceof group.BadPoint ? "BadPoint" : `error: ${error.message}`;
      }
    }),
    random_on_hex: noble.onHex.randomScalar(),
  }),
);
