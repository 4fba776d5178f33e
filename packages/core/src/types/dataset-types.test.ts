import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from '../engine/generate.js';
import { generateObjects } from '../engine/sample.js';
import { compileSchema } from '../schema/compile.js';
import { SchemaError, type Problem } from '../schema/errors.js';
import type { Datasets } from '../kernel/define-type.js';

const PEOPLE = {
  columns: ['id', 'name', 'city'],
  rows: [
    ['1', 'Ann', 'Lisbon'],
    ['2', 'Bob', ''],
    ['3', 'Cy', 'Oslo'],
    ['4', 'Di', 'Osaka'],
  ],
};
const DATASETS: Datasets = { people: PEOPLE, 'two sizes': { columns: ['size'], rows: [['S'], ['L']] } };

function problems(fields: unknown[], datasets: Datasets = DATASETS): Problem[] {
  try {
    compileSchema(fields, { datasets });
  } catch (error) {
    assert.ok(error instanceof SchemaError);
    return error.problems;
  }
  assert.fail('expected the schema to be rejected');
}

describe('Dataset Column', () => {
  test('columns of one dataset (random) come from the same dataset row, and every row is used', () => {
    const rows = generateObjects(
      [
        { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name' },
        { name: 'n', type: 'Row Number' },
        { name: 'id', type: 'Dataset Column', dataset: 'people', column: 'id' },
        { name: 'city', type: 'dataset column', dataset: 'people', column: 'city', selectionStyle: 'random' },
      ],
      { count: 400, seed: 7, datasets: DATASETS },
    );
    const seen = new Set<string>();
    for (const row of rows) {
      const source = PEOPLE.rows.find((r) => r[0] === row.id);
      assert.ok(source, `id ${String(row.id)} is in the dataset`);
      assert.deepEqual([row.id, row.name, row.city], source);
      seen.add(row.id as string);
    }
    // 400 draws from 4 rows: missing one has probability 4 * 0.75^400, effectively never.
    assert.equal(seen.size, 4);
  });

  test('worker threads get the datasets: their output is byte-identical to one thread', async () => {
    const fields = [
      { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name' },
      { name: 'city', type: 'Dataset Column', dataset: 'people', column: 'city' },
      { name: 'seq', type: 'My List', list: 'people', selectionStyle: 'sequential' },
    ];
    const text = async (workers: number) => {
      const chunks: Buffer[] = [];
      for await (const chunk of generate({
        fields,
        datasets: DATASETS,
        count: 40_000,
        seed: 5,
        writer: { format: 'csv' },
        workers,
      }).stream)
        chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks).toString('utf8');
    };
    const one = await text(1);
    assert.equal(one.split('\n').length, 40_000 + 2);
    assert.ok((await text(2)) === one, 'parallel output differs');
  });

  test('an empty cell is the empty string', () => {
    const rows = generateObjects(
      [{ name: 'city', type: 'Dataset Column', dataset: 'people', column: 'city', selectionStyle: 'sequential' }],
      { count: 2, datasets: DATASETS },
    );
    assert.deepEqual(
      rows.map((r) => r.city),
      ['Lisbon', ''],
    );
  });

  test('sequential walks the dataset rows in order and starts again', () => {
    const rows = generateObjects(
      [
        { name: 'id', type: 'Dataset Column', dataset: 'people', column: 'id', selectionStyle: 'sequential' },
        { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name', selectionStyle: 'sequential' },
      ],
      { count: 6, datasets: DATASETS },
    );
    assert.deepEqual(
      rows.map((r) => `${r.id}:${r.name}`),
      ['1:Ann', '2:Bob', '3:Cy', '4:Di', '1:Ann', '2:Bob'],
    );
  });

  test('cartesian: fields of one dataset share one loop; other cartesian fields multiply it', () => {
    const fields = [
      { name: 'size', type: 'Dataset Column', dataset: 'two sizes', column: 'size', selectionStyle: 'cartesian' },
      { name: 'id', type: 'Dataset Column', dataset: 'people', column: 'id', selectionStyle: 'cartesian' },
      { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name', selectionStyle: 'cartesian' },
      { name: 'flag', type: 'Custom List', values: ['y', 'n'], selectionStyle: 'cartesian' },
    ];
    assert.equal(compileSchema(fields, { datasets: DATASETS }).cartesianCombinations, 2 * 4 * 2);
    const rows = generateObjects(fields, { count: 17, datasets: DATASETS });
    const expected: string[] = [];
    for (const [size] of [['S'], ['L']])
      for (const [id, name] of PEOPLE.rows)
        for (const flag of ['y', 'n']) expected.push(`${size}-${id}-${name}-${flag}`);
    expected.push(expected[0]);
    assert.deepEqual(
      rows.map((r) => `${r.size}-${r.id}-${r.name}-${r.flag}`),
      expected,
    );
  });

  test('the same seed gives the same rows; the dataset rows are picked by the seed', () => {
    const fields = [{ name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name' }];
    const a = generateObjects(fields, { count: 50, seed: 'x', datasets: DATASETS });
    assert.deepEqual(generateObjects(fields, { count: 50, seed: 'x', datasets: DATASETS }), a);
    assert.notDeepEqual(generateObjects(fields, { count: 50, seed: 'y', datasets: DATASETS }), a);
  });

  test('a missing dataset is a problem naming the dataset, the column and the datasets there are', () => {
    const [problem, ...rest] = problems([{ name: 'who', type: 'Dataset Column', dataset: 'peple', column: 'name' }]);
    assert.equal(rest.length, 0);
    assert.equal(problem.field, 'who');
    assert.equal(problem.param, 'dataset');
    assert.match(problem.message, /"peple"/);
    assert.match(problem.message, /"name"/);
    assert.match(problem.message, /did you mean "people"/);
    assert.match(problem.message, /"two sizes"/);
    assert.match(
      problems([{ name: 'who', type: 'Dataset Column', dataset: 'people', column: 'name' }], {})[0].message,
      /no datasets/,
    );
    // A caller that passes only the datasets the fields name still lists every one it has.
    try {
      compileSchema([{ name: 'who', type: 'Dataset Column', dataset: 'peple', column: 'name' }], {
        datasets: {},
        datasetNames: ['people', 'orders'],
      });
      assert.fail('expected a SchemaError');
    } catch (error) {
      assert.ok(error instanceof SchemaError);
      assert.match(error.problems[0].message, /did you mean "people"\? the datasets are "people", "orders"/);
    }
  });

  test('a missing column is a problem naming the dataset, the column and the columns there are', () => {
    const [problem] = problems([{ name: 'who', type: 'Dataset Column', dataset: 'people', column: 'nmae' }]);
    assert.equal(problem.param, 'column');
    assert.match(problem.message, /dataset "people" has no column "nmae"/);
    assert.match(problem.message, /did you mean "name"/);
    assert.match(problem.message, /"id", "name", "city"/);
  });

  test('a dataset called like an Object property is only found when it exists', () => {
    assert.equal(
      problems([{ name: 'x', type: 'Dataset Column', dataset: 'constructor', column: 'a' }])[0].param,
      'dataset',
    );
    const datasets = Object.fromEntries([['__proto__', { columns: ['a'], rows: [['v']] }]]) as Datasets;
    assert.deepEqual(
      generateObjects([{ name: 'x', type: 'Dataset Column', dataset: '__proto__', column: 'a' }], { datasets }),
      [{ x: 'v' }],
    );
  });

  test('custom needs its rules; the dataset is required, the column when there are several', () => {
    const custom = problems([
      { name: 'a', type: 'Dataset Column', dataset: 'people', column: 'id', selectionStyle: 'custom' },
    ]);
    assert.match(custom[0].message, /custom needs a distribution/);
    assert.match(
      problems([
        {
          name: 'a',
          type: 'Dataset Column',
          dataset: 'people',
          column: 'id',
          distribution: [{ rule: 'x', frequencies: {} }],
        },
      ])[0].param ?? '',
      /^distribution\[0\]/,
    );
    assert.deepEqual(
      problems([{ name: 'a', type: 'Dataset Column' }]).map((p) => p.param),
      ['dataset'],
    );
    const noColumn = problems([{ name: 'a', type: 'Dataset Column', dataset: 'people', column: null }]);
    assert.equal(noColumn[0].param, 'column');
    assert.match(noColumn[0].message, /has 3 columns \("id", "name", "city"\); name one/);
  });

  test('column null (or left out) on a one-column dataset means that column', () => {
    const rows = generateObjects(
      [
        { name: 'a', type: 'Dataset Column', dataset: 'two sizes', column: null, selectionStyle: 'sequential' },
        { name: 'b', type: 'Dataset Column', dataset: 'two sizes', selectionStyle: 'sequential' },
      ],
      { count: 3, datasets: DATASETS },
    );
    assert.deepEqual(rows, [
      { a: 'S', b: 'S' },
      { a: 'L', b: 'L' },
      { a: 'S', b: 'S' },
    ]);
  });

  test('column names match with the spaces around them trimmed, on either side', () => {
    const datasets: Datasets = {
      naics: { columns: ['NAICS12', ' INDEX ITEM DESCRIPTION'], rows: [['111110', 'Soybean farming']] },
    };
    const rows = generateObjects(
      [
        { name: 'code', type: 'Dataset Column', dataset: 'naics', column: ' NAICS12 ' },
        { name: 'text', type: 'Dataset Column', dataset: 'naics', column: ' INDEX ITEM DESCRIPTION ' },
      ],
      { datasets },
    );
    assert.deepEqual(rows, [{ code: '111110', text: 'Soybean farming' }]);
  });

  test('weighted draws dataset rows in proportion to their weight column; fields of one weight column share the row', () => {
    const datasets: Datasets = {
      tiers: {
        columns: ['tier', 'label', 'weight'],
        rows: [
          ['gold', 'G', '1'],
          ['silver', 'S', '3'],
          ['bronze', 'B', '6'],
          ['none', 'N', ''],
        ],
      },
    };
    const rows = generateObjects(
      [
        {
          name: 'tier',
          type: 'Dataset Column',
          dataset: 'tiers',
          column: 'tier',
          selectionStyle: 'weighted',
          weightColumn: 'weight',
        },
        {
          name: 'label',
          type: 'Dataset Column',
          dataset: 'tiers',
          column: 'label',
          selectionStyle: 'weighted',
          weightColumn: 'weight',
        },
      ],
      { count: 10000, seed: 5, datasets },
    );
    const counts = new Map<unknown, number>();
    for (const row of rows) {
      counts.set(row.tier, (counts.get(row.tier) ?? 0) + 1);
      assert.equal(row.label, String(row.tier)[0].toUpperCase());
    }
    assert.equal(counts.get('none'), undefined);
    assert.ok(Math.abs(counts.get('gold')! / 10000 - 0.1) < 0.02, `gold ${counts.get('gold')}`);
    assert.ok(Math.abs(counts.get('bronze')! / 10000 - 0.6) < 0.02, `bronze ${counts.get('bronze')}`);
  });

  test('a weight that is not a number of 0 or more is a problem naming the data row and the column', () => {
    const datasets: Datasets = {
      tiers: {
        columns: ['tier', 'weight'],
        rows: [
          ['gold', '1'],
          ['silver', 'lots'],
        ],
      },
    };
    const [problem] = problems(
      [
        {
          name: 't',
          type: 'Dataset Column',
          dataset: 'tiers',
          column: 'tier',
          selectionStyle: 'weighted',
          weightColumn: 'weight',
        },
      ],
      datasets,
    );
    assert.equal(problem.param, 'weightColumn');
    assert.match(problem.message, /data row 2 .*"lots".*"weight"/);
    const [unknown] = problems(
      [
        {
          name: 't',
          type: 'Dataset Column',
          dataset: 'tiers',
          column: 'tier',
          selectionStyle: 'weighted',
          weightColumn: 'wieght',
        },
      ],
      datasets,
    );
    assert.match(unknown.message, /no column "wieght"; did you mean "weight"/);
  });
});

describe('My List (deprecated)', () => {
  test('reads the first column, random or sequential, agreeing with Dataset Column on the same dataset', () => {
    const rows = generateObjects(
      [
        { name: 'id', type: 'My List (deprecated)', list: 'people' },
        { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name' },
        { name: 'seq', type: 'My List', list: 'people', selectionStyle: 'sequential' },
      ],
      { count: 100, seed: 3, datasets: DATASETS },
    );
    rows.forEach((row, i) => {
      assert.deepEqual([row.id, row.name], PEOPLE.rows.find((r) => r[0] === row.id)!.slice(0, 2));
      assert.equal(row.seq, PEOPLE.rows[i % 4][0]);
    });
    assert.equal(
      problems([{ name: 'a', type: 'My List (deprecated)', list: 'people', selectionStyle: 'cartesian' }])[0].param,
      'selectionStyle',
    );
    assert.equal(problems([{ name: 'a', type: 'My List (deprecated)', list: 'nope' }])[0].param, 'list');
  });
});
