import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateObjects } from '../engine/sample.js';
import { problemsOf } from '../testing/schema-problems.js';

const DRAWS = 200_000;

/** Every field below, drawn together once: 200,000 rows. */
const FIELDS = [
  { name: 'coin', type: 'Binomial Distribution' },
  { name: 'binomialSmall', type: 'Binomial', trials: 20, probability: 0.3 },
  { name: 'binomialLarge', type: 'Binomial Distribution', trials: 1000, probability: 0.7 },
  { name: 'binomialHuge', type: 'Binomial Distribution', trials: 1_000_000, probability: 0.001 },
  { name: 'exponential', type: 'Exponential Distribution', lambda: 2, decimals: 8 },
  { name: 'geometric', type: 'Geometric Distribution', probability: 0.2 },
  { name: 'geometricHalf', type: 'Geometric' },
  { name: 'normal', type: 'Normal Distribution', mean: 10, sd: 3, decimals: 8 },
  { name: 'poisson3', type: 'Poisson Distribution', mean: 3 },
  { name: 'poisson50', type: 'Poisson' },
  { name: 'poisson1000', type: 'Poisson Distribution', mean: 1000 },
  { name: 'poissonMillion', type: 'Poisson Distribution', mean: 1_000_000 },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];
let columns: Record<FieldName, number[]>;

before(() => {
  const rows = generateObjects([...FIELDS], { count: DRAWS, seed: 'distributions' });
  columns = Object.fromEntries(FIELDS.map((f) => [f.name, rows.map((row) => row[f.name] as number)])) as Record<
    FieldName,
    number[]
  >;
});

/**
 * Checks sample mean and variance against theory within 6 standard errors. The variance's
 * standard error comes from the sample's fourth central moment; the squared error of the mean
 * is added because the sample variance is centred on the sample mean.
 */
function assertMoments(sample: number[], mean: number, variance: number): void {
  const n = sample.length;
  let sum = 0;
  for (const x of sample) sum += x;
  const sampleMean = sum / n;
  let m2 = 0;
  let m4 = 0;
  for (const x of sample) {
    const d2 = (x - sampleMean) ** 2;
    m2 += d2;
    m4 += d2 * d2;
  }
  const sampleVariance = m2 / (n - 1);
  m4 /= n;
  const meanError = Math.sqrt(variance / n);
  assert.ok(Math.abs(sampleMean - mean) <= 6 * meanError, `mean ${sampleMean}, expected ${mean} ± ${6 * meanError}`);
  const varianceError = Math.sqrt(Math.max(0, m4 - sampleVariance ** 2) / n);
  const tolerance = 6 * varianceError + (6 * meanError) ** 2 + 1e-12;
  assert.ok(
    Math.abs(sampleVariance - variance) <= tolerance,
    `variance ${sampleVariance}, expected ${variance} ± ${tolerance}`,
  );
}

/** The share of draws equal to k is within 6 standard errors of the probability p. */
function assertFrequency(sample: number[], k: number, p: number): void {
  const count = sample.filter((x) => x === k).length;
  const n = sample.length;
  const tolerance = 6 * Math.sqrt(n * p * (1 - p)) + 1;
  assert.ok(Math.abs(count - n * p) <= tolerance, `P(${k}): ${count} draws, expected ${n * p} ± ${tolerance}`);
}

/**
 * Pearson's chi-square test of the whole distribution on 0, 1, 2...: values are grouped from
 * the left into bins expected at least 5 times each, and the remaining tail joins the last bin.
 * The threshold (df + 8·sqrt(2·df) + 10) is far in the tail, so a correct sampler passes for
 * any seed while a distorted one fails.
 */
function assertFitsDistribution(sample: number[], pmf: (k: number) => number, upTo: number): void {
  const n = sample.length;
  const counts = new Map<number, number>();
  for (const x of sample) counts.set(x, (counts.get(x) ?? 0) + 1);
  const bins: { observed: number; expected: number }[] = [];
  let observed = 0;
  let expected = 0;
  let observedInBins = 0;
  let expectedInBins = 0;
  for (let k = 0; k <= upTo; k++) {
    observed += counts.get(k) ?? 0;
    expected += n * pmf(k);
    if (expected >= 5) {
      bins.push({ observed, expected });
      observedInBins += observed;
      expectedInBins += expected;
      observed = 0;
      expected = 0;
    }
  }
  const rest = { observed: n - observedInBins, expected: Math.max(0, n - expectedInBins) };
  if (rest.expected >= 5 || bins.length === 0) bins.push(rest);
  else {
    bins[bins.length - 1].observed += rest.observed;
    bins[bins.length - 1].expected += rest.expected;
  }
  let statistic = 0;
  for (const bin of bins) statistic += (bin.observed - bin.expected) ** 2 / bin.expected;
  const df = bins.length - 1;
  const threshold = df + 8 * Math.sqrt(2 * df) + 10;
  assert.ok(
    statistic <= threshold,
    `chi-square ${statistic.toFixed(1)} over ${df} degrees of freedom exceeds ${threshold.toFixed(1)}`,
  );
}

function logFactorial(k: number): number {
  let total = 0;
  for (let i = 2; i <= k; i++) total += Math.log(i);
  return total;
}

const poissonPmf = (mean: number, k: number) => Math.exp(-mean + k * Math.log(mean) - logFactorial(k));
const binomialPmf = (n: number, p: number, k: number) =>
  Math.exp(logFactorial(n) - logFactorial(k) - logFactorial(n - k) + k * Math.log(p) + (n - k) * Math.log1p(-p));

function assertIntegersIn(sample: number[], min: number, max: number): void {
  for (const x of sample) {
    if (!Number.isInteger(x) || x < min || x > max) assert.fail(`${x} is not an integer in [${min}, ${max}]`);
  }
}

function assertProblem(field: Record<string, unknown>, param: string): void {
  const problems = problemsOf([field]);
  assert.ok(
    problems.some((p) => p.field === field.name && p.param === param),
    `expected a problem with ${param}: ${JSON.stringify(problems)}`,
  );
}

describe('Binomial Distribution', () => {
  test('default: one trial of probability 0.5, so 0 or 1', () => {
    assertIntegersIn(columns.coin, 0, 1);
    assertMoments(columns.coin, 0.5, 0.25);
  });

  test('20 trials of 0.3 (inversion): moments and probabilities', () => {
    assertIntegersIn(columns.binomialSmall, 0, 20);
    assertMoments(columns.binomialSmall, 6, 20 * 0.3 * 0.7);
    for (const k of [0, 3, 6, 9, 12]) assertFrequency(columns.binomialSmall, k, binomialPmf(20, 0.3, k));
    assertFitsDistribution(columns.binomialSmall, (k) => binomialPmf(20, 0.3, k), 20);
  });

  test('1000 trials of 0.7 (rejection, mirrored): moments and probabilities', () => {
    assertIntegersIn(columns.binomialLarge, 0, 1000);
    assertMoments(columns.binomialLarge, 700, 1000 * 0.7 * 0.3);
    for (const k of [680, 700, 715]) assertFrequency(columns.binomialLarge, k, binomialPmf(1000, 0.7, k));
    assertFitsDistribution(columns.binomialLarge, (k) => binomialPmf(1000, 0.7, k), 1000);
  });

  test('a million trials of 0.001', () => {
    assertIntegersIn(columns.binomialHuge, 0, 1_000_000);
    assertMoments(columns.binomialHuge, 1000, 1_000_000 * 0.001 * 0.999);
  });

  test('probability 0 and 1 are certain', () => {
    const rows = generateObjects(
      [
        { name: 'never', type: 'Binomial', trials: 5, probability: 0 },
        { name: 'always', type: 'Binomial', trials: 5, probability: 1 },
      ],
      { count: 50, seed: 1 },
    );
    for (const row of rows) assert.deepEqual(row, { never: 0, always: 5 });
  });
});

describe('Exponential Distribution', () => {
  test('mean 1/λ, variance 1/λ², P(X > 1/λ) = 1/e', () => {
    const sample = columns.exponential;
    for (const x of sample) assert.ok(x >= 0);
    assertMoments(sample, 0.5, 0.25);
    const above = sample.filter((x) => x > 0.5).length;
    const p = Math.exp(-1);
    assert.ok(Math.abs(above - DRAWS * p) <= 6 * Math.sqrt(DRAWS * p * (1 - p)));
  });

  test('rounded to `decimals` places (default 2)', () => {
    for (const row of generateObjects([{ name: 'x', type: 'Exponential' }], { count: 500, seed: 2 })) {
      assert.match(String(row.x), /^\d+(\.\d{1,2})?$/);
    }
  });
});

describe('Geometric Distribution', () => {
  test('trials until the first success: mean 1/p, variance (1-p)/p²', () => {
    assertIntegersIn(columns.geometric, 1, Number.MAX_SAFE_INTEGER);
    assertMoments(columns.geometric, 5, 0.8 / 0.04);
    assertMoments(columns.geometricHalf, 2, 2);
    for (const k of [1, 2, 3, 5]) assertFrequency(columns.geometricHalf, k, 0.5 ** k);
    assertFitsDistribution(columns.geometric, (k) => (k < 1 ? 0 : 0.2 * 0.8 ** (k - 1)), 200);
  });

  test('probability 1 always succeeds at once', () => {
    for (const row of generateObjects([{ name: 'g', type: 'Geometric', probability: 1 }], { count: 50, seed: 3 }))
      assert.equal(row.g, 1);
  });
});

describe('Normal Distribution', () => {
  test('mean and sd², and the 68% within one sd', () => {
    const sample = columns.normal;
    assertMoments(sample, 10, 9);
    const inside = sample.filter((x) => Math.abs(x - 10) < 3).length;
    const p = 0.6826894921370859;
    assert.ok(Math.abs(inside - DRAWS * p) <= 6 * Math.sqrt(DRAWS * p * (1 - p)));
  });

  test('default mean 0, sd 1, 2 decimals; sd 0 is the mean', () => {
    const rows = generateObjects(
      [
        { name: 'z', type: 'Normal' },
        { name: 'fixed', type: 'Normal', mean: 4.5, sd: 0 },
      ],
      { count: 500, seed: 4 },
    );
    for (const row of rows) {
      assert.match(String(row.z), /^-?\d+(\.\d{1,2})?$/);
      assert.ok(Math.abs(row.z as number) < 7);
      assert.equal(row.fixed, 4.5);
    }
  });
});

describe('Poisson Distribution', () => {
  for (const [field, mean] of [
    ['poisson3', 3],
    ['poisson50', 50],
    ['poisson1000', 1000],
    ['poissonMillion', 1_000_000],
  ] as const) {
    test(`mean ${mean}: integers with mean and variance ${mean}`, () => {
      assertIntegersIn(columns[field], 0, Number.MAX_SAFE_INTEGER);
      assertMoments(columns[field], mean, mean);
    });
  }

  test('probabilities match the formula for small and medium means', () => {
    for (const k of [0, 1, 3, 6, 9]) assertFrequency(columns.poisson3, k, poissonPmf(3, k));
    for (const k of [35, 45, 50, 55, 65]) assertFrequency(columns.poisson50, k, poissonPmf(50, k));
    for (const k of [970, 1000, 1030]) assertFrequency(columns.poisson1000, k, poissonPmf(1000, k));
    assertFitsDistribution(columns.poisson3, (k) => poissonPmf(3, k), 100);
    assertFitsDistribution(columns.poisson50, (k) => poissonPmf(50, k), 200);
    assertFitsDistribution(columns.poisson1000, (k) => poissonPmf(1000, k), 2000);
  });
});

describe('all distributions', () => {
  test('same seed, same values; different seed, different values', () => {
    const fields = FIELDS.map((f) => ({ ...f }));
    const a = generateObjects(fields, { count: 100, seed: 'x' });
    assert.deepEqual(generateObjects(fields, { count: 100, seed: 'x' }), a);
    const b = generateObjects(fields, { count: 100, seed: 'y' });
    for (const f of FIELDS) {
      assert.notDeepEqual(
        a.map((row) => row[f.name]),
        b.map((row) => row[f.name]),
        f.name,
      );
    }
  });

  test('invalid parameters name the field and parameter', () => {
    assertProblem({ name: 'b', type: 'Binomial Distribution', probability: 2 }, 'probability');
    assertProblem({ name: 'b', type: 'Binomial Distribution', trials: 0 }, 'trials');
    assertProblem({ name: 'e', type: 'Exponential Distribution', lambda: 0 }, 'lambda');
    assertProblem({ name: 'e', type: 'Exponential', lambda: -1 }, 'lambda');
    assertProblem({ name: 'g', type: 'Geometric Distribution', probability: 0 }, 'probability');
    assertProblem({ name: 'g', type: 'Geometric Distribution', probability: 1.5 }, 'probability');
    assertProblem({ name: 'n', type: 'Normal Distribution', sd: -1 }, 'sd');
    assertProblem({ name: 'n', type: 'Normal Distribution', decimals: 11 }, 'decimals');
    assertProblem({ name: 'p', type: 'Poisson Distribution', mean: 0 }, 'mean');
    assertProblem({ name: 'p', type: 'Poisson', mean: 'lots' }, 'mean');
  });
});
