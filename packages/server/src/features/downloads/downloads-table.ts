/**
 * The downloads table: one row per background job. Progress may arrive at several API instances
 * at once (each hears every runner event), so every write is conditional: a status only moves
 * forward (queued -> running -> assembling -> done | failed | cancelled -> expired), rows
 * generated only grow, and a finished job is never reopened.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DownloadsTable, Tables } from '../../db/tables.js';
import type { FrozenJob, JobProgress, JobStatus } from '../../jobs/job-contract.js';
import { frozenJobRecord } from '../../jobs/frozen-job-json.js';

export type DownloadRow = Selectable<DownloadsTable>;

export const ACTIVE_STATUSES: readonly JobStatus[] = ['queued', 'running', 'assembling'];
export const FINISHED_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled'];
const RANK: Record<JobStatus, number> = {
  queued: 0,
  running: 1,
  assembling: 2,
  done: 3,
  failed: 3,
  cancelled: 3,
  expired: 4,
};

export function isActive(status: string): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

/** What the file is served as. */
export interface FileInfo {
  contentType: string;
  filename: string;
}

export async function insertDownload(
  db: Kysely<Tables>,
  job: FrozenJob,
  file: FileInfo,
  chargedDay: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('downloads')
    .values({
      id: job.id,
      user_id: job.userId,
      status: 'queued',
      count: job.count,
      format: job.format,
      content_type: file.contentType,
      filename: file.filename,
      options: JSON.stringify(job.writer),
      job: frozenJobRecord(job),
      bytes: null,
      error: null,
      charged_day: chargedDay,
      created_at: now.toISOString(),
      started_at: null,
      finished_at: null,
      expires_at: null,
    })
    .execute();
}

/** The columns a status answer needs (not the frozen job, which may be large). */
const SUMMARY = [
  'id',
  'user_id',
  'status',
  'count',
  'format',
  'content_type',
  'filename',
  'options',
  'records_generated',
  'bytes',
  'error',
  'charged_day',
  'refunded',
  'created_at',
  'started_at',
  'finished_at',
  'expires_at',
] as const;
export type DownloadSummary = Omit<DownloadRow, 'job'>;

/** The user's download, or undefined (also for another user's id: its existence is not revealed). */
export async function findDownload(
  db: Kysely<Tables>,
  id: string,
  userId: string | null,
): Promise<DownloadSummary | undefined> {
  let query = db.selectFrom('downloads').select(SUMMARY).where('id', '=', id);
  if (userId !== null) query = query.where('user_id', '=', userId);
  return query.executeTakeFirst();
}

/** Newest first, at most `limit`. */
export async function listDownloads(db: Kysely<Tables>, userId: string, limit: number): Promise<DownloadSummary[]> {
  return db
    .selectFrom('downloads')
    .select(SUMMARY)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Every user's queued and running jobs, oldest first, with the owner's email (the admin view). */
export async function listActiveDownloads(
  db: Kysely<Tables>,
  limit: number,
): Promise<(DownloadSummary & { email: string })[]> {
  return db
    .selectFrom('downloads')
    .innerJoin('users', 'users.id', 'downloads.user_id')
    .select([...SUMMARY.map((c) => `downloads.${c}` as const), 'users.email'])
    .where('downloads.status', 'in', ACTIVE_STATUSES as JobStatus[])
    .orderBy('downloads.created_at')
    .limit(limit)
    .execute();
}

/** The ids of the unfinished downloads, oldest first. */
export async function activeJobIds(db: Kysely<Tables>): Promise<string[]> {
  const rows = await db
    .selectFrom('downloads')
    .select('id')
    .where('status', 'in', ACTIVE_STATUSES as JobStatus[])
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Writes a progress event. Returns true when this call moved the job into a finished state
 * (exactly one instance sees true for a given job), so the caller refunds or cleans up once.
 */
export async function applyProgress(
  db: Kysely<Tables>,
  progress: JobProgress,
  retentionMs: number,
  now: Date,
): Promise<boolean> {
  // Expiry is the retention sweep's alone (expireDownloads).
  if (progress.status === 'expired') return false;
  const records = Math.max(0, Math.floor(progress.recordsGenerated));
  // Only from a state that ranks at or below the new one: an old event never moves a job back.
  const from = (Object.keys(RANK) as JobStatus[]).filter((s) => RANK[s] <= RANK[progress.status] && RANK[s] < 3);
  if (from.length === 0) return false;
  const finished = RANK[progress.status] === 3;
  const at = now.toISOString();
  const result = await db
    .updateTable('downloads')
    .set({
      status: progress.status,
      records_generated: sql<number>`case when records_generated < ${records} then ${records} else records_generated end`,
      started_at: sql<string>`coalesce(started_at, ${progress.status === 'queued' ? null : at})`,
      ...(progress.bytes !== undefined ? { bytes: progress.bytes } : {}),
      ...(progress.error !== undefined ? { error: progress.error.slice(0, 2000) } : {}),
      ...(finished
        ? {
            finished_at: at,
            expires_at: progress.status === 'done' ? new Date(now.getTime() + retentionMs).toISOString() : null,
          }
        : {}),
    })
    .where('id', '=', progress.jobId)
    .where('status', 'in', from)
    .executeTakeFirst();
  return finished && Number(result.numUpdatedRows) === 1;
}

/** Marks finished files past their expiry as expired; returns the ids this call expired. */
export async function expireDownloads(db: Kysely<Tables>, now: Date): Promise<string[]> {
  const due = await db
    .selectFrom('downloads')
    .select('id')
    .where('status', '=', 'done')
    .where('expires_at', '<=', now.toISOString())
    .limit(1000)
    .execute();
  const expired: string[] = [];
  for (const { id } of due) {
    // Conditional: when two instances sweep at once, one of them expires each row.
    const result = await db
      .updateTable('downloads')
      .set({ status: 'expired' })
      .where('id', '=', id)
      .where('status', '=', 'done')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) expired.push(id);
  }
  return expired;
}

export async function deleteDownload(db: Kysely<Tables>, id: string): Promise<void> {
  await db.deleteFrom('downloads').where('id', '=', id).execute();
}
