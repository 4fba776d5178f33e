import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { generate } from './generate.js';
import { pipeGeneration } from './pipe-generation.js';
import { referenceTime } from './reference-time.js';
import { generationUuid, resolveSeed } from './seed.js';
import { CHUNK_ROWS, generateInWorkers } from './worker-pool.js';

const SCHEMA = [
  { name: 'id', type: 'Row Number' },
  { name: 'first_name', type: 'First Name' },
  { name: 'email', type: 'Email Address' },
  { name: 'city', type: 'City' },
  { name: 'code', type: 'Template', value: '{first_name}-{id}' },
];
const SEED = 11;
const COUNT = CHUNK_ROWS * 6 + 123; // more chunks than two workers have in flight, so memory must come back

/** The whole output made on this thread: what every consumer below must end up with. */
async function serialBytes(format: 'csv' | 'json'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of generate({ fields: SCHEMA, count: COUNT, seed: SEED, writer: { format }, workers: 1 })
    .stream)
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("recycling the worker threads' output buffers", () => {
  test('a slow consumer of the plain stream holds every chunk and finds them intact at the end', async () => {
    const expected = await serialBytes('csv');
    const held: Buffer[] = [];
    for await (const chunk of generate({
      fields: SCHEMA,
      count: COUNT,
      seed: SEED,
      writer: { format: 'csv' },
      workers: 2,
    }).stream) {
      held.push(chunk as Buffer); // the chunk itself, not a copy
      await sleep(5);
    }
    assert.ok(held.length > 6);
    assert.ok(Buffer.concat(held).equals(expected));
  });

  for (const format of ['csv', 'json'] as const) {
    test(`${format}: pipeGeneration reuses memory only after each write, and a slow destination reads the serial bytes`, async () => {
      const expected = await serialBytes(format);
      const written: Buffer[] = [];
      const released: Buffer[] = [];
      // Reads each chunk late (after other chunks have been made), just before its write completes.
      const destination = new Writable({
        highWaterMark: 1,
        write(chunk: Buffer, _encoding, callback) {
          const early = Buffer.from(chunk);
          setTimeout(() => {
            assert.ok(chunk.equals(early), 'a chunk changed before its write completed');
            written.push(Buffer.from(chunk));
            callback();
          }, 3);
        },
      });
      const generation = generate({ fields: SCHEMA, count: COUNT, seed: SEED, writer: { format }, workers: 2 });
      await pipeGeneration(
        { stream: generation.stream, release: (chunk) => (released.push(chunk), generation.release(chunk)) },
        destination,
      );
      assert.ok(Buffer.concat(written).equals(expected));
      // A chunk whose memory went back to a worker is detached here: it was reused, after its write.
      assert.ok(released.filter((chunk) => chunk.length === 0).length > 0, 'no memory was reused');
    });
  }

  test('workers write into released memory, and chunks never released stay intact', async () => {
    const expected = await serialBytes('csv');
    const { key } = resolveSeed(SEED);
    const setup = {
      fields: SCHEMA,
      seedKey: key,
      writer: { format: 'csv' as const, count: COUNT },
      startedAtMs: referenceTime(null, SEED),
      generationUuid: generationUuid(key),
      rowCount: COUNT,
    };
    const kept: Buffer[] = [];
    const copies: Buffer[] = [];
    let recycled = 0;
    let index = 0;
    for await (const chunk of generateInWorkers(setup, 0, COUNT, 2)) {
      copies.push(Buffer.from(chunk.bytes));
      if (chunk.recycled) recycled++;
      // Every other chunk is kept (never released); the rest go back at once.
      if (index++ % 2 === 0) kept.push(chunk.bytes);
      else chunk.release();
    }
    assert.ok(recycled > 0, 'no chunk was written into released memory');
    // The workers make the rows; the CSV's header line comes from the main thread.
    const header = expected.subarray(0, expected.indexOf(10) + 1);
    assert.ok(Buffer.concat([header, ...copies]).equals(expected));
    kept.forEach((bytes, k) => assert.ok(bytes.equals(copies[k * 2]), `kept chunk ${k * 2} changed`));
  });

  test('releasing a chunk twice, or one not made by workers, is harmless', async () => {
    const generation = generate({ fields: SCHEMA, count: COUNT, seed: SEED, writer: { format: 'csv' }, workers: 2 });
    let chunks = 0;
    for await (const chunk of generation.stream) {
      generation.release(chunk as Buffer);
      generation.release(chunk as Buffer);
      chunks++;
    }
    generation.release(Buffer.from('not a chunk'));
    assert.ok(chunks > 6);
  });
});
