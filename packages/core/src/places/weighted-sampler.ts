/**
 * Weighted choice in constant time (Walker's alias method, Vose's construction): one bucket
 * drawn uniformly, then either the bucket's own item or its alias. Building costs O(n) once;
 * each draw is two random numbers and two reads of one table row, whatever the number of items.
 */
import type { CounterRandom } from '../random/counter-random.js';

export interface WeightedSampler {
  readonly size: number;
  /** One of the items the sampler was built over, by weight. */
  draw(random: CounterRandom): number;
}

/** A sampler over `items` (values returned as-is), each with weight `weightOf(item)` > 0. */
export function weightedSampler(items: ArrayLike<number>, weightOf: (item: number) => number): WeightedSampler {
  return samplerOfTable(aliasTable(items, weightOf));
}

/**
 * The sampler's table for `items`: built once by `npm run build` for the unrestricted places
 * (place-pack.ts), since building it over 62,022 places cost each thread 15-30 ms.
 */
export function aliasTable(items: ArrayLike<number>, weightOf: (item: number) => number): Int32Array {
  const n = items.length;
  if (n === 0) throw new Error('a weighted sampler needs at least one item');
  const scaled = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) total += scaled[i] = weightOf(items[i]);
  for (let i = 0; i < n; i++) scaled[i] = (scaled[i] * n) / total;

  // Buckets below and above the average weight, as stacks in typed arrays.
  const threshold = new Float64Array(n).fill(1);
  const alias = new Int32Array(n);
  const small = new Int32Array(n);
  const large = new Int32Array(n);
  let smallCount = 0;
  let largeCount = 0;
  for (let i = n - 1; i >= 0; i--) {
    if (scaled[i] < 1) small[smallCount++] = i;
    else large[largeCount++] = i;
  }
  while (smallCount > 0 && largeCount > 0) {
    const s = small[--smallCount];
    const l = large[--largeCount];
    threshold[s] = scaled[s];
    alias[s] = l;
    scaled[l] = scaled[l] + scaled[s] - 1;
    if (scaled[l] < 1) small[smallCount++] = l;
    else large[largeCount++] = l;
  }
  // Buckets left over are full up to rounding: they keep their own item (threshold 1).

  // One row of three 32-bit integers per bucket (threshold in 1/65536ths, own item, alias item)
  // in one typed array: 12 bytes, so a draw touches one cache line, which matters in big tables
  // read at random (half the size of the same row as doubles).
  const table = new Int32Array(3 * n);
  for (let i = 0; i < n; i++) {
    table[3 * i] = Math.min(65536, Math.round(threshold[i] * 65536));
    table[3 * i + 1] = items[i];
    table[3 * i + 2] = items[alias[i]];
  }
  return table;
}

/** The sampler that draws from an aliasTable(). */
export function samplerOfTable(table: Int32Array): WeightedSampler {
  const n = table.length / 3;
  return {
    size: n,
    draw(random) {
      const at = 3 * random.below(n);
      return random.uint32() >>> 16 < table[at] ? table[at + 1] : table[at + 2];
    },
  };
}
