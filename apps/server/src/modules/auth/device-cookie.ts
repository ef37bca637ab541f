import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in as an
 * email gets a cookie naming that email, signed by the server; with it, its sign-ins have an allowance of their own
 * (login-throttle.ts, `throttledLoginAttempt`), so failures of strangers for the email never lock it out. Sent only to the
 * login call, HttpOnly; its value is a random nonce and its signature, nothing a reader could sign in with.
 */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 86_400;
export const DEVICE_COOKIE_PATH = '/api/auth/login';

/** One cookie per email the browser signed in as: `device-` and 16 hex digits of the email's SHA-256. */
export const deviceCookieName = (email: string) =>
  `device-${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`;

/**
 * The server's signing key: `SECRET_KEY` when set (servers sharing one database must share it), else a random key
 * kept in `DATA_DIR/secret-key`, made on the first start.
 */
export function loadSecretKey(config: Pick<Config, 'SECRET_KEY' | 'DATA_DIR'>): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  const file = path.join(config.DATA_DIR, 'secret-key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // Another process made it first: theirs is the key.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return readFileSync(file, 'utf8').trim();
}

const sign = (key: string, email: string, nonce: string) =>
  createHmac('sha256', key).update(`device\n${email.toLowerCase()}\n${nonce}`).digest('base64url');

/** A new device cookie's value for `email`. */
export function newDeviceCookie(key: string, email: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(key, email, nonce)}`;
}

/** The nonce of a device cookie the server signed for `email`, or undefined for anything else. */
export function verifyDeviceCookie(key: string, email: string, value: string | undefined): string | undefined {
  const [nonce, signature, ...rest] = (value ?? '').split('.');
  if (!nonce || !signature || rest.length > 0 || !/^[\w-]{22}$/.test(nonce)) return undefined;
  const expected = Buffer.from(sign(key, email, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}
