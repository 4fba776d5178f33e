/**
 * The downloads API's side of background jobs: submitting (charge + row + JobRunner.submit),
 * writing every progress event to the row (refunding failed and cancelled jobs), cancelling and
 * removing, and the retention sweep. One per API instance; any number may share a database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import type { PlanLimits } from '../../plans.js';
import type { ArtifactStore, FrozenJob, JobProgress, JobRunner } from '../job-contract.js';
import { activeJobIds, applyProgress, deleteDownload, expireDownloads, findDownload, type DownloadSummary, type FileInfo } from './downloads-table.js';
import { chargeAndStore, refundUnproduced } from './job-quota.js';

export interface DownloadsOptions {
  db: Kysely<Tables>;
  runner: JobRunner;
  store: ArtifactStore;
  /** How long a finished file is kept (ROWLOOM_DOWNLOAD_RETENTION_HOURS). */
  retentionMs: number;
  /** How often the retention sweep runs (every minute). */
  sweepEveryMs?: number;
  log?: FastifyBaseLogger;
  /**
   * Jobs run in this process (no Redis): nothing survives a restart, so on start the jobs left
   * unfinished are marked failed and their rows given back. (Without Redis, run one instance.)
   */
  inProcess?: boolean;
}

/** The error of a job an in-process server lost by restarting. */
export const RESTARTED = 'the server restarted while this job ran (jobs run in-process without REDIS_URL); start it again';

export class Downloads {
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly pending = new Set<Promise<void>>();
  private closed = false;

  constructor(readonly options: DownloadsOptions) {}

  /** Subscribes to the runner's events, fails the jobs a restart lost (in-process), starts the retention sweep (now, then every minute). */
  async start(): Promise<void> {
    this.options.runner.onProgress((progress) => {
      // After close() the database is going away: another instance (or the next start) writes it.
      if (!this.closed) void this.track(this.record(progress));
    });
    if (this.options.inProcess) {
      for (const jobId of await activeJobIds(this.options.db)) await this.record({ jobId, status: 'failed', recordsGenerated: 0, error: RESTARTED });
    }
    void this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), this.options.sweepEveryMs ?? 60_000);
    this.sweepTimer.unref();
  }

  /** Charges the plan for every row and stores the row (a 429 when over), then hands the job to the runner. */
  async submit(job: FrozenJob, file: FileInfo, limits: PlanLimits): Promise<void> {
    await chargeAndStore(this.options.db, job, file, limits, new Date());
    try {
      await this.options.runner.submit(job);
    } catch (error) {
      // The queue refused it (Redis down...): the job fails at once and its rows come back.
      this.options.log?.error({ err: error, jobId: job.id }, 'job submission failed');
      await this.record({ jobId: job.id, status: 'failed', recordsGenerated: 0, error: `the job could not be queued: ${(error as Error).message}` });
    }
  }

  /** Stops a queued or running job: the runner stops its shards; the row says cancelled; its unproduced rows come back. */
  async cancel(row: DownloadSummary): Promise<void> {
    await this.options.runner.cancel(row.id);
    await this.record({ jobId: row.id, status: 'cancelled', recordsGenerated: Number(row.records_generated), error: 'cancelled' });
  }

  /** Removes a finished download: its file, then its row. */
  async remove(id: string): Promise<void> {
    await this.options.store.remove(id);
    await deleteDownload(this.options.db, id);
  }

  /** Writes one event; a failed or cancelled job gets its unproduced rows back (once, whoever hears it). */
  async record(progress: JobProgress): Promise<void> {
    const { db, retentionMs } = this.options;
    const finishedHere = await applyProgress(db, progress, retentionMs, new Date());
    if (progress.status === 'done' && !finishedHere) {
      // A file finished for a job cancelled meanwhile (by an instance whose runner did not run
      // it) or removed: nobody will fetch it, so it goes now rather than at expiry.
      const row = await findDownload(db, progress.jobId, null);
      if (!row || row.status === 'cancelled' || row.status === 'failed') await this.removeArtifacts(progress.jobId);
      return;
    }
    if (progress.status !== 'failed' && progress.status !== 'cancelled') return;
    // Always tried, not only where the status changed: if that instance died before refunding,
    // another one hearing the event does it (refundUnproduced is idempotent).
    await refundUnproduced(db, progress.jobId);
    if (finishedHere) await this.removeArtifacts(progress.jobId);
  }

  /**
   * Removes a finished job's parts and file. The job's row already says what happened and the
   * rows are refunded, so a store that fails here (a shared mount gone for a moment) costs disk
   * space, not the caller's answer: it is logged, never thrown.
   */
  private async removeArtifacts(jobId: string): Promise<void> {
    await this.options.store.remove(jobId).catch((error: unknown) => this.options.log?.error({ err: error, jobId }, 'downloads: removing the files of a finished job failed'));
  }

  /** Expires finished files past their retention and removes them from the store. */
  sweep(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.sweeping ??= this.track(
      (async () => {
        for (const id of await expireDownloads(this.options.db, new Date())) await this.options.store.remove(id);
      })(),
    ).finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  /** Runs a background write, logging (never throwing) its failure; close() waits for it. */
  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((error: unknown) => this.options.log?.error({ err: error }, 'downloads: writing job progress failed'));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return tracked;
  }

  /** The user's download (null: any user's, for admins). */
  find(id: string, userId: string | null): Promise<DownloadSummary | undefined> {
    return findDownload(this.options.db, id, userId);
  }

  /** Stops the sweep and waits for the writes in flight (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await Promise.all([...this.pending]);
  }
}
