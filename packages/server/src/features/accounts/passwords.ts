/**
 * Passwords: Argon2id through @node-rs/argon2 (its defaults follow OWASP: 19 MiB, 2 passes),
 * never a hash of our own. Checking an unknown email runs the same verification against a
 * dummy hash, so the answer takes about as long as for a wrong password.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
// Not from password-strength.js, which would load zxcvbn's dictionaries on this thread.
import { MIN_PASSWORD_SCORE } from './password-score.js';
import { checkStrength } from './password-strength-thread.js';
import { MAX_PASSWORD_LENGTH } from '@rowloom/contract';

export const MIN_PASSWORD_LENGTH = 8;
/** Bounds the work one request can ask of the hash; pass phrases fit easily. The contract's, so the route schemas say it too. */
export { MAX_PASSWORD_LENGTH };

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

/** Spaces, tabs, line breaks and invisible characters only. */
const BLANK = /^[\s\u200b-\u200d\u2060\ufeff]*$/u;

/** The problem with a new password's shape (checked first, at once), or null when it has none. */
export function passwordProblem(password: unknown, field: string): string | null {
  if (typeof password !== 'string') return `"${field}" must be a string (the password)`;
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `"${field}" must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (length > MAX_PASSWORD_LENGTH) return `"${field}" must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  if (BLANK.test(password)) return `"${field}" must not be only spaces; choose a passphrase of several unrelated words`;
  return null;
}

/** Words about the user that make a password easy to guess for them: the email, its name part, the service. */
function userWords(email: string): string[] {
  const name = email.slice(0, email.lastIndexOf('@'));
  return [email, name, ...name.split(/[._+-]+/), 'rowloom'].filter((word) => word.length >= 3);
}

/** Why a new password of the user is too easy to guess (zxcvbn's feedback), or null when it is not. */
export async function guessabilityProblem(password: string, field: string, email: string): Promise<string | null> {
  const strength = await checkStrength(normalise(password), userWords(email.toLowerCase()));
  if (strength.score >= MIN_PASSWORD_SCORE) return null;
  const why = strength.warning ?? 'It is made of common words, names or patterns.';
  const advice = strength.suggestions.length ? strength.suggestions.join(' ') : 'Add more words that are less common.';
  return `"${field}" is too easy to guess: ${why} ${advice} A passphrase of four or more unrelated words works well.`;
}

/** A random password for first start and reset-password: 20 characters of base64url (120 bits). */
export function randomPassword(): string {
  return randomBytes(15).toString('base64url');
}
