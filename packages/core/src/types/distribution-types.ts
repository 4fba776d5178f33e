/**
 * Random variables from the classic distributions: Binomial, Exponential, Geometric, Normal,
 * Poisson. Every sampler is exact (no normal approximation) and takes a bounded number of
 * draws, so a row never loops: the discrete ones use inversion where the mean is small and
 * Hörmann's transformed rejection (BTRS, PTRS; acceptance above 80%) where it is large.
 */
import type { CounterRandom } from '../random/counter-random.js';
import { defineType, type TypeDefinition } from '../kernel/define-type.js';

/** Rejection loops give up after this many tries; at >80% acceptance that never happens in practice. */
const MAX_REJECTIONS = 200;

/** Rates and probabilities below this would let -ln(U)/λ overflow to Infinity. */
const SMALLEST_POSITIVE = 1e-300;

const HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

/** ln(k!) exactly summed for small k; Stirling's series (error < 1e-14) beyond. */
const LOG_FACTORIAL_TABLE: Float64Array = (() => {
  const table = new Float64Array(256);
  for (let k = 2; k < table.length; k++) table[k] = table[k - 1] + Math.log(k);
  return table;
})();

/** The tail of Stirling's series: ln(k!) - (k ln k - k + ½ ln 2πk), for k >= 10. */
function stirlingTail(k: number): number {
  const inverse = 1 / k;
  const inverseSquared = inverse * inverse;
  return inverse * (1 / 12 - inverseSquared * (1 / 360 - inverseSquared / 1260));
}

function logFactorial(k: number): number {
  if (k < LOG_FACTORIAL_TABLE.length) return LOG_FACTORIAL_TABLE[k];
  return k * Math.log(k) - k + HALF_LOG_TWO_PI + 0.5 * Math.log(k) + stirlingTail(k);
}

export function rounder(decimals: number): (value: number) => number {
  const scale = 10 ** decimals;
  // `+ 0` turns -0 (from rounding small negatives) into 0.
  return (value) => Math.round(value * scale) / scale + 0;
}

const decimalsParam = (description: string) =>
  ({ name: 'decimals', kind: 'integer', default: 2, min: 0, max: 10, description }) as const;

// ---------------------------------------------------------------------------------------------
// Binomial

/**
 * Inversion for a discrete distribution on 0, 1, 2...: walks P(0), P(1)... subtracting from one
 * uniform draw until it is used up. `ratio(k)` is P(k) / P(k-1); `limit` only guards against
 * rounding at u ≈ 1. Binomial and Poisson both use it while their mean is small (few steps).
 */
function inversion(zero: number, limit: number, ratio: (k: number) => number): (random: CounterRandom) => number {
  return (random) => {
    let u = random.double();
    let probability = zero;
    let k = 0;
    while (u > probability && k < limit) {
      u -= probability;
      k++;
      probability *= ratio(k);
    }
    return k;
  };
}

/** Successes in n trials of probability p <= 0.5 by inversion; used while n·p < 10 (few steps). */
function binomialInversion(n: number, p: number): (random: CounterRandom) => number {
  const odds = p / (1 - p);
  const a = (n + 1) * odds;
  // With n·p < 10 nothing near 1000 is reachable. P(k) / P(k-1) = (n - k + 1) / k · p / q.
  return inversion(Math.exp(n * Math.log1p(-p)), Math.min(n, 1000), (k) => a / k - odds);
}

/** BTRS (Hörmann 1993, "The generation of binomial random variates") for n·p >= 10, p <= 0.5. */
function binomialRejection(n: number, p: number): (random: CounterRandom) => number {
  const q = 1 - p;
  const spq = Math.sqrt(n * p * q);
  const b = 1.15 + 2.53 * spq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const vr = 0.92 - 4.2 / b;
  const alpha = (2.83 + 5.1 / b) * spq;
  const logOdds = Math.log(p / q);
  const mode = Math.floor((n + 1) * p);
  const logModeWeight = logFactorial(mode) + logFactorial(n - mode);
  return (random) => {
    for (let attempt = 0; attempt < MAX_REJECTIONS; attempt++) {
      const u = random.double() - 0.5;
      let v = random.double();
      const us = 0.5 - Math.abs(u);
      const k = Math.floor(((2 * a) / us + b) * u + c);
      if (!(k >= 0 && k <= n)) continue;
      if (us >= 0.07 && v <= vr) return k;
      v = Math.log((v * alpha) / (a / (us * us) + b));
      // ln(P(k) / P(mode))
      if (v <= logModeWeight - logFactorial(k) - logFactorial(n - k) + (k - mode) * logOdds) return k;
    }
    return mode;
  };
}

const binomial = defineType({
  name: 'Binomial Distribution',
  aliases: ['Binomial'],
  category: 'Statistics',
  description:
    'The number of successes in `trials` independent trials that each succeed with `probability`; with the default single trial, 1 or 0.',
  params: [
    {
      name: 'probability',
      kind: 'decimal',
      default: 0.5,
      min: 0,
      max: 1,
      description: 'Probability of success of each trial, 0 to 1.',
    },
    {
      name: 'trials',
      kind: 'integer',
      default: 1,
      min: 1,
      max: 1e9,
      description: 'Number of trials, 1 to 1,000,000,000; the value is from 0 to trials.',
    },
  ],
  output: 'integer',
  smallValues: true,
  create(params) {
    const p = params.probability as number;
    const n = params.trials as number;
    if (p === 0) return () => 0;
    if (p === 1) return () => n;
    // Sample the rarer outcome and mirror, so inversion stays short and BTRS sees p <= 0.5.
    const flip = p > 0.5;
    const small = flip ? 1 - p : p;
    const sample = n * small < 10 ? binomialInversion(n, small) : binomialRejection(n, small);
    return flip ? (random) => n - sample(random) : sample;
  },
});

// ---------------------------------------------------------------------------------------------
// Exponential

const exponential = defineType({
  name: 'Exponential Distribution',
  aliases: ['Exponential'],
  category: 'Statistics',
  description:
    'A value from the exponential distribution with rate lambda (mean 1/lambda), rounded to `decimals` places.',
  params: [
    {
      name: 'lambda',
      kind: 'decimal',
      default: 1,
      description: 'Rate parameter, greater than 0; the mean is 1/lambda.',
    },
    decimalsParam('Decimal places of the value, 0 to 10.'),
  ],
  output: 'number',
  smallValues: true,
  check(params, problem) {
    const lambda = params.lambda;
    if (typeof lambda === 'number' && !(lambda >= SMALLEST_POSITIVE)) {
      problem('lambda', `lambda (${lambda}) must be greater than 0 (at least ${SMALLEST_POSITIVE})`);
    }
  },
  create(params) {
    const lambda = params.lambda as number;
    const round = rounder(params.decimals as number);
    // 1 - U lies in (0, 1], so the logarithm is finite.
    return (random) => round(-Math.log(1 - random.double()) / lambda);
  },
});

// ---------------------------------------------------------------------------------------------
// Geometric

const geometric = defineType({
  name: 'Geometric Distribution',
  aliases: ['Geometric'],
  category: 'Statistics',
  description:
    'The number of trials up to and including the first success (1, 2, 3...) when each trial succeeds with `probability`.',
  params: [
    {
      name: 'probability',
      kind: 'decimal',
      default: 0.5,
      min: 0,
      max: 1,
      description: 'Probability of success of each trial, greater than 0 and at most 1; the mean is 1/probability.',
    },
  ],
  output: 'integer',
  smallValues: true,
  check(params, problem) {
    const p = params.probability;
    if (typeof p === 'number' && !(p >= SMALLEST_POSITIVE)) {
      problem(
        'probability',
        `probability (${p}) must be greater than 0 (at least ${SMALLEST_POSITIVE}): with no chance of success there is no first success`,
      );
    }
  },
  create(params) {
    const p = params.probability as number;
    if (p === 1) return () => 1;
    const logFailure = Math.log1p(-p);
    // Inversion: P(K > k) = (1-p)^k = P(U <= (1-p)^k) for U uniform in (0, 1].
    return (random) => {
      const k = Math.ceil(Math.log(1 - random.double()) / logFailure);
      return k < 1 ? 1 : k;
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Normal

const normal = defineType({
  name: 'Normal Distribution',
  aliases: ['Normal'],
  category: 'Statistics',
  description:
    'A value from the normal (Gaussian) distribution with the given mean and standard deviation, rounded to `decimals` places.',
  params: [
    { name: 'mean', kind: 'decimal', default: 0, description: 'Mean of the distribution.' },
    { name: 'sd', kind: 'decimal', default: 1, min: 0, description: 'Standard deviation, 0 or more.' },
    decimalsParam('Decimal places of the value, 0 to 10.'),
  ],
  output: 'number',
  smallValues: true,
  create(params) {
    const mean = params.mean as number;
    const sd = params.sd as number;
    const round = rounder(params.decimals as number);
    const TWO_PI = 2 * Math.PI;
    // Box–Muller, one of the pair per row: rows keep no state, and two draws are cheap.
    return (random) => {
      const radius = Math.sqrt(-2 * Math.log(1 - random.double()));
      return round(mean + sd * radius * Math.cos(TWO_PI * random.double()));
    };
  },
});

// ---------------------------------------------------------------------------------------------
// Poisson

/** Below this mean, inversion (about mean + 1 steps) beats rejection; PTRS needs mean >= 10. */
const POISSON_INVERSION_LIMIT = 10;

function poissonInversion(mean: number): (random: CounterRandom) => number {
  // Nothing near 1000 is reachable for mean < 10. P(k) / P(k-1) = mean / k.
  return inversion(Math.exp(-mean), 1000, (k) => mean / k);
}

/** PTRS (Hörmann 1993, "The transformed rejection method for generating Poisson random variables"). */
function poissonRejection(mean: number): (random: CounterRandom) => number {
  const b = 0.931 + 2.53 * Math.sqrt(mean);
  const a = -0.059 + 0.02483 * b;
  const logInverseAlpha = Math.log(1.1239 + 1.1328 / (b - 3.4));
  const vr = 0.9277 - 3.6224 / (b - 2);
  const logMean = Math.log(mean);
  const fallback = Math.floor(mean);
  return (random) => {
    for (let attempt = 0; attempt < MAX_REJECTIONS; attempt++) {
      const u = random.double() - 0.5;
      const v = random.double();
      const us = 0.5 - Math.abs(u);
      const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
      if (us >= 0.07 && v <= vr) return k;
      if (!(k >= 0) || (us < 0.013 && v > us)) continue;
      if (Math.log(v) + logInverseAlpha - Math.log(a / (us * us) + b) <= logPoissonProbability(k, mean, logMean))
        return k;
    }
    return fallback;
  };
}

/** ln P(K = k) for Poisson(mean); the Stirling form avoids cancelling two huge terms when k is large. */
function logPoissonProbability(k: number, mean: number, logMean: number): number {
  if (k < LOG_FACTORIAL_TABLE.length) return -mean + k * logMean - LOG_FACTORIAL_TABLE[k];
  // -mean + k ln mean - (k ln k - k + ½ ln 2πk + tail), with k ln k - k ln mean = k·log1p((k - mean)/mean)
  return k - mean - k * Math.log1p((k - mean) / mean) - HALF_LOG_TWO_PI - 0.5 * Math.log(k) - stirlingTail(k);
}

const poisson = defineType({
  name: 'Poisson Distribution',
  aliases: ['Poisson'],
  category: 'Statistics',
  description: 'A whole number from the Poisson distribution with the given mean (its variance is the mean too).',
  params: [
    {
      name: 'mean',
      kind: 'decimal',
      default: 50,
      max: 1e9,
      description: 'Mean (expected count), greater than 0 and at most 1,000,000,000.',
    },
  ],
  output: 'integer',
  smallValues: true,
  check(params, problem) {
    const mean = params.mean;
    if (typeof mean === 'number' && !(mean > 0)) problem('mean', `mean (${mean}) must be greater than 0`);
  },
  create(params) {
    return poissonSampler(params.mean as number);
  },
});

/** An exact Poisson sampler for `mean` > 0 (also how many children a parent row has, relations/). */
export function poissonSampler(mean: number): (random: CounterRandom) => number {
  return mean < POISSON_INVERSION_LIMIT ? poissonInversion(mean) : poissonRejection(mean);
}

export const distributionTypes: TypeDefinition[] = [binomial, exponential, geometric, normal, poisson];
