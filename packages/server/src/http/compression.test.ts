/**
 * Compression over a real listener: node:http requests that decode nothing themselves, Node's
 * zlib to decode, and the coded answers compared byte for byte with the uncoded ones.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import { skipUnlessAvailable } from '../testing/databases.js';
import { rawBytes } from '../testing/http-calls.js';
import { whileProbingHealth } from '../testing/health-probe.js';
import { serverForSuite } from '../testing/server-fixture.js';
import { waitFor } from '../testing/downloads-helpers.js';
import { insertMock } from '../features/mocks/serve/mock-fixture.js';
import type { DownloadStatus } from '../jobs/job-contract.js';
import { SANDBOX_CSP } from './security-headers.js';
import { WEB_ROOT } from './web-interface.js';

const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'first_name', type: 'First Name' },
  { name: 'email', type: 'Email Address' },
  { name: 'amount', type: 'Number', min: 1, max: 1000, decimals: 2 },
];

/** Rows of some 300 bytes each: output that grows fast, to see what a stalled reader makes the server hold. */
const WORDY = [...FIELDS, { name: 'note', type: 'Words', min: 30, max: 40 }];

const DECODE: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: (bytes) => zlib.gunzipSync(bytes),
  br: (bytes) => zlib.brotliDecompressSync(bytes),
  deflate: (bytes) => zlib.inflateSync(bytes),
};

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

describe('compressed answers', { skip: await skipUnlessAvailable('sqlite') }, () => {
  const suite = serverForSuite('sqlite');
  const generate = (path: string, acceptEncoding?: string, fields: unknown = FIELDS, method = 'POST') =>
    rawBytes(suite.server.url, `${path}${path.includes('?') ? '&' : '?'}key=${suite.key}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
      body: method === 'POST' ? JSON.stringify(fields) : undefined,
    });
  const types = () => `/api/types?key=${suite.key}`;

  test('generate output (json, csv, xml; sent whole and streamed) decodes to the same bytes in gzip, br and deflate', async () => {
    for (const format of ['json', 'csv', 'xml']) {
      // 50 rows are made at once and sent whole; 3000 stream from the generation threads.
      for (const count of [50, 3000]) {
        const path = `/api/generate.${format}?count=${count}&seed=compress-${count}`;
        const plain = await generate(path);
        assert.equal(plain.status, 200, plain.body.toString());
        assert.equal(header(plain.headers, 'content-encoding'), undefined);
        assert.match(header(plain.headers, 'vary') ?? '', /accept-encoding/i);
        for (const encoding of ['gzip', 'br', 'deflate']) {
          const what = `${format}, ${count} rows, ${encoding}`;
          const coded = await generate(path, encoding);
          assert.equal(coded.status, 200, what);
          assert.equal(header(coded.headers, 'content-encoding'), encoding, what);
          assert.match(header(coded.headers, 'vary') ?? '', /accept-encoding/i, what);
          const ratio = count === 50 ? 0.8 : 0.5;
          assert.ok(
            coded.body.length < plain.body.length * ratio,
            `${what}: ${coded.body.length} of ${plain.body.length}`,
          );
          assert.ok(DECODE[encoding](coded.body).equals(plain.body), what);
          const length = header(coded.headers, 'content-length');
          if (length === undefined) assert.equal(header(coded.headers, 'transfer-encoding'), 'chunked', what);
          else assert.equal(Number(length), coded.body.length, what);
          assert.equal(header(coded.headers, 'content-security-policy'), SANDBOX_CSP, what);
          assert.equal(header(coded.headers, 'x-content-type-options'), 'nosniff', what);
          assert.equal(header(coded.headers, 'x-rowloom-seed'), `compress-${count}`, what);
        }
      }
    }
  });

  test("a browser's Accept-Encoding: gzip for streamed rows (cheaper per byte), brotli for whole answers", async () => {
    const browser = 'gzip, deflate, br, zstd';
    const streamed = await generate('/api/generate.csv?count=3000&seed=1', browser);
    assert.equal(header(streamed.headers, 'content-encoding'), 'gzip');
    const whole = await rawBytes(suite.server.url, types(), { headers: { 'accept-encoding': browser } });
    assert.equal(header(whole.headers, 'content-encoding'), 'br');
    // q-values are honoured: brotli refused, gzip it is.
    const refused = await rawBytes(suite.server.url, types(), { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    assert.equal(header(refused.headers, 'content-encoding'), 'gzip');
  });

  test('/api/types: a fraction of its size, with the coded Content-Length; HEAD says the same as GET', async () => {
    const plain = await rawBytes(suite.server.url, types());
    assert.equal(plain.status, 200);
    for (const encoding of ['gzip', 'br']) {
      const coded = await rawBytes(suite.server.url, types(), { headers: { 'accept-encoding': encoding } });
      assert.equal(header(coded.headers, 'content-encoding'), encoding);
      assert.equal(Number(header(coded.headers, 'content-length')), coded.body.length);
      assert.ok(coded.body.length < plain.body.length / 3, `${encoding}: ${coded.body.length} of ${plain.body.length}`);
      assert.ok(DECODE[encoding](coded.body).equals(plain.body));
      const head = await rawBytes(suite.server.url, types(), {
        method: 'HEAD',
        headers: { 'accept-encoding': encoding },
      });
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      assert.equal(header(head.headers, 'content-encoding'), encoding);
      assert.equal(Number(header(head.headers, 'content-length')), coded.body.length);
    }
    const head = await rawBytes(suite.server.url, types(), { method: 'HEAD' });
    assert.equal(header(head.headers, 'content-encoding'), undefined);
    assert.equal(Number(header(head.headers, 'content-length')), plain.body.length);
  });

  test('HEAD of a generate: the coded headers, no body, no length', async () => {
    const fields = encodeURIComponent(JSON.stringify(FIELDS));
    const head = await generate(`/api/generate.csv?count=3000&seed=1&fields=${fields}`, 'gzip', FIELDS, 'HEAD');
    assert.equal(head.status, 200, head.body.toString());
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.equal(header(head.headers, 'content-encoding'), 'gzip');
    assert.equal(header(head.headers, 'content-length'), undefined);
  });

  test('clients that do not ask (curl, the Mockaroo libraries) get the bytes as they are', async () => {
    const reference = await generate('/api/generate.json?count=200&seed=plain');
    for (const acceptEncoding of [undefined, '', 'identity', 'gzip;q=0, br;q=0', 'compress, zstd-unknown']) {
      const answer = await generate('/api/generate.json?count=200&seed=plain', acceptEncoding);
      assert.equal(answer.status, 200);
      assert.equal(header(answer.headers, 'content-encoding'), undefined, String(acceptEncoding));
      assert.ok(answer.body.equals(reference.body), String(acceptEncoding));
      assert.deepEqual(JSON.parse(answer.body.toString()).length, 200);
    }
  });

  test('tiny bodies and already compressed formats (xlsx) are sent as they are', async () => {
    const health = await rawBytes(suite.server.url, '/health', { headers: { 'accept-encoding': 'gzip' } });
    assert.ok(health.body.length < 1024, `/health is ${health.body.length} bytes`);
    assert.equal(header(health.headers, 'content-encoding'), undefined);
    const small = await generate('/api/generate.json?count=1&seed=1', 'gzip');
    assert.equal(header(small.headers, 'content-encoding'), undefined);
    const xlsx = await generate('/api/generate.xlsx?count=2000&seed=1', 'gzip, br');
    assert.equal(xlsx.status, 200);
    assert.equal(header(xlsx.headers, 'content-encoding'), undefined);
    assert.equal(xlsx.body.subarray(0, 2).toString(), 'PK');
  });

  test("a mock API's answers are compressed like the API's, keeping the mock's own headers", async () => {
    const saved = await rawBytes(suite.server.url, `/api/schemas/People?key=${suite.key}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(FIELDS),
    });
    assert.equal(saved.status, 200, saved.body.toString());
    const { document } = await insertMock(suite.server.store.db, suite.key, {
      name: 'Compressed People',
      routes: [
        { method: 'GET', path: '/people', responses: [{ body: { type: 'schema', schema: 'People', count: 100 } }] },
      ],
    });
    const path = `/mock/${document.slug}/people?key=${suite.key}`;
    const plain = await rawBytes(suite.server.url, path);
    assert.equal(plain.status, 200, plain.body.toString());
    assert.equal(header(plain.headers, 'content-encoding'), undefined);
    const coded = await rawBytes(suite.server.url, path, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(coded.status, 200);
    assert.equal(header(coded.headers, 'content-encoding'), 'gzip');
    assert.equal((JSON.parse(DECODE.gzip(coded.body).toString()) as unknown[]).length, 100);
    assert.ok(header(plain.headers, 'content-security-policy'), "the mock's sandbox");
    assert.equal(header(coded.headers, 'content-security-policy'), header(plain.headers, 'content-security-policy'));
    assert.equal(header(coded.headers, 'x-rowloom-mock-route'), header(plain.headers, 'x-rowloom-mock-route'));
  });

  test('download files go out as stored: whole with its length, and byte ranges of the file itself', async () => {
    const started = await generate('/api/downloads.csv?count=3000&seed=ranges');
    assert.equal(started.status, 202, started.body.toString());
    const id = (JSON.parse(started.body.toString()) as DownloadStatus).id;
    await waitFor(suite.server, suite.key, id, ['done']);
    const file = `/api/downloads/${id}/file?key=${suite.key}`;
    const whole = await rawBytes(suite.server.url, file, { headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(whole.status, 200);
    assert.equal(header(whole.headers, 'content-encoding'), undefined);
    assert.equal(Number(header(whole.headers, 'content-length')), whole.body.length);
    assert.equal(header(whole.headers, 'accept-ranges'), 'bytes');
    const part = await rawBytes(suite.server.url, file, {
      headers: { 'accept-encoding': 'gzip, br', range: 'bytes=100-1099' },
    });
    assert.equal(part.status, 206);
    assert.equal(header(part.headers, 'content-encoding'), undefined);
    assert.equal(header(part.headers, 'content-range'), `bytes 100-1099/${whole.body.length}`);
    assert.ok(part.body.equals(whole.body.subarray(100, 1100)));
  });

  test('a Range request elsewhere is answered uncoded: the offsets are those of the bytes as they are', async () => {
    const ranged = await generate('/api/generate.csv?count=3000&seed=1', 'gzip');
    const withRange = await rawBytes(suite.server.url, `/api/generate.csv?count=3000&seed=1&key=${suite.key}`, {
      method: 'POST',
      headers: { 'accept-encoding': 'gzip', range: 'bytes=0-99' },
      body: JSON.stringify(FIELDS),
    });
    assert.equal(header(ranged.headers, 'content-encoding'), 'gzip');
    assert.equal(header(withRange.headers, 'content-encoding'), undefined);
    assert.ok(withRange.body.equals(DECODE.gzip(ranged.body)));
  });

  test("a client that stops reading a gzip generate holds the generation back: the server's memory stays bounded", async () => {
    // About 300 MB of rows if they were all made; the client reads 64 KB, then nothing.
    const path = `/api/generate.csv?count=1000000&seed=slow&key=${suite.key}`;
    const { port } = new URL(suite.server.url);
    const memory = () => {
      const usage = process.memoryUsage();
      return usage.heapUsed + usage.external;
    };
    let received = 0;
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    });
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      request.on('response', resolve).on('error', reject);
      request.end(JSON.stringify(WORDY));
    });
    try {
      assert.equal(response.headers['content-encoding'], 'gzip');
      await new Promise<void>((resolve) => {
        const onData = (chunk: Buffer) => {
          received += chunk.length;
          if (received < 64 * 1024) return;
          response.off('data', onData).pause();
          resolve();
        };
        response.on('data', onData);
      });
      await sleep(500);
      const before = memory();
      await sleep(4000);
      const grown = memory() - before;
      assert.ok(
        grown < 64 * 1024 * 1024,
        `the server grew by ${(grown / 1048576).toFixed(1)} MB while the client read nothing`,
      );
      // The client can still read on: the response was only held back, not cut.
      const more = await new Promise<number>((resolve) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > 1024 * 1024) resolve(bytes);
        });
        response.resume();
      });
      assert.ok(more > 1024 * 1024);
    } finally {
      request.destroy();
    }
  });

  test('/health stays prompt while a large gzip generate streams', async (t) => {
    const { result, health } = await whileProbingHealth(suite.server.url, () =>
      generate('/api/generate.csv?count=200000&seed=big', 'gzip', WORDY),
    );
    t.diagnostic(`/health answered ${health.count} times, the slowest in ${health.slowestMs.toFixed(0)} ms`);
    assert.equal(result.status, 200);
    assert.equal(header(result.headers, 'content-encoding'), 'gzip');
    assert.equal(
      DECODE.gzip(result.body)
        .toString()
        .split('\n')
        .filter((line) => line !== '').length,
      200_001,
    );
    assert.ok(health.count > 0, 'the probe got answers');
    assert.ok(health.slowestMs < 1000, `/health took up to ${health.slowestMs.toFixed(0)} ms`);
  });
});

describe('the web page files, precompressed at build time', { skip: await skipUnlessAvailable('sqlite') }, () => {
  const suite = serverForSuite('sqlite');
  const assets = join(WEB_ROOT, 'assets');
  const script = readdirSync(assets).find((name) => /^index-.*\.js$/.test(name))!;

  test('the main script: the .br or .gz copy for clients that accept it, the file itself for the others', async () => {
    const raw = readFileSync(join(assets, script));
    for (const [acceptEncoding, encoding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ]) {
      const answer = await rawBytes(suite.server.url, `/assets/${script}`, {
        headers: { 'accept-encoding': acceptEncoding },
      });
      assert.equal(answer.status, 200);
      assert.equal(header(answer.headers, 'content-encoding'), encoding);
      assert.match(header(answer.headers, 'content-type') ?? '', /javascript/);
      assert.match(header(answer.headers, 'vary') ?? '', /accept-encoding/i);
      assert.equal(Number(header(answer.headers, 'content-length')), statSync(join(assets, script + suffix)).size);
      assert.ok(DECODE[encoding](answer.body).equals(raw), encoding);
      assert.match(header(answer.headers, 'cache-control') ?? '', /immutable/);
      assert.match(header(answer.headers, 'content-security-policy') ?? '', /script-src 'self'/);
    }
    const plain = await rawBytes(suite.server.url, `/assets/${script}`);
    assert.equal(header(plain.headers, 'content-encoding'), undefined);
    assert.match(header(plain.headers, 'vary') ?? '', /accept-encoding/i);
    assert.ok(plain.body.equals(raw));
    assert.equal(Number(header(plain.headers, 'content-length')), raw.length);
    const coded = await rawBytes(suite.server.url, `/assets/${script}`, { headers: { 'accept-encoding': 'br' } });
    assert.notEqual(header(coded.headers, 'etag'), header(plain.headers, 'etag'), 'each representation its own ETag');
    const head = await rawBytes(suite.server.url, `/assets/${script}`, { method: 'HEAD' });
    assert.equal(Number(header(head.headers, 'content-length')), raw.length);
    const part = await rawBytes(suite.server.url, `/assets/${script}`, { headers: { range: 'bytes=0-99' } });
    assert.equal(part.status, 206);
    assert.ok(part.body.equals(raw.subarray(0, 100)));
  });
});

describe('ROWLOOM_COMPRESSION=off', { skip: await skipUnlessAvailable('sqlite') }, () => {
  const suite = serverForSuite('sqlite', { compression: false });

  test('answers go out as they are, whatever the client accepts; the page files are still precompressed', async () => {
    const types = await rawBytes(suite.server.url, `/api/types?key=${suite.key}`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    assert.equal(types.status, 200);
    assert.equal(header(types.headers, 'content-encoding'), undefined);
    JSON.parse(types.body.toString());
    const script = readdirSync(join(WEB_ROOT, 'assets')).find((name) => /^index-.*\.js$/.test(name))!;
    const asset = await rawBytes(suite.server.url, `/assets/${script}`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(header(asset.headers, 'content-encoding'), 'gzip');
  });
});
