/**
 * @module ids
 * Prefixed, sortable, opaque ids (`ses_…`, `msg_…`, `run_…`, …): a millisecond time and randomness in Crockford
 * base32, monotonic within one process.
 */
import { randomBytes } from "node:crypto";

/** Crockford base32: sortable as text, no ambiguous letters. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export type IdPrefix =
  | "ses"
  | "msg"
  | "run"
  | "sum"
  | "req"
  | "evt"
  | "int"
  | "str"
  | "resp"
  | "img"
  | "apg"
  | "prv"
  | "key"
  | "mcl"
  | "aud"
  | "mem"
  | "jbr"
  | "whk"
  | "dlv";

let lastTime = 0;
let lastRandom: number[] = [];

function encodeTime(ms: number): string {
  let out = "";
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[ms % 32] + out;
    ms = Math.floor(ms / 32);
  }
  return out;
}

/** Monotonic within a millisecond (random part incremented), so ids sort in creation order. */
function nextRandom(now: number): number[] {
  if (now === lastTime && lastRandom.length === 16) {
    const next = [...lastRandom];
    for (let i = 15; i >= 0; i--) {
      if (next[i] < 31) {
        next[i]++;
        break;
      }
      next[i] = 0;
    }
    lastRandom = next;
    return next;
  }
  lastTime = now;
  lastRandom = randomDigits(16);
  lastRandom[0] &= 0x0f; // headroom so increments never overflow the width
  return lastRandom;
}

/** Random bytes drawn from the system in blocks: one call per id cost more than encoding the id itself. */
const RANDOM_POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function randomDigits(count: number): number[] {
  if (poolOffset + count > pool.length) {
    pool = randomBytes(RANDOM_POOL_BYTES);
    poolOffset = 0;
  }
  const digits: number[] = [];
  for (let i = 0; i < count; i++) digits.push(pool[poolOffset + i] % 32);
  poolOffset += count;
  return digits;
}

/** A prefixed, sortable, opaque id such as `ses_01JD5Z…`. */
export function newId(prefix: IdPrefix, now: number = Date.now()): string {
  const time = Math.max(now, lastTime);
  const random = nextRandom(time);
  return `${prefix}_${encodeTime(time)}${random.map((n) => ALPHABET[n]).join("")}`;
}

/** How many random bytes a job id holds: 12 hex digits, the form Hermes clients check a job id against. */
const JOB_ID_BYTES = 6;

/** A job's id: 12 random hex digits (`a1b2c3d4e5f6`), the same on the native and the Hermes routes. */
export function newJobId(): string {
  return randomBytes(JOB_ID_BYTES).toString("hex");
}

/** How many random bytes a fence id holds: 64 bits no page can guess. */
const FENCE_ID_BYTES = 8;

/** A random id for the guard's labelled blocks in a session's context (16 hex digits). */
export function newFenceId(): string {
  return randomBytes(FENCE_ID_BYTES).toString("hex");
}
