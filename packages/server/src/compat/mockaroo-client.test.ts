/**
 * The public Mockaroo clients against a real Rowloom server, on both databases: the `mockaroo`
 * npm client itself, and the exact request shapes of the clients that cannot run here
 * (mockaroo-python, NMockaroo, Mockaroo.NET, mockaRoo for R, the Go client, the naveego plugin).
 * Success must be exactly 200;
 * every failure a JSON object with a string `error`.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import { DEFAULT_PLANS } from '../users/plans.js';
import { saveSchema } from '../features/schemas/schemas-store.js';
import { skipUnlessAvailable } from '../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../testing/server-fixture.js';
import { findUserByKey } from '../users/users-store.js';

// The shape of `mockaroo` 0.1.7 as read from node_modules/mockaroo/lib: CommonJS (Babel) whose
// module.exports is { Client, errors }. It ships no type declarations, so it is loaded through
// require with this description instead of an untyped import.
interface GenerateOptions {
  count?: number;
  schema?: string;
  fields?: unknown[];
  format?: 'json' | 'csv';
  header?: boolean;
}
interface MockarooClient {
  generate(options: GenerateOptions): Promise<unknown>;
}
type ErrorClass = new (message?: string) => Error;
interface MockarooModule {
  Client: new (options: { apiKey: string; host: string; port: number; secure: boolean }) => MockarooClient;
  errors: { ApiError: ErrorClass; InvalidApiKeyError: ErrorClass; UsageLimitExceededError: ErrorClass };
}
const Mockaroo = createRequire(import.meta.url)('mockaroo') as MockarooModule;

/** A plan that allows one request a day, to reach the usage limit in one step. */
const PLANS = { ...DEFAULT_PLANS, 'one-a-day': { recordsPerRequest: 5000, requestsPerDay: 1, recordsPerDay: null } };

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'First Name' },
  { name: 'tx', type: 'Custom List', values: ['debit', 'credit'] },
  { name: 'amount', type: 'Number', min: 1, max: 10000, decimals: 2 },
];
const KEYS = FIELDS.map((f) => f.name);

const SCHEMA_NAME = 'My Schema';
const SCHEMA_FIELDS = [
  { name: 'n', type: 'Row Number' },
  { name: 'city', type: 'City' },
  { name: 'gone', type: 'Row Number', percentBlank: 100 },
];
const SCHEMA_COUNT = 7;

type Row = Record<string, unknown>;

function assertRow(row: unknown, keys: readonly string[]): Row {
  assert.ok(row && typeof row === 'object' && !Array.isArray(row), `expected one object, got ${JSON.stringify(row)}`);
  assert.deepEqual(Object.keys(row).sort(), [...keys].sort());
  return row as Row;
}

function assertRows(body: unknown, count: number, keys: readonly string[]): Row[] {
  assert.ok(Array.isArray(body), `expected an array, got ${JSON.stringify(body)?.slice(0, 200)}`);
  assert.equal(body.length, count);
  body.forEach((row, i) => {
    assertRow(row, keys);
    if (keys.includes('id')) assert.equal((row as Row).id, i + 1);
  });
  return body as Row[];
}

/** A failure: the status, JSON, and an object with a non-empty string `error` (every client reads it). */
async function assertError(response: Response, status: number): Promise<{ error: string } & Row> {
  const text = await response.text();
  assert.equal(response.status, status, `expected ${status}, got ${response.status}: ${text}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = JSON.parse(text) as unknown;
  assert.ok(body && typeof body === 'object' && !Array.isArray(body), `error body must be an object: ${text}`);
  const { error } = body as Row;
  assert.equal(typeof error, 'string');
  assert.ok((error as string).length > 0);
  return body as { error: string } & Row;
}

/** A success: exactly 200 (several clients reject any other 2xx), with the body as text. */
async function okText(response: Response, contentType: RegExp): Promise<string> {
  const text = await response.text();
  assert.equal(response.status, 200, `expected 200, got ${response.status}: ${text}`);
  assert.match(response.headers.get('content-type') ?? '', contentType);
  return text;
}

const okJson = async (response: Response): Promise<unknown> => JSON.parse(await okText(response, /^application\/json/));

function csvRecords(text: string): string[][] {
  return parseCsv(text) as string[][];
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`Mockaroo clients against a real server (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let key: string;
    let client: MockarooClient;
    const clientFor = (apiKey: string) => {
      const url = new URL(server.url);
      return new Mockaroo.Client({ apiKey, host: url.hostname, port: Number(url.port), secure: false });
    };
    const post = (path: string, body: string | undefined, headers: Record<string, string> = {}) =>
      fetch(server.url + path, { method: 'POST', headers, body });

    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), { plans: PLANS });
      key = await server.userKey();
      client = clientFor(key);
      const user = await findUserByKey(server.store.db, key);
      assert.ok(user);
      // The schemas route is someone else's: store the schema directly, as that route would.
      await saveSchema(server.store.db, user.id, SCHEMA_NAME, SCHEMA_FIELDS, SCHEMA_COUNT);
    });
    after(async () => {
      await server?.close();
    });

    describe('the mockaroo npm client (0.1.7), run for real', () => {
      test('json, count 1: one object with the field names as keys', async () => {
        const row = assertRow(await client.generate({ fields: FIELDS }), KEYS);
        assert.equal(row.id, 1);
        assert.ok(row.tx === 'debit' || row.tx === 'credit');
        assert.equal(typeof row.amount, 'number');
        assert.ok((row.amount as number) >= 1 && (row.amount as number) <= 10000);
        assert.equal(typeof row.name, 'string');
      });

      test('json, count 5: an array of 5 rows', async () => {
        assertRows(await client.generate({ count: 5, fields: FIELDS }), 5, KEYS);
      });

      test('csv: a string starting with the header line', async () => {
        const body = await client.generate({ count: 5, format: 'csv', fields: FIELDS });
        assert.equal(typeof body, 'string');
        const records = csvRecords(body as string);
        assert.deepEqual(records[0], KEYS);
        assert.equal(records.length, 6);
        assert.deepEqual(
          records.slice(1).map((r) => r[0]),
          ['1', '2', '3', '4', '5'],
        );
      });

      test('csv with header: false: no header line', async () => {
        const body = await client.generate({ count: 3, format: 'csv', header: false, fields: FIELDS });
        assert.equal(typeof body, 'string');
        const records = csvRecords(body as string);
        assert.equal(records.length, 3);
        assert.deepEqual(
          records.map((r) => r[0]),
          ['1', '2', '3'],
        );
        assert.ok(records.every((r) => r.length === KEYS.length));
      });

      test('a saved schema (its name has a space, sent unencoded), json and csv', async () => {
        // The client always sends count (default 1), so the stored count never applies here.
        const one = assertRow(await client.generate({ schema: SCHEMA_NAME }), ['n', 'city', 'gone']);
        assert.equal(one.n, 1);
        assert.equal(one.gone, null);
        assertRows(await client.generate({ schema: SCHEMA_NAME, count: 4 }), 4, ['n', 'city', 'gone']);
        const csv = csvRecords((await client.generate({ schema: SCHEMA_NAME, count: 2, format: 'csv' })) as string);
        assert.deepEqual(csv[0], ['n', 'city', 'gone']);
        assert.equal(csv.length, 3);
      });

      test('a bad key rejects with InvalidApiKeyError', async () => {
        await assert.rejects(clientFor('not-a-key').generate({ fields: FIELDS }), (error: unknown) => {
          assert.ok(error instanceof Mockaroo.errors.InvalidApiKeyError, `got ${String(error)}`);
          assert.ok(error instanceof Mockaroo.errors.ApiError);
          return true;
        });
      });

      test('an invalid field rejects with ApiError carrying the server message', async () => {
        await assert.rejects(client.generate({ fields: [{ name: 'x', type: 'No Such Type' }] }), (error: unknown) => {
          assert.ok(error instanceof Mockaroo.errors.ApiError, `got ${String(error)}`);
          assert.match(error.message, /No Such Type/);
          assert.match(error.message, /"x"/);
          return true;
        });
      });

      test('an unknown saved schema rejects with ApiError (it does not hang)', async () => {
        await assert.rejects(client.generate({ schema: 'Nope' }), (error: unknown) => {
          assert.ok(error instanceof Mockaroo.errors.ApiError, `got ${String(error)}`);
          assert.match(error.message, /Nope/);
          return true;
        });
      });

      test('over the daily limit: rejects with ApiError "Usage Limit Exceeded" (it does not hang)', async () => {
        // 0.1.7 only maps texts matching /limited/ to UsageLimitExceededError; Rowloom answers the
        // exact text mockaroo-python needs, so this client sees a plain ApiError with that text.
        const limited = clientFor(await server.userKey('one-a-day'));
        assertRow(await limited.generate({ fields: FIELDS }), KEYS);
        await assert.rejects(limited.generate({ fields: FIELDS }), (error: unknown) => {
          assert.ok(error instanceof Mockaroo.errors.ApiError, `got ${String(error)}`);
          assert.equal(error.message, 'Usage Limit Exceeded');
          return true;
        });
      });
    });

    describe('mockaroo-python (3.0.0) request shapes', () => {
      // json.dumps' default separators, as requests' json= sends them.
      const pythonJson = (value: unknown) =>
        JSON.stringify(value).replaceAll('","', '", "').replaceAll('":', '": ').replaceAll('},{', '}, {');
      const q = (params: Record<string, string>) =>
        new URLSearchParams({ ...params, client: 'python', key }).toString();

      test('types(): GET /api/types/ (trailing slash) answers {types: [...]} with what the CLI reads', async () => {
        const body = (await okJson(await fetch(`${server.url}/api/types/?${q({})}`))) as { types: unknown };
        assert.ok(Array.isArray(body.types) && body.types.length > 0);
        for (const type of body.types as Row[]) {
          assert.equal(typeof type.name, 'string');
          assert.equal(typeof type.type, 'string');
          assert.ok(Array.isArray(type.parameters), `${String(type.name)}: parameters`);
          for (const parameter of type.parameters as Row[]) {
            assert.equal(typeof parameter.name, 'string');
            assert.equal(typeof parameter.type, 'string');
            assert.equal(typeof parameter.description, 'string');
            assert.ok('default' in parameter, `${String(type.name)}.${String(parameter.name)}: default`);
          }
        }
        const names = (body.types as Row[]).map((t) => t.name);
        assert.ok(names.includes('Row Number') && names.includes('First Name'));
      });

      test('generate() without fmt: POST /api/generate (no extension), True/False booleans', async () => {
        const fields = [...FIELDS, { name: 'blank', type: 'Row Number', percentBlank: 100 }];
        const rows = assertRows(
          await okJson(
            await post(
              `/api/generate?${q({ count: '3', array: 'True', include_nulls: 'False' })}`,
              pythonJson(fields),
              { 'content-type': 'application/json' },
            ),
          ),
          3,
          KEYS, // include_nulls=False drops the always-null key
        );
        assert.ok(rows.every((row) => !('blank' in row)));
        const withNulls = assertRows(
          await okJson(
            await post(`/api/generate?${q({ count: '2', include_nulls: 'True' })}`, pythonJson(fields), {
              'content-type': 'application/json',
            }),
          ),
          2,
          [...KEYS, 'blank'],
        );
        assert.ok(withNulls.every((row) => row.blank === null));
      });

      test('count omitted means 1: one object; array=True makes it an array', async () => {
        assertRow(
          await okJson(
            await post(`/api/generate?${q({})}`, pythonJson(FIELDS), { 'content-type': 'application/json' }),
          ),
          KEYS,
        );
        assertRows(
          await okJson(
            await post(`/api/generate.json?${q({ array: 'True' })}`, pythonJson(FIELDS), {
              'content-type': 'application/json',
            }),
          ),
          1,
          KEYS,
        );
      });

      test('fmt="csv" with include_header=False: raw rows, no header', async () => {
        const text = await okText(
          await post(`/api/generate.csv?${q({ count: '2', include_header: 'False' })}`, pythonJson(FIELDS), {
            'content-type': 'application/json',
          }),
          /^text\/csv/,
        );
        const records = csvRecords(text);
        assert.equal(records.length, 2);
        assert.deepEqual(
          records.map((r) => r[0]),
          ['1', '2'],
        );
      });

      test('a saved schema, no body and no content type: the name urlencoded with +, the stored count', async () => {
        const path = `/api/generate.json?${q({ schema: SCHEMA_NAME })}`;
        assert.match(path, /schema=My\+Schema/);
        const rows = assertRows(await okJson(await fetch(server.url + path, { method: 'POST' })), SCHEMA_COUNT, [
          'n',
          'city',
          'gone',
        ]);
        assert.deepEqual(
          rows.map((r) => r.n),
          [1, 2, 3, 4, 5, 6, 7],
        );
      });

      test('a bad key: 401 with {"error": "Invalid API Key"}, as Mockaroo words it', async () => {
        const response = await post(`/api/generate.json?client=python&key=wrong`, pythonJson(FIELDS), {
          'content-type': 'application/json',
        });
        const body = await assertError(response, 401);
        assert.deepEqual(body, { error: 'Invalid API Key', code: 'unauthorized' });
        const types = await assertError(await fetch(`${server.url}/api/types/?client=python&key=wrong`), 401);
        assert.deepEqual(types, { error: 'Invalid API Key', code: 'unauthorized' });
      });

      test('over the daily limit: 429 with error exactly "Usage Limit Exceeded"', async () => {
        const limitedKey = await server.userKey('one-a-day');
        const path = `/api/generate.json?${new URLSearchParams({ count: '2', client: 'python', key: limitedKey })}`;
        await okJson(await post(path, pythonJson(FIELDS), { 'content-type': 'application/json' }));
        const body = await assertError(
          await post(path, pythonJson(FIELDS), { 'content-type': 'application/json' }),
          429,
        );
        assert.equal(body.error, 'Usage Limit Exceeded');
      });

      test('a bad parameter value: 400 naming the parameter', async () => {
        const body = await assertError(
          await post(`/api/generate.json?${q({ array: 'Maybe' })}`, pythonJson(FIELDS), {
            'content-type': 'application/json',
          }),
          400,
        );
        assert.match(body.error, /array/);
      });
    });

    describe('NMockaroo (C#) request shapes', () => {
      const body = JSON.stringify([
        { name: 'id', type: 'Row Number', percentBlank: 0 },
        { name: 'score', type: 'Number', percentBlank: 0, min: 1, max: 10, decimals: 0 },
      ]);
      // StringContent without a media type goes out as text/plain.
      const headers = { 'content-type': 'text/plain; charset=utf-8', accept: 'application/json' };

      test('POST with the fields as text/plain: count 1 is one object, count 4 an array', async () => {
        const one = assertRow(await okJson(await post(`/api/generate.json?key=${key}&count=1`, body, headers)), [
          'id',
          'score',
        ]);
        assert.ok(Number.isInteger(one.score) && (one.score as number) >= 1 && (one.score as number) <= 10);
        assertRows(await okJson(await post(`/api/generate.json?key=${key}&count=4`, body, headers)), 4, [
          'id',
          'score',
        ]);
      });

      test('a saved schema by GET', async () => {
        const response = await fetch(
          `${server.url}/api/generate.json?key=${key}&count=2&schema=${encodeURI(SCHEMA_NAME)}`,
          { headers: { accept: 'application/json' } },
        );
        assertRows(await okJson(response), 2, ['n', 'city', 'gone']);
      });

      test('a failure is a non-200 with a JSON error', async () => {
        const bad = JSON.stringify([{ name: 'score', type: 'Number', min: 10, max: 1 }]);
        const error = await assertError(await post(`/api/generate.json?key=${key}&count=1`, bad, headers), 400);
        assert.match(error.error, /score/);
      });
    });

    describe('Mockaroo.NET request shapes', () => {
      // Built by hand in the client: every value a string, percentageBlank "0", formula "",
      // dates MM/dd/yyyy (default max 12/31/9999) with the default format "%F %T", lowercase selectionStyle.
      const body =
        '[{"name": "id", "type": "Row Number", "percentageBlank": "0", "formula": ""}, ' +
        '{"name": "qty", "type": "Number", "percentageBlank": "0", "formula": "", "min": "1", "max": "100", "decimals": "0"}, ' +
        '{"name": "when", "type": "Date", "percentageBlank": "0", "formula": "", "min": "01/01/2000", "max": "12/31/9999", "format": "%F %T"}, ' +
        '{"name": "kind", "type": "Custom List", "percentBlank": "0", "formula": "", "values": ["a", "b", "c"], "selectionStyle": "random"}]';
      const headers = { 'content-type': 'application/json; charset=utf-8' };
      const keys = ['id', 'qty', 'when', 'kind'];

      test('json with array=true: numbers as strings, far-future date max, values in range', async () => {
        const rows = assertRows(
          await okJson(await post(`/api/generate.json?key=${key}&array=true&count=25`, body, headers)),
          25,
          keys,
        );
        for (const row of rows) {
          assert.ok(
            Number.isInteger(row.qty) && (row.qty as number) >= 1 && (row.qty as number) <= 100,
            `qty ${String(row.qty)}`,
          );
          assert.match(row.when as string, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
          const day = (row.when as string).slice(0, 10);
          assert.ok(day >= '2000-01-01' && day <= '9999-12-31', `when ${String(row.when)}`);
          assert.ok(['a', 'b', 'c'].includes(row.kind as string));
        }
      });

      test('array=true with count 1 is still an array', async () => {
        assertRows(
          await okJson(await post(`/api/generate.json?key=${key}&array=true&count=1`, body, headers)),
          1,
          keys,
        );
      });

      test('the other formats it asks for (csv, txt, sql, xml) answer 200', async () => {
        const csv = csvRecords(
          await okText(await post(`/api/generate.csv?key=${key}&array=true&count=3`, body, headers), /^text\/csv/),
        );
        assert.deepEqual(csv[0], keys);
        assert.equal(csv.length, 4);
        const txt = await okText(
          await post(`/api/generate.txt?key=${key}&array=true&count=3`, body, headers),
          /^text\//,
        );
        assert.equal(txt.trim().split('\n').length, 4);
        const sql = await okText(
          await post(`/api/generate.sql?key=${key}&array=true&count=3`, body, headers),
          /sql|text\/plain/,
        );
        assert.equal(sql.match(/insert into/gi)?.length ?? 0, 3);
        const xml = await okText(await post(`/api/generate.xml?key=${key}&array=true&count=3`, body, headers), /xml/);
        assert.equal(xml.match(/<record>/g)?.length ?? 0, 3);
      });

      test('a failure parses as an object with error', async () => {
        const bad = body.replace('"max": "100"', '"max": "lots"');
        const error = await assertError(
          await post(`/api/generate.json?key=${key}&array=true&count=1`, bad, headers),
          400,
        );
        assert.match(error.error, /qty/);
        assert.match(error.error, /max/);
      });
    });

    describe('mockaRoo (R) request shapes', () => {
      // httr sends the JSON string unmarked: form-encoded. '&' and '+' in it must survive.
      const body =
        '[{"name":"id","percentBlank":0,"type":"Row Number"},{"name":"dept","percentBlank":0,"type":"Custom List","values":["R&D","A+B"]}]';
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };

      test('csv: the raw JSON body is read as JSON, not as a form', async () => {
        const records = csvRecords(
          await okText(await post(`/api/generate.csv?key=${key}&count=3`, body, headers), /^text\/csv/),
        );
        assert.deepEqual(records[0], ['id', 'dept']);
        assert.equal(records.length, 4);
        assert.ok(
          records.slice(1).every((r) => r[1] === 'R&D' || r[1] === 'A+B'),
          JSON.stringify(records),
        );
      });

      test('json', async () => {
        const rows = assertRows(await okJson(await post(`/api/generate.json?key=${key}&count=3`, body, headers)), 3, [
          'id',
          'dept',
        ]);
        assert.ok(rows.every((r) => r.dept === 'R&D' || r.dept === 'A+B'));
      });
    });

    describe('Go client (gregpechiro/mockaroo) request shapes', () => {
      // Go's json.Marshal of its MockType: every field carries percentBlank, formula, decimals and onlyUSPlaces.
      const field = (name: string, type: string, extra: string) =>
        `{"name":"${name}","percentBlank":0,"formula":"","type":"${type}"${extra},"decimals":0,"onlyUSPlaces":false}`;
      const body = (min: string, max: string) =>
        `[${field('Name', 'Words', ',"min":1,"max":2')},${field('Age', 'Number', `,"min":${min},"max":${max}`)},${field('Ok', 'Boolean', '')}]`;
      const headers = { 'content-type': 'application/json' };

      test('int32 range: 200, an array with every field', async () => {
        const rows = assertRows(
          await okJson(
            await post(`/api/generate.json?key=${key}&count=5&array=true`, body('-2147483648', '2147483647'), headers),
          ),
          5,
          ['Name', 'Age', 'Ok'],
        );
        for (const row of rows) {
          assert.ok(
            Number.isInteger(row.Age) && (row.Age as number) >= -2147483648 && (row.Age as number) <= 2147483647,
          );
          assert.equal(typeof row.Ok, 'boolean');
          assert.equal(typeof row.Name, 'string');
        }
      });

      test('int64 range (±2^63): refused with a clear 400 naming the field and both bounds', async () => {
        const response = await post(
          `/api/generate.json?key=${key}&count=2&array=true`,
          body('-9223372036854775808', '9223372036854775807'),
          headers,
        );
        const error = await assertError(response, 400);
        assert.match(error.error, /"Age"/);
        assert.match(error.error, /min/);
        assert.match(error.error, /max/);
        assert.ok(Array.isArray(error.details));
      });
    });

    describe('naveego plugin request shapes (X-API-Key header only)', () => {
      test('GET /api/types with the header: 200', async () => {
        const body = (await okJson(
          await fetch(`${server.url}/api/types`, { headers: { 'x-api-key': key, accept: 'application/json' } }),
        )) as { types: unknown[] };
        assert.ok(Array.isArray(body.types) && body.types.length > 0);
      });

      test('POST generate.json?array=true&schema=...&include_nulls=true with no body', async () => {
        const path = `/api/generate.json?array=true&count=3&schema=${encodeURIComponent(SCHEMA_NAME)}&include_nulls=true`;
        const response = await fetch(server.url + path, {
          method: 'POST',
          headers: { 'x-api-key': key, accept: 'application/json' },
        });
        const rows = assertRows(await okJson(response), 3, ['n', 'city', 'gone']);
        assert.ok(rows.every((r) => r.gone === null));
      });

      test('a bad header key: 401 {"error": "Invalid API Key"}', async () => {
        const response = await fetch(`${server.url}/api/types`, { headers: { 'x-api-key': 'wrong' } });
        assert.deepEqual(await assertError(response, 401), { error: 'Invalid API Key', code: 'unauthorized' });
      });

      test('an unknown schema: 404 with a JSON error naming it', async () => {
        const response = await fetch(
          `${server.url}/api/generate.json?array=true&count=3&schema=Missing&include_nulls=true`,
          { method: 'POST', headers: { 'x-api-key': key } },
        );
        assert.match((await assertError(response, 404)).error, /Missing/);
      });
    });
  });
}
