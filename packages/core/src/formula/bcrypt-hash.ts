/**
 * bcrypt(text[, cost]) in formulas: a real bcrypt hash (bcryptjs), so the value verifies against
 * the text with any bcrypt library. The salt comes from the formula's counter-based randomness,
 * so a seed gives the same hash. bcrypt is slow on purpose: the default cost is bcrypt's minimum
 * (4, about 1 ms a value) and the cost is bounded, so one formula cannot hold a request for long.
 */
import { createRequire } from 'node:module';
import type bcryptjs from 'bcryptjs';
import type { CounterRandom } from '../random/counter-random.js';

export const BCRYPT_MIN_COST = 4;
export const BCRYPT_MAX_COST = 8;

/** bcrypt's own base64 alphabet. */
const BCRYPT_ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The 22nd salt character carries only the top 2 bits of the 16th byte: one of these four. */
const LAST_SALT_CHARACTERS = '.Oeu';

/** Loaded with the first hash: its module load cost every thread ~9 ms of start-up. */
let loaded: typeof bcryptjs | null = null;
function bcrypt(): typeof bcryptjs {
  loaded ??= createRequire(import.meta.url)('bcryptjs') as typeof bcryptjs;
  return loaded;
}

export function bcryptHash(text: string, cost: number, random: CounterRandom): string {
  let salt = '';
  for (let i = 0; i < 21; i++) salt += BCRYPT_ALPHABET[random.below(64)];
  salt += LAST_SALT_CHARACTERS[random.below(4)];
  return bcrypt().hashSync(text, `$2a$${String(cost).padStart(2, '0')}$${salt}`);
}
