/** A downloads row as the API shows it (the contract's DownloadStatus), with rate, time left and what it waits for. */
import type { OutputFormat } from '@rowloom/core';
import type { DownloadStatus, JobStatus } from '../../jobs/job-contract.js';
import { isActive, type DownloadSummary } from './downloads-table.js';
import type { Live } from './live-progress.js';

/** What the server knows beyond the row: the workers' latest report and how many workers listen. */
export interface StatusContext {
  live?: Live;
  /** Workers listening on the queue (null: unknown). */
  workers?: number | null;
  /** A running job that made no rows for this long is waiting (a shard of a stopped worker waits for its lock to expire). */
  stallMs?: number;
}

export const NO_WORKER =
  'waiting for a worker: no rowloom worker is listening on the queue (start one: REDIS_URL=... rowloom worker)';
export const DEFAULT_STALL_MS = 5000;

/** `base`: where clients reach this server (PUBLIC_URL or the request's origin), for `url`. */
export function downloadStatus(
  row: DownloadSummary,
  base: string,
  now: Date = new Date(),
  context: StatusContext = {},
): DownloadStatus {
  const count = Number(row.count);
  const status = row.status as JobStatus;
  const active = isActive(status);
  // While it runs, the rows made so far (finished shards and the shards being made); once it has
  // ended, the finished shards' rows: what the user is charged for.
  const records = Math.min(count, Math.max(Number(row.records_generated), active ? (context.live?.records ?? 0) : 0));
  const done = status === 'done';
  const waiting = active ? waitingFor(row, context, now) : null;
  const { rate, secondsLeft } = speed(row, records, count, now);
  return {
    id: row.id,
    status,
    // Whole percent, 100 only when the file is there (assembling a finished generation is 99).
    percentComplete: done || count === 0 ? (done ? 100 : 0) : Math.min(99, Math.floor((records / count) * 100)),
    recordsGenerated: records,
    count,
    format: row.format as OutputFormat,
    url: done ? `${base}/api/downloads/${encodeURIComponent(row.id)}/file` : null,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    bytes: row.bytes === null ? null : Number(row.bytes),
    rate,
    secondsLeft: waiting === null ? secondsLeft : null,
    waiting,
  };
}

function waitingFor(row: DownloadSummary, context: StatusContext, now: Date): string | null {
  if (context.workers === 0) return NO_WORKER;
  if (row.status !== 'running' || !context.live) return null;
  const still = now.getTime() - context.live.movedAt;
  if (still <= (context.stallMs ?? DEFAULT_STALL_MS)) return null;
  return `waiting for a worker: no rows made for ${Math.round(still / 1000)} s (a shard whose worker stopped is made again once its lock expires)`;
}

/** Rows per second since the job started (until it finished), and the seconds left at that rate while it runs. */
function speed(
  row: DownloadSummary,
  records: number,
  count: number,
  now: Date,
): { rate: number | null; secondsLeft: number | null } {
  if (!row.started_at) return { rate: null, secondsLeft: null };
  const end = row.finished_at ? Date.parse(row.finished_at) : now.getTime();
  const seconds = (end - Date.parse(row.started_at)) / 1000;
  if (!(seconds > 0) || records === 0) return { rate: null, secondsLeft: null };
  const rate = Math.round(records / seconds);
  const secondsLeft = isActive(row.status) && rate > 0 ? Math.ceil((count - records) / rate) : null;
  return { rate, secondsLeft };
}
