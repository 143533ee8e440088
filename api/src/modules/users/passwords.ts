import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (19 MiB, t=2, p=1: the OWASP baseline); tests assert the `$argon2id$` prefix.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a stored hash (unknown user,
 * social account) it still runs one argon2 verification against a throwaway
 * hash, so the answer takes as long as for a real account and timing does not
 * reveal which login ids exist.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(crypto.randomBytes(24).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A strong random password for the seeded admin when ADMIN_PASSWORD is not set. */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}
