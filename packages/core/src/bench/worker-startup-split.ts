/**
 * Worker thread entry (worker-startup.ts starts it): the steps engine/generate-worker.ts takes
 * before its first row, one by one with a clock between them, so the start-up figure can be
 * split into import, compile and first row. It imports the same modules the engine's worker
 * does, dynamically so the import itself is timed; times are ms since the parent's
 * `new Worker()` (process.hrtime is one clock for every thread). It runs bundled like the real
 * worker (dist/bundles/worker-startup-split.cjs, with its code cache), so reading and compiling
 * the one file falls in `running_ms` and `import_ms` is the modules' own top-level code. No
 * top-level await: the bundle is CommonJS (scripts/bundle-workers.mjs).
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { StartupSplit } from './run-result.js';

const { spawnedAt, schemaPath, format } = workerData as {
  spawnedAt: string;
  schemaPath: string;
  format: 'csv' | 'json';
};
const since = () => Number(process.hrtime.bigint() - BigInt(spawnedAt)) / 1e6;

async function steps(): Promise<StartupSplit> {
  const running = since();
  const [{ compileSchema }, { createWriter }, { ByteBatcher, rowBatches }, { RowEngine }] = await Promise.all([
    import('../schema/compile.js'),
    import('../writers/index.js'),
    import('../engine/batches.js'),
    import('../engine/row-engine.js'),
  ]);
  const imported = since();
  const fields: unknown[] = JSON.parse(readFileSync(schemaPath, 'utf8'));
  const plan = compileSchema(fields, {
    startedAtMs: 0,
    generationUuid: '00000000-0000-4000-8000-000000000000',
    rowCount: 1,
  });
  const engine = new RowEngine(plan, 42);
  const writer = createWriter(plan.shape, { format, count: 1 });
  const compiled = since();
  const batcher = new ByteBatcher();
  const parts = [...rowBatches(engine, writer, 0, 1, batcher)];
  batcher.seal();
  parts.push(...batcher.drain());
  const firstRow = since();
  const split: StartupSplit = {
    running_ms: running,
    import_ms: imported - running,
    compile_ms: compiled - imported,
    first_row_ms: firstRow - compiled,
    row_bytes: parts.reduce((sum, part) => sum + part.length, 0),
  };
  return split;
}

void steps().then((split) => parentPort!.postMessage(split));
