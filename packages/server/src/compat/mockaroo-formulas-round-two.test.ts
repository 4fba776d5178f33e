/**
 * The formula idioms of the second round of real Mockaroo inputs, through the API (a real server
 * on loopback) and the command line (bin/rowloom.js): locals on several lines, blocks, a JSON
 * Array read as a list of hashes, mongo_object_id, field('X') naming no field (nil, with a
 * warning in the X-Rowloom-Warning header and on stderr), h['k'] = v stores, &:name and %w[].
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import { newTestDatabase, startTestServer, type TestServer } from '../testing/server-fixture.js';

const BIN = fileURLToPath(new URL('../../bin/rowloom.js', import.meta.url));

const FIELDS = [
  { name: 'stage', type: 'Custom List', values: ['lead'] },
  { name: 'R', type: 'JSON Array', minItems: 1, maxItems: 4 },
  { name: 'R.price', type: 'Number', min: 1, max: 50, decimals: 0 },
  { name: 'size', type: 'Formula', value: "a = random(1, 10)\nif a > 5 then 'big' else 'small' end" },
  { name: 'total', type: 'Formula', value: "R.map { |x| x['price'] }.sum" },
  { name: 'count', type: 'Formula', value: "field('R').length" },
  { name: 'dear', type: 'Formula', value: "R.select do |x|\n  x['price'] > 25\nend.length" },
  { name: 'oid', type: 'Formula', value: "mongo_object_id('5f1d7a')" },
  { name: 'missing', type: 'Formula', value: "field('Stage').nil? ? 'nil' : 'set'" },
  {
    name: 'summary',
    type: 'Formula',
    value: "h = {}\nh['n'] = R.length\nh['sum'] = 0\nR.each { |x| h['sum'] += x['price'] }\nh",
  },
  {
    name: 'tags',
    type: 'Formula',
    value: "%w[Red Blue].map(&:downcase).each_with_index.map { |(t), i| t + i.to_s }.join(' ')",
  },
];

interface Row {
  R: { price: number }[];
  size: string;
  total: number;
  count: number;
  dear: number;
  oid: unknown;
  missing: string;
  summary: { n: number; sum: number };
  tags: string;
}

function checkRows(rows: Row[]): void {
  assert.ok(rows.length > 0);
  for (const row of rows) {
    const prices = row.R.map((item) => item.price);
    assert.ok(['big', 'small'].includes(row.size), row.size);
    assert.equal(
      row.total,
      prices.reduce((a, b) => a + b, 0),
    );
    assert.equal(row.count, prices.length);
    assert.equal(row.dear, prices.filter((p) => p > 25).length);
    assert.deepEqual(row.oid, { $oid: '5f1d7a' });
    assert.equal(row.missing, 'nil');
    assert.deepEqual(row.summary, { n: prices.length, sum: row.total });
    assert.equal(row.tags, 'red0 blue1');
  }
}

const WARNING =
  /field "missing", parameter "value": field\('Stage'\) names no field of this schema, so it reads as nil; did you mean 'stage'\?/;

describe('Mockaroo formula idioms, round two, over HTTP', () => {
  let server: TestServer;
  let key = '';
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'));
    key = await server.userKey();
  });
  after(() => server.close());

  test('JSON: every idiom computes; the warning names the field and the missing name', async () => {
    const response = await fetch(`${server.url}/api/generate.json?key=${key}&count=20&seed=7`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(FIELDS),
    });
    assert.equal(response.status, 200);
    checkRows((await response.json()) as Row[]);
    assert.match(decodeURIComponent(response.headers.get('x-rowloom-warning') ?? ''), WARNING);
  });

  test('CSV: the same values as text; no warning when every field() names a field', async () => {
    const fields = FIELDS.filter((f) => f.name !== 'missing');
    const json = (await (
      await fetch(`${server.url}/api/generate.json?key=${key}&count=5&seed=3`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fields),
      })
    ).json()) as Row[];
    const response = await fetch(`${server.url}/api/generate.csv?key=${key}&count=5&seed=3`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-rowloom-warning'), null);
    const csv = parseCsv(await response.text(), { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      csv.map((r) => [r.size, r.total, r.count]),
      json.map((r) => [r.size, String(r.total), String(r.count)]),
    );
  });

  test('values and shapes: enum case, numbers in a Custom List, {"$oid"} in JSON; a saved schema keeps the catalogue\'s spelling', async () => {
    const fields = [
      { name: 'day', type: 'Custom List', values: ['5', '007'], selectionStyle: 'Sequential' },
      { name: 'oid', type: 'Document-DB ObjectID' },
    ];
    const response = await fetch(`${server.url}/api/generate.json?key=${key}&count=2&seed=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    assert.equal(response.status, 200);
    const rows = (await response.json()) as { day: unknown; oid: { $oid: string } }[];
    assert.deepEqual(
      rows.map((r) => r.day),
      [5, '007'],
    );
    for (const row of rows) assert.match(row.oid.$oid, /^[0-9a-f]{24}$/);
    const bad = await fetch(`${server.url}/api/generate.json?key=${key}&count=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ name: 'x', type: 'Custom List', values: ['a'], selectionStyle: 'Randomly' }]),
    });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: string }).error, /selectionStyle.*"random", "sequential"/);
    const saved = await fetch(`${server.url}/api/schemas/Days?key=${key}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    assert.equal(saved.status, 200, await saved.text());
    const back = (await (await fetch(`${server.url}/api/schemas/Days?key=${key}`)).json()) as {
      fields: { selectionStyle?: string }[];
    };
    assert.equal(back.fields[0]!.selectionStyle, 'sequential');
  });

  test('a formula meeting a value it cannot work on: rows with nil, and the warning names the method, the value, the place and the row', async () => {
    const fields = [
      { name: 'qty', type: 'Number', min: 4, max: 4, decimals: 0 },
      { name: 'shout', type: 'Formula', value: 'qty.upcase' },
    ];
    const response = await fetch(`${server.url}/api/generate.json?key=${key}&count=3&seed=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), [
      { qty: 4, shout: null },
      { qty: 4, shout: null },
      { qty: 4, shout: null },
    ]);
    assert.match(
      decodeURIComponent(response.headers.get('x-rowloom-warning') ?? ''),
      /field "shout", parameter "value": 'upcase' does not apply to a number \(4\) at 1:5 in row 1; the formula gave nil there/,
    );
  });

  test('the worst a storing formula can do is bounded: a hash of 90,000 keys gives nil with a warning, and other requests are answered meanwhile', async () => {
    const fields = [
      {
        name: 'huge',
        type: 'Formula',
        value: 'h = {}\n(1..9000).each { |i| (1..10).each { |j| h[i * 10 + j] = "v#{i}" } }\nh',
      },
    ];
    const heavy = fetch(`${server.url}/api/generate.json?key=${key}&count=5&seed=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    const types = await fetch(`${server.url}/api/types?key=${key}`);
    assert.equal(types.status, 200);
    const response = await heavy;
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), [
      { huge: null },
      { huge: null },
      { huge: null },
      { huge: null },
      { huge: null },
    ]);
    assert.match(
      decodeURIComponent(response.headers.get('x-rowloom-warning') ?? ''),
      /field "huge".*text budget was spent in row 1/,
    );
  });

  test('a formula with a real mistake is still a 400 naming the field and the place', async () => {
    const response = await fetch(`${server.url}/api/generate.json?key=${key}&count=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ name: 'f', type: 'Formula', value: 'a = 1\na +' }]),
    });
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { error: string }).error, /f.*at 2:4/);
  });
});

describe('Mockaroo formula idioms, round two, from the command line', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rowloom-round-two-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('rowloom generate computes every idiom and prints the warning on stderr', async () => {
    const schema = join(dir, 'schema.json');
    await writeFile(schema, JSON.stringify(FIELDS));
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [BIN, 'generate', schema, '-n', '15', '-f', 'json', '-s', '4'],
      { maxBuffer: 1 << 24 },
    );
    checkRows(JSON.parse(stdout) as Row[]);
    assert.match(stderr, /rowloom: warning: /);
    assert.match(stderr, WARNING);
  });

  test('values and shapes through the command line: enum case, Custom List numbers, {"$oid"}, a Date with a time of day', async () => {
    const schema = join(dir, 'values.json');
    await writeFile(
      schema,
      JSON.stringify([
        { name: 'day', type: 'Custom List', values: ['5', '007'], selectionStyle: 'Sequential' },
        { name: 'oid', type: 'Document-DB ObjectID' },
        { name: 'at', type: 'Date', min: '6/1/2021', max: '6/1/2021', format: '%F %T' },
      ]),
    );
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [BIN, 'generate', schema, '-n', '40', '-f', 'json', '-s', '2'],
      { maxBuffer: 1 << 24 },
    );
    const rows = JSON.parse(stdout) as { day: unknown; oid: { $oid: string }; at: string }[];
    assert.deepEqual(
      rows.slice(0, 2).map((r) => r.day),
      [5, '007'],
    );
    for (const row of rows) {
      assert.match(row.oid.$oid, /^[0-9a-f]{24}$/);
      assert.match(row.at, /^2021-06-01 \d\d:\d\d:\d\d$/);
    }
    assert.ok(new Set(rows.map((r) => r.at)).size > 30, 'times of day vary');
  });
});
