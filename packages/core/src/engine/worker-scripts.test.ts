import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
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

/** The code a thread runs: the bundle beside `entry`'s entry point (see scripts/run-bundle.cjs). */
const bundleOf = (entry: WorkerEntry) => new URL(`${entry}.bundle.cjs`, workerScript(entry));

interface RunBundleModule {
  runBundle: (dir: string, name: string) => string;
  compileBundle: (dir: string, name: string) => { status: string };
  codeCacheFile: (bundle: Buffer, data: Buffer) => Buffer;
  wrapCommonJs: (source: string) => string;
}

/** dist/bundles/run-bundle.cjs, the loader every thread starts through (a copy of scripts/run-bundle.cjs). */
const runBundleModule = (dir: string) => createRequire(import.meta.url)(join(dir, 'run-bundle.cjs')) as RunBundleModule;

/** The standard schema's setup for `count` rows, as generate() hands it to its workers. */
function standardSetup(format: 'csv' | 'json', count: number): WorkerSetup {
  const fields: unknown[] = JSON.parse(readFileSync(STANDARD_SCHEMA_PATH, 'utf8'));
  const { key } = resolveSeed(42);
  return {
    fields,
    seedKey: key,
    writer: { format, count },
    rowCount: count,
    startedAtMs: referenceTime(undefined, 42),
    generationUuid: generationUuid(key),
  };
}

/**
 * Starts a thread that runs `code` (CommonJS, with `workerData` and `parentPort` in scope) and
 * returns its messages: the generate-worker bundle's answer to a one-row task first, then what
 * `code`'s own message handler posts after it.
 */
async function probeThread(code: string, workerData: unknown): Promise<unknown[]> {
  const worker = new Worker(`const { workerData, parentPort } = require('node:worker_threads');\n${code}`, {
    eval: true,
    workerData,
  });
  try {
    return await new Promise<unknown[]>((resolve, reject) => {
      const messages: unknown[] = [];
      worker.on('message', (message) => messages.push(message) === 2 && resolve(messages));
      worker.once('error', reject);
      const task: RangeTask = { id: 0, start: 0, end: 1 };
      worker.postMessage(task);
    });
  } finally {
    await worker.terminate();
  }
}

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
      const script = bundleOf(entry);
      assert.ok(statSync(script).size > 0, entry);
      const map = JSON.parse(readFileSync(new URL(`${script.href}.map`), 'utf8')) as { sources: string[] };
      assert.ok(
        map.sources.some((source) => source.endsWith('.ts')),
        `${entry}: the map points at the TypeScript sources`,
      );
    }
  });

  test('no bundle is older than a compiled module it contains (run `npm run build` after tsc)', () => {
    for (const entry of ENTRIES) {
      const script = bundleOf(entry);
      const built = statSync(script).mtimeMs;
      const { sources } = JSON.parse(readFileSync(new URL(`${script.href}.map`), 'utf8')) as { sources: string[] };
      for (const source of sources) {
        // ../../src/x/y.ts (relative to dist/bundles/) was compiled to dist/x/y.js.
        const compiled = fileURLToPath(
          new URL(source.replace(/^\.\.\/\.\.\/src\//, '../').replace(/\.ts$/, '.js'), script),
        );
        assert.ok(statSync(compiled).mtimeMs <= built, `${entry} is older than ${compiled}: run \`npm run build\``);
      }
    }
  });

  test('a thread on the standard schema loads neither node:zlib nor node:crypto, nor the ES-module loader', async () => {
    const entry = fileURLToPath(workerScript('generate-worker'));
    const code = `require(${JSON.stringify(entry)});\nparentPort.on('message', () => parentPort.postMessage(process.moduleLoadList));`;
    const [reply, loaded] = (await probeThread(code, standardSetup('csv', 1))) as [RangeResult, string[]];
    assert.ok(reply.length > 0, 'the thread wrote its row');
    for (const name of ['NativeModule zlib', 'NativeModule crypto', 'NativeModule internal/modules/esm/translators']) {
      assert.ok(!loaded.includes(name), `${name} was loaded`);
    }
  });

  test('the lazy built-ins still work when a type needs them (hashes, PNG images)', async () => {
    const fields = [
      { name: 'sha', type: 'SHA256' },
      { name: 'png', type: 'Base64 Image URL', params: { minWidth: 16, maxWidth: 32, minHeight: 16, maxHeight: 32 } },
    ];
    const { key } = resolveSeed(42);
    const setup: WorkerSetup = {
      fields,
      seedKey: key,
      writer: { format: 'json', count: 5 },
      rowCount: 5,
      startedAtMs: referenceTime(undefined, 42),
      generationUuid: generationUuid(key),
    };
    const serial = generate({ fields, count: 5, seed: 42, writer: { format: 'json' }, workers: 1 });
    const expected = await streamText(serial.stream);
    const writer = createWriter(serial.plan.shape, { format: 'json', count: 5 });
    assert.equal(writer.begin() + (await rowsFromBundle(setup, 5)) + writer.end(), expected);
  });

  test('every bundle has a code cache made from it that this Node accepts', () => {
    for (const entry of ENTRIES) {
      const dir = fileURLToPath(new URL('.', workerScript(entry)));
      const { compileBundle } = runBundleModule(dir);
      // 'rejected' here means the test runs under V8 flags the build did not have: say so.
      assert.equal(compileBundle(dir, entry).status, 'used', `${entry} (V8 flags: ${process.execArgv.join(' ')})`);
    }
  });

  test("under --enable-source-maps a thread's stack trace names the TypeScript sources", async () => {
    const { key } = resolveSeed(42);
    const setup: WorkerSetup = {
      fields: [{ name: 'x', type: 'No Such Type' }],
      seedKey: key,
      writer: { format: 'csv', count: 1 },
      rowCount: 1,
      startedAtMs: 0,
      generationUuid: generationUuid(key),
    };
    const worker = new Worker(workerScript('generate-worker'), {
      workerData: setup,
      execArgv: ['--enable-source-maps'],
    });
    const error = await new Promise<Error>((resolve) => worker.once('error', resolve));
    assert.match(error.stack ?? '', /src\/schema\/compile\.ts:\d+/);
  });

  test('a code cache made from other bytes of the same length is not used, and the bundle as it is runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rowloom-run-bundle-'));
    try {
      const { codeCacheFile, wrapCommonJs, runBundle } = runBundleModule(
        fileURLToPath(new URL('.', workerScript('generate-worker'))),
      );
      // Two programs of the same length: V8 alone would accept one's cache for the other.
      const made = Buffer.from('globalThis.rowloomProbe = 1;');
      const edited = Buffer.from('globalThis.rowloomProbe = 2;');
      const cacheOf = (bundle: Buffer) =>
        codeCacheFile(bundle, new Script(wrapCommonJs(bundle.toString())).createCachedData());
      const probe = () => (globalThis as { rowloomProbe?: number }).rowloomProbe;
      writeFileSync(join(dir, 'probe.bundle.cjs'), edited);
      writeFileSync(join(dir, 'probe.code-cache'), cacheOf(made));
      assert.equal(runBundle(dir, 'probe'), 'stale');
      assert.equal(probe(), 2);
      writeFileSync(join(dir, 'probe.code-cache'), cacheOf(edited));
      assert.equal(runBundle(dir, 'probe'), 'used');
      assert.equal(probe(), 2);
      rmSync(join(dir, 'probe.code-cache'));
      assert.equal(runBundle(dir, 'probe'), 'missing');
      assert.equal(probe(), 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const format of ['csv', 'json'] as const) {
    test(`${format}: a thread on the generate-worker bundle writes the same rows as this thread`, async () => {
      const fields: unknown[] = JSON.parse(readFileSync(STANDARD_SCHEMA_PATH, 'utf8'));
      const count = 3000;
      const serial = generate({ fields, count, seed: 42, writer: { format }, workers: 1 });
      const expected = await streamText(serial.stream);
      const { key } = resolveSeed(42);
      const setup: WorkerSetup = {
        fields,
        seedKey: key,
        writer: { format, count },
        rowCount: count,
        startedAtMs: referenceTime(undefined, 42),
        generationUuid: generationUuid(key),
      };
      const writer = createWriter(serial.plan.shape, { format, count });
      const rows = await rowsFromBundle(setup, count);
      assert.ok(rows.length > count * 10);
      assert.equal(writer.begin() + rows + writer.end(), expected);
    });
  }
});
