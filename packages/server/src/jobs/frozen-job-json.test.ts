/**
 * A job frozen with its datasets as stored text is written for workers as the very bytes
 * JSON.stringify gave for the job with its tables parsed (the form every worker reads), and
 * recorded for the downloads table with its datasets named by revision.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DatasetTable, DatasetText } from '@rowloom/core';
import { frozenJobBytes, frozenJobRecord } from './frozen-job-json.js';
import type { FrozenJob } from './job-contract.js';
import { TEST_DATASETS, testJob } from './testing/job-fixtures.js';

/** The table as the server keeps it: the stored JSON of its rows, as text or as shared bytes. */
function asText(table: DatasetTable, revision: string, shared: boolean): DatasetText {
  const json = JSON.stringify(table.rows);
  if (!shared) return { revision, columns: table.columns, rowCount: table.rows.length, rowsJson: json };
  const bytes = new Uint8Array(new SharedArrayBuffer(Buffer.byteLength(json) + 8), 4, Buffer.byteLength(json));
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).write(json);
  return { revision, columns: table.columns, rowCount: table.rows.length, rowsJson: bytes };
}

const TABLES: Record<string, DatasetTable> = {
  ...TEST_DATASETS,
  // A name JSON must escape, one that is special to objects, values with every kind of escape.
  'odd "name"\u2028': {
    columns: ['a', 'b c'],
    rows: [
      ['\u0000\t\n', '日本 🎲'],
      ['\\', '</script>'],
    ],
  },
  ['__proto__']: { columns: ['x'], rows: [['y']] },
};

describe('a frozen job written down', () => {
  const tables: FrozenJob = {
    ...testJob({ format: 'csv' }, 10, 5),
    datasets: Object.fromEntries(Object.entries(TABLES)),
  };
  const texts = (shared: boolean): FrozenJob => ({
    ...tables,
    datasets: Object.fromEntries(
      Object.entries(TABLES).map(([name, table], i) => [name, asText(table, `rev-${i}`, shared)]),
    ),
  });

  test('for workers: the bytes of JSON.stringify with the tables parsed, the datasets given as text or shared bytes', () => {
    const expected = JSON.stringify(tables);
    assert.deepEqual(Object.keys(JSON.parse(expected).datasets), ['people', 'odd "name"\u2028', '__proto__']);
    for (const shared of [false, true]) assert.equal(frozenJobBytes(texts(shared)).toString('utf8'), expected);
    assert.equal(frozenJobBytes(tables).toString('utf8'), expected, 'tables are written as they are');
    const withUrl = { ...texts(true), publicUrl: 'https://data.example.com' };
    assert.equal(
      frozenJobBytes(withUrl).toString('utf8'),
      JSON.stringify({ ...tables, publicUrl: 'https://data.example.com' }),
    );
    const none = { ...tables, datasets: {}, publicUrl: undefined };
    assert.equal(frozenJobBytes(none).toString('utf8'), JSON.stringify(none));
  });

  test('for the downloads table: datasets read as text named by revision, columns and row count, not their rows', () => {
    const recorded = JSON.parse(frozenJobRecord(texts(true))) as FrozenJob;
    assert.deepEqual(
      { ...recorded, datasets: undefined },
      { ...JSON.parse(JSON.stringify(tables)), datasets: undefined },
    );
    assert.deepEqual(Object.keys(recorded.datasets), Object.keys(TABLES));
    assert.deepEqual(recorded.datasets['odd "name"\u2028'], { revision: 'rev-1', columns: ['a', 'b c'], rowCount: 2 });
    assert.equal(frozenJobRecord(tables), JSON.stringify(tables), 'tables are recorded as they are');
  });
});
