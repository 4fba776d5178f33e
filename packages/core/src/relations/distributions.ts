/**
 * How many child rows each parent row has (a driving reference's `children`), and which parent
 * row a plain reference picks. Every draw takes a CounterRandom already reset for the row, so a
 * parent's count and a child's pick are pure functions of the seed and the row index.
 */
import type { CounterRandom } from '../random/counter-random.js';
import { poissonSampler } from '../types/distribution-types.js';
import type { Curve } from '../scenarios/interpolate.js';
import { MAX_CHILDREN_PER_PARENT, type ChildrenRule } from '../types/reference-params.js';

/** How many rows parent `parent` of `parents` has, from its own randomness. */
export type ChildrenSampler = (random: CounterRandom, parent: number, parents: number) => number;

/**
 * A sampler of children counts for `rule`, each in [0, MAX_CHILDREN_PER_PARENT]; `curve` is the
 * rule's scenario's, for a scenario rule.
 */
export function childrenSampler(rule: ChildrenRule, curve?: Curve): ChildrenSampler {
  switch (rule.kind) {
    case 'fixed':
      return () => rule.count;
    case 'uniform':
      return (random) => random.intBetween(rule.min, rule.max);
    case 'poisson': {
      const draw = poissonSampler(rule.mean);
      return (random) => Math.min(draw(random), MAX_CHILDREN_PER_PARENT);
    }
    case 'zipf':
      return boundedZipf(rule.skew, rule.min, rule.max);
    case 'scenario':
      return scenarioCounts(curve!);
  }
}

/** The curve's value at the parent's place, rounded, within [0, MAX_CHILDREN_PER_PARENT]. */
function scenarioCounts(curve: Curve): ChildrenSampler {
  return (_random, parent, parents) => {
    const y = curve(parents > 1 ? parent / (parents - 1) : 0);
    return Math.min(MAX_CHILDREN_PER_PARENT, Math.max(0, Math.round(y)));
  };
}

/**
 * Zipf over [min, max]: count min + k - 1 with probability proportional to 1 / k^skew. The
 * support is at most MAX_CHILDREN_PER_PARENT values, so the cumulative table is built once
 * (at most 800 KB) and each draw is a binary search.
 */
function boundedZipf(skew: number, min: number, max: number): ChildrenSampler {
  const size = max - min + 1;
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let k = 1; k <= size; k++) cumulative[k - 1] = total += 1 / k ** skew;
  return (random) => {
    const target = random.double() * total;
    let low = 0;
    let high = size - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] > target) high = middle;
      else low = middle + 1;
    }
    return min + low;
  };
}

/**
 * The rank (0 = the most picked) of a Zipf-like pick among `size` parents with exponent `skew`,
 * from the continuous power law's inverse distribution function: no table, whatever the size
 * (ten million customers cost nothing). The caller scatters ranks over rows with a permutation,
 * so the popular parents are not simply the first ones.
 */
export function powerLawRank(random: CounterRandom, size: number, skew: number): number {
  const u = random.double();
  const rank = Math.abs(skew - 1) < 1e-9 ? Math.exp(u * Math.log(size + 1)) - 1 : inversePowerLaw(u, size, skew);
  return Math.min(size - 1, Math.max(0, Math.floor(rank)));
}

/** The density (1 + x)^-skew on [0, size], inverted: positive for every u in [0, 1) and skew != 1. */
function inversePowerLaw(u: number, size: number, skew: number): number {
  const exponent = 1 - skew;
  return (((size + 1) ** exponent - 1) * u + 1) ** (1 / exponent) - 1;
}
