import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const BIN = fileURLToPath(new URL('./main.js', import.meta.url));

function rowloom(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('rowloom command line: schema exports', () => {
  let dir = '';
  let exported = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rowloom-shapes-'));
    exported = join(dir, 'users.json');
    writeFileSync(
      exported,
      JSON.stringify({
        id: 1,
        name: 'users',
        num_rows: 4,
        file_format: 'csv',
        include_header: false,
        array: false,
        columns: [
          { name: 'id', null_percentage: 0, type: 'Row Number', formula: null },
          { name: 'nick', null_percentage: 100, type: 'First Name', formula: '' },
        ],
      }),
    );
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('an export gives the count, the format and the header setting; null_percentage counts', () => {
    const run = rowloom(['generate', exported, '--seed', '1']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(parse(run.stdout), [['1', ''], ['2', ''], ['3', ''], ['4', '']]);
  });

  test('options on the command line win over the export\'s', () => {
    const run = rowloom(['generate', exported, '--seed', '1', '--format', 'json', '-n', '2']);
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), [{ id: 1, nick: null }, { id: 2, nick: null }]);
  });

  test('a bad num_rows is a usage error naming it', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ num_rows: -1, columns: [{ name: 'id', type: 'Row Number' }] }));
    const run = rowloom(['generate', bad]);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /num_rows/);
  });
});
