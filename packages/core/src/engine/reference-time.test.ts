import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate } from './generate.js';
import { SchemaError } from '../schema/errors.js';
import { streamText } from '../testing/stream-text.js';

const CLOCK_FIELDS = [
  { name: 'started', type: 'Formula', value: 'data_generation_started_at' },
  { name: 'now', type: 'Formula', value: "now().strftime('%FT%T')" },
  { name: 'time', type: 'Formula', value: 'Time.now - 3600' },
  { name: 'today', type: 'Formula', value: 'Date.today' },
  { name: 'oid', type: 'Formula', value: 'document_db_object_id()' },
];

async function json(request: {
  seed?: string | null;
  now?: string | null;
  workers?: number;
}): Promise<Record<string, string>[]> {
  const generation = generate({ fields: CLOCK_FIELDS, count: 3, writer: { format: 'json', array: true }, ...request });
  return JSON.parse(await streamText(generation.stream)) as Record<string, string>[];
}

describe("formulas' reference time (now)", () => {
  test('with a seed and no now, now() is 2025-01-01T00:00:00Z, so every run gives the same bytes', async () => {
    const first = await json({ seed: 'clock' });
    assert.equal(first[0].started, '2025-01-01T00:00:00+00:00');
    assert.equal(first[0].now, '2025-01-01T00:00:00');
    assert.equal(first[0].time, '2024-12-31T23:00:00+00:00');
    assert.equal(first[0].today, '2025-01-01T00:00:00+00:00');
    assert.deepEqual(await json({ seed: 'clock', workers: 2 }), first);
  });

  test('an explicit now sets it, with or without a seed', async () => {
    const [seeded] = await json({ seed: 'clock', now: '2024-03-05T06:07:08Z' });
    const [unseeded] = await json({ now: '03/05/2024 06:07' });
    assert.equal(seeded.started, '2024-03-05T06:07:08+00:00');
    assert.equal(seeded.today, '2024-03-05T00:00:00+00:00');
    assert.equal(unseeded.started, '2024-03-05T06:07:00+00:00');
  });

  test('without a seed or now, it is the clock', async () => {
    const before = Date.now();
    const [row] = await json({});
    const started = Date.parse(row.started);
    assert.ok(started >= Math.floor(before / 1000) * 1000 && started <= Date.now(), row.started);
  });

  test('a now that is not a time is rejected, naming the parameter', () => {
    assert.throws(
      () => generate({ fields: CLOCK_FIELDS, count: 1, writer: { format: 'json' }, now: 'yesterday' }),
      (error: unknown) =>
        error instanceof SchemaError && /^parameter "now": "yesterday" is not a time; use ISO 8601/.test(error.message),
    );
  });
});
