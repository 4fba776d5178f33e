/**
 * The request log of a mock API (mock_requests), written once the response has gone (the
 * response's 'close'), so logging never delays an answer. Credentials are not kept (the key
 * parameter, X-API-Key and Cookie are left out by mock-call.ts; Authorization and
 * Proxy-Authorization keep only their scheme: "Bearer [redacted]"), the body is cut at
 * MOCK_LIMITS.requestLogBodyBytes (and flagged so), and every PRUNE_EVERY inserts of an API on
 * this instance its oldest entries beyond MOCK_LIMITS.requestLogEntries are deleted (one
 * indexed delete, not one per insert). Which requests are written is serve-mock.ts's choice: a
 * private API's log holds only requests that passed its authentication, so strangers cannot
 * push the owner's entries out.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { QueryParams } from '@rowloom/core';
import type { Tables } from '../../../db/tables.js';
import { MOCK_LIMITS } from '@rowloom/contract';

export const PRUNE_EVERY = 20;

export interface LogEntry {
  mockApiId: string;
  method: string;
  path: string;
  /** A repeated parameter as the list of its values, stored so (JSON) and read back so. */
  query: QueryParams;
  headers: Record<string, string>;
  bodyText: string | null;
  status: number | null;
  routeId: string | null;
  responseId: string | null;
  fault: string | null;
  durationMs: number;
}

/** PostgreSQL text cannot hold NUL; the log shows U+FFFD instead. */
const storable = (text: string) => text.replace(/\u0000/g, '\uFFFD');

/** At most `bytes` of UTF-8, never cutting a character in two. */
export function cutUtf8(text: string, bytes: number): string {
  if (text.length <= bytes / 3) return text;
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  let end = bytes;
  while (end > 0 && (buffer[end] & 0xc0) === 0x80) end--;
  return buffer.subarray(0, end).toString('utf8');
}

const REDACTED = '[redacted]';
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization'];

/** "Bearer abc" -> "Bearer [redacted]"; a value without a scheme -> "[redacted]". */
export function redactCredential(value: string): string {
  const scheme = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s+\S/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/** The headers as logged: credentials kept to their scheme. */
export function loggedHeaders(headers: Record<string, string>): Record<string, string> {
  const logged = { ...headers };
  for (const name of CREDENTIAL_HEADERS) if (logged[name] !== undefined) logged[name] = redactCredential(logged[name]);
  return logged;
}

let tieBreaker = 0;
/** Arrival order: microseconds since the epoch, plus a tie-breaker for the same millisecond. */
function nextSeq(): number {
  tieBreaker = (tieBreaker + 1) % 1000;
  return Date.now() * 1000 + tieBreaker;
}

export class RequestLog {
  private readonly insertsSincePrune = new Map<string, number>();
  /** Inserts not finished yet: a verification or a clearing of the log waits for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Fire and forget: a failure is logged, never thrown into a request. */
  write(entry: LogEntry): void {
    const insert = this.insert(entry).catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not write the mock request log'),
    );
    this.pending.add(insert);
    void insert.finally(() => this.pending.delete(insert));
  }

  /**
   * Resolves once the entries this instance has begun writing are in the log: a test that got
   * its answer and then asks what the mock received (or clears the log) sees that request.
   */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private async insert(entry: LogEntry): Promise<void> {
    const body = entry.bodyText === null ? null : cutUtf8(entry.bodyText, MOCK_LIMITS.requestLogBodyBytes);
    await this.db
      .insertInto('mock_requests')
      .values({
        id: randomUUID(),
        mock_api_id: entry.mockApiId,
        seq: nextSeq(),
        at: new Date().toISOString(),
        method: entry.method,
        path: storable(entry.path.slice(0, 2048)),
        // Query and headers are bounded by the HTTP parser's header size limit (16 KiB).
        query: storable(JSON.stringify(entry.query)),
        headers: storable(JSON.stringify(loggedHeaders(entry.headers))),
        body: body === null ? null : storable(body),
        body_truncated: body !== null && body.length < entry.bodyText!.length ? 1 : 0,
        status: entry.status,
        route_id: entry.routeId,
        response_id: entry.responseId,
        fault: entry.fault,
        duration_ms: Math.round(entry.durationMs * 1000) / 1000,
      })
      .execute();
    const count = (this.insertsSincePrune.get(entry.mockApiId) ?? 0) + 1;
    if (count < PRUNE_EVERY) {
      this.insertsSincePrune.set(entry.mockApiId, count);
      return;
    }
    this.insertsSincePrune.delete(entry.mockApiId);
    await this.prune(entry.mockApiId);
  }

  /** Deletes what is older than the newest requestLogEntries (nothing when there are fewer). */
  async prune(mockApiId: string): Promise<void> {
    await this.db
      .deleteFrom('mock_requests')
      .where('mock_api_id', '=', mockApiId)
      .where('seq', '<', (eb) =>
        eb
          .selectFrom('mock_requests')
          .select('seq')
          .where('mock_api_id', '=', mockApiId)
          .orderBy('seq', 'desc')
          .limit(1)
          .offset(MOCK_LIMITS.requestLogEntries - 1),
      )
      .execute();
  }
}
