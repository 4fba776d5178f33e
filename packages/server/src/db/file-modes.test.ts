/**
 * What the server writes holds users' data: the SQLite file (and its WAL), a data directory it
 * makes, and download files are readable by their owner only, whatever the umask; a database
 * file made by an earlier version is narrowed when it is opened.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DirectoryStore } from '../jobs/store/fs-store.js';
import { openStore } from './open-database.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('files the server writes are readable by their owner only', () => {
  let scratch = '';
  let umask = 0;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'rowloom-modes-'));
    // The usual umask: without our modes, files would be 0644 and directories 0755.
    umask = process.umask(0o022);
  });
  after(() => {
    process.umask(umask);
    rmSync(scratch, { recursive: true, force: true });
  });

  test('a new data directory is 0700; the SQLite file and its WAL are 0600', async () => {
    const dataDir = join(scratch, 'fresh', 'data');
    const store = await openStore({ databaseUrl: null, sqliteFile: join(dataDir, 'rowloom.sqlite') });
    try {
      await store.db.insertInto('settings').values({ name: 'probe', value: 'x' }).execute();
      assert.equal(mode(dataDir), 0o700);
      const files = readdirSync(dataDir);
      assert.ok(files.includes('rowloom.sqlite-wal'), `the WAL exists: ${files.join(', ')}`);
      for (const file of files) assert.equal(mode(join(dataDir, file)), 0o600, file);
    } finally {
      await store.close();
    }
  });

  test('a database file made world-readable before is narrowed when it is opened', async () => {
    const dataDir = join(scratch, 'older');
    const first = await openStore({ databaseUrl: null, sqliteFile: join(dataDir, 'rowloom.sqlite') });
    await first.close();
    chmodSync(join(dataDir, 'rowloom.sqlite'), 0o644);
    const again = await openStore({ databaseUrl: null, sqliteFile: join(dataDir, 'rowloom.sqlite') });
    await again.close();
    assert.equal(mode(join(dataDir, 'rowloom.sqlite')), 0o600);
  });

  test('download parts and files, and their directories, are owner-only', async () => {
    const root = join(scratch, 'downloads');
    const store = new DirectoryStore(root);
    await store.putPart('job-m', 0, Buffer.from('a'));
    assert.equal(mode(join(root, 'job-m')), 0o700);
    await store.assemble('job-m', 1, Buffer.from('['), Buffer.from(']'));
    writeFileSync(join(scratch, 'probe'), 'x');
    assert.equal(mode(join(scratch, 'probe')), 0o644, 'the umask alone would give 0644');
    const entries = readdirSync(join(root, 'job-m'), { recursive: true, withFileTypes: true });
    assert.ok(entries.some((entry) => entry.isFile()));
    for (const entry of entries)
      assert.equal(mode(join(entry.parentPath, entry.name)), entry.isDirectory() ? 0o700 : 0o600, entry.name);
  });
});
