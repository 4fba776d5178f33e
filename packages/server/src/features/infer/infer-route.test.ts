/** POST /api/infer over a real listener: a sample with data, a header alone, and bad or huge samples. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { InferResult } from '@rowloom/contract';
import { serverForSuite } from '../../testing/server-fixture.js';

const CUSTOMERS = readFileSync(
  new URL('../../../../core/test-fixtures/inference/customers.csv', import.meta.url),
  'utf8',
);

describe('POST /api/infer', () => {
  const suite = serverForSuite('sqlite');
  const infer = async (
    body: string,
    headers: Record<string, string> = { 'content-type': 'text/csv' },
    key = suite.key,
  ) => {
    const response = await fetch(`${suite.server.url}/api/infer?key=${key}`, { method: 'POST', headers, body });
    const text = await response.text();
    return {
      status: response.status,
      text,
      json: JSON.parse(text) as InferResult & { error?: string; code?: string; limit?: string },
    };
  };

  test('a sample with data: typed fields with their reasons, that generate rows', async () => {
    const answer = await infer(CUSTOMERS);
    assert.equal(answer.status, 200, answer.text);
    const { fields, reasons, rows_read, truncated } = answer.json;
    assert.equal(rows_read, 200);
    assert.equal(truncated, false);
    const types = Object.fromEntries(fields.map((f) => [f.name, f.type]));
    assert.equal(types.email, 'Email Address');
    assert.equal(types.customer_uuid, 'GUID');
    assert.equal(types.created_at, 'Datetime');
    assert.equal(types.status, 'Custom List');
    assert.equal(reasons.length, fields.length);
    assert.deepEqual(reasons[4], {
      field: 'email',
      type: 'Email Address',
      basis: 'name and values',
      reason: 'all 200 values are emails; the name agrees',
    });
    // The fields are a schema as is: generate rows with them and read them back as CSV.
    const generated = await fetch(`${suite.server.url}/api/generate.csv?key=${suite.key}&count=50&seed=3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    const csv = await generated.text();
    assert.equal(generated.status, 200, csv);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, 50);
    assert.match(rows[0].email, /@/);
    assert.ok(['active', 'pending', 'closed'].includes(rows[0].status));
  });

  test('a header line alone: types from the names', async () => {
    const answer = await infer('id,first_name,last_name,email\n', { 'content-type': 'text/plain' });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(
      answer.json.fields.map((f) => f.type),
      ['Row Number', 'First Name', 'Last Name', 'Email Address'],
    );
    assert.equal(answer.json.reasons[3].reason, 'name looks like an email column');
    assert.equal(answer.json.rows_read, 0);
  });

  test('an empty body, invalid CSV and too many columns are 400s naming the problem', async () => {
    const empty = await infer('');
    assert.equal(empty.status, 400, empty.text);
    assert.equal(empty.json.code, 'invalid_request');
    assert.match(empty.json.error ?? '', /the sample is empty/);
    const invalid = await infer('a,b\n1,"open\n');
    assert.equal(invalid.status, 400, invalid.text);
    assert.match(invalid.json.error ?? '', /not valid CSV \(line \d+\)/);
    const wide = await infer(Array.from({ length: 1001 }, (_, i) => `c${i}`).join(','));
    assert.equal(wide.status, 400, wide.text);
    assert.match(wide.json.error ?? '', /1001 columns; a schema holds at most 1000/);
    assert.equal(wide.json.limit, 'columns');
  });

  test('a body over the limit is a 413; a wide, long sample is read within the bounds', async () => {
    const huge = await infer('a,b\n' + '1,2\n'.repeat(400_000));
    assert.equal(huge.status, 413, huge.text);
    assert.equal(huge.json.code, 'payload_too_large');
    const header = Array.from({ length: 1000 }, (_, i) => `c${i}`).join(',');
    const row = Array.from({ length: 1000 }, (_, i) => String(i % 7)).join(',');
    const wide = await infer([header, ...Array.from({ length: 200 }, () => row)].join('\n'));
    assert.equal(wide.status, 200, wide.text.slice(0, 300));
    assert.equal(wide.json.fields.length, 1000);
    assert.equal(wide.json.rows_read, 50);
    assert.equal(wide.json.truncated, true);
  });

  test('hostile samples: never a 5xx, every refusal a JSON error', async () => {
    const bodies = [
      '\u0000,\u0000\n\u0000,1\n',
      'a,b\n\ud800,\udfff\n',
      '"'.repeat(100_000),
      'a\rb\r1\r2',
      '\uFEFF',
      `${'x'.repeat(300)},${'y.'.repeat(100)}\n1,2\n`,
      Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)).toString('latin1'),
      '{"fields": [{"name": "id", "type": "Row Number"}]}',
      'when\n2024-02-30\n2024-13-01\n',
    ];
    for (const body of bodies) {
      const answer = await infer(body);
      assert.ok(
        answer.status === 200 || answer.status === 400,
        `${answer.status} for ${JSON.stringify(body.slice(0, 40))}`,
      );
      if (answer.status === 400) assert.equal(typeof answer.json.error, 'string');
      else assert.equal(answer.json.fields.length, answer.json.reasons.length);
    }
  });

  test('without a key: 401', async () => {
    const answer = await infer('id\n', { 'content-type': 'text/csv' }, 'wrong');
    assert.equal(answer.status, 401, answer.text);
  });
});
