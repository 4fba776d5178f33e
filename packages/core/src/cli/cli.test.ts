import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const BIN = fileURLToPath(new URL('./main.js', import.meta.url));

function rowloom(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('rowloom command line', () => {
  let dir = '';
  let schema = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-cli-'));
    schema = join(dir, 'schema.json');
    writeFileSync(
      schema,
      JSON.stringify([
        { name: 'id', type: 'Row Number' },
        { name: 'name', type: 'Full Name' },
        { name: 'n', type: 'Number', min: 1, max: 5, decimals: 0 },
      ]),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('generates CSV to stdout, reproducibly with --seed', () => {
    const first = rowloom(['generate', schema, '--count', '25', '--format', 'csv', '--seed', '42']);
    assert.equal(first.status, 0, first.stderr);
    const rows = parse(first.stdout, { columns: true }) as Record<string, string>[];
    assert.equal(rows.length, 25);
    assert.deepEqual(Object.keys(rows[0]), ['id', 'name', 'n']);
    assert.equal(rows[24].id, '25');
    assert.equal(rowloom(['generate', schema, '-n', '25', '-f', 'csv', '-s', '42']).stdout, first.stdout);
    assert.equal(first.stderr, '', 'a given seed is not echoed');
  });

  test('without --seed, reports the seed drawn on stderr, and that seed reproduces the output', () => {
    const run = rowloom(['generate', schema, '-n', '5']);
    const seed = /seed (\d+)/.exec(run.stderr)?.[1];
    assert.ok(seed, run.stderr);
    assert.equal(rowloom(['generate', schema, '-n', '5', '--seed', seed!]).stdout, run.stdout);
  });

  test('--out writes the file, format from its extension; {fields, count} files give the count', () => {
    const wrapped = join(dir, 'wrapped.json');
    writeFileSync(wrapped, JSON.stringify({ fields: [{ name: 'x', type: 'Row Number' }], count: 3 }));
    const out = join(dir, 'out.json');
    const run = rowloom(['generate', wrapped, '--out', out, '--quiet']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), [{ x: 1 }, { x: 2 }, { x: 3 }]);
  });

  test('reads the schema from stdin with -', () => {
    const run = rowloom(
      ['generate', '-', '-n', '1', '--seed', '1'],
      JSON.stringify([{ name: 'x', type: 'Row Number' }]),
    );
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { x: 1 });
  });

  test("--now sets formulas' now(); a seed without it uses the fixed 2025-01-01 reference; a bad --now is reported", () => {
    const clock = JSON.stringify([{ name: 't', type: 'Formula', value: 'now() + 1' }]);
    const given = rowloom(['generate', '-', '-n', '1', '--now', '2024-02-29T12:00:00Z'], clock);
    assert.equal(given.status, 0, given.stderr);
    assert.deepEqual(JSON.parse(given.stdout), { t: '2024-02-29T12:00:01+00:00' });
    assert.deepEqual(JSON.parse(rowloom(['generate', '-', '-n', '1', '--seed', '7'], clock).stdout), {
      t: '2025-01-01T00:00:01+00:00',
    });
    const bad = rowloom(['generate', '-', '-n', '1', '--now', 'soon'], clock);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /parameter "now": "soon" is not a time/);
  });

  test('bad schema: exit 1, every problem listed, no output file created', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify([
        { name: 'a', type: 'Frist Name' },
        { name: 'b', type: 'Number', min: 9, max: 1 },
      ]),
    );
    const out = join(dir, 'never.csv');
    const run = rowloom(['generate', bad, '--out', out]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /2 problems/);
    assert.match(run.stderr, /field "a", parameter "type": unknown type "Frist Name"; did you mean "First Name"\?/);
    assert.match(run.stderr, /field "b", parameter "max"/);
    assert.ok(!existsSync(out));
    assert.doesNotMatch(run.stderr, /at .*\.js:\d+/, 'no stack trace');
  });

  test('usage errors exit 2 with a clear message', () => {
    for (const [args, pattern] of [
      [['generate', schema, '--count', 'many'], /--count must be a whole number/],
      [['generate', schema, '--format', 'yaml'], /--format must be one of json, csv/],
      [['generate'], /name the schema file/],
      [['generate', join(dir, 'missing.json')], /no such file/],
      [['generate', schema, '--bogus'], /Unknown option '--bogus'/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [['generate', schema, '--public-url', 'ftp://x'], /--public-url must be an http or https address/],
    ] as const) {
      const run = rowloom([...args]);
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, pattern);
    }
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, '[{"name": ');
    assert.match(rowloom(['generate', notJson]).stderr, /is not valid JSON/);
  });

  test("a new user's mistakes: one line saying what to do, and the documented exit status", () => {
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `[{"name": "a", "type": "Custom List", "values": ${'['.repeat(5000)}${']'.repeat(5000)}}]`);
    for (const [args, status, pattern] of [
      [['generate', schema, '--count', '-1'], 2, /^rowloom: --count must be a whole number of 0 or more, got "-1"\n$/],
      [['generate', schema, '-n', '-1'], 2, /^rowloom: --count must be a whole number of 0 or more, got "-1"\n$/],
      [
        ['generate', schema, '--out', join(dir, 'x.yaml')],
        2,
        /^rowloom: --out .*x\.yaml: "\.yaml" is not an output format; .*--format\n$/,
      ],
      [
        ['generate', schema, '--out', join(dir, 'no', 'such', 'x.csv')],
        3,
        /^rowloom: cannot write .*x\.csv: no such directory; choose a path in an existing, writable directory\n$/,
      ],
      [['types', '--bogus'], 2, /^rowloom: Unknown option '--bogus'; see rowloom --help\n$/],
      [['generate', deep], 2, /^rowloom: .*deep\.json nests more than 100 levels deep; flatten it\n$/],
    ] as const) {
      const run = rowloom([...args]);
      assert.equal(run.status, status, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, pattern, args.join(' '));
    }
    assert.ok(!existsSync(join(dir, 'x.yaml')), 'nothing written');
    const dashSeed = rowloom(['generate', schema, '-n', '3', '--seed', '-7', '--format', 'csv']);
    assert.equal(dashSeed.status, 0, 'a value starting with - is still a value');
    assert.equal(dashSeed.stdout, rowloom(['generate', schema, '-n', '3', '--seed=-7', '--format', 'csv']).stdout);
    assert.equal(rowloom(['generate', schema, '-n', '3', '--out', join(dir, 'plain')]).status, 0, 'no extension: json');
    assert.doesNotThrow(() => JSON.parse(readFileSync(join(dir, 'plain'), 'utf8')));
  });

  test('--neutralize-formulas prefixes text a spreadsheet would evaluate; off by default', () => {
    const formulas = join(dir, 'formulas.json');
    writeFileSync(
      formulas,
      JSON.stringify([
        { name: 'f', type: 'Custom List', values: ['=1+1'] },
        { name: 'n', type: 'Number', min: -9, max: -1, decimals: 0 },
      ]),
    );
    const guarded = parse(
      rowloom(['generate', formulas, '-n', '3', '-f', 'csv', '--neutralize-formulas', '--quiet']).stdout,
      { columns: true },
    ) as { f: string; n: string }[];
    assert.deepEqual(
      guarded.map((row) => row.f),
      ["'=1+1", "'=1+1", "'=1+1"],
    );
    assert.ok(
      guarded.every((row) => /^-\d$/.test(row.n)),
      'negative numbers stay numbers',
    );
    const plain = parse(rowloom(['generate', formulas, '-n', '1', '-f', 'csv', '--quiet']).stdout, {
      columns: true,
    }) as { f: string }[];
    assert.equal(plain[0].f, '=1+1');
  });

  test('--public-url sets where image URLs point', () => {
    const images = join(dir, 'images.json');
    writeFileSync(
      images,
      JSON.stringify([
        { name: 'avatar', type: 'Avatar' },
        { name: 'dummy', type: 'Dummy Image URL' },
      ]),
    );
    const run = rowloom([
      'generate',
      images,
      '-n',
      '3',
      '-f',
      'json',
      '-s',
      '1',
      '--public-url',
      'https://data.example.com/',
    ]);
    assert.equal(run.status, 0, run.stderr);
    for (const row of JSON.parse(run.stdout) as { avatar: string; dummy: string }[]) {
      assert.match(row.avatar, /^https:\/\/data\.example\.com\/images\/avatar\//);
      assert.match(row.dummy, /^https:\/\/data\.example\.com\/images\/dummy\/\d+x\d+\./);
    }
    assert.match(
      JSON.parse(rowloom(['generate', images, '-n', '1', '-f', 'json', '-s', '1']).stdout).avatar,
      /^http:\/\/localhost:3000\/images\/avatar\//,
    );
  });

  test('format options reach the writer', () => {
    const run = rowloom([
      'generate',
      schema,
      '-n',
      '2',
      '-f',
      'custom',
      '--delimiter',
      '|',
      '--no-header',
      '--line-ending',
      'windows',
      '-s',
      '1',
    ]);
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.split('\r\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0], /^1\|[^|]+\|\d$/);
    const sql = rowloom(['generate', schema, '-n', '1', '-f', 'sql', '--table', 'people', '-s', '1']);
    assert.match(sql.stdout, /^insert into people \(id, name, n\) values \(1, '[^']+', \d\);/);
  });

  test('the newer formats: --format and --out extensions (aliases too), their options, and their limits as usage errors', async () => {
    const lines = rowloom(['generate', schema, '-n', '3', '-f', 'ndjson', '-s', '1']);
    assert.equal(lines.status, 0, lines.stderr);
    assert.deepEqual(
      lines.stdout
        .split('\n')
        .slice(0, -1)
        .map((l) => (JSON.parse(l) as { id: number }).id),
      [1, 2, 3],
    );
    const cql = rowloom([
      'generate',
      schema,
      '-n',
      '2',
      '-f',
      'cql',
      '--keyspace',
      'shop',
      '--table',
      'people',
      '-s',
      '1',
    ]);
    assert.match(cql.stdout, /^INSERT INTO shop\.people \(id, name, n\) VALUES \(1, '[^']+', \d\);\nINSERT INTO/);
    const firebase = rowloom([
      'generate',
      schema,
      '-n',
      '2',
      '-f',
      'firebase',
      '--firebase-key',
      'row_number',
      '-s',
      '1',
    ]);
    assert.deepEqual(Object.keys(JSON.parse(firebase.stdout) as object), ['1', '2']);
    const dbunit = rowloom(['generate', schema, '-n', '1', '-f', 'dbunit', '--table', 'PEOPLE', '-s', '1']);
    assert.match(dbunit.stdout, /<dataset>\n {2}<PEOPLE id="1" name="[^"]+" n="\d"\/>\n<\/dataset>\n$/);
    const book = join(dir, 'people.xlsx');
    const excel = rowloom(['generate', schema, '-n', '5', '-o', book, '--sheet-name', 'People', '-s', '1', '--quiet']);
    assert.equal(excel.status, 0, excel.stderr);
    const XLSX = await import('xlsx');
    const read = XLSX.read(readFileSync(book), { type: 'buffer' });
    assert.deepEqual(read.SheetNames, ['People']);
    assert.deepEqual(
      XLSX.utils.sheet_to_json<unknown[]>(read.Sheets.People, { header: 1 }).map((r) => r[0]),
      ['id', 1, 2, 3, 4, 5],
    );
    for (const [args, pattern] of [
      [
        ['-f', 'excel', '-n', '1048576'],
        /^rowloom: --count 1048576 is more than the 1048575 rows an Excel worksheet holds below its header row/,
      ],
      [['-f', 'xlsx', '--sheet-name', 'a/b'], /^rowloom: --sheet-name must not contain/],
      [['-f', 'cql', '--keyspace', 'no good'], /^rowloom: --keyspace must be 1 to 48 letters/],
      [['-f', 'firebase', '--firebase-key', 'uuid'], /^rowloom: --firebase-key must be push_id or row_number/],
    ] as const) {
      const run = rowloom(['generate', schema, ...args]);
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, pattern);
      assert.equal(run.stdout, '', 'nothing written');
    }
  });

  test('--help explains the commands and every option; types lists the catalogue', () => {
    const help = rowloom(['--help']);
    assert.equal(help.status, 0);
    for (const option of [
      '--count',
      '--format',
      '--seed',
      '--out',
      '--workers',
      '--array',
      '--no-nulls',
      '--no-header',
      '--bom',
      '--line-ending',
      '--delimiter',
      '--quote-char',
      '--table',
      '--create-table',
      '--root-element',
      '--record-element',
    ]) {
      assert.ok(help.stdout.includes(option), option);
    }
    const types = rowloom(['types', '--json']);
    const catalogue = JSON.parse(types.stdout) as { name: string }[];
    assert.ok(catalogue.some((t) => t.name === 'Email Address'));
  });
});
