import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { releaseWhenWritten } from './release-written.js';

const chunks = () => Array.from({ length: 20 }, (_, i) => Buffer.alloc(70_000, 97 + i));

describe('releaseWhenWritten', () => {
  test('a coder: each chunk is released after the coder has taken it, and the bytes are unchanged', async () => {
    const sent = chunks();
    const released: Buffer[] = [];
    const body = Readable.from(sent, { objectMode: false });
    releaseWhenWritten(body, (chunk) => {
      released.push(chunk);
      // What a release does to pool memory: the chunk reads as empty from now on.
      const memory = chunk.buffer as ArrayBuffer;
      structuredClone(memory, { transfer: [memory] });
    });
    const out: Buffer[] = [];
    await pipeline(body, createGzip(), async (coded: AsyncIterable<Buffer>) => {
      for await (const part of coded) out.push(part);
    });
    assert.ok(gunzipSync(Buffer.concat(out)).equals(Buffer.concat(chunks())));
    assert.equal(released.length, sent.length);
    assert.ok(released.every((chunk, i) => chunk === sent[i]));
  });

  test('a destination that may still hold a chunk after its write callback (a PassThrough) releases nothing', async () => {
    const released: Buffer[] = [];
    const body = Readable.from(chunks(), { objectMode: false });
    releaseWhenWritten(body, (chunk) => released.push(chunk));
    const out: Buffer[] = [];
    await pipeline(body, new PassThrough(), async (passed: AsyncIterable<Buffer>) => {
      for await (const part of passed) out.push(part);
    });
    assert.ok(Buffer.concat(out).equals(Buffer.concat(chunks())));
    assert.equal(released.length, 0);
  });
});
