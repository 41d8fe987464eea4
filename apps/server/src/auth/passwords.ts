import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@samvad/contracts/auth';
import { passwordHashGate } from './hash-gate.ts';

/** OWASP's scrypt floor (N=2^17, r=8, p=1); stored with each hash so it can be raised later. */
const PARAMS = { N: 131072, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/** Every hash goes through the gate: at most two at once, a short queue, then a fast 429. */
function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return passwordHashGate.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH,
          { ...params, maxmem: 256 * 1024 * 1024 },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the user does not exist, so timing does not tell. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  // A refusal by a full hash gate must not be remembered as the decoy for good.
  decoy ??= hashPassword(randomBytes(16).toString('base64url')).catch((error: unknown) => {
    decoy = null;
    throw error;
  });
  return decoy;
}

const commonPasswords = new Set(
  readFileSync(path.join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string, username: string | null): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower) || /^(.)\1+$/.test(password)) {
    return 'This password is too common; choose another';
  }
  if (username && lower.includes(username.toLowerCase())) {
    return 'The password must not contain the username';
  }
  return null;
}
