import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { generate } from '@rowloom/core';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite } from '../../testing/server-fixture.js';
import { wholeOutputNow } from './whole-output.js';

/** Small rows (every field made on the main thread), so small requests may be sent whole. */
const FIELDS = [
  { name: 'id', type: 'Row Number' },
  { name: 'first_name', type: 'First Name' },
  { name: 'amount', type: 'Number', min: 1, max: 1000, decimals: 2 },
];

async function text(stream: Readable): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}

test('output made within this turn comes back whole', async () => {
  const whole = await wholeOutputNow(Readable.from([Buffer.from('[1,'), Buffer.from('2]')], { objectMode: false }));
  assert.equal(whole?.toString(), '[1,2]');
  assert.equal((await wholeOutputNow(Readable.from([], { objectMode: false })))?.length, 0);
});

/** A stream whose first piece comes at once and the rest in a later turn (like rows from the pool). */
function pausedAfter(first: string, rest: string): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(first);
      await sleep(20);
      yield Buffer.from(rest);
    })(),
    { objectMode: false },
  );
}

test('output still being made is put back: the stream then gives every byte, in order', async () => {
  const later = pausedAfter('first ', 'then the rest');
  assert.equal(await wholeOutputNow(later), null);
  assert.equal(await text(later), 'first then the rest');
});

test('a stream put back can be piped, as the response pipes it', async () => {
  const later = pausedAfter('[1,', '2]');
  assert.equal(await wholeOutputNow(later), null);
  let received = '';
  const sink = new Writable({ write: (chunk, _encoding, done) => ((received += String(chunk)), done()) });
  await pipeline(later, sink);
  assert.equal(received, '[1,2]');
});

test('a stream that fails rejects with its error; a destroyed one is not whole', async () => {
  const failing = Readable.from(
    (async function* () {
      yield Buffer.from('x');
      throw new Error('row 3 failed');
    })(),
    { objectMode: false },
  );
  await assert.rejects(wholeOutputNow(failing), /row 3 failed/);
  const destroyed = new Readable({ read() {} });
  setImmediate(() => destroyed.destroy());
  assert.equal(await wholeOutputNow(destroyed), null);
});

describe('small generate responses sent whole', { skip: await skipUnlessAvailable('sqlite') }, () => {
  const suite = serverForSuite('sqlite');

  async function engineBytes(count: number, format: 'json' | 'csv', seed: string): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const chunk of generate({ fields: FIELDS, count, seed, writer: { format }, workers: 1 }).stream)
      parts.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(parts);
  }

  test("whole or streamed, a response has the engine's bytes and says its length or is chunked", async () => {
    for (const format of ['json', 'csv'] as const) {
      for (const count of [1, 100, 999, 1001]) {
        for (const seed of ['1', '2']) {
          const response = await fetch(
            `${suite.server.url}/api/generate.${format}?key=${suite.key}&count=${count}&seed=${seed}`,
            // Uncoded: the length said is then the body's own (compression.test.ts covers coded answers).
            { method: 'POST', body: JSON.stringify(FIELDS), headers: { 'accept-encoding': 'identity' } },
          );
          const bytes = Buffer.from(await response.arrayBuffer());
          assert.equal(response.status, 200);
          assert.ok(bytes.equals(await engineBytes(count, format, seed)), `${format}, ${count} rows, seed ${seed}`);
          const length = response.headers.get('content-length');
          if (length === null) assert.equal(response.headers.get('transfer-encoding'), 'chunked');
          else assert.equal(Number(length), bytes.length);
          assert.equal(response.headers.get('x-rowloom-seed'), seed);
        }
      }
    }
  });

  test('JSONP wraps the same bytes', async () => {
    const response = await fetch(
      `${suite.server.url}/api/generate.json?key=${suite.key}&count=10&seed=3&callback=take`,
      { method: 'POST', body: JSON.stringify(FIELDS) },
    );
    assert.equal(response.status, 200);
    assert.equal(await response.text(), `/**/take(${(await engineBytes(10, 'json', '3')).toString()});`);
  });
});
