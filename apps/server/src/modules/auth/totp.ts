import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';

/**
 * Two-factor sign-in: TOTP as RFC 6238 defines it by default (SHA-1, 6 digits, 30-second steps), what every
 * authenticator app reads from an otpauth:// URL. A code one step early or late is accepted (clocks drift),
 * and each step's code once.
 */
const totp = authenticator.clone({ window: 1 });
const STEP_MS = 30_000;
export const TOTP_ISSUER = 'Kids VOD console';

export const newTotpSecret = () => totp.generateSecret(20);
export const otpauthUrl = (email: string, secret: string) => totp.keyuri(email, TOTP_ISSUER, secret);

/** The 30-second step a valid code belongs to, or null; a step at or before `lastStep` was used already. */
export function totpStep(secret: string, code: string, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.checkDelta(code, secret);
  if (delta === null) return null;
  const step = Math.floor(Date.now() / STEP_MS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Secrets at rest: AES-256-GCM under SECRET_KEY when it is set (`v1:` iv.tag.data), else as they are. */
export function sealSecret(secret: string, secretKey: string | undefined): string {
  if (!secretKey) return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1:${[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.')}`;
}

export function openSecret(stored: string, secretKey: string | undefined): string {
  if (!stored.startsWith('v1:')) return stored;
  if (!secretKey) throw new Error('A two-factor secret is encrypted and SECRET_KEY is not set');
  const [iv, tag, data] = stored
    .slice(3)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

const keyOf = (secretKey: string) => createHash('sha256').update(`kids-vod totp:${secretKey}`).digest();

export const RECOVERY_CODE_COUNT = 10;

/** Ten codes like `7f3a9-c21e0` (40 random bits each), shown once; only their hashes are kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

/** A recovery code as typed (any case, with or without the dash) hashes to the stored value. */
export const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
