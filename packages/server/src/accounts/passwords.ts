/**
 * Passwords: Argon2id through @node-rs/argon2 (its defaults follow OWASP: 19 MiB, 2 passes),
 * never a hash of our own. Checking an unknown email runs the same verification against a
 * dummy hash, so the answer takes about as long as for a wrong password.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 8;
/** Bounds the work one request can ask of the hash; pass phrases fit easily. */
export const MAX_PASSWORD_LENGTH = 256;

/** Unicode passwords typed on different keyboards compare equal after NFKC (as NIST advises). */
function normalise(password: string): string {
  return password.normalize('NFKC');
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalise(password));
}

let dummy: Promise<string> | null = null;

/**
 * True when `password` matches `stored`. With `stored` null (no such user, or one without a
 * password) it still verifies against a dummy hash and answers false.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  dummy ??= hash(randomBytes(16).toString('hex'));
  const against = stored ?? (await dummy);
  let matches = false;
  try {
    matches = await verify(against, normalise(password));
  } catch {
    matches = false; // a damaged stored hash is a wrong password, not a 500
  }
  return matches && stored != null;
}

/** The problem with a new password, or null when it is acceptable. */
export function passwordProblem(password: unknown, field: string): string | null {
  if (typeof password !== 'string') return `"${field}" must be a string (the password)`;
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `"${field}" must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (length > MAX_PASSWORD_LENGTH) return `"${field}" must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  return null;
}

/** A random password for first start and reset-password: 20 characters of base64url (120 bits). */
export function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}
