import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from '@rowloom/core';
import { parseServerBenchOptions } from './server-bench-options.js';
import { shapeRowsPerSecond } from './request-shape-baseline.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'answer', type: 'Number', min: 42, max: 42, decimals: 0 },
];

test('the request-shape baseline reads every byte of every call', async () => {
  // These fields give the same bytes whatever the seed, so one call's length is known.
  const one = generate({ fields: FIELDS, count: 7, seed: 1, writer: { format: 'csv' }, workers: 1 });
  let expected = 0;
  for await (const chunk of one.stream) expected += (chunk as Buffer).length;
  const run = await shapeRowsPerSecond(FIELDS, 'csv', 7, 0.05);
  assert.ok(run.calls >= 1);
  assert.equal(run.bytesPerCall, expected);
  assert.ok(run.rowsPerSecond > 0);
});

test('bench:server takes --shape-seconds (default 3) and refuses 0', () => {
  assert.equal(parseServerBenchOptions([]).shapeSeconds, 3);
  assert.equal(parseServerBenchOptions(['--shape-seconds', '1.5']).shapeSeconds, 1.5);
  assert.throws(() => parseServerBenchOptions(['--shape-seconds', '0']), /--shape-seconds/);
});
