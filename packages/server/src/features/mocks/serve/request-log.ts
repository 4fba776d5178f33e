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
import type { Insertable, Kysely } from 'kysely';
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

type LogRow = Insertable<Tables['mock_requests']>;

/** The row of one entry: credentials redacted, the body cut, text PostgreSQL can hold. */
function logRow(entry: LogEntry): LogRow {
  const body = entry.bodyText === null ? null : cutUtf8(entry.bodyText, MOCK_LIMITS.requestLogBodyBytes);
  return {
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
  };
}

/** Entries written together: a few requests' worth, far below SQLite's 32,766 bound parameters. */
export const LOG_BATCH_ROWS = 50;
/** How long an entry waits for others to share its write (a reader never waits: see settled()). */
export const LOG_FLUSH_MS = 5;

export class RequestLog {
  private readonly insertsSincePrune = new Map<string, number>();
  /** Entries waiting for their write, in arrival order. */
  private queue: LogRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The writes under way: a verification or a clearing of the log waits for them. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Fire and forget: a failure is logged, never thrown into a request. Entries that arrive within
   * LOG_FLUSH_MS of each other are written by one statement: one commit for a burst of requests,
   * instead of one each (the dearest part of a busy mock's database work).
   */
  write(entry: LogEntry): void {
    this.queue.push(logRow(entry));
    if (this.queue.length >= LOG_BATCH_ROWS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), LOG_FLUSH_MS);
  }

  /**
   * Resolves once every entry written on this instance so far is in the log: a test that got its
   * answer and then asks what the mock received (or clears the log) sees that request.
   */
  async settled(): Promise<void> {
    this.flush();
    await Promise.all([...this.pending]);
  }

  /** Starts writing what is queued. */
  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const rows = this.queue;
    this.queue = [];
    const written = this.insert(rows).catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not write the mock request log'),
    );
    this.pending.add(written);
    void written.finally(() => this.pending.delete(written));
  }

  private async insert(rows: LogRow[]): Promise<void> {
    try {
      await this.db.insertInto('mock_requests').values(rows).execute();
    } catch (error) {
      if (rows.length === 1) throw error;
      // One entry the database refuses (its API deleted meanwhile) must not take the others with it.
      for (const row of rows)
        await this.insert([row]).catch((failure: unknown) =>
          this.log.warn({ err: failure }, 'could not write the mock request log'),
        );
      return;
    }
    for (const mockApiId of new Set(rows.map((row) => row.mock_api_id))) {
      const inserted = rows.filter((row) => row.mock_api_id === mockApiId).length;
      const count = (this.insertsSincePrune.get(mockApiId) ?? 0) + inserted;
      if (count < PRUNE_EVERY) {
        this.insertsSincePrune.set(mockApiId, count);
        continue;
      }
      this.insertsSincePrune.delete(mockApiId);
      await this.prune(mockApiId);
    }
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
