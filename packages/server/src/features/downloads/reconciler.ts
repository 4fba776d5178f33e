/**
 * Keeps the downloads table and the queue in agreement. Progress reaches the table through the
 * queue's live events, which nobody hears while every API server is down, and a Redis that
 * restarts empty loses jobs without an event. So on start and then periodically every server
 * takes each unfinished job in the table and asks the queue (BullMQ's job state: the assembler's
 * finished state and return value stay in the queue until recorded) and, when the queue knows
 * nothing, the store:
 *
 * - finished in the queue (done, failed, cancelled): recorded as such (the file's size, or the
 *   failure's reason; unproduced rows refunded, parts removed), then removed from the queue;
 * - still in the queue: the rows of its finished shards caught up, left running;
 * - not in the queue, its file complete in the store (files are published by rename, so one that
 *   is there is whole): done, with that file;
 * - not in the queue and no file: lost (a Redis restart), failed with every unproduced row given
 *   back and its parts removed.
 *
 * Every write is the downloads service's conditional one (a status only moves forward; the refund
 * is claimed once), so several servers reconciling at once, or a live event arriving meanwhile,
 * end each job exactly once. Nothing is concluded while Redis does not answer: the round stops.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { ArtifactStore, JobProgress, JobRunner } from '../../jobs/job-contract.js';
import { ACTIVE_STATUSES } from './downloads-table.js';
import type { JobStatus } from '../../jobs/job-contract.js';

export const LOST =
  'the job was lost from the queue (Redis restarted without its data, or its keys were removed) before it finished; its unmade rows were given back: start it again';

export interface ReconcilerOptions {
  db: Kysely<Tables>;
  runner: JobRunner & Required<Pick<JobRunner, 'inspect'>>;
  store: ArtifactStore;
  /** Writes an outcome the way a live event would (conditional, refunding once). */
  record(progress: JobProgress): Promise<void>;
  /**
   * A queued job this young is left alone when the queue does not know it: its server may be
   * between storing its row and queuing it.
   */
  graceMs: number;
}

export interface ReconcileSummary {
  checked: number;
  done: number;
  failed: number;
  cancelled: number;
  running: number;
}

export async function reconcile(options: ReconcilerOptions, now = new Date()): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { checked: 0, done: 0, failed: 0, cancelled: 0, running: 0 };
  const rows = await options.db
    .selectFrom('downloads')
    .select(['id', 'status', 'count', 'created_at'])
    .where('status', 'in', ACTIVE_STATUSES as JobStatus[])
    .orderBy('created_at')
    .limit(10_000)
    .execute();
  for (const row of rows) {
    // Throws when Redis does not answer: nothing can be concluded this round.
    const view = await options.runner.inspect(row.id);
    summary.checked++;
    switch (view.state) {
      case 'active':
        await options.record({ jobId: row.id, status: view.status, recordsGenerated: view.recordsGenerated });
        summary.running++;
        break;
      case 'done':
        await options.record({
          jobId: row.id,
          status: 'done',
          recordsGenerated: view.recordsGenerated,
          bytes: view.bytes,
        });
        summary.done++;
        break;
      case 'failed':
        await options.record({
          jobId: row.id,
          status: 'failed',
          recordsGenerated: view.recordsGenerated,
          error: view.error,
        });
        summary.failed++;
        break;
      case 'cancelled':
        await options.record({
          jobId: row.id,
          status: 'cancelled',
          recordsGenerated: view.recordsGenerated,
          error: 'cancelled',
        });
        summary.cancelled++;
        break;
      case 'missing': {
        if (row.status === 'queued' && now.getTime() - Date.parse(row.created_at) < options.graceMs) break;
        const bytes = await options.store.fileSize(row.id);
        if (bytes !== null) {
          await options.record({ jobId: row.id, status: 'done', recordsGenerated: Number(row.count), bytes });
          summary.done++;
        } else {
          // The rows of the finished shards as the table last heard them: the tally went with Redis.
          await options.record({ jobId: row.id, status: 'failed', recordsGenerated: 0, error: LOST });
          summary.failed++;
        }
        break;
      }
    }
  }
  return summary;
}
