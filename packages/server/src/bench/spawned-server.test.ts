import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnServer, stopServer } from './spawned-server.js';
import { processCpuMs } from './process-cpu.js';

function script(source: string): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'rowloom-spawned-'));
  const file = join(dir, 'server.mjs');
  writeFileSync(file, source);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

test('a spawned server is timed until its port answers, and stops on SIGTERM', async () => {
  // Listens 300 ms after it starts, on the port it is given.
  const server = script(
    `import { createServer } from 'node:http';
     setTimeout(() => createServer((q, s) => s.end('ok')).listen(Number(process.argv[2]), '127.0.0.1'), 300);`,
  );
  try {
    const port = await freePort();
    const spawned = await spawnServer(server.file, [String(port)], `http://127.0.0.1:${port}`, '/');
    assert.ok(spawned.startupMs >= 300, `start-up ${spawned.startupMs} ms`);
    assert.equal(await (await fetch(`${spawned.url}/`)).text(), 'ok');
    assert.ok((processCpuMs(spawned.child.pid!) ?? 0) >= 0);
    await stopServer(spawned.child);
    assert.equal(spawned.child.signalCode, 'SIGTERM');
    assert.equal(processCpuMs(spawned.child.pid!), null);
  } finally {
    server.remove();
  }
});

test('a server that exits before it answers is reported with its stderr', async () => {
  const failing = script(`process.stderr.write('no such file: db.json\\n'); process.exit(3);`);
  try {
    const port = await freePort();
    await assert.rejects(
      spawnServer(failing.file, [], `http://127.0.0.1:${port}`, '/'),
      /exited \(code 3\); its stderr: no such file: db\.json/,
    );
  } finally {
    failing.remove();
  }
});

test("this process's CPU time grows with work", () => {
  // Busy until 50 ms of CPU time show (at most 10 s of a busy machine's wall time).
  const before = processCpuMs(process.pid)!;
  const until = Date.now() + 10_000;
  while (processCpuMs(process.pid)! - before < 50 && Date.now() < until);
  assert.ok(processCpuMs(process.pid)! - before >= 50);
});
