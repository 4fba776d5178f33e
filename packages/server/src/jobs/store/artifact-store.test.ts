/** One suite, two stores: a directory, and an S3 bucket on a real S3-compatible server (s3rver). */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArtifactStore } from '../job-contract.js';
import { DirectoryStore } from './fs-store.js';
import { S3Store } from './s3-store.js';
import { startTestS3Server, TEST_BUCKET, TEST_S3_CREDENTIALS, type TestS3Server } from '../testing/s3-test-server.js';

async function text(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

async function* chunks(...pieces: string[]): AsyncGenerator<Buffer> {
  for (const piece of pieces) yield Buffer.from(piece);
}

function storeSuite(name: string, open: () => Promise<ArtifactStore>, dispose: () => Promise<void>, leftovers: () => Promise<string[]>): void {
  describe(`ArtifactStore: ${name}`, () => {
    let store: ArtifactStore;
    before(async () => (store = await open()));
    after(async () => {
      await store.close();
      await dispose();
    });

    test('parts in any order assemble between head and tail; ranges read the file', async () => {
      await store.putPart('job-a', 2, Buffer.from('CC'));
      await store.putPart('job-a', 0, chunks('A', 'aa'));
      await store.putPart('job-a', 1, chunks('Bé'));
      await store.putPart('job-a', 0, chunks('AAA')); // a retry replaces the part
      const size = await store.assemble('job-a', 3, Buffer.from('['), Buffer.from(']'));
      const expected = Buffer.from('[AAABéCC]');
      assert.equal(size, expected.length);
      assert.equal(await store.fileSize('job-a'), expected.length);
      assert.deepEqual(await text(await store.readFile('job-a')), expected);
      assert.deepEqual(await text(await store.readFile('job-a', { start: 1, end: 4 })), expected.subarray(1, 5));
      await store.remove('job-a');
      assert.equal(await store.fileSize('job-a'), null);
      assert.deepEqual(await leftovers(), []);
    });

    test('a large file (several multipart parts) survives the round trip', async () => {
      const part = Buffer.alloc(3 * 1024 * 1024 + 17);
      for (let i = 0; i < part.length; i++) part[i] = (i * 31 + 7) & 0xff;
      for (let shard = 0; shard < 4; shard++) await store.putPart('job-big', shard, Buffer.concat([Buffer.from([shard]), part]));
      const size = await store.assemble('job-big', 4, Buffer.from('HEAD'), Buffer.from('TAIL'));
      const expected = Buffer.concat([Buffer.from('HEAD'), ...[0, 1, 2, 3].map((s) => Buffer.concat([Buffer.from([s]), part])), Buffer.from('TAIL')]);
      assert.equal(size, expected.length);
      assert.ok((await text(await store.readFile('job-big'))).equals(expected));
      await store.remove('job-big');
    });

    test('a missing part fails the assembly, naming it, and leaves no file', async () => {
      await store.putPart('job-gap', 0, Buffer.from('x'));
      await assert.rejects(store.assemble('job-gap', 2, Buffer.alloc(0), Buffer.alloc(0)), /part 1 of 2 is missing/);
      assert.equal(await store.fileSize('job-gap'), null);
      await store.remove('job-gap');
    });

    test('a failing part stream publishes nothing', async () => {
      async function* broken(): AsyncGenerator<Buffer> {
        yield Buffer.from('half');
        throw new Error('generation stopped');
      }
      await assert.rejects(store.putPart('job-broken', 0, broken()), /generation stopped/);
      await assert.rejects(store.assemble('job-broken', 1, Buffer.alloc(0), Buffer.alloc(0)), /part 0 of 1 is missing/);
      await store.remove('job-broken');
      assert.deepEqual(await leftovers(), []);
    });

    test('ids that could reach outside the store are refused', async () => {
      await assert.rejects(store.putPart('../escape', 0, Buffer.from('x')), /job id/);
      await assert.rejects(store.remove('a/b'), /job id/);
    });
  });
}

let directory = '';
test('directory store: a job is removed while its worker is still writing a late part (a cancelled job), without ENOTEMPTY', async () => {
  const root = await mkdtemp(join(tmpdir(), 'rowloom-store-race-'));
  try {
    const store = new DirectoryStore(root);
    for (let shard = 0; shard < 20; shard++) await store.putPart('job-late', shard, Buffer.alloc(1000));
    // The worker goes on writing parts for a while after the job is removed, as a cancelled
    // shard does until it sees the flag; without retries rm fails nearly every time.
    let writing = true;
    const worker = (async () => {
      for (let shard = 20; writing; shard++) await store.putPart('job-late', shard, Buffer.alloc(1000)).catch(() => {});
    })();
    const stopWorker = setTimeout(() => (writing = false), 150);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.remove('job-late');
    clearTimeout(stopWorker);
    writing = false;
    await worker;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

storeSuite(
  'directory',
  async () => new DirectoryStore((directory = await mkdtemp(join(tmpdir(), 'rowloom-store-')))),
  () => rm(directory, { recursive: true, force: true }),
  () => readdir(directory),
);

let s3: TestS3Server | null = null;
storeSuite(
  'S3 (s3rver)',
  async () => {
    s3 = await startTestS3Server();
    return new S3Store({ bucket: TEST_BUCKET, endpoint: s3.endpoint, region: 'us-east-1', prefix: 'test-prefix', client: { credentials: TEST_S3_CREDENTIALS } });
  },
  async () => s3?.close(),
  async () => {
    const objects = join(s3!.directory, TEST_BUCKET);
    try {
      return (await readdir(objects, { recursive: true })).filter((name) => !name.endsWith('.json') && !name.endsWith('.md5') && !name.startsWith('._S3rver') && name !== 'test-prefix');
    } catch {
      return [];
    }
  },
);
