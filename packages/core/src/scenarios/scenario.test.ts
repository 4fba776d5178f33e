import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { generate } from '../engine/generate.js';
import { generateObjects } from '../engine/sample.js';
import { SchemaError } from '../schema/errors.js';
import { curveOf } from './interpolate.js';
import { MAX_SCENARIO_POINTS, readScenario, type ScenarioCurve } from './scenario.js';
import { referencedScenarioNames } from '../schema/scenario-references.js';

const points = [
  { x: 0, y: 10 },
  { x: 0.25, y: 50 },
  { x: 0.5, y: 20 },
  { x: 1, y: 100 },
];

function problemsOf(json: unknown): string[] {
  const result = readScenario(json);
  assert.ok(result.problems, `expected problems for ${JSON.stringify(json)}`);
  return result.problems.map((p) => `${p.path}: ${p.message}`);
}

describe('readScenario', () => {
  test('accepts points in any order, sorts them, and fills in linear and no noise', () => {
    const result = readScenario({ points: [points[3], points[1], points[0], points[2]] });
    assert.deepEqual(result.curve, { points, interpolation: 'linear', noise: 0 });
  });

  test('names the position of every problem', () => {
    assert.match(
      problemsOf({
        points: [
          { x: 0, y: 1 },
          { x: 0.5, y: 2 },
          { x: 0.7, y: 3 },
          { x: 1.5, y: 4 },
        ],
      })[0],
      /^points\[3\]\.x: points\[3\]\.x must be between 0 and 1/,
    );
    assert.match(
      problemsOf({
        points: [
          { x: 0, y: 1 },
          { x: 'a', y: 2 },
        ],
      })[0],
      /points\[1\]\.x must be a number/,
    );
    assert.match(
      problemsOf({
        points: [
          { x: 0, y: 1 },
          { x: 1, y: '2' },
        ],
      })[0],
      /points\[1\]\.y must be a number/,
    );
    assert.match(
      problemsOf({
        points: [
          { x: 0, y: 1 },
          { x: 1, y: 1e300 },
        ],
      })[0],
      /points\[1\]\.y must be a number from -1000000000000000/,
    );
    assert.match(problemsOf({ points: [{ x: 0, y: 1 }, 7] })[0], /points\[1\] must be an object/);
    assert.match(
      problemsOf({
        points: [
          { x: 0.5, y: 1 },
          { x: 0, y: 1 },
          { x: 0.5, y: 2 },
        ],
      })[0],
      /points\[2\]\.x is 0\.5, the same as points\[0\]\.x/,
    );
    assert.match(problemsOf({ points: [{ x: 0, y: 1 }] })[0], /2 to 1000 points, got 1/);
    assert.match(problemsOf({ points: 'many' })[0], /points must be an array/);
    assert.match(
      problemsOf({ points, interpolation: 'cubic' })[0],
      /interpolation must be one of linear, step, smooth/,
    );
    assert.match(problemsOf({ points, noise: -1 })[0], /noise must be a number from 0/);
    assert.match(problemsOf([points])[0], /must be a JSON object/);
    assert.match(problemsOf(null)[0], /must be a JSON object/);
  });

  test('refuses a million points without reading them, and lists at most 20 problems', () => {
    const many = { length: 1_000_000 };
    assert.match(problemsOf({ points: Array.from(many, () => ({ x: 0, y: 0 })) })[0], /got 1000000/);
    const bad = Array.from({ length: MAX_SCENARIO_POINTS }, () => ({ x: -1, y: 0 }));
    assert.equal(problemsOf({ points: bad }).length, 20);
  });
});

describe('curves', () => {
  test('linear passes through the points and draws straight lines between them', () => {
    const curve = curveOf(points, 'linear');
    for (const p of points) assert.equal(curve(p.x), p.y);
    assert.equal(curve(0.125), 30);
    assert.equal(curve(0.75), 60);
  });

  test('step holds each point until the next one', () => {
    const curve = curveOf(points, 'step');
    assert.equal(curve(0.1), 10);
    assert.equal(curve(0.25), 50);
    assert.equal(curve(0.49), 50);
    assert.equal(curve(0.99), 20);
    assert.equal(curve(1), 100);
  });

  test('outside the points the nearest point holds', () => {
    const curve = curveOf(
      [
        { x: 0.2, y: 5 },
        { x: 0.8, y: 9 },
      ],
      'smooth',
    );
    assert.equal(curve(0), 5);
    assert.equal(curve(1), 9);
  });

  test('smooth passes through every point and never leaves the range of a segment (no overshoot)', () => {
    const sorted = fc
      .uniqueArray(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 30 })
      .chain((xs) =>
        fc.tuple(
          fc.constant([...xs].sort((a, b) => a - b)),
          fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: xs.length, maxLength: xs.length }),
        ),
      );
    fc.assert(
      fc.property(sorted, fc.double({ min: 0, max: 1, noNaN: true }), ([xs, ys], x) => {
        const pts = xs.map((px, i) => ({ x: px, y: ys[i] }));
        const curve = curveOf(pts, 'smooth');
        for (const p of pts) assert.ok(Math.abs(curve(p.x) - p.y) <= 1e-9 * Math.max(1, Math.abs(p.y)));
        const i = pts.findIndex((p, k) => k < pts.length - 1 && p.x <= x && x < pts[k + 1].x);
        if (i >= 0) {
          const value = curve(x);
          assert.ok(
            value >= Math.min(ys[i], ys[i + 1]) && value <= Math.max(ys[i], ys[i + 1]),
            `${value} outside segment ${i}`,
          );
        }
      }),
      { numRuns: 300 },
    );
  });

  test('smooth is monotone on a monotone run of points and differs from straight lines', () => {
    const rising = [
      { x: 0, y: 0 },
      { x: 0.1, y: 1 },
      { x: 0.5, y: 1.1 },
      { x: 1, y: 10 },
    ];
    const curve = curveOf(rising, 'smooth');
    let previous = -Infinity;
    for (let i = 0; i <= 1000; i++) {
      const value = curve(i / 1000);
      assert.ok(value >= previous, `falls at ${i / 1000}`);
      previous = value;
    }
    assert.notEqual(curve(0.3), curveOf(rising, 'linear')(0.3));
  });
});

const TRAFFIC: ScenarioCurve = { points, interpolation: 'linear', noise: 0 };
const field = (extra: Record<string, unknown> = {}) => [
  { name: 'load', type: 'Scenario', scenario: 'Traffic', ...extra },
];
const values = (
  scenario: ScenarioCurve,
  count: number,
  seed: number,
  extra: Record<string, unknown> = {},
  start = 0,
  rowCount?: number,
) =>
  generateObjects(field(extra), { count, seed, start, rowCount, scenarios: { Traffic: scenario } }).map(
    (row) => row.load as number,
  );

describe('the Scenario type', () => {
  test('row 1 reads x = 0 and the last row x = 1, for each interpolation', () => {
    const rows = 401;
    for (const interpolation of ['linear', 'step', 'smooth'] as const) {
      const got = values({ ...TRAFFIC, interpolation }, rows, 1, { decimals: 6 });
      const curve = curveOf(points, interpolation);
      got.forEach((value, r) => assert.ok(Math.abs(value - curve(r / (rows - 1))) < 1e-6, `${interpolation} row ${r}`));
      assert.equal(got[0], 10);
      assert.equal(got[rows - 1], 100);
    }
  });

  test('rounds to decimals', () => {
    assert.ok(values(TRAFFIC, 7, 1, { decimals: 0 }).every((v) => Number.isInteger(v)));
  });

  test('noise: the same seed gives the same values; the deviations have the given spread', () => {
    const noisy = {
      points: [
        { x: 0, y: 100 },
        { x: 1, y: 100 },
      ],
      interpolation: 'linear' as const,
      noise: 4,
    };
    const first = values(noisy, 20_000, 7, { decimals: 6 });
    assert.deepEqual(values(noisy, 20_000, 7, { decimals: 6 }), first);
    assert.notDeepEqual(values(noisy, 50, 8, { decimals: 6 }), first.slice(0, 50));
    const mean = first.reduce((a, b) => a + b, 0) / first.length;
    const sd = Math.sqrt(first.reduce((a, b) => a + (b - mean) ** 2, 0) / (first.length - 1));
    // Standard errors: mean 4/sqrt(20000) = 0.028; sd about 0.02. Tolerances are over 5 of them.
    assert.ok(Math.abs(mean - 100) < 0.15, `mean ${mean}`);
    assert.ok(Math.abs(sd - 4) < 0.12, `sd ${sd}`);
    const within = first.filter((v) => Math.abs(v - 100) < 4).length / first.length;
    assert.ok(Math.abs(within - 0.6827) < 0.02, `share within one sd: ${within}`);
  });

  test('any row range is computed alone: rows 500-599 of 1000 equal those of the whole run', () => {
    const noisy = { ...TRAFFIC, noise: 3 };
    const whole = values(noisy, 1000, 5);
    assert.deepEqual(values(noisy, 100, 5, {}, 500, 1000), whole.slice(500, 600));
  });

  test('worker threads give the same bytes as one thread', async () => {
    const run = async (workers: number) => {
      const generation = generate({
        fields: field(),
        scenarios: { Traffic: { ...TRAFFIC, noise: 2 } },
        count: 3000,
        seed: 3,
        writer: { format: 'csv' },
        workers,
      });
      const chunks: Buffer[] = [];
      for await (const chunk of generation.stream) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks).toString();
    };
    const serial = await run(1);
    assert.equal(await run(2), serial);
    assert.equal(serial.trim().split('\n').length, 3001);
  });

  test('span and repeat: a cycle of 5 rows repeats; without repeat the last value holds', () => {
    const curve = {
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 4 },
      ],
      interpolation: 'linear' as const,
      noise: 0,
    };
    assert.deepEqual(values(curve, 12, 1, { span: 5, repeat: true }), [0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]);
    assert.deepEqual(values(curve, 8, 1, { span: 5 }), [0, 1, 2, 3, 4, 4, 4, 4]);
  });

  test('without a row count the curve spans 1000 rows', () => {
    const curve = {
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 999 },
      ],
      interpolation: 'linear' as const,
      noise: 0,
    };
    assert.deepEqual(values(curve, 3, 1, {}, 998, null as unknown as undefined), [998, 999, 999]);
  });

  test('a JSON Array item reads the curve at its row', () => {
    const rows = generateObjects(
      [
        { name: 'items', type: 'JSON Array', minItems: 2, maxItems: 2 },
        { name: 'items.load', type: 'Scenario', scenario: 'Traffic' },
      ],
      {
        count: 5,
        seed: 1,
        scenarios: {
          Traffic: {
            points: [
              { x: 0, y: 0 },
              { x: 1, y: 4 },
            ],
            interpolation: 'linear',
            noise: 0,
          },
        },
      },
    );
    assert.deepEqual(
      rows.map((row) => (row.items as { load: number }[]).map((item) => item.load)),
      [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ],
    );
  });

  test('an unknown scenario names the field and parameter and lists the scenarios, with a suggestion', () => {
    assert.throws(
      () => generateObjects(field({ scenario: 'Trafic' }), { scenarios: { Traffic: TRAFFIC, Sales: TRAFFIC } }),
      (error: unknown) =>
        error instanceof SchemaError &&
        error.problems.some(
          (p) =>
            p.field === 'load' &&
            p.param === 'scenario' &&
            /no scenario named "Trafic"; did you mean "Traffic"\? the scenarios are "Traffic", "Sales"/.test(p.message),
        ),
    );
    assert.throws(
      () => generateObjects(field()),
      (error: unknown) => error instanceof SchemaError && /there are no scenarios/.test(error.message),
    );
  });

  test("referencedScenarioNames finds every scenario property and generate('Scenario', scenario: ...) in formulas", () => {
    assert.deepEqual(
      referencedScenarioNames([
        ...field(),
        { name: 'b', type: 'Scenario', scenario: 'Sales' },
        { name: 'c', type: 'Row Number' },
        null,
      ]),
      ['Traffic', 'Sales'],
    );
    const fields = [
      { name: 'f', type: 'Formula', value: "generate('Scenario', scenario: 'Load', decimals: 0) * 2" },
      { name: 'g', type: 'Row Number', formula: 'this + generate(\'scenario\', scenario: "Peak")' },
      { name: 'h', type: 'Formula', value: "generate('Number', min: 1)" },
      { name: 'i', type: 'Formula', value: 'generate(' },
    ];
    assert.deepEqual(referencedScenarioNames(fields), ['Load', 'Peak']);
  });

  test("a formula reads a scenario with generate('Scenario', ...)", () => {
    const rows = generateObjects(
      [{ name: 'twice', type: 'Formula', value: "generate('Scenario', scenario: 'Ramp', decimals: 0) * 2" }],
      {
        count: 3,
        seed: 1,
        scenarios: {
          Ramp: {
            points: [
              { x: 0, y: 0 },
              { x: 1, y: 10 },
            ],
            interpolation: 'linear',
            noise: 0,
          },
        },
      },
    );
    assert.deepEqual(
      rows.map((row) => row.twice),
      [0, 10, 20],
    );
  });
});

describe('rowloom generate --scenario', () => {
  const BIN = fileURLToPath(new URL('../cli/main.js', import.meta.url));
  const rowloom = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

  test('reads a scenario file, and names the file and position of a problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rowloom-scenario-'));
    try {
      writeFileSync(join(dir, 'schema.json'), JSON.stringify(field({ decimals: 1 })));
      writeFileSync(
        join(dir, 'traffic.json'),
        JSON.stringify({
          points: [
            { x: 0, y: 1 },
            { x: 1, y: 5 },
          ],
          interpolation: 'linear',
        }),
      );
      writeFileSync(
        join(dir, 'bad.json'),
        JSON.stringify({
          points: [
            { x: 0, y: 1 },
            { x: 2, y: 5 },
          ],
        }),
      );
      const ok = rowloom([
        'generate',
        join(dir, 'schema.json'),
        '-n',
        '5',
        '-f',
        'csv',
        '-s',
        '1',
        '--scenario',
        `Traffic=${join(dir, 'traffic.json')}`,
      ]);
      assert.equal(ok.status, 0, ok.stderr);
      assert.equal(ok.stdout.trim(), 'load\n1\n2\n3\n4\n5');
      const bad = rowloom(['generate', join(dir, 'schema.json'), '--scenario', `Traffic=${join(dir, 'bad.json')}`]);
      assert.notEqual(bad.status, 0);
      assert.match(bad.stderr, /--scenario Traffic=.*bad\.json: points\[1\]\.x must be between 0 and 1/);
      const missing = rowloom(['generate', join(dir, 'schema.json')]);
      assert.match(missing.stderr, /no scenario named "Traffic"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
