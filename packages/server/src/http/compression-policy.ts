/**
 * What the server compresses and with which coding: pure decisions on headers, no streams
 * (compression.ts applies them). Text-like bodies only; a body already coded, a partial one
 * (Range), a tiny one and a route that opts out are left as they are.
 */
import { negotiate } from '@fastify/accept-negotiator';

export type Encoding = 'br' | 'gzip' | 'deflate';

/** Bodies smaller than this are sent as they are: the coding's own bytes and CPU outweigh the saving. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text, JSON, XML, JavaScript, SQL, NDJSON, SVG. Not event streams (each event must reach the
 * client when it is written), not images, archives or xlsx (already compressed: zip inside).
 */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|xml|sql|x-ndjson|x-sql|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

/**
 * Streams (generate output) prefer gzip: at the levels used, brotli costs about twice gzip's CPU
 * per byte for some 20% fewer bytes on generated rows. Whole bodies (API answers) prefer brotli:
 * they are small and bounded, so its better ratio comes cheap.
 */
const STREAM_ORDER: Encoding[] = ['gzip', 'br', 'deflate'];
const BODY_ORDER: Encoding[] = ['br', 'gzip', 'deflate'];

/** The coding to use for this Accept-Encoding, or null: send the bytes as they are. */
export function chooseEncoding(acceptEncoding: unknown, streamed: boolean): Encoding | null {
  if (typeof acceptEncoding !== 'string' || acceptEncoding.trim() === '') return null;
  // x-gzip is gzip's old name (RFC 9110 §8.4.1.3).
  const header = acceptEncoding.toLowerCase().replace(/x-gzip/g, 'gzip');
  return negotiate(header, streamed ? STREAM_ORDER : BODY_ORDER) as Encoding | null;
}

/** What the decision reads about a response about to be sent. */
export interface ResponseFacts {
  statusCode: number;
  /** The request's Range header: a partial answer's byte offsets are the uncoded file's. */
  range: unknown;
  contentType: unknown;
  contentEncoding: unknown;
  contentRange: unknown;
  cacheControl: unknown;
  /** The route said `config: { compress: false }`. */
  optedOut: boolean;
}

/** True when the response must go out as it is, whatever the client accepts. */
export function leaveAsIs(facts: ResponseFacts): boolean {
  return (
    facts.optedOut ||
    facts.statusCode < 200 ||
    facts.statusCode === 204 ||
    facts.statusCode === 206 ||
    facts.statusCode === 304 ||
    facts.range !== undefined ||
    facts.contentRange !== undefined ||
    (facts.contentEncoding !== undefined && facts.contentEncoding !== 'identity') ||
    /\bno-transform\b/i.test(String(facts.cacheControl ?? '')) ||
    !isCompressible(facts.contentType)
  );
}

/** The ETag of the coded representation: not the uncoded one's, so caches and If-None-Match keep them apart. */
export function codedEtag(etag: string, encoding: Encoding): string {
  return etag.endsWith('"') ? `${etag.slice(0, -1)}-${encoding}"` : `${etag}-${encoding}`;
}

/** Vary with Accept-Encoding added once to whatever it already names. */
export function varyWithAcceptEncoding(vary: unknown): string {
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.some((name) => name === '*' || name.toLowerCase() === 'accept-encoding')) return names.join(', ');
  return [...names, 'Accept-Encoding'].join(', ');
}
