/**
 * A bijection of [0, n): a pseudo-random order of n items, any position computed on its own in
 * a few microseconds, without a table. It makes distinct picks (a join table's rows of one
 * parent never repeat a partner) and keys that are unique by construction, never by retrying.
 *
 * A balanced Feistel network permutes the smallest even-bit power of two that holds n; a result
 * of n or more is fed through again (cycle-walking), which stays inside [0, n) and keeps the
 * map a bijection. The domain is at most 4 times n, so the expected number of rounds is under 4.
 */
import { combineKeys, mix32 } from './counter-random.js';

/** Feistel rounds: four make a pseudo-random permutation from a good round function. */
const ROUNDS = 4;
/** Domains up to 2^52: half-blocks of at most 26 bits stay exact in doubles. */
export const MAX_PERMUTATION_SIZE = 2 ** 52;

export class Permutation {
  private readonly halfBits: number;
  private readonly halfMask: number;
  private readonly halfSize: number;
  private readonly roundKeys: number[];

  constructor(
    readonly size: number,
    readonly key: number,
  ) {
    if (!Number.isSafeInteger(size) || size < 1 || size > MAX_PERMUTATION_SIZE)
      throw new RangeError(`a permutation needs 1 to 2^52 items, got ${size}`);
    let bits = 2;
    while (2 ** bits < size) bits += 2;
    this.halfBits = bits / 2;
    this.halfSize = 2 ** this.halfBits;
    this.halfMask = this.halfSize - 1;
    this.roundKeys = Array.from({ length: ROUNDS }, (_, round) => combineKeys(key, round + 1));
  }

  /** The item at position `index` (0 <= index < size). */
  at(index: number): number {
    let value = index;
    do value = this.encrypt(value);
    while (value >= this.size);
    return value;
  }

  private encrypt(value: number): number {
    let left = Math.floor(value / this.halfSize);
    let right = value % this.halfSize;
    for (const roundKey of this.roundKeys) {
      const next = (left ^ (mix32((right ^ roundKey) >>> 0) & this.halfMask)) >>> 0;
      left = right;
      right = next;
    }
    return left * this.halfSize + right;
  }
}
