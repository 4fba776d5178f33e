import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { generate } from './generate.js';
import { generationUuid, resolveSeed } from './seed.js';
import { referenceTime } from './reference-time.js';
import { workerScript, type WorkerEntry } from './worker-scripts.js';
import type { RangeResult, RangeTask, WorkerSetup } from './generate-worker.js';
import { createWriter } from '../writers/index.js';
import { streamText } from '../testing/stream-text.js';
import { STANDARD_SCHEMA_PATH } from '../bench/paths.js';

const ENTRIES: WorkerEntry[] = ['generate-worker', 'pool-worker', 'worker-startup-split'];

/** The bytes of rows [0, count) from one thread started on the generate-worker bundle. */
async function rowsFromBundle(setup: WorkerSetup, count: number): Promise<string> {
  const worker = new Worker(workerScript('generate-worker'), { workerData: setup });
  try {
    const reply = await new Promise<RangeResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      const task: RangeTask = { id: 0, start: 0, end: count };
      worker.postMessage(task);
    });
    return Buffer.from(reply.memory, 0, reply.length).toString('utf8');
  } finally {
    await worker.terminate();
  }
}

describe('worker bundles', () => {
  test('every bundle exists, with its source map', () => {
    for (const entry of ENTRIES) {
      const script = workerScript(entry);
      assert.ok(statSync(script).size > 0, entry);
      const map = JSON.parse(readFileSync(new URL(`${script.href}.map`), 'utf8')) as { sources: string[] };
      assert.ok(map.sources.some((source) => source.endsWith('.ts')), `${entry}: the map points at the TypeScript sources`);
    }
  });

  test('no bundle is older than a compiled module it contains (run `npm run build` after tsc)', () => {
    for (const entry of ENTRIES) {
      const script = workerScript(entry);
      const built = statSync(script).mtimeMs;
      const { sources } = JSON.parse(readFileSync(new URL(`${script.href}.map`), 'utf8')) as { sources: string[] };
      for (const source of sources) {
        // ../../src/x/y.ts (relative to dist/bundles/) was compiled to dist/x/y.js.
        const compiled = fileURLToPath(new URL(source.replace(/^\.\.\/\.\.\/src\//, '../').replace(/\.ts$/, '.js'), script));
        assert.ok(statSync(compiled).mtimeMs <= built, `${entry} is older than ${compiled}: run \`npm run build\``);
      }
    }
  });

  for (const format of ['csv', 'json'] as const) {
    test(`${format}: a thread on the generate-worker bundle writes the same rows as this thread`, async () => {
      const fields: unknown[] = JSON.parse(readFileSync(STANDARD_SCHEMA_PATH, 'utf8'));
      const count = 3000;
      const serial = generate({ fields, count, seed: 42, writer: { format }, workers: 1 });
      const expected = await streamText(serial.stream);
      const { key } = resolveSeed(42);
      const setup: WorkerSetup = { fields, seedKey: key, writer: { format, count }, rowCount: count, startedAtMs: referenceTime(undefined, 42), generationUuid: generationUuid(key) };
      const writer = createWriter(serial.plan.shape, { format, count });
      const rows = await rowsFromBundle(setup, count);
      assert.ok(rows.length > count * 10);
      assert.equal(writer.begin() + rows + writer.end(), expected);
    });
  }
});
