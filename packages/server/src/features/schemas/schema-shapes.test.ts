import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite, type TestServer } from '../../testing/server-fixture.js';

/** A schema as the established product exports it (its "backup"). */
const EXPORT = {
  id: 683467,
  num_rows: 7,
  file_format: 'json',
  name: 'users',
  array: true,
  include_header: true,
  columns: [
    { name: 'id', null_percentage: 0, type: 'Row Number', formula: null },
    { name: 'nick', null_percentage: 100, type: 'First Name', formula: '' },
  ],
};

async function call(server: TestServer, path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`schema shapes users have (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);

    test('null_percentage counts like percentBlank, in a bare array and in {"fields": [...]}', async () => {
      const fields = [
        { name: 'id', type: 'Row Number' },
        { name: 'nick', type: 'First Name', null_percentage: 100 },
      ];
      for (const body of [fields, { fields, count: 5 }]) {
        const response = await call(suite.server, `/api/generate.json?key=${suite.key}&count=5`, send('POST', body));
        assert.equal(response.status, 200, response.text);
        const rows = response.json() as { id: number; nick: unknown }[];
        assert.equal(rows.length, 5);
        for (const row of rows) assert.equal(row.nick, null);
      }
    });

    test('a bad null_percentage is a 400 naming the field and the key', async () => {
      const response = await call(
        suite.server,
        `/api/generate.json?key=${suite.key}`,
        send('POST', [{ name: 'nick', type: 'First Name', null_percentage: 150 }]),
      );
      assert.equal(response.status, 400);
      assert.match(response.text, /nick/);
      assert.match(response.text, /null_percentage/);
    });

    test('a schema export is a generate body: num_rows is the count', async () => {
      const response = await call(suite.server, `/api/generate.json?key=${suite.key}`, send('POST', EXPORT));
      assert.equal(response.status, 200, response.text);
      const rows = response.json() as { id: number; nick: unknown }[];
      assert.deepEqual(
        rows.map((r) => r.id),
        [1, 2, 3, 4, 5, 6, 7],
      );
      assert.ok(rows.every((r) => r.nick === null));
    });

    test('PUT /api/schemas/:name restores an export; num_rows is the stored count', async () => {
      const saved = await call(suite.server, `/api/schemas/users?key=${suite.key}`, send('PUT', EXPORT));
      assert.equal(saved.status, 200, saved.text);
      assert.equal((saved.json() as { count: number }).count, 7);
      const generated = await call(suite.server, `/api/generate.csv?key=${suite.key}&schema=users`);
      assert.equal(generated.status, 200, generated.text);
      assert.deepEqual(generated.text.trim().split(/\r?\n/), ['id,nick', '1,', '2,', '3,', '4,', '5,', '6,', '7,']);
    });

    test('Mockaroo-made fields: weighted and one-column datasets, spaced column names and list values', async () => {
      const upload = (name: string, csv: string) =>
        call(suite.server, `/api/datasets/${name}?key=${suite.key}&filename=${name}.csv`, {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: csv,
        });
      assert.equal((await upload('tiers', ' tier , weight \ngold,1\nsilver,0\nbronze,3\n')).status, 200);
      assert.equal((await upload('lookup', 'key\nk1\nk2\n')).status, 200);
      const fields = [
        {
          name: 'tier',
          type: 'Dataset Column',
          dataset: 'tiers',
          column: ' tier ',
          selectionStyle: 'weighted',
          weightColumn: 'weight',
          null_percentage: 0,
        },
        {
          name: 'key',
          type: 'Dataset Column',
          dataset: 'lookup',
          column: null,
          selectionStyle: 'sequential',
          formula: '',
        },
        {
          name: 'rating',
          type: 'Custom List',
          values: ['Hot ', 'Cold'],
          selectionStyle: 'random',
          distribution: [{ rule: 'true', frequencies: { Hot: 1, Cold: 0 } }],
        },
      ];
      const response = await call(
        suite.server,
        `/api/generate.json?key=${suite.key}&count=400&seed=3`,
        send('POST', fields),
      );
      assert.equal(response.status, 200, response.text);
      const rows = response.json() as { tier: string; key: string; rating: string }[];
      assert.deepEqual(
        rows.slice(0, 3).map((r) => r.key),
        ['k1', 'k2', 'k1'],
      );
      assert.ok(rows.every((r) => r.rating === 'Hot ' && r.tier !== 'silver'));
      const bronze = rows.filter((r) => r.tier === 'bronze').length / rows.length;
      assert.ok(Math.abs(bronze - 0.75) < 0.1, `bronze ${bronze}`);
      // Mockaroo's own exports of weighted columns name no weight column: every row then weighs the same.
      const noWeights = await call(
        suite.server,
        `/api/generate.json?key=${suite.key}&count=30&seed=3`,
        send('POST', [{ ...fields[0], weightColumn: null }]),
      );
      assert.equal(noWeights.status, 200, noWeights.text);
      assert.ok((noWeights.json() as { tier: string }[]).some((r) => r.tier === 'silver'));
    });

    test('an export with a bad num_rows or broken column is a 400 that says where', async () => {
      const badCount = await call(
        suite.server,
        `/api/schemas/users2?key=${suite.key}`,
        send('PUT', { ...EXPORT, num_rows: 'many' }),
      );
      assert.equal(badCount.status, 400);
      assert.match(badCount.text, /num_rows/);
      const badColumn = await call(
        suite.server,
        `/api/generate.json?key=${suite.key}`,
        send('POST', { ...EXPORT, columns: [{ name: 'x', type: 'Frist Name' }] }),
      );
      assert.equal(badColumn.status, 400);
      assert.match(badColumn.text, /Frist Name/);
    });
  });
}
