/** A downloads row as the API shows it (the contract's DownloadStatus), with rate and time left. */
import type { OutputFormat } from '@rowloom/core';
import type { DownloadStatus, JobStatus } from '../job-contract.js';
import { isActive, type DownloadSummary } from './downloads-table.js';

/** `base`: where clients reach this server (PUBLIC_URL or the request's origin), for `url`. */
export function downloadStatus(row: DownloadSummary, base: string, now: Date = new Date()): DownloadStatus {
  const count = Number(row.count);
  const records = Math.min(count, Number(row.records_generated));
  const status = row.status as JobStatus;
  const done = status === 'done';
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
    secondsLeft,
  };
}

/** Rows per second since the job started (until it finished), and the seconds left at that rate while it runs. */
function speed(row: DownloadSummary, records: number, count: number, now: Date): { rate: number | null; secondsLeft: number | null } {
  if (!row.started_at) return { rate: null, secondsLeft: null };
  const end = row.finished_at ? Date.parse(row.finished_at) : now.getTime();
  const seconds = (end - Date.parse(row.started_at)) / 1000;
  if (!(seconds > 0) || records === 0) return { rate: null, secondsLeft: null };
  const rate = Math.round(records / seconds);
  const secondsLeft = isActive(row.status) && rate > 0 ? Math.ceil((count - records) / rate) : null;
  return { rate, secondsLeft };
}
