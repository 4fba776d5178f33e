/**
 * Reading and clearing a mock API's request log (mock_requests; the runtime writes it), newest
 * first by seq, a page at a time: `before` is the seq of the last entry the client has.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { MOCK_LIMITS, type LoggedRequest } from '@rowloom/contract';

export const DEFAULT_LOG_PAGE = 50;
export const MAX_LOG_PAGE = MOCK_LIMITS.requestLogEntries;

export type { LoggedRequest } from '@rowloom/contract';

/** The runtime's log writes on this instance (serve/request-log.ts): reading or clearing the log waits for them. */
export interface LogWrites {
  settled(): Promise<void>;
}

/** JSON object text as written by the runtime; anything else reads as {} rather than failing the page. */
function objectOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const orNumber = (value: number | string | null) => (value === null ? null : Number(value));

export async function readRequestLog(
  db: Kysely<Tables>,
  mockApiId: string,
  limit: number,
  before?: number,
): Promise<LoggedRequest[]> {
  let query = db.selectFrom('mock_requests').selectAll().where('mock_api_id', '=', mockApiId);
  if (before !== undefined) query = query.where('seq', '<', before);
  const rows = await query.orderBy('seq', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    // bigint columns come back as text from PostgreSQL.
    seq: Number(row.seq),
    at: row.at,
    method: row.method,
    path: row.path,
    query: objectOf(row.query),
    headers: objectOf(row.headers),
    body: row.body,
    bodyTruncated: Number(row.body_truncated) === 1,
    status: orNumber(row.status),
    routeId: row.route_id,
    responseId: row.response_id,
    fault: row.fault,
    durationMs: orNumber(row.duration_ms),
  }));
}

export async function clearRequestLog(db: Kysely<Tables>, mockApiId: string): Promise<void> {
  await db.deleteFrom('mock_requests').where('mock_api_id', '=', mockApiId).execute();
}
