/**
 * Compresses answers for clients that ask (Accept-Encoding: br, gzip or deflate): API answers
 * whole, streamed ones (generate output, mock answers) as they are made, through a coder the
 * response pipes from, so a client that reads slowly holds back the generation rather than
 * making the server buffer it. A client that does not ask (curl without --compressed,
 * Mockaroo's client libraries) gets the bytes as they are. The web page's files come
 * precompressed from the build (web-interface.ts) and already carry their Content-Encoding.
 *
 * One onSend hook on the root, added before the features' plugins so that it holds for all of
 * them; a route opts out with `config: { compress: false }`.
 */
import { pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codeBody, flushWhenIdle, streamCoder } from './compression-codecs.js';
import {
  chooseEncoding,
  codedEtag,
  COMPRESSION_THRESHOLD_BYTES,
  leaveAsIs,
  varyWithAcceptEncoding,
  type Encoding,
} from './compression-policy.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route's answers are never compressed (files with byte ranges). */
    compress?: boolean;
  }
}

function isReadable(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
}

function mustLeave(request: FastifyRequest, reply: FastifyReply): boolean {
  return leaveAsIs({
    statusCode: reply.statusCode,
    range: request.headers.range,
    contentType: reply.getHeader('content-type'),
    contentEncoding: reply.getHeader('content-encoding'),
    contentRange: reply.getHeader('content-range'),
    cacheControl: reply.getHeader('cache-control'),
    optedOut: request.routeOptions.config?.compress === false,
  });
}

/** The headers of a coded answer: its coding, its own ETag, no byte ranges (those are the uncoded bytes'). */
function markCoded(reply: FastifyReply, encoding: Encoding): void {
  reply.header('content-encoding', encoding);
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string') reply.header('etag', codedEtag(etag, encoding));
  reply.removeHeader('accept-ranges');
}

async function compressBody(request: FastifyRequest, reply: FastifyReply, body: string | Buffer) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length < COMPRESSION_THRESHOLD_BYTES) return body;
  reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
  const encoding = chooseEncoding(request.headers['accept-encoding'], false);
  if (!encoding) return body;
  const coded = await codeBody(encoding, bytes);
  markCoded(reply, encoding);
  // Fastify sets the length of a Buffer body; a HEAD answer's is set from this one too.
  reply.header('content-length', coded.length);
  return coded;
}

function compressStream(request: FastifyRequest, reply: FastifyReply, stream: Readable) {
  reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
  const encoding = chooseEncoding(request.headers['accept-encoding'], true);
  if (!encoding) return stream;
  markCoded(reply, encoding);
  reply.removeHeader('content-length');
  // HEAD: the headers a GET would have; Fastify drains the body unsent, so it is not coded.
  if (request.method === 'HEAD') return stream;
  const coder = streamCoder(encoding);
  flushWhenIdle(coder);
  // Either side failing or closing ends both: a client that leaves stops the source, and a
  // source that fails (the time limit) ends the response without its last chunk.
  pipeline(stream, coder, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE')
      request.log.debug({ err: error }, 'compressed response ended early');
  });
  return coder;
}

export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (payload === null || payload === undefined || mustLeave(request, reply)) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) return compressBody(request, reply, payload);
    if (isReadable(payload)) return compressStream(request, reply, payload);
    return payload;
  });
}
