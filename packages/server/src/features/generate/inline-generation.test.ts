/**
 * Small requests' rows are made on the server's main thread for a short slice (core's
 * engine/inline-rows.ts): they must give the engine's own bytes, and no request may hold
 * another. Real listener on loopback, real generation threads.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generate, type OutputFormat } from '@rowloom/core';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { readFileSync } from 'node:fs';

/** The benchmark's standard 10-field schema, shipped with core. */
const STANDARD: Record<string, unknown>[] = JSON.parse(
  readFileSync(new URL('../bench/standard-schema.json', import.meta.resolve('@rowloom/core')), 'utf8'),
);

/** Slow rows, not small (a formula): each replaces 100,000 characters one by one (about 0.2 s a row here). */
const SLOW = [
  { name: 'id', type: 'Row Number' },
  { name: 'slow', type: 'Formula', value: "(field('id').to_s + 'q').ljust(100000, 'ab').gsub(/[ab]/, 'c').size" },
];

/** The engine's own bytes for these fields, on one thread without a pool. */
async function engineBytes(fields: unknown[], count: number, format: OutputFormat, seed: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of generate({ fields, count, seed, writer: { format }, workers: 1 }).stream)
    parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

async function generated(
  server: TestServer,
  key: string,
  fields: unknown[],
  count: number,
  format: OutputFormat,
  seed: string,
): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${server.url}/api/generate.${format}?key=${key}&count=${count}&seed=${seed}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Starts a request and reads its first chunk, leaving the rest unread: it is being served. */
async function started(server: TestServer, key: string, fields: unknown[], count: number) {
  const stop = new AbortController();
  const response = await fetch(`${server.url}/api/generate.csv?key=${key}&count=${count}&seed=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
    signal: stop.signal,
  });
  assert.equal(response.status, 200);
  const reader = response.body!.getReader();
  const first = await reader.read();
  assert.equal(first.done, false);
  return {
    reader,
    stop: async () => {
      stop.abort();
      await reader.cancel().catch(() => {});
    },
  };
}

describe('small requests on the main thread', { skip: await skipUnlessAvailable('sqlite') }, () => {
  let server: TestServer;
  let key = '';
  let otherKey = '';
  before(async () => {
    server = await startTestServer(newTestDatabase('sqlite'));
    key = await server.userKey('unlimited');
    otherKey = await server.userKey('unlimited');
  });
  after(() => server.close());

  test("give the engine's bytes, in json and csv, again and again (a remembered plan) and with other seeds", async () => {
    for (const format of ['json', 'csv'] as const) {
      for (const seed of ['42', '7', '42']) {
        for (const count of [1, 100, 999]) {
          const answer = await generated(server, key, STANDARD, count, format, seed);
          assert.equal(answer.status, 200);
          assert.ok(
            answer.bytes.equals(await engineBytes(STANDARD, count, format, seed)),
            `${format}, seed ${seed}, ${count} rows`,
          );
        }
      }
    }
  });

  test('a small request is answered in full while a big request of small rows is being served', async () => {
    const big = await started(server, key, STANDARD, 5_000_000);
    try {
      for (const format of ['json', 'csv'] as const) {
        const answer = await generated(server, otherKey, STANDARD, 100, format, '42');
        assert.equal(answer.status, 200);
        assert.ok(answer.bytes.equals(await engineBytes(STANDARD, 100, format, '42')));
      }
      assert.equal((await big.reader.read()).done, false, 'the big request is still going');
    } finally {
      await big.stop();
    }
  });

  test('a small request is answered in full while slow rows (not small) hold a generation thread', async () => {
    const slow = await started(server, key, SLOW, 1000);
    try {
      const answer = await generated(server, otherKey, STANDARD, 100, 'csv', '42');
      assert.equal(answer.status, 200);
      assert.ok(answer.bytes.equals(await engineBytes(STANDARD, 100, 'csv', '42')));
    } finally {
      await slow.stop();
    }
  });
});
