/** Saved schemas' file settings and projects, the export round trip, and generate?schema= defaults, on both databases. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite, type TestServer } from '../../testing/server-fixture.js';

async function call(server: TestServer, path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, text, json };
}

const send = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name', percentBlank: 10 },
  { name: 'score', type: 'Number', min: 1, max: 100, decimals: 0, formula: 'this * 2' },
];

/** A schema export as the established product writes it, with file settings. */
const BACKUP = {
  id: 99,
  num_rows: 25,
  file_format: 'custom',
  name: 'orders',
  include_header: false,
  line_ending: 'windows',
  bom: true,
  delimiter: ';',
  quote_char: "'",
  columns: [
    { name: 'id', null_percentage: 0, type: 'Row Number', formula: null },
    {
      name: 'item',
      null_percentage: 20,
      type: 'Custom List',
      values: ['pen', 'ink'],
      selectionStyle: 'random',
      formula: '',
    },
  ],
};

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`saved schema settings (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);
    const path = (name: string, rest = '', query = '') =>
      `/api/schemas/${encodeURIComponent(name)}${rest}?key=${suite.key}${query}`;

    test('format, options and project are saved and read back', async () => {
      assert.equal(
        (await call(suite.server, `/api/projects?key=${suite.key}`, send('POST', { name: 'Shop' }))).status,
        200,
      );
      const options = { include_header: false, line_ending: 'windows', table: 'people', create_table: true };
      const saved = await call(
        suite.server,
        path('people'),
        send('PUT', { fields: FIELDS, count: 40, format: 'sql', options, project: 'Shop' }),
      );
      assert.equal(saved.status, 200, saved.text);
      assert.deepEqual([saved.json.format, saved.json.options, saved.json.project], ['sql', options, 'Shop']);
      const one = await call(suite.server, path('people'));
      assert.deepEqual(
        { ...one.json, updated_at: undefined },
        {
          name: 'people',
          fields: FIELDS,
          count: 40,
          format: 'sql',
          options,
          seed: null,
          project: 'Shop',
          updated_at: undefined,
        },
      );
      const listed = (await call(suite.server, `/api/schemas?key=${suite.key}`)).json.schemas as {
        name: string;
        format: string;
        project: string;
      }[];
      assert.deepEqual(
        listed.filter((s) => s.name === 'people').map((s) => [s.format, s.project]),
        [['sql', 'Shop']],
      );
    });

    test('the shapes saved before still work and have no settings', async () => {
      assert.equal((await call(suite.server, path('bare'), send('PUT', FIELDS))).status, 200);
      assert.equal((await call(suite.server, path('plain'), send('PUT', { fields: FIELDS, count: 3 }))).status, 200);
      for (const name of ['bare', 'plain']) {
        const one = await call(suite.server, path(name));
        assert.deepEqual([one.json.format, one.json.options, one.json.project], [null, {}, null]);
      }
    });

    test('bad settings are a 400 naming the key, and nothing is stored', async () => {
      const cases: [unknown, RegExp][] = [
        [
          { fields: FIELDS, format: 'parquet' },
          /"format" must be one of json, csv, txt, custom, sql, xml, jsonl, firebase, cql, dbunit, xlsx/,
        ],
        [{ fields: FIELDS, format: 'xlsx', options: { sheet_name: 'a/b' } }, /options\.sheet_name must not contain/],
        [{ fields: FIELDS, format: 'cql', options: { table: 'my-table' } }, /options\.table must be 1 to 48 letters/],
        [
          { fields: FIELDS, format: 'firebase', options: { firebase_key: 'uuid' } },
          /options\.firebase_key must be push_id or row_number/,
        ],
        [{ fields: FIELDS, format: 7 }, /"format" must be one of/],
        [{ fields: FIELDS, options: [] }, /"options" must be an object/],
        [{ fields: FIELDS, options: { colour: 'red' } }, /options\.colour is not a file option/],
        [{ fields: FIELDS, options: { bom: 'yes' } }, /options\.bom must be true or false/],
        [{ fields: FIELDS, options: { line_ending: 'mac' } }, /options\.line_ending must be unix or windows/],
        [
          { fields: FIELDS, format: 'custom', options: { quote_char: '""' } },
          /options\.quote_char must be exactly one character/,
        ],
        [
          { fields: FIELDS, format: 'custom', options: { delimiter: '|', quote_char: '|' } },
          /options\.delimiter must not contain the quote character/,
        ],
        [{ fields: FIELDS, options: { table: 't'.repeat(300) } }, /options\.table is 300 characters long/],
        [{ fields: FIELDS, options: { delimiter: 5 } }, /options\.delimiter must be text/],
        [{ ...BACKUP, line_ending: 'mac' }, /"line_ending" must be unix or windows/],
        [{ ...BACKUP, include_create_table: 'sometimes' }, /"include_create_table" must be true or false/],
        [{ fields: FIELDS, project: 'No such project' }, /no project named "No such project"/],
      ];
      for (const [body, message] of cases) {
        const response = await call(suite.server, path('bad settings'), send('PUT', body));
        assert.ok(
          response.status === 400 || response.status === 404,
          `${JSON.stringify(body).slice(0, 80)}: ${response.status} ${response.text}`,
        );
        assert.match(response.json.error as string, message);
      }
      assert.equal((await call(suite.server, path('bad settings'))).status, 404);
    });

    test('a schema export keeps its file settings; /export gives one back that PUT takes unchanged', async () => {
      const restored = await call(suite.server, path('orders'), send('PUT', BACKUP));
      assert.equal(restored.status, 200, restored.text);
      const one = await call(suite.server, path('orders'));
      assert.equal(one.json.format, 'custom');
      assert.deepEqual(one.json.options, {
        include_header: false,
        bom: true,
        line_ending: 'windows',
        delimiter: ';',
        quote_char: "'",
      });
      assert.equal(one.json.count, 25);

      const exported = await call(suite.server, path('orders', '/export'));
      assert.equal(exported.status, 200, exported.text);
      assert.deepEqual(exported.json, {
        name: 'orders',
        num_rows: 25,
        file_format: 'custom',
        include_header: false,
        bom: true,
        line_ending: 'windows',
        delimiter: ';',
        quote_char: "'",
        columns: BACKUP.columns,
      });
      // Round trip: the export saved under another name exports the same, and generates the same bytes.
      assert.equal((await call(suite.server, path('orders copy'), send('PUT', exported.text))).status, 200);
      const again = await call(suite.server, path('orders copy', '/export'));
      assert.deepEqual({ ...again.json, name: 'orders' }, exported.json);
      const first = await call(suite.server, `/api/generate?key=${suite.key}&schema=orders&seed=5`);
      const second = await call(
        suite.server,
        `/api/generate?key=${suite.key}&schema=${encodeURIComponent('orders copy')}&seed=5`,
      );
      assert.equal(first.status, 200, first.text);
      assert.equal(second.text, first.text);
    });

    test("an export of a schema saved in Rowloom's shape round-trips too", async () => {
      await call(
        suite.server,
        path('people2'),
        send('PUT', { fields: FIELDS, count: 7, format: 'sql', options: { table: 'people', create_table: true } }),
      );
      const exported = await call(suite.server, path('people2', '/export'));
      assert.equal(exported.json.table_name, 'people');
      assert.equal(exported.json.include_create_table, true);
      assert.deepEqual((exported.json.columns as Record<string, unknown>[])[1], {
        name: 'name',
        type: 'Full Name',
        null_percentage: 10,
        formula: null,
      });
      assert.equal((await call(suite.server, path('people3'), send('PUT', exported.text))).status, 200);
      const back = await call(suite.server, path('people3'));
      assert.deepEqual(
        [back.json.format, back.json.options, back.json.count],
        ['sql', { table: 'people', create_table: true }, 7],
      );
      const a = await call(suite.server, `/api/generate?key=${suite.key}&schema=people2&seed=9`);
      const b = await call(suite.server, `/api/generate?key=${suite.key}&schema=people3&seed=9`);
      assert.match(a.text, /^create table people/);
      assert.equal(b.text, a.text);
      assert.equal((await call(suite.server, path('nothing here', '/export'))).status, 404);
      // A schema called "x/export" is itself at that path; "x/export/export" exports it.
      await call(suite.server, `/api/schemas/odd/export?key=${suite.key}`, send('PUT', { fields: FIELDS, count: 2 }));
      assert.equal((await call(suite.server, `/api/schemas/odd/export?key=${suite.key}`)).json.name, 'odd/export');
      assert.equal((await call(suite.server, `/api/schemas/odd/export/export?key=${suite.key}`)).json.num_rows, 2);
    });

    test("generate?schema= takes the saved settings as defaults; the request's own win", async () => {
      await call(
        suite.server,
        path('tabbed'),
        send('PUT', {
          fields: [{ name: 'id', type: 'Row Number' }],
          count: 3,
          format: 'csv',
          options: { include_header: false, line_ending: 'windows' },
        }),
      );
      const plain = await call(suite.server, `/api/generate?key=${suite.key}&schema=tabbed`);
      assert.equal(plain.status, 200, plain.text);
      assert.match(plain.headers.get('content-type') ?? '', /text\/csv/);
      assert.equal(plain.text, '1\r\n2\r\n3\r\n');
      const header = await call(
        suite.server,
        `/api/generate?key=${suite.key}&schema=tabbed&header=true&line_ending=unix`,
      );
      assert.equal(header.text, 'id\n1\n2\n3\n');
      const json = await call(suite.server, `/api/generate.json?key=${suite.key}&schema=tabbed`);
      assert.deepEqual(JSON.parse(json.text), [{ id: 1 }, { id: 2 }, { id: 3 }], 'an extension picks the format');
      const withBody = await call(
        suite.server,
        `/api/generate?key=${suite.key}&schema=tabbed&count=2`,
        send('POST', [{ name: 'n', type: 'Row Number' }]),
      );
      assert.equal(withBody.text, '1\r\n2\r\n', 'fields in the body still take the saved settings');
    });

    test('projects count schemas, datasets and scenarios; deleting one leaves them in no project', async () => {
      const key = suite.key;
      assert.equal((await call(suite.server, `/api/projects?key=${key}`, send('POST', { name: 'Temp' }))).status, 200);
      await call(suite.server, path('in temp'), send('PUT', { fields: FIELDS, project: 'Temp' }));
      await call(
        suite.server,
        `/api/scenarios/temp-curve?key=${key}&project=Temp`,
        send('PUT', {
          points: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
        }),
      );
      const upload = await fetch(`${suite.server.url}/api/datasets/temp-data?key=${key}&project=Temp`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: 'a\n1\n',
      });
      assert.equal(upload.status, 200);
      const count = async () =>
        (
          (await call(suite.server, `/api/projects?key=${key}`)).json.projects as {
            name: string;
            datasets: number;
            schemas: number;
            scenarios: number;
          }[]
        ).find((p) => p.name === 'Temp');
      const counted = await count();
      assert.deepEqual([counted?.datasets, counted?.schemas, counted?.scenarios], [1, 1, 1]);
      const moved = await call(suite.server, path('in temp'), send('PUT', { fields: FIELDS, project: null }));
      assert.equal(moved.json.project, null, 'null takes it out of its project');
      await call(suite.server, path('in temp'), send('PUT', { fields: FIELDS, project: 'Temp' }));

      assert.equal((await call(suite.server, `/api/projects/Temp?key=${key}`, { method: 'DELETE' })).status, 200);
      assert.equal(await count(), undefined);
      assert.equal((await call(suite.server, path('in temp'))).json.project, null);
      assert.equal((await call(suite.server, `/api/scenarios/temp-curve?key=${key}`)).json.project, null);
      const datasets = (await call(suite.server, `/api/datasets?key=${key}`)).json.datasets as {
        name: string;
        project: string | null;
      }[];
      assert.equal(datasets.find((d) => d.name === 'temp-data')?.project, null);
      assert.equal((await call(suite.server, `/api/projects/Temp?key=${key}`, { method: 'DELETE' })).status, 404);
      const other = await suite.server.userKey();
      await call(suite.server, `/api/projects?key=${key}`, send('POST', { name: 'Mine' }));
      assert.equal(
        (await call(suite.server, `/api/projects/Mine?key=${other}`, { method: 'DELETE' })).status,
        404,
        'another user cannot delete it',
      );
    });
  });
}
