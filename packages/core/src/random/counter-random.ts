/**
 * Counter-based randomness: every draw is a pure function of (seed, key, row key, draw number).
 *
 * No generator carries state from one row to the next, so any row range can be produced on its
 * own (worker threads, chunks, resumed streams) and gives the same bytes; and each field's key
 * comes from its own name, so adding, removing or reordering a field leaves the others alone.
 * The mixing function is MurmurHash3's 32-bit finaliser, applied to a Weyl sequence.
 */

const GOLDEN = 0x9e3779b9;
const TWO_POW_32 = 4294967296;

/** MurmurHash3 fmix32: a fast bijective avalanche on 32-bit integers. */
export function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** FNV-1a over UTF-16 code units, finished with mix32; stable across platforms and versions. */
export function hashString(text: string, salt = 0): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** Combines two 32-bit keys into one, order-sensitive. */
export function combineKeys(a: number, b: number): number {
  return mix32((a + Math.imul(mix32(b ^ 0x5bd1e995), GOLDEN)) >>> 0);
}

/** The key of top-level row `index` (0-based); handles indexes beyond 2^32. */
export function rowKey(index: number): number {
  const low = index >>> 0;
  const high = Math.floor(index / TWO_POW_32);
  return mix32((low ^ mix32((high + GOLDEN) >>> 0)) >>> 0);
}

/** The key of item `itemIndex` (0-based) of a nested array inside the row or item `parentKey`. */
export function itemKey(parentKey: number, itemIndex: number): number {
  return combineKeys(parentKey, itemIndex + 1);
}

/** Turns a user seed (any string or integer) into the 32-bit engine seed. */
export function seedKey(seed: string | number): number {
  return hashString(String(seed), 0x2545f491);
}

/**
 * The draws of one key (a field, a family, a blank decision) within one row.
 * `reset(rowKey)` positions it at draw 0 of that row; nothing else is kept between rows.
 */
export class CounterRandom {
  private state = 0;
  private counter = 0;
  /**
   * reset() only notes its key; the state is mixed from it at the row's first draw. The engine
   * resets every field's random on every row, and many generators never draw (names and cities
   * read their family's record, Row Number and Template read the row): they skip the mixing.
   */
  private rowOrItemKey = 0;
  private mixPending = false;

  constructor(readonly key: number) {}

  reset(rowOrItemKey: number): void {
    this.rowOrItemKey = rowOrItemKey;
    this.mixPending = true;
    this.counter = 0;
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    if (this.mixPending) this.mixState();
    this.counter++;
    return mix32((this.state + Math.imul(this.counter, GOLDEN)) >>> 0);
  }

  /** Out of line, so uint32 stays small enough for V8 to inline into every generator. */
  private mixState(): void {
    this.state = mix32((this.key ^ Math.imul(this.rowOrItemKey, 0x27d4eb2f)) >>> 0);
    this.mixPending = false;
  }

  /** Uniform in [0, 1) with 32 bits of resolution: enough for picks and percentages. */
  next(): number {
    return this.uint32() / TWO_POW_32;
  }

  /** Uniform in [0, 1) with 53 bits of resolution, for continuous distributions. */
  double(): number {
    const high = this.uint32() >>> 5; // 27 bits
    const low = this.uint32() >>> 6; // 26 bits
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** Uniform integer in [0, n) for 0 < n <= 2^32. */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [min, max], both inclusive; exact for spans up to 2^53. */
  intBetween(min: number, max: number): number {
    const span = max - min + 1;
    if (span <= TWO_POW_32) return min + Math.floor(this.next() * span);
    return min + Math.floor(this.double() * span);
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}
