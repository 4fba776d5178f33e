/**
 * Firebase push ids (the keys `push()` gives a list's children), made without state so any row
 * range makes its own: 20 characters of Firebase's alphabet, 8 for the time in milliseconds and
 * 12 "random" ones. Firebase makes ids created in one millisecond by adding one to the previous
 * id's random part; here every row is made "in" the generation's reference time, with random
 * part = a base drawn from the seed + the row index. So the ids are valid, unique, sort in row
 * order (the alphabet is in ASCII order, as Firebase's is), and the same seed gives the same ids.
 */
import { combineKeys } from '../random/counter-random.js';
import type { GenerationIdentity } from './writer.js';

const ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
/** The random part is two halves of 6 characters (36 bits each), kept as ordinary numbers. */
const HALF = 2 ** 36;

/** `digits` characters of `value` in base 64, most significant first. */
function base64Digits(value: number, digits: number): string {
  let s = '';
  for (let i = 0; i < digits; i++) {
    s = ALPHABET[value % 64] + s;
    value = Math.floor(value / 64);
  }
  return s;
}

/** 36 bits from two draws of the seed's key. */
function draw36(seedKey: number, salt: number): number {
  return (combineKeys(seedKey, salt) % 2 ** 4) * 2 ** 32 + combineKeys(seedKey, salt + 1);
}

/** Every pair of characters, by its 12-bit value: a row's low half is three look-ups. */
const PAIRS: readonly string[] = Array.from({ length: 4096 }, (_, i) => ALPHABET[i >> 6] + ALPHABET[i & 63]);

export class PushIds {
  private readonly time: string;
  /** High half below 2^35, so adding any row index cannot wrap the 72 bits round. */
  private readonly high: number;
  private readonly low: number;
  /** The time and high half of the last carry seen: they change once in 2^36 rows. */
  private carry = 0;
  private prefix: string;

  constructor(identity: GenerationIdentity) {
    this.time = base64Digits(Math.max(0, Math.floor(identity.startedAtMs)), 8);
    this.high = draw36(identity.seedKey, 0x70757368) % 2 ** 35;
    this.low = draw36(identity.seedKey, 0x6964);
    this.prefix = this.time + base64Digits(this.high, 6);
  }

  /** The id of row `index` (0-based). */
  id(index: number): string {
    let sum = this.low + (index % HALF);
    let carry = Math.floor(index / HALF);
    if (sum >= HALF) {
      sum -= HALF;
      carry++;
    }
    if (carry !== this.carry) {
      this.carry = carry;
      this.prefix = this.time + base64Digits(this.high + carry, 6);
    }
    const top = Math.floor(sum / 2 ** 24);
    const rest = sum - top * 2 ** 24;
    return this.prefix + PAIRS[top] + PAIRS[rest >>> 12] + PAIRS[rest & 4095];
  }
}
