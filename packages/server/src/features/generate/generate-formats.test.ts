/**
 * The newer formats (jsonl, firebase, cql, dbunit, xlsx) through the API, read back by real
 * readers: generate and its aliases, their options and the 400s that name them, saved schemas
 * that choose them, the OpenAPI description, and background jobs (sharded, or made in one piece
 * for xlsx) whose file equals one generate call.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import * as XLSX from 'xlsx';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite } from '../../testing/server-fixture.js';
import { call, post, waitFor } from '../../testing/downloads-helpers.js';
import type { DownloadStatus } from '../../jobs/job-contract.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'name', type: 'Full Name' },
  { name: 'price', type: 'Number', min: 1, max: 500, decimals: 2, percentBlank: 20 },
  { name: 'active', type: 'Boolean' },
  { name: 'quote', type: 'Custom List', values: ["it's", '=1+1', 'a\nb', '<&>'] },
];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sheetOf(bytes: Buffer): { names: string[]; rows: unknown[][] } {
  const book = XLSX.read(bytes, { type: 'buffer' });
  return {
    names: book.SheetNames,
    rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true }),
  };
}

describe('the newer formats through the API', { skip: await skipUnlessAvailable('sqlite') }, () => {
  const suite = serverForSuite('sqlite', { downloads: { shardRows: 300 } });
  const generate = (path: string, body: unknown = FIELDS) =>
    call(suite.server, `${path}${path.includes('?') ? '&' : '?'}key=${suite.key}`, post(body));

  test('jsonl: one object per line, each parsed with JSON.parse; .ndjson is the same', async () => {
    const answer = await generate('/api/generate.jsonl?count=25&seed=f');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers.get('content-type'), 'application/x-ndjson; charset=utf-8');
    const rows = answer.text
      .split('\n')
      .slice(0, -1)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(rows.length, 25);
    assert.deepEqual(
      rows.map((r) => r.id),
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    assert.equal(typeof rows.find((r) => r.price !== null)!.price, 'number');
    assert.ok((await generate('/api/generate.ndjson?count=25&seed=f')).bytes.equals(answer.bytes));
    const json = JSON.parse((await generate('/api/generate.json?count=25&seed=f')).text) as unknown[];
    assert.deepEqual(rows, json, 'the same rows as json');
  });

  test('firebase: an object keyed by push ids (or row numbers), values the rows; reproducible with the seed', async () => {
    const answer = await generate('/api/generate.firebase?count=10&seed=f');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
    const object = JSON.parse(answer.text) as Record<string, unknown>;
    const keys = Object.keys(object);
    assert.equal(keys.length, 10);
    for (const key of keys) assert.match(key, /^[-0-9A-Z_a-z]{20}$/);
    assert.deepEqual([...keys].sort(), keys);
    assert.deepEqual(Object.values(object), JSON.parse((await generate('/api/generate.json?count=10&seed=f')).text));
    assert.ok((await generate('/api/generate.firebase?count=10&seed=f')).bytes.equals(answer.bytes));
    const numbered = JSON.parse(
      (await generate('/api/generate.firebase?count=3&seed=f&firebase_key=row_number')).text,
    ) as Record<string, unknown>;
    assert.deepEqual(Object.keys(numbered), ['1', '2', '3']);
  });

  test('cql: INSERTs with typed literals that SQLite runs; table and keyspace', async () => {
    const answer = await generate('/api/generate.cql?count=30&seed=f&table=people&keyspace=shop');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.match(answer.text, /^INSERT INTO shop\.people \(id, name, price, active, quote\) VALUES \(1, '/);
    const db = new Database(':memory:');
    db.exec("attach ':memory:' as shop; create table shop.people (id, name, price, active, quote)");
    db.exec(answer.text);
    const rows = db.prepare('select * from shop.people order by id').all() as Record<string, unknown>[];
    const json = JSON.parse((await generate('/api/generate.json?count=30&seed=f')).text) as Record<string, unknown>[];
    assert.deepEqual(
      rows,
      json.map((r) => ({ ...r, active: r.active === true ? 1 : 0 })),
    );
  });

  test('dbunit (also .dbunit.xml): flat XML a real parser reads; nulls are absent attributes; table names the elements', async () => {
    for (const path of ['/api/generate.dbunit', '/api/generate.dbunit.xml']) {
      const answer = await generate(`${path}?count=20&seed=f&table=PEOPLE`);
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.headers.get('content-type'), 'application/xml; charset=utf-8');
      assert.equal(XMLValidator.validate(answer.text), true);
      const parsed = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        parseAttributeValue: false,
        trimValues: false,
        htmlEntities: true,
        isArray: (name) => name === 'PEOPLE',
      }).parse(answer.text) as { dataset: { PEOPLE: Record<string, string>[] } };
      const json = JSON.parse((await generate('/api/generate.json?count=20&seed=f')).text) as Record<string, unknown>[];
      assert.deepEqual(
        parsed.dataset.PEOPLE,
        json.map((r) =>
          Object.fromEntries(
            Object.entries(r)
              .filter(([, v]) => v !== null)
              .map(([k, v]) => [k, String(v)]),
          ),
        ),
      );
    }
  });

  test('xlsx (also .excel): a workbook a spreadsheet reader opens, typed cells, named sheet; same seed, same bytes', async () => {
    const answer = await generate('/api/generate.xlsx?count=40&seed=f&sheet_name=People');
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers.get('content-type'), XLSX_TYPE);
    const { names, rows } = sheetOf(answer.bytes);
    assert.deepEqual(names, ['People']);
    assert.deepEqual(rows[0], ['id', 'name', 'price', 'active', 'quote']);
    const json = JSON.parse((await generate('/api/generate.json?count=40&seed=f')).text) as Record<string, unknown>[];
    assert.deepEqual(
      rows.slice(1).map((r) => Array.from({ length: 5 }, (_, i) => r[i] ?? null)),
      json.map((r) => Object.values(r)),
    );
    assert.ok((await generate('/api/generate.excel?count=40&seed=f&sheet_name=People')).bytes.equals(answer.bytes));
    // Large enough for the generation threads (not only this thread's first slice): the same file.
    const big = await generate('/api/generate.xlsx?count=20000&seed=big');
    assert.equal(sheetOf(big.bytes).rows.length, 20001);
    assert.ok((await generate('/api/generate.xlsx?count=20000&seed=big')).bytes.equals(big.bytes));
  });

  test('bad options are 400s naming the parameter; an Excel sheet past its rows is a 400 naming count', async () => {
    const cases: [string, RegExp][] = [
      ['/api/generate.cql?table=my-table', /^parameter "table" must be 1 to 48 letters, digits or underscores/],
      ['/api/generate.cql?keyspace=a.b', /^parameter "keyspace" must be 1 to 48 letters/],
      ['/api/generate.xlsx?sheet_name=a/b', /^parameter "sheet_name" must not contain/],
      [
        '/api/generate.xlsx?sheet_name=' + 'x'.repeat(32),
        /^parameter "sheet_name" is 32 characters long; Excel allows at most 31/,
      ],
      [
        '/api/generate.firebase?firebase_key=uuid',
        /^parameter "firebase_key" must be push_id or row_number, got "uuid"/,
      ],
      [
        '/api/generate.xlsx?count=1048576',
        /^parameter "count" 1048576 is more than the 1048575 rows an Excel worksheet holds below its header row/,
      ],
      ['/api/downloads.xlsx?count=2000000', /^parameter "count" 2000000 is more than the 1048575 rows/],
      [
        '/api/downloads?format=parquet',
        /^parameter "format" must be one of json, csv, txt, custom, sql, xml, jsonl, firebase, cql, dbunit, xlsx/,
      ],
    ];
    for (const [path, message] of cases) {
      const answer = await generate(path);
      assert.equal(answer.status, 400, `${path}: ${answer.text}`);
      assert.match(String(answer.json.error), message, path);
    }
    assert.equal(
      (await generate('/api/generate.xlsx?count=1048576&include_header=false')).status,
      200,
      'without a header the last row fits',
    );
  });

  test("a saved schema can choose a newer format, by the established product's name too (file_format excel)", async () => {
    const save = await call(suite.server, `/api/schemas/sheet?key=${suite.key}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ columns: FIELDS, num_rows: 5, file_format: 'excel', sheet_name: 'Saved' }),
    });
    assert.equal(save.status, 200, save.text);
    const answer = await call(suite.server, `/api/generate?schema=sheet&key=${suite.key}&seed=s`, { method: 'POST' });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.headers.get('content-type'), XLSX_TYPE);
    assert.deepEqual(sheetOf(answer.bytes).names, ['Saved']);
    const exported = await call(suite.server, `/api/schemas/sheet/export?key=${suite.key}`);
    assert.equal(exported.json.file_format, 'xlsx');
    assert.equal(exported.json.sheet_name, 'Saved');
    const bad = await call(suite.server, `/api/schemas/bad?key=${suite.key}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: FIELDS, format: 'cql', options: { keyspace: 'no good' } }),
    });
    assert.equal(bad.status, 400);
    assert.match(String(bad.json.error), /^options\.keyspace must be 1 to 48 letters/);
  });

  test("the OpenAPI document lists the formats' media types and options", async () => {
    const document = (await call(suite.server, '/api/openapi.json')).json as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string }[]; responses: Record<string, { content?: Record<string, unknown> }> }
        >
      >;
    };
    const operation = document.paths['/api/generate.{format}'].post;
    const types = Object.keys(operation.responses['200'].content!);
    for (const type of ['application/x-ndjson', 'text/plain', 'application/xml', XLSX_TYPE])
      assert.ok(types.includes(type), type);
    const parameters = operation.parameters!.map((p) => p.name);
    for (const name of ['keyspace', 'sheet_name', 'firebase_key', 'table']) assert.ok(parameters.includes(name), name);
  });

  test('background jobs: sharded files (jsonl, firebase, cql, dbunit) and the one-piece xlsx equal one generate call', async () => {
    for (const [path, query] of [
      ['.jsonl', ''],
      ['.firebase', ''],
      ['.cql', '&keyspace=ks'],
      ['.dbunit', '&table=T'],
      ['.xlsx', '&sheet_name=Rows'],
      ['', '&format=excel'],
    ]) {
      const started = await generate(`/api/downloads${path}?count=1000&seed=jobs${query}`);
      assert.equal(started.status, 202, started.text);
      const id = (started.json as unknown as DownloadStatus).id;
      const done = await waitFor(suite.server, suite.key, id, ['done', 'failed']);
      assert.equal(done.status, 'done', JSON.stringify(done));
      assert.equal(done.recordsGenerated, 1000);
      const file = await call(suite.server, `/api/downloads/${id}/file?key=${suite.key}`);
      const reference = await generate(
        `/api/generate${path || '.xlsx'}?count=1000&seed=jobs${query.replace('&format=excel', '')}`,
      );
      assert.ok(
        file.bytes.equals(reference.bytes),
        `${path || 'format=excel'}: the job's file differs from generate's output`,
      );
      assert.equal(file.headers.get('content-type'), reference.headers.get('content-type'));
      const extension = {
        '.jsonl': 'jsonl',
        '.firebase': 'json',
        '.cql': 'cql',
        '.dbunit': 'xml',
        '.xlsx': 'xlsx',
        '': 'xlsx',
      }[path];
      assert.match(file.headers.get('content-disposition') ?? '', new RegExp(`\\.${extension}"$`));
    }
  });
});
