/**
 * Schemas written for Mockaroo, posted unchanged over real HTTP, on both databases: fixed-set
 * parameters in any case ("selectionStyle": "Random"), Custom List values that are numbers,
 * the legacy Date type with a time of day, MongoDB ObjectID's extended JSON, and a currency for
 * every country. JSON and CSV are parsed by real parsers; saved schemas store the canonical spelling.
 */
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { skipUnlessAvailable } from '../testing/databases.js';
import { fetchAnswer } from '../testing/http-calls.js';
import { serverForSuite } from '../testing/server-fixture.js';

interface MockarooClient {
  generate(options: { count?: number; fields?: unknown[] }): Promise<unknown>;
}
const Mockaroo = createRequire(import.meta.url)('mockaroo') as {
  Client: new (options: { apiKey: string; host: string; port: number; secure: boolean }) => MockarooClient;
};

/** As the clients send it: a capitalised selectionStyle, numbers in a list, a Date with %F %T, an ObjectID. */
const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: '_id', type: 'MongoDB ObjectID' },
  { name: 'userId', type: 'Custom List', values: ['4', '8', '15'], selectionStyle: 'Random' },
  { name: 'DayValue', type: 'Custom List', values: '1,2,3,4,5,6,7', selectionStyle: 'Sequential' },
  { name: 'code', type: 'Custom List', values: ['007', '+1', '9.90'], selectionStyle: 'SEQUENTIAL' },
  { name: 'visited', type: 'Date', min: '06/19/2002', max: '06/21/2002', format: '%F %T' },
  { name: 'born', type: 'Date', min: '01/01/1990', max: '12/31/1999', format: '%m/%d/%Y' },
  { name: 'avatar', type: 'Dummy Image URL', format: 'PNG' },
  { name: 'price', type: 'Money', symbol: 'NONE' },
  { name: 'country', type: 'Country', countries: ['Curacao', 'Sint Maarten'] },
  { name: 'currency', type: 'Currency' },
  { name: 'currency_code', type: 'Currency Code' },
];
const COUNT = 30;

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`Mockaroo values and shapes over HTTP (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);
    const url = (path: string) => `${suite.server.url}${path}${path.includes('?') ? '&' : '?'}key=${suite.key}`;
    const post = (path: string, body: unknown) =>
      fetchAnswer(url(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    test('generate.json: enum values in any case; numbers as numbers; times of day; {"$oid"}; the Caribbean guilder', async () => {
      const answer = await post(`/api/generate.json?count=${COUNT}&seed=7`, FIELDS);
      assert.equal(answer.status, 200, answer.text);
      const rows = answer.json as Record<string, unknown>[];
      assert.equal(rows.length, COUNT);
      rows.forEach((row, i) => {
        assert.ok([4, 8, 15].includes(row.userId as number), `userId ${JSON.stringify(row.userId)}`);
        assert.equal(row.DayValue, (i % 7) + 1);
        assert.equal(row.code, ['007', '+1', '9.90'][i % 3]);
        assert.match(String(row.visited), /^2002-06-(19|20|21) \d{2}:\d{2}:\d{2}$/);
        assert.match(String(row.born), /^\d{2}\/\d{2}\/199\d$/);
        const oid = row._id as { $oid: string };
        assert.deepEqual(Object.keys(oid), ['$oid']);
        assert.match(oid.$oid, /^[0-9a-f]{24}$/);
        assert.match(String(row.avatar), /\.png\?/);
        assert.match(String(row.price), /^\d+\.\d{2}$/);
        assert.deepEqual([row.currency, row.currency_code], ['Caribbean Guilder', 'XCG']);
      });
      assert.ok(new Set(rows.map((r) => String(r.visited).slice(11))).size > COUNT / 2, 'times of day vary');
      assert.ok(
        answer.text.includes('"DayValue":1') && answer.text.includes('"code":"007"'),
        'numbers bare, leading zeros quoted',
      );
    });

    test('generate.csv: the same values as text, the ObjectID as bare hex digits', async () => {
      const json = (await post(`/api/generate.json?count=${COUNT}&seed=7`, FIELDS)).json as Record<string, unknown>[];
      const answer = await post(`/api/generate.csv?count=${COUNT}&seed=7`, FIELDS);
      assert.equal(answer.status, 200, answer.text);
      const rows = parse(answer.text, { columns: true }) as Record<string, string>[];
      assert.deepEqual(
        rows.map((r) => [r._id, r.userId, r.DayValue, r.code, r.visited, r.currency_code]),
        json.map((r) => [
          (r._id as { $oid: string }).$oid,
          String(r.userId),
          String(r.DayValue),
          r.code,
          r.visited,
          r.currency_code,
        ]),
      );
    });

    test('the mockaroo npm client sends "Random" and gets numbers back', async () => {
      const { port } = new URL(suite.server.url);
      const client = new Mockaroo.Client({ apiKey: suite.key, host: '127.0.0.1', port: Number(port), secure: false });
      const records = (await client.generate({
        count: 5,
        fields: [{ name: 'userId', type: 'Custom List', values: ['4', '8'], selectionStyle: 'Random' }],
      })) as { userId: unknown }[];
      assert.equal(records.length, 5);
      for (const record of records) assert.ok(record.userId === 4 || record.userId === 8, JSON.stringify(record));
    });

    test('an enum value that matches nothing: 400 naming the field and parameter, listing the allowed values', async () => {
      const answer = await post('/api/generate.json?count=1', [
        { name: 'kind', type: 'Custom List', values: ['a'], selectionStyle: 'Randomly' },
      ]);
      assert.equal(answer.status, 400);
      assert.equal(typeof answer.json.error, 'string');
      assert.match(
        answer.json.error,
        /field "kind", parameter "selectionStyle": "Randomly" is not allowed; use one of "random", "sequential", "cartesian", "custom"/,
      );
    });

    test('a saved schema with "Random" and "PNG" saves, stores "random" and "png", and generates by name', async () => {
      const saved = await fetchAnswer(url('/api/schemas/mockaroo%20values'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fields: FIELDS, count: 3 }),
      });
      assert.equal(saved.status, 200, saved.text);
      const stored = await fetchAnswer(url('/api/schemas/mockaroo%20values'));
      assert.equal(stored.status, 200, stored.text);
      const byName = Object.fromEntries((stored.json.fields as Record<string, unknown>[]).map((f) => [f.name, f]));
      assert.equal(byName.userId.selectionStyle, 'random');
      assert.equal(byName.DayValue.selectionStyle, 'sequential');
      assert.equal(byName.code.selectionStyle, 'sequential');
      assert.equal(byName.avatar.format, 'png');
      assert.equal(byName.price.symbol, 'none');
      assert.deepEqual(byName.code.values, ['007', '+1', '9.90'], 'everything else as written');
      const generated = await fetchAnswer(url('/api/generate.json?schema=mockaroo%20values&seed=7'), {
        method: 'POST',
      });
      assert.equal(generated.status, 200, generated.text);
      const rows = generated.json as Record<string, unknown>[];
      assert.deepEqual(
        rows.map((r) => r.DayValue),
        [1, 2, 3],
      );
    });

    test('a save with an enum value that matches nothing is refused with the same 400', async () => {
      const answer = await fetchAnswer(url('/api/schemas/bad%20enum'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify([{ name: 'pic', type: 'Avatar', format: 'TIFF' }]),
      });
      assert.equal(answer.status, 400);
      assert.match(
        answer.json.error,
        /field "pic", parameter "format": "TIFF" is not allowed; use one of "png", "jpg", "bmp"/,
      );
    });
  });
}
