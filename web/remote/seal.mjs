// The page's side of pygames/remote/seal.py: a 32-byte key sealed to one seat's box key
// by hashed ElGamal on the card-locking group. The group operations are group.mjs's
// (@noble/curves), the hash is @noble/hashes' SHA-256; nothing here is arithmetic of
// our own. tests/test_remote_group_js.py checks it gives libsodium's bytes.
import { sha256 } from "@noble/hashes/sha2.js";
import { baseTimes, lock, randomScalar } from "./group.mjs";

const LABEL = new TextEncoder().encode("fools-and-fields seal v1");

export const boxKey = (secret) => baseTimes(secret);

// {ephemeral, masked} for `value` (32 bytes) sealed to `recipient` in `context`.
// `ephemeral`: the secret r, only for test vectors; fresh otherwise.
export function seal(recipient, value, context, ephemeral = randomScalar()) {
  if (value.length !== 32) throw new Error("a sealed value is 32 bytes");
  const shared = lock(recipient, ephemeral);
  const sent = baseTimes(ephemeral);
  return { ephemeral: sent, masked: xor(value, pad(sent, recipient, shared, context)) };
}

export function unseal(secret, sealed, context) {
  const shared = lock(sealed.ephemeral, secret);
  return xor(sealed.masked, pad(sealed.ephemeral, baseTimes(secret), shared, context));
}

function pad(sent, recipient, shared, context) {
  const parts = [LABEL, sent, recipient, shared, new TextEncoder().encode(context)];
  const framed = parts.flatMap((part) => [lengthOf(part), part]);
  const whole = new Uint8Array(framed.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of framed) {
    whole.set(part, at);
    at += part.length;
  }
  return sha256(whole);
}

function lengthOf(part) {
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, part.length);
  return length;
}

function xor(a, b) {
  if (a.length !== b.length) throw new Error("a sealed value is 32 bytes");
  return a.map((byte, index) => byte ^ b[index]);
}
