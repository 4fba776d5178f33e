/**
 * Password Hash: text in the bcrypt format ($2a$, cost, 22-character salt, 31-character hash,
 * in bcrypt's own base-64 alphabet), the form password columns hold.
 *
 * Structurally valid rather than a real bcrypt computation: a real hash costs about 1.2 ms even
 * at the lowest cost factor 4 (bcryptjs measured 800 values/s on this machine) and 50-100 ms at
 * the usual cost 10, far too slow for data generation. The salt and hash are random bytes in
 * bcrypt's encoding, so every value parses as bcrypt, but no password verifies against it.
 */
import type { CounterRandom } from '../random/counter-random.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';

export const BCRYPT_BASE64 = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BCRYPT_PREFIX = '$2a$10$';
const SALT_BYTES = 16;
/** bcrypt keeps 23 of the 24 bytes of its final cipher block. */
const HASH_BYTES = 23;

/** bcrypt's base 64: standard bit order over its own alphabet, without padding. */
export function bcryptBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i];
    const b1 = i + 1 < bytes.length ? bytes[i + 1] : 0;
    const b2 = i + 2 < bytes.length ? bytes[i + 2] : 0;
    text += BCRYPT_BASE64[b0 >> 2] + BCRYPT_BASE64[((b0 & 3) << 4) | (b1 >> 4)];
    if (i + 1 < bytes.length) text += BCRYPT_BASE64[((b1 & 15) << 2) | (b2 >> 6)];
    if (i + 2 < bytes.length) text += BCRYPT_BASE64[b2 & 63];
  }
  return text;
}

function randomBytes(random: CounterRandom, bytes: Uint8Array): Uint8Array {
  for (let i = 0; i < bytes.length; i++) bytes[i] = random.below(256);
  return bytes;
}

export const passwordHashTypes: TypeDefinition[] = [
  plainType({
    name: 'Password Hash',
    category: 'Person',
    description:
      'A password hash in the bcrypt format ($2a$10$ + 22-character salt + 31-character hash); structurally valid (random salt and hash), not the hash of a known password.',
    characters: () => '$2a10' + BCRYPT_BASE64,
    // Random bytes in bcrypt's encoding, no bcrypt computation (see above): small.
    smallValues: true,
    generator: () => {
      const salt = new Uint8Array(SALT_BYTES);
      const hash = new Uint8Array(HASH_BYTES);
      return (random) =>
        BCRYPT_PREFIX + bcryptBase64(randomBytes(random, salt)) + bcryptBase64(randomBytes(random, hash));
    },
  }),
];
