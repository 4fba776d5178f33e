import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePeer } from './mock-peers.js';

const PEER = { package: '@example/mock-cli', version: '2.1.0', command: 'mock-cli' };

function cache(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rowloom-peers-'));
  const packageDir = join(dir, 'node_modules', '@example', 'mock-cli');
  mkdirSync(packageDir, { recursive: true });
  writeFileSync(join(packageDir, 'package.json'), JSON.stringify({ version, bin: { 'mock-cli': './bin/run.js' } }));
  return dir;
}

test('a peer installed at its pinned version is used as it is', async () => {
  const dir = cache('2.1.0');
  try {
    assert.deepEqual(await ensurePeer(PEER, dir), {
      script: join(dir, 'node_modules', '@example', 'mock-cli', 'bin', 'run.js'),
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a peer that cannot be installed is skipped with the reason', async () => {
  // Another version is there, so it is installed; without npm on the PATH that fails.
  const dir = cache('2.0.0');
  const path = process.env.PATH;
  process.env.PATH = '';
  try {
    const result = await ensurePeer(PEER, dir);
    assert.ok('skipped' in result);
    assert.match(result.skipped, /npm install @example\/mock-cli@2\.1\.0 failed \(exit null\):\n {2}spawn npm ENOENT/);
  } finally {
    process.env.PATH = path;
    rmSync(dir, { recursive: true, force: true });
  }
});
