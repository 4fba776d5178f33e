/**
 * Rows made so far by running jobs, as this server last heard from the workers: the rows of the
 * finished shards plus those a worker has made in the shard it is on. Kept in memory, not in the
 * database: every API server hears every worker's reports (the queue's events), a report comes
 * twice a second per worker, and only the finished shards' rows are what a user is charged for
 * (records_generated). `movedAt` is when the figure last grew: a job that makes no rows for a
 * while is waiting (a dead worker's shard waits for its lock to expire), and its time left is
 * then unknown rather than "1 s".
 */
import type { JobProgress } from '../../jobs/job-contract.js';

export interface Live {
  records: number;
  movedAt: number;
}

/** Jobs followed at most; past it, the longest silent ones are forgotten (their status falls back to the database's). */
const MAX_JOBS = 10_000;

export class LiveProgress {
  private readonly jobs = new Map<string, Live>();

  heard(progress: JobProgress, now = Date.now()): void {
    if (
      progress.status === 'done' ||
      progress.status === 'failed' ||
      progress.status === 'cancelled' ||
      progress.status === 'expired'
    ) {
      this.jobs.delete(progress.jobId);
      return;
    }
    const records = progress.recordsGenerated + Math.max(0, progress.inFlight ?? 0);
    const entry = this.jobs.get(progress.jobId);
    if (!entry) {
      this.jobs.set(progress.jobId, { records, movedAt: now });
      if (this.jobs.size > MAX_JOBS) this.forgetOldest();
    } else if (records > entry.records) {
      entry.records = records;
      entry.movedAt = now;
    }
  }

  get(jobId: string): Live | undefined {
    return this.jobs.get(jobId);
  }

  forget(jobId: string): void {
    this.jobs.delete(jobId);
  }

  private forgetOldest(): void {
    let oldest: [string, number] | null = null;
    for (const [id, live] of this.jobs) if (!oldest || live.movedAt < oldest[1]) oldest = [id, live.movedAt];
    if (oldest) this.jobs.delete(oldest[0]);
  }
}
