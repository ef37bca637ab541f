import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: N=2^15 costs ~100 ms and 32 MiB, slow enough against guessing, fast enough for sign-in. */
export const PASSWORD_COST = 32_768;
let N = PASSWORD_COST;
const r = 8;
const p = 1;
const KEY_LENGTH = 64;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r: rr, p: pp, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * For test runs only (apps/server/src/test/setup.ts): their thousands of sign-ins check what a sign-in does, not how
 * slow guessing is, and 100 ms each made minutes of CI. A stored hash names its own cost, so either verifies.
 */
export function setPasswordCostForTests(n: number) {
  if (!process.env.VITEST) throw new Error('The password cost is lowered in test runs only');
  N = n;
  dummyHash = makeDummyHash();
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(rr), Number(pp));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const makeDummyHash = () =>
  `scrypt$${N}$${r}$${p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;
let dummyHash = makeDummyHash();
/** Compared against when the email is unknown, so both failures take the same time. */
export const dummyPasswordHash = () => dummyHash;
