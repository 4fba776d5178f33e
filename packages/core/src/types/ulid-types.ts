/**
 * ULID: a sortable unique identifier, 26 characters of Crockford base 32 (no I, L, O, U): a
 * 48-bit creation time in milliseconds (10 characters) then 80 random bits (16 characters).
 * The time is drawn from a fixed range, so a seed gives the same identifiers every year.
 */
import type { CounterRandom } from '../random/counter-random.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { plainType } from './plain-type.js';

export const CROCKFORD_BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Creation times between the ULID specification's publication (2016) and the end of 2025, UTC. */
const ULID_FROM_MS = Date.UTC(2016, 0, 1);
const ULID_TO_MS = Date.UTC(2026, 0, 1) - 1;

/** `count` base-32 digits of `value` (below 2^53), most significant first. */
function base32Digits(value: number, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) {
    text = CROCKFORD_BASE32[value % 32] + text;
    value = Math.floor(value / 32);
  }
  return text;
}

function ulid(random: CounterRandom): string {
  // 80 random bits as four 20-bit groups: each is exactly four base-32 digits.
  let text = base32Digits(random.intBetween(ULID_FROM_MS, ULID_TO_MS), 10);
  for (let i = 0; i < 4; i++) text += base32Digits(random.uint32() >>> 12, 4);
  return text;
}

export const ulidTypes: TypeDefinition[] = [
  plainType({
    name: 'ULID',
    category: 'IT',
    description:
      'A ULID: 26 Crockford base-32 characters, a creation time between 2016 and 2025 (milliseconds) followed by 80 random bits.',
    characters: () => CROCKFORD_BASE32,
    generator: () => ulid,
    smallValues: true,
  }),
];
