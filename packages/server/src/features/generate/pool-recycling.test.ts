/**
 * The generation threads' batches go back to them once written to the response (or into the
 * response's coder), so a few buffers circulate instead of one new buffer per 64 KiB: counted
 * by the pool's own counter. A slow reader, one that stops for a while, a JSONP body and a gzip
 * body all get the engine's own bytes. Real listener on loopback, real generation threads.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { generate, GenerationPool, type OutputFormat } from '@rowloom/core';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';

/** The benchmark's standard 10-field schema, shipped with core. */
const STANDARD: Record<string, unknown>[] = JSON.parse(
  readFileSync(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core')), 'utf8'),
);
const BATCH_BYTES = 64 * 1024;
/** Most buffers one request may need: its batches in flight, the one being filled and a few being written. */
const CIRCULATING = 12;

/** The engine's own bytes for these fields, on one thread without a pool. */
async function engineBytes(count: number, format: OutputFormat, seed: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of generate({ fields: STANDARD, count, seed, writer: { format }, workers: 1 }).stream)
    parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

interface Reading {
  /** Pause this long after each chunk received. */
  pauseMs?: number;
  /** Stop reading this long once, after this many bytes. */
  stall?: { afterBytes: number; ms: number };
  gzip?: boolean;
  callback?: string;
}

/** The response body as received, read as `reading` says (the client's socket buffer fills while it waits). */
function download(server: TestServer, path: string, reading: Reading = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const call = request(
      new URL(path, server.url),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': reading.gzip ? 'gzip' : 'identity' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`status ${response.statusCode}`));
          response.resume();
          return;
        }
        const parts: Buffer[] = [];
        let received = 0;
        let stalled = false;
        response.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          received += chunk.length;
          const stall = reading.stall && !stalled && received >= reading.stall.afterBytes ? reading.stall.ms : 0;
          if (stall) stalled = true;
          const wait = stall || reading.pauseMs || 0;
          if (wait === 0) return;
          response.pause();
          void sleep(wait).then(() => response.resume());
        });
        response.on('end', () => resolve(Buffer.concat(parts)));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify(STANDARD));
  });
}

describe(
  'the generation threads recycle their batches on the server',
  { skip: await skipUnlessAvailable('sqlite') },
  () => {
    let server: TestServer;
    let pool: GenerationPool;
    let key = '';
    before(async () => {
      pool = new GenerationPool({ maxThreads: 1 });
      server = await startTestServer(newTestDatabase('sqlite'), { pool });
      key = await server.userKey('unlimited');
    });
    after(() => server.close());

    /**
     * The pool's batch buffers, allocated since it started, stay few however many batches go out:
     * each request's buffers come back, and the next request's batches are made in them.
     */
    function assertFewBuffers(what: string): void {
      const allocated = pool.batchBuffersAllocated;
      assert.ok(allocated > 0, 'the counter counts nothing');
      assert.ok(allocated <= CIRCULATING, `${allocated} batch buffers allocated so far (${what})`);
    }

    for (const format of ['csv', 'json'] as const) {
      test(`${format}: a fast reader gets the engine's bytes from a few circulating buffers`, async () => {
        const count = 100_000;
        const body = await download(server, `/api/generate.${format}?key=${key}&count=${count}&seed=3`);
        assert.ok(body.equals(await engineBytes(count, format, 3)));
        // A batch ends at 64 KiB or just past it (the row that crossed), or sooner after 50 ms.
        const batches = Math.floor(body.length / (BATCH_BYTES + 32 * 1024));
        assert.ok(batches > 100, `only ${batches} batches`);
        assertFewBuffers(`${format}, after more than ${batches} batches`);
      });
    }

    test('a slow reader, and one that stops for a while, get the engine bytes, and memory is still reused', async () => {
      const count = 60_000;
      const expected = await engineBytes(count, 'json', 4);
      const slow = await download(server, `/api/generate.json?key=${key}&count=${count}&seed=4`, { pauseMs: 2 });
      assert.ok(slow.equals(expected), 'the slow reader got other bytes');
      assertFewBuffers('after the slow reader');
      const stalled = await download(server, `/api/generate.json?key=${key}&count=${count}&seed=4`, {
        stall: { afterBytes: 1 << 20, ms: 500 },
      });
      assert.ok(stalled.equals(expected), 'the reader that stopped got other bytes');
      assertFewBuffers('after the reader that stopped');
    });

    test('gzip-coded and JSONP bodies: the same bytes, and the batches come back through the coder too', async () => {
      const count = 60_000;
      const expected = await engineBytes(count, 'json', 5);
      const coded = await download(server, `/api/generate.json?key=${key}&count=${count}&seed=5`, { gzip: true });
      assert.ok(gunzipSync(coded).equals(expected));
      assertFewBuffers('after gzip');
      const jsonp = await download(server, `/api/generate.json?key=${key}&count=${count}&seed=5&callback=rows`);
      assert.ok(jsonp.equals(Buffer.concat([Buffer.from('/**/rows('), expected, Buffer.from(');')])));
      assertFewBuffers('after JSONP');
    });
  },
);
