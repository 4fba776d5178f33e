import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkOnThreads, generate, type GenerateRequest } from './generate.js';
import { ParsedDatasetCache, parsedDatasets } from './dataset-texts.js';
import { GenerationPool } from '../pool/shared-pool.js';
import { rangeFrame, rangeSetup, rowRange } from './row-range.js';
import { SchemaError } from '../schema/errors.js';
import type { DatasetTable, DatasetText, Datasets } from '../kernel/define-type.js';
import type { OutputFormat } from '../writers/writer.js';

const STORES: DatasetTable = {
  columns: ['id', 'city', 'weight', 'tier'],
  rows: Array.from({ length: 500 }, (_, i) => [
    String(i),
    ['Lisbon', 'Oslo', 'Osaka, JP', 'Quito "Q"', 'Zürich'][i % 5],
    String(i % 7),
    ['gold', 'silver'][i % 2],
  ]),
};
const COLORS: DatasetTable = { columns: ['color'], rows: [['teal'], ['amber'], ['crimson']] };

/** Every way a schema reads datasets: random, sequential, cartesian, weighted, custom rules, My List, from_dataset. */
const FIELDS = [
  { name: 'n', type: 'Row Number' },
  { name: 'city', type: 'Dataset Column', dataset: 'stores', column: 'city' },
  { name: 'id', type: 'Dataset Column', dataset: 'stores', column: 'id' },
  { name: 'walk', type: 'Dataset Column', dataset: 'stores', column: 'id', selectionStyle: 'sequential' },
  { name: 'loop', type: 'Dataset Column', dataset: 'colors', column: 'color', selectionStyle: 'cartesian' },
  {
    name: 'heavy',
    type: 'Dataset Column',
    dataset: 'stores',
    column: 'city',
    selectionStyle: 'weighted',
    weightColumn: 'weight',
  },
  {
    name: 'tier',
    type: 'Dataset Column',
    dataset: 'stores',
    column: 'tier',
    selectionStyle: 'custom',
    distribution: [
      { rule: "field('n') > 3", frequencies: { gold: 1, silver: 0 } },
      { frequencies: { gold: 1, silver: 1 } },
    ],
  },
  { name: 'listed', type: 'My List', list: 'colors' },
  { name: 'joined', type: 'Formula', value: "from_dataset('stores', 'city', id: (field('n') * 3).to_s)" },
];

function asText(table: DatasetTable, revision: string, shared: boolean): DatasetText {
  const json = JSON.stringify(table.rows);
  const rowsJson = shared ? new Uint8Array(new SharedArrayBuffer(Buffer.byteLength(json))) : json;
  if (typeof rowsJson !== 'string') Buffer.from(rowsJson.buffer, 0, rowsJson.byteLength).write(json);
  return { revision, columns: table.columns, rowCount: table.rows.length, rowsJson };
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

describe('datasets given as stored text', () => {
  const pool = new GenerationPool({ maxThreads: 2 });
  after(() => pool.close());
  const tables: Datasets = { stores: STORES, colors: COLORS };
  const texts = (shared: boolean): Datasets => ({
    stores: asText(STORES, 'stores@1', shared),
    colors: asText(COLORS, 'colors@1', shared),
  });

  async function textBytes(request: Omit<GenerateRequest, 'datasets' | 'pool'>, shared: boolean): Promise<Buffer> {
    const full = { ...request, datasets: texts(shared), pool };
    await checkOnThreads(full);
    return bytesOf(generate(full).stream);
  }

  test('make the same bytes for a seed as the parsed tables do, in every format, as text or shared bytes, on the pool', async () => {
    const cases: [OutputFormat, number][] = [
      ['json', 1],
      ['json', 120],
      ['csv', 7_000],
      ['sql', 30],
      ['xml', 40],
    ];
    for (const [format, count] of cases) {
      const request = { fields: FIELDS, count, seed: 11, writer: { format } };
      const expected = await bytesOf(generate({ ...request, datasets: tables, workers: 1 }).stream);
      for (const shared of [false, true])
        assert.ok(
          (await textBytes(request, shared)).equals(expected),
          `${format} x ${count}, ${shared ? 'shared bytes' : 'text'}`,
        );
      // Without a pool the text is parsed on this thread, with the same result.
      assert.ok((await bytesOf(generate({ ...request, datasets: texts(true), workers: 1 }).stream)).equals(expected));
    }
  });

  test("a schema's problems, those only the rows show included, are the parsed tables' problems, found on a thread", async () => {
    const bad = [
      {
        name: 'heavy',
        type: 'Dataset Column',
        dataset: 'stores',
        column: 'city',
        selectionStyle: 'weighted',
        weightColumn: 'city',
      },
      {
        name: 'tier',
        type: 'Dataset Column',
        dataset: 'stores',
        column: 'tier',
        selectionStyle: 'custom',
        distribution: [{ frequencies: { bronze: 1 } }],
      },
      { name: 'gone', type: 'Dataset Column', dataset: 'stoors', column: 'city' },
      { name: 'nope', type: 'Formula', value: "from_dataset('stores', 'town', id: '1')" },
    ];
    const request = {
      fields: bad,
      count: 5,
      seed: 1,
      writer: { format: 'json' as const },
      datasetNames: ['stores', 'colors'],
    };
    const expected = (() => {
      try {
        generate({ ...request, datasets: tables, workers: 1 });
      } catch (error) {
        return (error as SchemaError).problems;
      }
      assert.fail('the schema compiled');
    })();
    assert.ok(expected.length >= 4, JSON.stringify(expected));
    await assert.rejects(
      checkOnThreads({ ...request, datasets: texts(true), pool }),
      (error) => error instanceof SchemaError && assert.deepEqual(error.problems, expected) === undefined,
    );
    // Nothing to check on a thread without texts or without a pool.
    await checkOnThreads({ ...request, datasets: tables, pool });
    await checkOnThreads({ ...request, datasets: texts(false) });
  });

  test("this thread's compile reads no row of a text: a text that is not JSON fails only where rows are made", async () => {
    const broken: Datasets = {
      stores: { revision: 'broken', columns: STORES.columns, rowCount: 3, rowsJson: 'not json' },
      colors: COLORS,
    };
    const request = {
      fields: FIELDS.slice(0, 3),
      count: 3,
      seed: 1,
      writer: { format: 'csv' as const },
      datasets: broken,
      pool,
    };
    const generation = generate(request);
    await assert.rejects(bytesOf(generation.stream), /not valid JSON|Unexpected token/);
    assert.throws(() => generate({ ...request, pool: undefined, workers: 1 }), /not valid JSON|Unexpected token/);
  });

  test("a job's frame reads no row of a text (the frozen job's check on the server); its ranges parse it, with the tables' bytes", async () => {
    const request = { fields: FIELDS, count: 300, seed: 5, writer: { format: 'xml' as const } };
    const expected = await bytesOf(generate({ ...request, datasets: tables, workers: 1 }).stream);
    const broken: Datasets = {
      stores: { revision: 'broken', columns: STORES.columns, rowCount: STORES.rows.length, rowsJson: 'not json' },
      colors: COLORS,
    };
    const frame = rangeFrame(rangeSetup({ ...request, datasets: broken }));
    assert.equal(frame.contentType, 'application/xml; charset=utf-8');
    const setup = rangeSetup({ ...request, datasets: texts(true) });
    const made = Buffer.concat([
      Buffer.from(frame.begin),
      ...rowRange(setup, 0, 120),
      ...rowRange(setup, 120, 300),
      Buffer.from(frame.end),
    ]);
    assert.ok(made.equals(expected));
    assert.throws(
      () => [...rowRange(rangeSetup({ ...request, datasets: broken }), 0, 1)],
      /not valid JSON|Unexpected token/,
    );
  });

  test('a thread keeps parsed tables by revision, within its budget', () => {
    const cache = new ParsedDatasetCache(STORES.rows.length * 200);
    const text = asText(STORES, 'r1', true);
    const first = parsedDatasets({ stores: text }, cache)!.stores;
    assert.equal(parsedDatasets({ stores: text }, cache)!.stores, first, 'the same revision: the same parsed table');
    assert.notEqual(parsedDatasets({ stores: asText(STORES, 'r2', false) }, cache)!.stores, first);
    assert.deepEqual((first as DatasetTable).rows, STORES.rows);
    assert.ok(cache.size <= 2);
    const tiny = new ParsedDatasetCache(10);
    parsedDatasets({ stores: text }, tiny);
    assert.equal(tiny.size, 0, 'a table past the budget is not kept');
  });
});
