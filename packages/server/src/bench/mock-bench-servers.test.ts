import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAnswer, fileMock, sharedServer } from './mock-bench-servers.js';

const STANDARD = fileURLToPath(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core')));

test("the shared server and `rowloom mock serve` answer the same 10 rows on bench:mocks's routes", async () => {
  const schemaText = readFileSync(STANDARD, 'utf8');
  const shared = sharedServer(JSON.parse(schemaText));
  const started = await shared.start();
  let rows: unknown[];
  try {
    assert.ok(started.startupMs > 0 && started.pid > 0);
    await shared.prepare!(started);
    rows = shared.rows();
    assert.equal(rows.length, 10);
    for (const route of shared.routes) await checkAnswer(`${started.url}${route.path}`, route, rows);
  } finally {
    await started.stop();
  }

  const dir = mkdtempSync(join(tmpdir(), 'rowloom-mock-bench-test-'));
  try {
    const file = fileMock(dir, rows, schemaText);
    const serving = await file.start();
    try {
      for (const route of file.routes) await checkAnswer(`${serving.url}${route.path}`, route, rows);
      // The check can fail: other rows are refused.
      const literal = file.routes.find((route) => route.answer === 'rows')!;
      await assert.rejects(
        checkAnswer(`${serving.url}${literal.path}`, literal, [...rows].reverse()),
        /did not answer the same 10 rows/,
      );
    } finally {
      await serving.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
