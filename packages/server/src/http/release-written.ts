/**
 * Gives a streamed body's chunks back to whoever made them (Generation.release: the generation
 * threads' batch memory) once they have been written: Fastify pipes a stream body into the
 * response, and the compression hook pipes it into a coder first, and neither says when a chunk
 * is done with. Both pipe with `source.pipe(destination)` (Node's pipeline does too), so the
 * body's own pipe adds a callback to each write of a Buffer into the destination; the callback
 * runs once the write has completed (on the socket, or into the coder's input), when nothing
 * reads the chunk any more.
 *
 * Only destinations whose write callback means that are given the callback: the HTTP response
 * (its callback follows the socket's write, or its failure) and zlib's coders (after the chunk's
 * input is consumed). Anything else, a PassThrough that pushes the chunk on for instance, could
 * still hold it: its chunks are not released (they are simply garbage, as before). The bytes
 * written are the same either way.
 */
import { ServerResponse } from 'node:http';
import type { Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';

type WriteCallback = (error?: Error | null) => void;

/** Destinations that read a chunk no more once its write's callback has run. */
function doneWithChunkAtCallback(destination: unknown): destination is Writable {
  return (
    destination instanceof ServerResponse ||
    destination instanceof zlib.Gzip ||
    destination instanceof zlib.Deflate ||
    destination instanceof zlib.BrotliCompress
  );
}

/** Calls `release(chunk)` once each Buffer written into `destination` has been written (or failed). */
function releaseAfterWrites(destination: Writable, release: (chunk: Buffer) => void): void {
  const write = destination.write as (chunk: unknown, encoding?: unknown, callback?: WriteCallback) => boolean;
  destination.write = function (
    this: Writable,
    chunk: unknown,
    encoding?: BufferEncoding | WriteCallback,
    callback?: WriteCallback,
  ): boolean {
    if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    if (!Buffer.isBuffer(chunk)) return write.call(this, chunk, encoding, callback);
    const done = callback;
    return write.call(this, chunk, encoding, (error?: Error | null) => {
      release(chunk);
      done?.(error);
    });
  } as Writable['write'];
}

/**
 * Whoever pipes `body` into a response or a coder from now on has each Buffer chunk released
 * once its write completes; `release` must ignore chunks it did not make.
 */
export function releaseWhenWritten(body: Readable, release: (chunk: Buffer) => void): void {
  const pipe = body.pipe;
  body.pipe = function <T extends NodeJS.WritableStream>(this: Readable, destination: T, options?: { end?: boolean }) {
    if (doneWithChunkAtCallback(destination)) releaseAfterWrites(destination, release);
    return pipe.call(this, destination, options) as T;
  };
}
