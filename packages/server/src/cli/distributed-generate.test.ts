/**
 * `rowloom generate --distributed` end to end: the real bin, the real Redis, two `rowloom worker`
 * child processes on a unique queue prefix and a directory store. The output must equal the
 * in-process command's byte for byte; the errors must be one clear line with the CLI's exit
 * statuses; Ctrl+C must cancel the job and leave nothing of it in Redis.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_NAME } from '../jobs/engine/queue-keys.js';
import { TEST_FIELDS } from '../jobs/testing/job-fixtures.js';
import { REDIS_URL, removeKeys, skipUnlessRedis, uniquePrefix } from '../jobs/testing/redis.js';
import { startWorker, stopWorker, type WorkerProcess } from '../jobs/testing/worker-processes.js';

const BIN = fileURLToPath(new URL('../../bin/rowloom.js', import.meta.url));
const CORE_CLI = fileURLToPath(new URL('../../../core/dist/cli/main.js', import.meta.url));
const redisSkip = await skipUnlessRedis();

interface Run {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/** Runs a command; `onStderr` sees stderr as it comes (to interrupt at the right moment). */
function run(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
  onStderr?: (text: string, child: ReturnType<typeof spawn>) => void,
): Promise<Run> {
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
  delete fullEnv.REDIS_URL;
  for (const [key, value] of Object.entries(env))
    if (value === undefined) delete fullEnv[key];
    else fullEnv[key] = value;
  const child = spawn(process.execPath, [script, ...args], { env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    onStderr?.(stderr, child);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    }),
  );
}

describe('rowloom generate --distributed: errors before anything is queued', () => {
  let dir: string;
  let schema: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rowloom-dist-'));
    schema = join(dir, 'schema.json');
    await writeFile(schema, JSON.stringify([{ name: 'id', type: 'Row Number' }]));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('no REDIS_URL: exit 2, one line naming REDIS_URL, no output', async () => {
    const result = await run(BIN, ['generate', schema, '--distributed', '-n', '5'], { REDIS_URL: undefined });
    assert.equal(result.code, 2);
    assert.match(
      result.stderr,
      /^rowloom: --distributed needs REDIS_URL \(e\.g\. REDIS_URL=redis:\/\/127\.0\.0\.1:6379\)/,
    );
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.equal(result.stdout.length, 0);
  });

  test('Redis not answering: exit 3 naming the address and the reason, and no --out file (not even an empty one)', async () => {
    const out = join(dir, 'never.csv');
    const result = await run(BIN, ['generate', schema, '--distributed', '-n', '5', '--out', out], {
      REDIS_URL: 'redis://user:secret@127.0.0.1:1',
    });
    assert.equal(result.code, 3);
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.includes('never')),
      [],
    );
    assert.match(
      result.stderr,
      /^rowloom: cannot reach Redis at redis:\/\/\*\*\*@127\.0\.0\.1:1 \(REDIS_URL\): .*ECONNREFUSED/,
    );
    assert.doesNotMatch(result.stderr, /secret/);
  });

  test('--workers is refused with --distributed (exit 2); an invalid schema is exit 1', async () => {
    const workers = await run(BIN, ['generate', schema, '--distributed', '-w', '2'], {
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    assert.equal(workers.code, 2);
    assert.match(workers.stderr, /--workers sets this process's threads/);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify([{ name: 'x', type: 'No Such Type' }]));
    const invalid = await run(BIN, ['generate', bad, '--distributed'], { REDIS_URL: 'redis://127.0.0.1:1' });
    assert.equal(invalid.code, 1);
    assert.match(invalid.stderr, /the schema has 1 problem/);
  });

  test("core's own command refuses --distributed with a pointer to the server's", async () => {
    const result = await run(CORE_CLI, ['generate', schema, '--distributed'], {});
    assert.equal(result.code, 2);
    assert.match(result.stderr, /--distributed needs the rowloom command of @rowloom\/server/);
  });
});

describe('rowloom generate --distributed with two rowloom worker processes', { skip: redisSkip }, () => {
  const prefix = uniquePrefix();
  let dir: string;
  let store: string;
  let workers: WorkerProcess[] = [];
  let env: Record<string, string>;
  let base: string[];

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rowloom-dist-'));
    store = join(dir, 'store');
    env = { REDIS_URL, ROWLOOM_QUEUE_PREFIX: prefix, ROWLOOM_DOWNLOADS_DIR: store, ROWLOOM_SHARD_ROWS: '700' };
    // The engine's test schema: formulas, now(), a dataset file and a scenario file.
    await writeFile(join(dir, 'schema.json'), JSON.stringify(TEST_FIELDS));
    await writeFile(join(dir, 'people.csv'), 'id,city\n1,Lisbon\n2,"Łódź, ""old town"""\n3,Oslo\n4,\n');
    await writeFile(
      join(dir, 'traffic.json'),
      JSON.stringify({
        points: [
          { x: 0, y: 10 },
          { x: 0.5, y: 80 },
          { x: 1, y: 100 },
        ],
        interpolation: 'smooth',
        noise: 2,
      }),
    );
    base = [
      'generate',
      join(dir, 'schema.json'),
      '--dataset',
      `people=${join(dir, 'people.csv')}`,
      '--scenario',
      `Traffic=${join(dir, 'traffic.json')}`,
      '--seed',
      '7',
      '--count',
      '5000',
    ];
    workers = await Promise.all([startWorker(env, [], true), startWorker(env, [], true)]);
  });

  after(async () => {
    await Promise.all(workers.map(stopWorker));
    await removeKeys(prefix);
    await rm(dir, { recursive: true, force: true });
  });

  for (const format of ['csv', 'json', 'jsonl', 'xlsx']) {
    // A packed file (xlsx) is one shard, made whole by one worker.
    const shards = format === 'xlsx' ? '1 shard' : '8 shards';
    test(`${format} to stdout equals the in-process command byte for byte (${shards} over 2 workers)`, async () => {
      const local = await run(BIN, [...base, '-f', format], {});
      const distributed = await run(BIN, [...base, '-f', format, '--distributed'], env);
      assert.equal(distributed.code, 0, distributed.stderr);
      assert.equal(local.code, 0, local.stderr);
      assert.ok(local.stdout.length > 100_000);
      assert.ok(
        distributed.stdout.equals(local.stdout),
        `${format}: ${distributed.stdout.length} bytes vs ${local.stdout.length}`,
      );
      assert.match(distributed.stderr, new RegExp(`5,000 rows in ${shards} on queue prefix`));
    });
  }

  test('--out gets the same bytes; both workers made shards; the store keeps nothing after', async () => {
    const out = join(dir, 'out.csv');
    const local = await run(BIN, [...base, '-f', 'csv', '--quiet'], {});
    const distributed = await run(BIN, [...base, '--out', out, '--distributed', '--quiet'], env);
    assert.equal(distributed.code, 0, distributed.stderr);
    assert.equal(distributed.stderr, '');
    assert.ok((await readFile(out)).equals(local.stdout));
    for (const worker of workers) assert.match(worker.output(), /shard \d+\/8/);
    // Only the store's identity marker (installation.ts), no job's folder.
    assert.deepEqual(await readdir(store).catch(() => []), ['.rowloom-store']);
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.includes('out.csv')),
      ['out.csv'],
      'no temporary file beside --out',
    );
  });

  test('the file is written out while the job runs, not copied after it: the bytes are the same', async () => {
    const out = join(dir, 'early.csv');
    const args = [
      ...base.filter((arg, i) => arg !== '--count' && base[i - 1] !== '--count'),
      '--count',
      '40000',
      '-f',
      'csv',
    ];
    const local = await run(BIN, args, {});
    const distributed = await run(BIN, [...args, '--out', out, '--distributed'], env);
    assert.equal(distributed.code, 0, distributed.stderr);
    assert.ok((await readFile(out)).equals(local.stdout));
    const [, total, early] = /; ([\d,]+) bytes, ([\d,]+) of them written while it ran/.exec(distributed.stderr) ?? [];
    assert.ok(total !== undefined && early !== undefined, distributed.stderr);
    assert.equal(Number(total.replaceAll(',', '')), local.stdout.length);
    assert.ok(Number(early.replaceAll(',', '')) > 0, `nothing was written before the job ended: ${distributed.stderr}`);
  });

  test('a drawn seed is printed and reproduces the same bytes in-process', async () => {
    const args = base.filter((arg, i) => arg !== '--seed' && base[i - 1] !== '--seed');
    const distributed = await run(BIN, [...args, '-f', 'csv', '--distributed', '--now', '2026-01-02T03:04:05Z'], env);
    assert.equal(distributed.code, 0, distributed.stderr);
    const seed = /seed (\S+) \(pass --seed/.exec(distributed.stderr)?.[1];
    assert.ok(seed);
    const local = await run(BIN, [...args, '-f', 'csv', '--seed', seed, '--now', '2026-01-02T03:04:05Z'], {});
    assert.ok(distributed.stdout.equals(local.stdout));
  });
});

describe('rowloom generate --distributed: Ctrl+C cancels the job', { skip: redisSkip }, () => {
  const prefix = uniquePrefix();
  let dir: string;
  after(async () => {
    await removeKeys(prefix);
    await rm(dir, { recursive: true, force: true });
  });

  test('SIGINT while queued: exit 130, the job and its input are gone from Redis', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rowloom-dist-'));
    await writeFile(join(dir, 'schema.json'), JSON.stringify([{ name: 'id', type: 'Row Number' }]));
    // No worker on this prefix: the job stays queued until the interrupt.
    const env = {
      REDIS_URL,
      ROWLOOM_QUEUE_PREFIX: prefix,
      ROWLOOM_DOWNLOADS_DIR: join(dir, 'store'),
      ROWLOOM_SHARD_ROWS: '10',
    };
    let sent = false;
    const out = join(dir, 'interrupted.csv');
    const result = await run(
      BIN,
      ['generate', join(dir, 'schema.json'), '--distributed', '-n', '100', '-s', '1', '--out', out],
      env,
      (text, child) => {
        if (!sent && /rows in 10 shards/.test(text)) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    );
    assert.equal(result.code, 130, result.stderr);
    assert.match(result.stderr, /no rowloom worker is listening/);
    assert.match(result.stderr, /interrupted; cancelling job cli-/);
    assert.equal(result.stdout.length, 0);
    assert.deepEqual(
      (await readdir(dir)).filter((name) => name.includes('interrupted')),
      [],
      'no --out file is left',
    );
    const jobId = /job (cli-[0-9a-f-]+)/.exec(result.stderr)![1];
    const redis = new Redis(REDIS_URL);
    const queue = new Queue(QUEUE_NAME, { connection: { url: REDIS_URL }, prefix });
    try {
      assert.equal(await redis.exists(`${prefix}:rowloom-job:${jobId}`), 0);
      assert.equal(await queue.getJob(jobId), undefined);
      const counts = await queue.getJobCounts('waiting', 'prioritized', 'waiting-children', 'active', 'delayed');
      assert.deepEqual(
        Object.values(counts).filter((n) => n > 0),
        [],
      );
    } finally {
      await queue.close();
      redis.disconnect();
    }
  });
});
