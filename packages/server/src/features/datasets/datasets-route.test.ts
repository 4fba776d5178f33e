import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';

async function call(server: TestServer, path: string, init: RequestInit = {}) {
  const response = await fetch(server.url + path, init);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: () => JSON.parse(text) as Record<string, unknown>,
  };
}

const upload = (body: string, contentType = 'text/csv'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': contentType },
  body,
});
const generateWith = (fields: unknown[]): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(fields),
});

/** id, name, city: the name and city of a row belong to its id. */
const PEOPLE = [
  ['1', 'Ann Lee', 'Lisbon'],
  ['2', 'Bob, Jr.', 'Oslo'],
  ['3', 'Cy "C" Ray', ''],
  ['4', 'Di', 'Osaka'],
  ['5', 'Ed', 'Quito'],
];
const PEOPLE_CSV =
  'id,name,city\r\n' +
  PEOPLE.map((row) => row.map((v) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',')).join('\r\n') +
  '\r\n';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`datasets and projects (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    let key = '';
    let other = '';
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect), { bodyLimitBytes: 64 * 1024 });
      key = await server.userKey('unlimited');
      other = await server.userKey('unlimited');
      const stored = await call(server, `/api/datasets/people?key=${key}&filename=people.csv`, upload(PEOPLE_CSV));
      assert.equal(stored.status, 200, stored.text);
    });
    after(() => server.close());

    const datasetPath = (name: string) => `/api/datasets/${encodeURIComponent(name)}`;
    const namesOf = async (userKey: string) =>
      ((await call(server, `/api/datasets?key=${userKey}`)).json().datasets as { name: string }[]).map((d) => d.name);

    test('a CSV upload answers 200 with its rows and columns; GET lists it and shows its first 10 rows as objects', async () => {
      const rows = Array.from({ length: 15 }, (_, i) => `${i},v${i}`);
      const response = await call(
        server,
        `/api/datasets/numbers?key=${key}&filename=Numbers.CSV`,
        upload(`n,label\n${rows.join('\n')}\n`, 'text/csv; charset=utf-8'),
      );
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.json(), { success: true, name: 'numbers', rows: 15, columns: ['n', 'label'] });

      const list = (await call(server, `/api/datasets?key=${key}`)).json().datasets as Record<string, unknown>[];
      const listed = list.find((d) => d.name === 'numbers')!;
      assert.deepEqual(
        { ...listed, updated_at: typeof listed.updated_at },
        {
          name: 'numbers',
          rows: 15,
          columns: ['n', 'label'],
          project: null,
          filename: 'Numbers.CSV',
          updated_at: 'string',
        },
      );

      const one = (await call(server, `/api/datasets/numbers?key=${key}`)).json();
      assert.equal(one.rows, 15);
      assert.deepEqual(one.columns, ['n', 'label']);
      assert.deepEqual(
        one.preview,
        Array.from({ length: 10 }, (_, i) => ({ n: String(i), label: `v${i}` })),
      );

      const people = (await call(server, `/api/datasets/people?key=${key}`)).json();
      assert.deepEqual(
        people.preview,
        PEOPLE.map(([id, name, city]) => ({ id, name, city })),
        'quoted commas, quotes and empty cells survive',
      );
    });

    test('tab-separated text: a .txt filename, or a first line with tabs and no commas', async () => {
      const tsv = 'code\tlabel\nA1\tone, two\nB2\t"three"\n';
      const asTxt = await call(server, `/api/datasets/codes?key=${key}&filename=codes.txt`, upload(tsv, 'text/plain'));
      assert.equal(asTxt.status, 200, asTxt.text);
      assert.deepEqual(asTxt.json().columns, ['code', 'label']);
      const preview = (await call(server, `/api/datasets/codes?key=${key}`)).json().preview;
      assert.deepEqual(preview, [
        { code: 'A1', label: 'one, two' },
        { code: 'B2', label: 'three' },
      ]);

      const sniffed = await call(
        server,
        `/api/datasets/codes2?key=${key}`,
        upload('code\tlabel\nC3\tfour\n', 'text/plain'),
      );
      assert.deepEqual(sniffed.json().columns, ['code', 'label']);
      // A .txt table with commas and no tabs is read as CSV.
      const commaTxt = await call(
        server,
        `/api/datasets/codes3?key=${key}&filename=x.txt`,
        upload('a,b\n1,2\n', 'text/plain'),
      );
      assert.deepEqual(commaTxt.json().columns, ['a', 'b']);
    });

    test('names with spaces and slashes: encoded or sent raw as extra path segments, they are one name', async () => {
      const name = 'my data/2024 q1';
      // As the Python client sends it: quote() keeps the slash.
      const raw = await call(server, `/api/datasets/my%20data/2024%20q1?client=python&key=${key}`, upload('x\n1\n'));
      assert.equal(raw.status, 200, raw.text);
      assert.equal(raw.json().name, name);
      const viaEncoded = await call(server, `${datasetPath(name)}?key=${key}`);
      assert.equal(viaEncoded.status, 200);
      assert.equal(viaEncoded.json().name, name);
      assert.ok((await namesOf(key)).includes(name));
      const generated = await call(
        server,
        `/api/generate.json?key=${key}`,
        generateWith([{ name: 'x', type: 'Dataset Column', dataset: name, column: 'x' }]),
      );
      assert.deepEqual(generated.json(), { x: '1' });
      const deleted = await call(server, `${datasetPath(name)}?key=${key}`, { method: 'DELETE' });
      assert.deepEqual(deleted.json(), { success: true });
      assert.ok(!(await namesOf(key)).includes(name));
    });

    test('a rejected upload changes nothing: the old version still generates', async () => {
      const before = (await call(server, `/api/datasets/people?key=${key}`)).text;
      const attempts: [string, RequestInit, number, RegExp][] = [
        ['filename=people.xlsx', upload('id\n9\n'), 400, /"filename" must end in \.csv or \.txt/],
        ['', upload('id\n9\n', 'application/json'), 415, /text\/csv or text\/plain/],
        // A byte body: fetch then sends no Content-Type at all.
        ['', { method: 'POST', body: new TextEncoder().encode('id\n9\n') }, 415, /text\/csv or text\/plain, got none/],
        ['project=Nowhere', upload('id\n9\n'), 404, /no project named "Nowhere"/],
        ['', upload('id,name\n9,"unclosed\n'), 400, /not valid CSV/],
        ['', upload('id,name,city\n9,Zed,Rome\n10,Yan\n'), 400, /line 3 has 2 values but the header row has 3 columns/],
        ['', upload('id,name,id\n1,2,3\n'), 400, /"id" appears twice/],
        ['', upload('id,,city\n1,2,3\n'), 400, /column 2 of the header row has no name/],
        ['', upload(''), 400, /body is empty/],
        ['', upload('  \n'), 400, /body is empty/],
        ['', upload('id,name,city\n'), 400, /no data rows/],
      ];
      for (const [query, init, status, message] of attempts) {
        const response = await call(server, `/api/datasets/people?key=${key}&${query}`, init);
        assert.equal(response.status, status, `${query} ${String(init.body)}: ${response.text}`);
        assert.match(String(response.json().error), message);
      }
      assert.equal((await call(server, `/api/datasets/people?key=${key}`)).text, before);
      const rows = (
        await call(
          server,
          `/api/generate.json?key=${key}&count=20`,
          generateWith([{ name: 'id', type: 'Dataset Column', dataset: 'people', column: 'id' }]),
        )
      ).json() as unknown as { id: string }[];
      assert.ok(rows.every((r) => PEOPLE.some((p) => p[0] === r.id)));
    });

    test('an upload larger than the body limit is a 413 JSON error and changes nothing', async () => {
      const before = (await call(server, `/api/datasets/people?key=${key}`)).text;
      const big = 'id\n' + '1234567890\n'.repeat(10_000);
      const response = await call(server, `/api/datasets/people?key=${key}`, upload(big));
      assert.equal(response.status, 413);
      assert.equal(typeof response.json().error, 'string');
      assert.equal((await call(server, `/api/datasets/people?key=${key}`)).text, before);
    });

    test('a replaced dataset is read in its new version', async () => {
      await call(server, `/api/datasets/colors?key=${key}`, upload('color\nred\n'));
      assert.deepEqual(
        (
          await call(
            server,
            `/api/generate.json?key=${key}`,
            generateWith([{ name: 'c', type: 'My List (deprecated)', list: 'colors' }]),
          )
        ).json(),
        { c: 'red' },
      );
      const replaced = await call(server, `/api/datasets/colors?key=${key}`, upload('color,hex\nblue,#00f\n'));
      assert.deepEqual(replaced.json(), { success: true, name: 'colors', rows: 1, columns: ['color', 'hex'] });
      assert.deepEqual(
        (
          await call(
            server,
            `/api/generate.json?key=${key}`,
            generateWith([{ name: 'c', type: 'My List (deprecated)', list: 'colors' }]),
          )
        ).json(),
        { c: 'blue' },
      );
    });

    test('delete: 200 {"success": true}, then 404; fields reading it then fail naming it', async () => {
      await call(server, `/api/datasets/gone?key=${key}`, upload('a\n1\n'));
      const deleted = await call(server, `/api/datasets/gone?key=${key}`, { method: 'DELETE' });
      assert.equal(deleted.status, 200);
      assert.deepEqual(deleted.json(), { success: true });
      const again = await call(server, `/api/datasets/gone?key=${key}`, { method: 'DELETE' });
      assert.equal(again.status, 404);
      assert.match(String(again.json().error), /no dataset named "gone"/);
      assert.equal((await call(server, `/api/datasets/gone?key=${key}`)).status, 404);
      const use = await call(
        server,
        `/api/generate.json?key=${key}`,
        generateWith([{ name: 'a', type: 'Dataset Column', dataset: 'gone', column: 'a' }]),
      );
      assert.equal(use.status, 400);
      assert.match(String(use.json().error), /no dataset named "gone"/);
    });

    test('projects: create (body or ?name=), list, 409 on a duplicate, datasets uploaded into one', async () => {
      const created = await call(server, `/api/projects?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Sales Team' }),
      });
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json().name, 'Sales Team');
      assert.equal((await call(server, `/api/projects?key=${key}&name=Ops`, { method: 'POST' })).status, 200);
      const duplicate = await call(server, `/api/projects?key=${key}&name=Ops`, { method: 'POST' });
      assert.equal(duplicate.status, 409);
      assert.match(String(duplicate.json().error), /already exists/);
      const nameless = await call(server, `/api/projects?key=${key}`, { method: 'POST' });
      assert.equal(nameless.status, 400);
      assert.match(String(nameless.json().error), /needs a name/);

      const into = await call(
        server,
        `/api/datasets/regions?key=${key}&project=${encodeURIComponent('Sales Team')}&filename=regions.csv`,
        upload('region\nNorth\n'),
      );
      assert.equal(into.status, 200, into.text);
      // Replacing without ?project keeps the project.
      await call(server, `/api/datasets/regions?key=${key}`, upload('region\nSouth\n'));
      const listed = (
        (await call(server, `/api/datasets?key=${key}`)).json().datasets as {
          name: string;
          project: string | null;
          filename: string | null;
        }[]
      ).find((d) => d.name === 'regions')!;
      assert.equal(listed.project, 'Sales Team');
      assert.equal(listed.filename, null);
      const projects = (await call(server, `/api/projects?key=${key}`)).json().projects as {
        name: string;
        datasets: number;
      }[];
      assert.deepEqual(
        projects.map((p) => [p.name, p.datasets]),
        [
          ['Ops', 0],
          ['Sales Team', 1],
        ],
      );
    });

    test("one user cannot see, use, replace or delete another's dataset or use their project", async () => {
      assert.ok(!(await namesOf(other)).includes('people'));
      assert.equal((await call(server, `/api/datasets/people?key=${other}`)).status, 404);
      assert.equal((await call(server, `/api/datasets/people?key=${other}`, { method: 'DELETE' })).status, 404);
      const use = await call(
        server,
        `/api/generate.json?key=${other}`,
        generateWith([{ name: 'n', type: 'Dataset Column', dataset: 'people', column: 'name' }]),
      );
      assert.equal(use.status, 400);
      assert.match(String(use.json().error), /no dataset named "people"/);
      const saveSchema = await call(server, `/api/schemas/mine?key=${other}`, {
        method: 'POST',
        body: JSON.stringify([{ name: 'n', type: 'Dataset Column', dataset: 'people', column: 'name' }]),
      });
      assert.equal(saveSchema.status, 400);
      assert.equal((await call(server, `/api/datasets/x?key=${other}&project=Ops`, upload('a\n1\n'))).status, 404);
      assert.deepEqual((await call(server, `/api/projects?key=${other}`)).json().projects, []);
      // The other user's own dataset of the same name is separate.
      await call(server, `/api/datasets/people?key=${other}`, upload('id,name,city\n99,Zoe,Rome\n'));
      assert.deepEqual(
        (
          await call(
            server,
            `/api/generate.json?key=${other}`,
            generateWith([{ name: 'n', type: 'Dataset Column', dataset: 'people', column: 'name' }]),
          )
        ).json(),
        { n: 'Zoe' },
      );
      assert.equal((await call(server, `/api/datasets/people?key=${key}`)).json().rows, PEOPLE.length);
    });

    test('every dataset and project endpoint needs a valid key', async () => {
      for (const [url, init] of [
        ['/api/datasets', {}],
        ['/api/datasets/people', {}],
        ['/api/datasets/people', upload('a\n1\n')],
        ['/api/datasets/people', { method: 'DELETE' }],
        ['/api/projects', {}],
        ['/api/projects?name=x', { method: 'POST' }],
      ] as const) {
        const response = await call(server, `${url}${url.includes('?') ? '&' : '?'}key=wrong`, init);
        assert.equal(response.status, 401, url);
        assert.deepEqual(response.json(), { error: 'Invalid API Key', code: 'unauthorized' });
      }
    });

    describe('generate with Dataset Column fields', () => {
      test('columns of one dataset come from the same uploaded row (random)', async () => {
        const response = await call(
          server,
          `/api/generate.csv?key=${key}&count=300`,
          generateWith([
            { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name' },
            { name: 'n', type: 'Row Number' },
            { name: 'city', type: 'Dataset Column', dataset: 'people', column: 'city' },
            { name: 'id', type: 'Dataset Column', dataset: 'people', column: 'id', selectionStyle: 'random' },
          ]),
        );
        assert.equal(response.status, 200, response.text);
        const rows = parse(response.text, { columns: true }) as Record<string, string>[];
        assert.equal(rows.length, 300);
        const ids = new Set<string>();
        for (const row of rows) {
          const source = PEOPLE.find((p) => p[0] === row.id);
          assert.ok(source, `id ${row.id} comes from the dataset`);
          assert.deepEqual([row.id, row.name, row.city], source);
          ids.add(row.id);
        }
        // 300 draws from 5 rows: one never drawn has probability about 5 * 0.8^300.
        assert.equal(ids.size, PEOPLE.length);
      });

      test("a formula's from_dataset joins on an uploaded dataset; an unknown one is a 400 naming it", async () => {
        const response = await call(
          server,
          `/api/generate.json?key=${key}&count=6`,
          generateWith([
            { name: 'person_id', type: 'Sequence', start: 1 },
            { name: 'city', type: 'Formula', value: "from_dataset('people', 'city', id: person_id)" },
          ]),
        );
        assert.equal(response.status, 200, response.text);
        const expected = [...PEOPLE.map((p) => p[2]), null];
        assert.deepEqual(
          (JSON.parse(response.text) as { city: string | null }[]).map((r) => r.city),
          expected,
        );
        const missing = await call(
          server,
          `/api/generate.json?key=${key}`,
          generateWith([{ name: 'c', type: 'Formula', value: "from_dataset('peeple', 'city', id: 1)" }]),
        );
        assert.equal(missing.status, 400);
        assert.match(String(missing.json().error), /unknown dataset 'peeple'; did you mean 'people'\?/);
      });

      test('sequential walks the uploaded rows in order, also on worker threads', async () => {
        const fields = [
          { name: 'id', type: 'Dataset Column', dataset: 'people', column: 'id', selectionStyle: 'sequential' },
          { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name', selectionStyle: 'sequential' },
        ];
        const small = (
          await call(server, `/api/generate.json?key=${key}&count=7`, generateWith(fields))
        ).json() as unknown as Record<string, string>[];
        assert.deepEqual(
          small.map((r) => r.id),
          ['1', '2', '3', '4', '5', '1', '2'],
        );
        // Large enough to run on worker threads: the datasets travel to them.
        const count = 120_000;
        const big = await call(
          server,
          `/api/generate.csv?key=${key}&count=${count}&header=false`,
          generateWith(fields),
        );
        assert.equal(big.status, 200);
        const lines = parse(big.text) as string[][];
        assert.equal(lines.length, count);
        lines.forEach((line, i) => assert.deepEqual(line, PEOPLE[i % 5].slice(0, 2)));
      });

      test('cartesian enumerates the product of the datasets, fields of one dataset sharing one loop', async () => {
        await call(server, `/api/datasets/sizes?key=${key}`, upload('size\nS\nL\n'));
        const rows = (
          await call(
            server,
            `/api/generate.json?key=${key}&count=10`,
            generateWith([
              { name: 'size', type: 'Dataset Column', dataset: 'sizes', column: 'size', selectionStyle: 'cartesian' },
              { name: 'id', type: 'Dataset Column', dataset: 'people', column: 'id', selectionStyle: 'cartesian' },
              { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name', selectionStyle: 'cartesian' },
            ]),
          )
        ).json() as unknown as Record<string, string>[];
        const expected = ['S', 'L'].flatMap((size) => PEOPLE.map((p) => `${size}|${p[0]}|${p[1]}`));
        assert.deepEqual(
          rows.map((r) => `${r.size}|${r.id}|${r.name}`),
          expected,
        );
      });

      test('a missing dataset or column is a 400 naming both and what exists', async () => {
        const response = await call(
          server,
          `/api/generate.json?key=${key}`,
          generateWith([
            { name: 'a', type: 'Dataset Column', dataset: 'peeple', column: 'name' },
            { name: 'b', type: 'Dataset Column', dataset: 'people', column: 'town' },
          ]),
        );
        assert.equal(response.status, 400);
        const details = response.json().details as { field: string; param: string; message: string }[];
        assert.equal(details.length, 2);
        const a = details.find((d) => d.field === 'a')!;
        assert.equal(a.param, 'dataset');
        assert.match(a.message, /no dataset named "peeple" \(to read column "name" from\); did you mean "people"\?/);
        assert.match(a.message, /"numbers"/, 'lists the datasets the user has');
        const b = details.find((d) => d.field === 'b')!;
        assert.equal(b.param, 'column');
        assert.match(b.message, /dataset "people" has no column "town"; its columns are "id", "name", "city"/);
      });

      test('a saved schema reads the dataset at generate time', async () => {
        const saved = await call(server, `/api/schemas/who?key=${key}`, {
          method: 'PUT',
          body: JSON.stringify({
            fields: [
              { name: 'name', type: 'Dataset Column', dataset: 'people', column: 'name', selectionStyle: 'sequential' },
            ],
            count: 2,
          }),
        });
        assert.equal(saved.status, 200, saved.text);
        const rows = (await call(server, `/api/generate.json?key=${key}&schema=who`)).json() as unknown as Record<
          string,
          string
        >[];
        assert.deepEqual(
          rows.map((r) => r.name),
          [PEOPLE[0][1], PEOPLE[1][1]],
        );
      });
    });
  });
}
