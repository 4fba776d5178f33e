/** One suite, two stores: a directory, and an S3 bucket on a real S3-compatible server (@20minutes/s3rver). */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ArtifactStore } from '../job-contract.js';
import { DirectoryStore } from './fs-store.js';
import { S3Store } from './s3-store.js';
import { startTestS3Server, TEST_BUCKET, TEST_S3_CREDENTIALS, type TestS3Server } from '../testing/s3-test-server.js';

async function text(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

const MIB = 1024 * 1024;

/** `length` bytes of a pattern that differs per `seed`, so a part in the wrong place or offset shows. */
function patterned(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + seed * 101 + (i >> 13)) & 0xff;
  return bytes;
}

/** Puts the parts, assembles them between head and tail, and returns the bytes the file must have. */
async function assembled(
  store: ArtifactStore,
  jobId: string,
  parts: Buffer[],
  head: string,
  tail: string,
): Promise<Buffer> {
  for (const [shard, part] of parts.entries()) await store.putPart(jobId, shard, part);
  const expected = Buffer.concat([Buffer.from(head), ...parts, Buffer.from(tail)]);
  assert.equal(await store.assemble(jobId, parts.length, Buffer.from(head), Buffer.from(tail)), expected.length);
  return expected;
}

async function* chunks(...pieces: string[]): AsyncGenerator<Buffer> {
  for (const piece of pieces) yield Buffer.from(piece);
}

function storeSuite(
  name: string,
  open: () => Promise<ArtifactStore>,
  dispose: () => Promise<void>,
  leftovers: () => Promise<string[]>,
): void {
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
      for (let shard = 0; shard < 4; shard++)
        await store.putPart('job-big', shard, Buffer.concat([Buffer.from([shard]), part]));
      const size = await store.assemble('job-big', 4, Buffer.from('HEAD'), Buffer.from('TAIL'));
      const expected = Buffer.concat([
        Buffer.from('HEAD'),
        ...[0, 1, 2, 3].map((s) => Buffer.concat([Buffer.from([s]), part])),
        Buffer.from('TAIL'),
      ]);
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

    test('a range may span several parts: every range of a file of uneven parts (one empty) reads its bytes', async () => {
      const parts = ['ab', '', 'cdefg', 'h', 'ijkl'].map((text) => Buffer.from(text));
      const expected = await assembled(store, 'job-ranges', parts, '<<', '>');
      assert.equal(await store.fileSize('job-ranges'), expected.length);
      for (let start = 0; start < expected.length; start++) {
        for (let end = start; end < expected.length; end++) {
          assert.deepEqual(
            (await text(await store.readFile('job-ranges', { start, end }))).toString(),
            expected.subarray(start, end + 1).toString(),
            `bytes ${start}-${end}`,
          );
        }
      }
      await store.remove('job-ranges');
    });

    test('parts above the 5 MiB minimum and small ones between them: the same bytes, and ranges across their boundaries', async () => {
      const parts = [patterned(11 * MIB + 3, 0), patterned(1000, 1), patterned(5 * MIB + 1, 2), patterned(7 * MIB, 3)];
      const expected = await assembled(store, 'job-large', parts, 'HEAD,', ',TAIL');
      assert.ok((await text(await store.readFile('job-large'))).equals(expected));
      const boundaries = [5, 5 + parts[0]!.length, 5 + parts[0]!.length + 1000, expected.length - 5 - 7 * MIB];
      for (const boundary of boundaries) {
        const range = { start: boundary - 3, end: boundary + 2 };
        assert.ok(
          (await text(await store.readFile('job-large', range))).equals(expected.subarray(range.start, range.end + 1)),
          `around ${boundary}`,
        );
      }
      const across = { start: 2, end: expected.length - 2 }; // from the head to the tail, over every part
      assert.ok(
        (await text(await store.readFile('job-large', across))).equals(expected.subarray(across.start, across.end + 1)),
      );
      await store.remove('job-large');
    });

    test('readPart: null until a part is published, then its bytes', async () => {
      assert.equal(await store.readPart('job-follow', 0), null);
      await store.putPart('job-follow', 0, chunks('one', 'two'));
      assert.equal((await text((await store.readPart('job-follow', 0))!)).toString(), 'onetwo');
      assert.equal(await store.readPart('job-follow', 1), null);
      await store.remove('job-follow');
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

describe('directory store: the file is its parts, never a copy of them', () => {
  let root = '';
  before(async () => (root = await mkdtemp(join(tmpdir(), 'rowloom-store-parts-'))));
  after(() => rm(root, { recursive: true, force: true }));

  test('assembling writes only a small manifest: the parts stay, nothing the size of the file appears', async () => {
    const store = new DirectoryStore(root);
    const parts = [patterned(300_000, 1), patterned(200_000, 2), patterned(100_000, 3)];
    const expected = await assembled(store, 'job-nocopy', parts, 'id,name\n', '');
    const files = await readdir(join(root, 'job-nocopy'), { recursive: true });
    const sizes = await Promise.all(
      files.map(async (name) => ({ name, size: (await stat(join(root, 'job-nocopy', name))).size })),
    );
    const written = sizes.filter(({ name }) => !name.startsWith('parts'));
    assert.deepEqual(
      written.map(({ name }) => name),
      ['manifest.json'],
    );
    assert.ok(written[0]!.size < 1000, `manifest of ${written[0]!.size} bytes`);
    assert.ok((await text(await store.readFile('job-nocopy'))).equals(expected));
  });

  test('a part gone after assembly: the file is reported gone (no size) and reading it fails before any byte', async () => {
    const store = new DirectoryStore(root);
    await assembled(store, 'job-damaged', [Buffer.from('aaa'), Buffer.from('bbb')], '[', ']');
    await unlink(join(root, 'job-damaged', 'parts', '000001'));
    assert.equal(await store.fileSize('job-damaged'), null);
    await assert.rejects(store.readFile('job-damaged'), /part 1 is missing/);
  });

  test('a part written synchronously (openLocalPart): unseen until published, owner-only, its buffer reusable after each write', async () => {
    const store = new DirectoryStore(root);
    const reused = Buffer.alloc(70_000);
    const writer = await store.openLocalPart('job-sync', 0);
    const expected: Buffer[] = [];
    for (let batch = 1; batch <= 5; batch++) {
      patterned(reused.length, batch).copy(reused);
      writer.write(reused);
      expected.push(Buffer.from(reused));
    }
    assert.equal(await store.readPart('job-sync', 0), null, 'visible before it was published');
    await writer.publish();
    assert.ok((await text((await store.readPart('job-sync', 0))!)).equals(Buffer.concat(expected)));
    assert.equal((await stat(join(root, 'job-sync', 'parts', '000000'))).mode & 0o777, 0o600);
    assert.throws(() => writer.write(reused), /already published/);

    const abandoned = await store.openLocalPart('job-sync', 1);
    abandoned.write(reused);
    await abandoned.discard();
    assert.deepEqual(await readdir(join(root, 'job-sync', 'parts')), ['000000'], 'a discarded part left something');
  });

  test('a file assembled by an earlier version (one file) is still served, ranges included', async () => {
    const store = new DirectoryStore(root);
    await mkdir(join(root, 'job-legacy'), { recursive: true });
    await writeFile(join(root, 'job-legacy', 'file'), 'legacy bytes');
    assert.equal(await store.fileSize('job-legacy'), 12);
    assert.equal((await text(await store.readFile('job-legacy', { start: 7, end: 11 }))).toString(), 'bytes');
  });

  test("what a killed writer left (a real process killed mid-part) and a killed assembler's temporary are removed by the next assembly", async () => {
    const store = new DirectoryStore(root);
    // A process writing shard 1 for ever, killed with SIGKILL once its temporary is on disk.
    const moduleUrl = pathToFileURL(new URL('./fs-store.js', import.meta.url).pathname).href;
    const script = `const { DirectoryStore } = await import(${JSON.stringify(moduleUrl)});
      async function* forever() { for (;;) { yield Buffer.alloc(64 * 1024, 120); await new Promise((resolve) => setTimeout(resolve, 5)); } }
      await new DirectoryStore(${JSON.stringify(root)}).putPart('job-killed', 1, forever());`;
    const writer = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' });
    const parts = join(root, 'job-killed', 'parts');
    const temporaries = async (dir: string) =>
      (await readdir(dir).catch(() => [] as string[])).filter((name) => name.startsWith('.tmp-'));
    const deadline = Date.now() + 30_000;
    while (
      (await temporaries(parts)).length === 0 ||
      (await stat(join(parts, (await temporaries(parts))[0]!))).size < 256 * 1024
    ) {
      assert.ok(Date.now() < deadline, 'the writer never started its part');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    writer.kill('SIGKILL');
    await new Promise((resolve) => writer.on('exit', resolve));
    assert.equal((await temporaries(parts)).length, 1, 'the killed writer left its temporary');
    // A killed assembler leaves its temporary beside the job's file.
    await writeFile(join(root, 'job-killed', `.tmp-${writer.pid}-0123456789ab`), 'half a file');
    // The shard is redone by another worker, then the job is assembled.
    const expected = await assembled(store, 'job-killed', [Buffer.from('zero'), Buffer.from('one')], 'h', 't');
    assert.deepEqual(await temporaries(parts), []);
    assert.deepEqual(await temporaries(join(root, 'job-killed')), []);
    assert.ok((await text(await store.readFile('job-killed'))).equals(expected));
  });
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
    return new S3Store({
      bucket: TEST_BUCKET,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      prefix: 'test-prefix',
      client: { credentials: TEST_S3_CREDENTIALS },
    });
  },
  async () => s3?.close(),
  async () => {
    const objects = join(s3!.directory, TEST_BUCKET);
    try {
      return (await readdir(objects, { recursive: true })).filter(
        (name) =>
          !name.endsWith('.json') && !name.endsWith('.md5') && !name.startsWith('._S3rver') && name !== 'test-prefix',
      );
    } catch {
      return [];
    }
  },
);

describe('S3 store: the bucket copies the parts', () => {
  let server: TestS3Server;
  let raw: S3Client;
  const open = (options: Partial<ConstructorParameters<typeof S3Store>[0]> = {}) =>
    new S3Store({
      bucket: TEST_BUCKET,
      endpoint: server.endpoint,
      region: 'us-east-1',
      prefix: 'copy-prefix',
      client: { credentials: TEST_S3_CREDENTIALS },
      ...options,
    });
  const objects = async () => {
    try {
      return (await readdir(join(server.directory, TEST_BUCKET), { recursive: true })).filter((name) =>
        name.endsWith('._S3rver_object'),
      );
    } catch {
      return [];
    }
  };
  before(async () => {
    server = await startTestS3Server();
    raw = new S3Client({
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: TEST_S3_CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  });
  after(async () => {
    raw.destroy();
    await server.close();
  });

  test('UploadPartCopy for parts of 5 MiB and more; only the head with the first 5 MiB, and the small part, go through the assembler', async () => {
    const store = open();
    const parts = [patterned(11 * MIB + 3, 0), patterned(1000, 1), patterned(6 * MIB, 2), patterned(7 * MIB, 3)];
    for (const [shard, part] of parts.entries()) await store.putPart('job-copy', shard, part);
    server.requests.length = 0;
    const expected = Buffer.concat([Buffer.from('HEAD'), ...parts, Buffer.from('TAIL')]);
    assert.equal(
      await store.assemble('job-copy', parts.length, Buffer.from('HEAD'), Buffer.from('TAIL')),
      expected.length,
    );
    const copies = server.requests.filter((request) => request.method === 'PUT' && request.copySource);
    const uploaded = server.requests
      .filter((request) => request.method === 'PUT' && !request.copySource)
      .reduce((sum, request) => sum + request.bodyBytes, 0);
    // Head + 5 MiB of part 0 uploaded; the rest of part 0 a range copy; part 1 (1000 bytes) uploaded with part 2;
    // part 3 a whole copy; the tail the last part.
    assert.deepEqual(
      copies.map((request) => [request.copySource!.replace(/^.*\/parts\//, ''), request.copyRange ?? 'whole']),
      [
        ['000000', `bytes=${5 * MIB - 4}-${11 * MIB + 2}`],
        ['000003', 'whole'],
      ],
    );
    assert.ok(uploaded <= 5 * MIB + 1000 + 6 * MIB + 4, `${uploaded} bytes uploaded`);
    assert.ok((await text(await store.readFile('job-copy'))).equals(expected));
    await store.remove('job-copy');
    await store.close();
  });

  test('more parts than one upload may have are composed in levels, and what a killed assembler left is removed', async () => {
    // S3's limits scaled down (the server does not enforce them; multipart-plan.test.ts checks the plan keeps them).
    const store = open({ multipartLimits: { minPartBytes: 8, maxPartBytes: 200, maxParts: 3 } });
    const parts = Array.from({ length: 14 }, (_, shard) => patterned(3 + ((shard * 7) % 19), shard));
    // An intermediate object a killed assembler left behind.
    await raw.send(
      new PutObjectCommand({ Bucket: TEST_BUCKET, Key: 'copy-prefix/job-levels/compose/1-000009', Body: 'left over' }),
    );
    server.requests.length = 0;
    const expected = await assembled(store, 'job-levels', parts, '{', '}');
    assert.ok((await text(await store.readFile('job-levels'))).equals(expected));
    assert.ok(
      server.requests.some((request) => request.copySource?.includes('/job-levels/compose/')),
      'intermediate objects were copied',
    );
    assert.deepEqual(
      await objects(),
      ['copy-prefix/job-levels/file._S3rver_object'],
      'the parts, the intermediates and the left-over are gone',
    );
    await store.remove('job-levels');
    await store.close();
  });
});
