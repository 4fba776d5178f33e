/**
 * Locals, compound assignment and blocks through the API (a real server on loopback) and the
 * command line (bin/rowloom.js): Mockaroo's examples and the Enumerable methods Ruby users
 * write, and a range too large to walk refused with a message naming the field.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { newTestDatabase, startTestServer, type TestServer } from '../testing/server-fixture.js';

const BIN = fileURLToPath(new URL('../../bin/rowloom.js', import.meta.url));

const FIELDS = [
  { name: 'words', type: 'Custom List', values: ['pear fig banana'] },
  { name: 'n', type: 'Number', min: 1, max: 6, decimals: 0 },
  { name: 'first', type: 'Formula', value: "x = words.split(' ')\nx.first" },
  { name: 'shortest', type: 'Formula', value: "words.split(' ').min_by { |w| w.length }" },
  { name: 'sorted', type: 'Formula', value: "words.split(' ').sort_by do |w|\n  -w.length\nend.join(',')" },
  { name: 'total', type: 'Formula', value: 'total = 0\n(1..n).each { |i| total += i }\ntotal' },
  { name: 'product', type: 'Formula', value: '(1..n).inject(:*)' },
  { name: 'squares', type: 'Formula', value: 'n.times.map { |i| i * i }' },
  {
    name: 'indexed',
    type: 'Formula',
    value: "words.split(' ').each_with_index.map { |w, i| \"#{i}:#{w}\" }.join(' ')",
  },
  { name: 'odd', type: 'Formula', value: '{ a: 1, b: 2, c: 3 }.select { |k, v| v.odd? }.keys.join' },
];

interface Row {
  n: number;
  first: string;
  shortest: string;
  sorted: string;
  total: number;
  product: number;
  squares: number[];
  indexed: string;
  odd: string;
}

function checkRows(rows: Row[]): void {
  assert.ok(rows.length > 0);
  const seen = new Set<number>();
  for (const row of rows) {
    const upTo = Array.from({ length: row.n }, (_, i) => i + 1);
    seen.add(row.n);
    assert.deepEqual(
      [row.first, row.shortest, row.sorted, row.total, row.product, row.squares, row.indexed, row.odd],
      [
        'pear',
        'fig',
        'banana,pear,fig',
        upTo.reduce((a, b) => a + b),
        upTo.reduce((a, b) => a * b),
        upTo.map((i) => (i - 1) ** 2),
        '0:pear 1:fig 2:banana',
        'ac',
      ],
      JSON.stringify(row),
    );
  }
  assert.ok(seen.size > 1, 'n varies, so the locals are recomputed in every row');
}

const TOO_BIG = [{ name: 'huge', type: 'Formula', value: '(1..1000000000).map { |x| x }' }];
const TOO_BIG_MESSAGE =
  /huge.*the range 1\.\.1000000000 has 1,000,000,000 items; a formula walks at most 10,000 items at 1:2/;

describe('formula locals and blocks over HTTP', () => {
  let server: TestServer;
  let key = '';
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'));
    key = await server.userKey();
  });
  after(() => server.close());

  const post = (path: string, fields: unknown) =>
    fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });

  test('POST /api/generate.json computes every formula for every row', async () => {
    const response = await post('/api/generate.json?count=30&seed=5', FIELDS);
    assert.equal(response.status, 200);
    checkRows((await response.json()) as Row[]);
  });

  test('a range too large to walk is a 400 naming the field and the place, before any row', async () => {
    const response = await post('/api/generate.json?count=1', TOO_BIG);
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { error: string }).error, TOO_BIG_MESSAGE);
  });
});

describe('formula locals and blocks from the command line', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rowloom-blocks-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('rowloom generate computes every formula', async () => {
    const schema = join(dir, 'schema.json');
    await writeFile(schema, JSON.stringify(FIELDS));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [BIN, 'generate', schema, '-n', '25', '-f', 'json', '-s', '9'],
      { maxBuffer: 1 << 24 },
    );
    checkRows(JSON.parse(stdout) as Row[]);
  });

  test('rowloom generate refuses a range too large to walk, naming the field, with a failing exit code', async () => {
    const schema = join(dir, 'huge.json');
    await writeFile(schema, JSON.stringify(TOO_BIG));
    const failed = await promisify(execFile)(process.execPath, [BIN, 'generate', schema, '-n', '1', '-f', 'json']).then(
      () => null,
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    assert.ok(failed, 'the command fails');
    assert.notEqual(failed.code, 0);
    assert.equal(failed.stdout, '');
    assert.match(failed.stderr, TOO_BIG_MESSAGE);
  });
});
