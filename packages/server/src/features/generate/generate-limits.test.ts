/**
 * The engine's bounds seen through a real server: what the schema shows is a 400 before any
 * output, what depends on the values is a complete 200 whose over-budget values are null, and
 * neither is ever a 500.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite, type TestServer } from '../../testing/server-fixture.js';

async function generate(server: TestServer, key: string, fields: unknown[], query = '') {
  const response = await fetch(`${server.url}/api/generate.json?key=${key}&seed=1${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  return { status: response.status, text: await response.text() };
}

const manyFields = (n: number, spec: (i: number) => Record<string, unknown>) =>
  Array.from({ length: n }, (_, i) => ({ name: `f${i}`, ...spec(i) }));

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`generate within the engine's limits (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);

    test('nested arrays making 100 million values a row: 400 naming the field and the number, before any output', async () => {
      const fields = [
        { name: 'a', type: 'JSON Array', minItems: 100, maxItems: 100 },
        { name: 'a.b', type: 'JSON Array', minItems: 100, maxItems: 100 },
        { name: 'a.b.c', type: 'JSON Array', minItems: 100, maxItems: 100 },
        { name: 'a.b.c.d', type: 'JSON Array', minItems: 100, maxItems: 100 },
        { name: 'a.b.c.d.v', type: 'Row Number' },
      ];
      const response = await generate(suite.server, suite.key, fields);
      assert.equal(response.status, 400);
      assert.match(JSON.parse(response.text).error, /field "a\.b\.c\.d".*100,000,000.*at most 100,000/);
    });

    test('Templates growing fourfold per field: a complete 200 with each value cut at 100,000 characters', async () => {
      const fields: Record<string, unknown>[] = [{ name: 't0', type: 'Words', min: 1000, max: 1000 }];
      for (let i = 1; i <= 16; i++)
        fields.push({ name: `t${i}`, type: 'Template', value: `{t${i - 1}}{t${i - 1}}{t${i - 1}}{t${i - 1}}` });
      const response = await generate(suite.server, suite.key, fields, '&count=2');
      assert.equal(response.status, 200);
      const rows = JSON.parse(response.text) as Record<string, string>[];
      assert.equal(rows.length, 2);
      assert.equal(rows[1].t16.length, 100_000);
    });

    test("1,000-way matching over a long text: a complete 200 where the fields past the row's budget are null", async () => {
      const fields = [
        { name: '__text', type: 'Custom List', values: ['a'.repeat(100_000)] },
        ...manyFields(40, () => ({ type: 'Formula', value: '__text =~ /a$/' })),
      ];
      const response = await generate(suite.server, suite.key, fields);
      assert.equal(response.status, 200);
      const row = JSON.parse(response.text) as Record<string, unknown>;
      assert.equal(row.f0, 99_999);
      assert.equal(row.f39, null);
    });

    test('long names and types: 400 naming field and parameter, with a short answer', async () => {
      const longName = await generate(suite.server, suite.key, [{ name: 'n'.repeat(300), type: 'Row Number' }]);
      assert.equal(longName.status, 400);
      assert.match(JSON.parse(longName.text).error, /parameter "name": the name has 300 characters; at most 256/);
      // 400 of them fit a JSON body (1 MiB); a thousand would be refused before parsing (413).
      const longTypes = await generate(
        suite.server,
        suite.key,
        manyFields(400, () => ({ type: 'Q'.repeat(2000) })),
      );
      assert.equal(longTypes.status, 400);
      assert.match(JSON.parse(longTypes.text).error, /field "f399", parameter "type": .*at most 100 characters/);
      assert.ok(
        longTypes.text.length < 400_000,
        `the answer has ${longTypes.text.length} characters: it should not repeat the 800,000 of the types (twice)`,
      );
    });
  });
}
