/**
 * The coders, with levels bounded for output made per request (the build's precompressed web
 * files use the highest ones instead: they are made once). Node's zlib runs them on libuv's
 * thread pool, off the thread that answers requests. See docs/design.md, "Compression".
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Encoding } from './compression-policy.js';

const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;

/**
 * Streams: gzip level 1 (within 5% of level 4's size on generated rows, 30% less CPU), brotli
 * quality 4 with a 1 MiB window (the default 4 MiB window is memory held per response).
 */
const STREAM_ZLIB: zlib.ZlibOptions = { level: 1 };
const STREAM_BROTLI: zlib.BrotliOptions = { params: { [BROTLI_PARAM_QUALITY]: 4, [BROTLI_PARAM_LGWIN]: 20 } };

/** Whole bodies (API answers, a few KB to a few MB): zlib's default level 6, brotli quality 5. */
const BODY_ZLIB: zlib.ZlibOptions = { level: 6 };
const BODY_BROTLI_QUALITY = 5;

/** How often a stream that took input is flushed, so slowly made rows still reach the client. */
export const IDLE_FLUSH_MS = 1000;

export type StreamCoder = zlib.Gzip | zlib.Deflate | zlib.BrotliCompress;

export function streamCoder(encoding: Encoding): StreamCoder {
  if (encoding === 'br') return zlib.createBrotliCompress(STREAM_BROTLI);
  if (encoding === 'gzip') return zlib.createGzip(STREAM_ZLIB);
  return zlib.createDeflate(STREAM_ZLIB);
}

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
const brotli = promisify(zlib.brotliCompress);

/** The whole body coded, on the thread pool. */
export function codeBody(encoding: Encoding, body: Buffer): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(body, BODY_ZLIB);
  if (encoding === 'deflate') return deflate(body, BODY_ZLIB);
  return brotli(body, {
    params: { [BROTLI_PARAM_QUALITY]: BODY_BROTLI_QUALITY, [BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * Flushes the coder every IDLE_FLUSH_MS when input came in since the last flush: a coder holds
 * its output until it has a block's worth, which for a slow generation could be minutes. A
 * flush costs a few bytes; a coder whose client is not reading takes no input, so is not flushed.
 */
export function flushWhenIdle(coder: StreamCoder): void {
  let flushedAt = 0;
  const timer = setInterval(() => {
    if (coder.writableEnded || coder.destroyed || coder.bytesWritten === flushedAt) return;
    flushedAt = coder.bytesWritten;
    coder.flush();
  }, IDLE_FLUSH_MS);
  timer.unref();
  coder.once('close', () => clearInterval(timer));
}
