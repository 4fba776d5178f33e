/**
 * The downloads API's side of background jobs: submitting (charge + row + JobRunner.submit),
 * writing every progress event to the row (refunding failed and cancelled jobs), cancelling and
 * removing, and the retention sweep. One per API instance; any number may share a database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { HttpError } from '../../http/http-error.js';
import type { PlanLimits } from '../../users/plans.js';
import {
  QueueUnavailableError,
  type ArtifactStore,
  type FrozenJob,
  type JobProgress,
  type JobRunner,
  type QueueHealth,
} from '../../jobs/job-contract.js';
import { downloadStatus, type StatusContext } from './download-status.js';
import {
  activeJobIds,
  applyProgress,
  deleteDownload,
  expireDownloads,
  findDownload,
  isActive,
  type DownloadSummary,
  type FileInfo,
} from './downloads-table.js';
import { chargeAndStore, refundUnproduced, withdrawSubmission } from './job-quota.js';
import { LiveProgress } from './live-progress.js';
import { reconcile, type ReconcileSummary } from './reconciler.js';

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
  /** How often unfinished jobs are held against the queue (reconciler.ts; default every 30 s, and at start). */
  reconcileEveryMs?: number;
  /** A queued job the queue does not know is left alone this long after its submission (default 60 s; keep it above the runner's submission timeout). */
  reconcileGraceMs?: number;
  /** ROWLOOM_MAX_JOBS_PER_USER: jobs one user may have queued or running at once (null: no cap). */
  maxActiveJobs?: number | null;
  /** A running job that made no rows for this long shows as waiting (default 5 s). */
  stallMs?: number;
}

/** How long /api/downloads/:id reuses the number of workers listening (a CLIENT LIST on Redis). */
const WORKERS_CACHE_MS = 2000;
/** Seconds a client told the queue is unreachable is asked to wait. */
const QUEUE_RETRY_SECONDS = 10;

/** The error of a job an in-process server lost by restarting. */
export const RESTARTED =
  'the server restarted while this job ran (jobs run in-process without REDIS_URL); start it again';

export class Downloads {
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;
  private reconcileTimer: NodeJS.Timeout | null = null;
  private reconciling: Promise<ReconcileSummary | null> | null = null;
  private readonly pending = new Set<Promise<void>>();
  private readonly live = new LiveProgress();
  private workersSeen: { at: number; health: Promise<QueueHealth> } | null = null;
  private closed = false;

  constructor(readonly options: DownloadsOptions) {}

  /**
   * Subscribes to the runner's events, fails the jobs a restart lost (in-process) or reconciles
   * the unfinished ones with the queue (now, then periodically), starts the retention sweep (now,
   * then every minute).
   */
  async start(): Promise<void> {
    this.options.runner.onProgress((progress) => {
      this.live.heard(progress);
      // After close() the database is going away: another instance (or the next start) writes it.
      if (!this.closed) void this.track(this.record(progress));
    });
    if (this.options.inProcess) {
      for (const jobId of await activeJobIds(this.options.db))
        await this.record({ jobId, status: 'failed', recordsGenerated: 0, error: RESTARTED });
    }
    if (this.options.runner.inspect) {
      void this.reconcile();
      this.reconcileTimer = setInterval(() => void this.reconcile(), this.options.reconcileEveryMs ?? 30_000);
      this.reconcileTimer.unref();
    }
    void this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), this.options.sweepEveryMs ?? 60_000);
    this.sweepTimer.unref();
  }

  /**
   * Charges the plan for every row and stores the row (a 429 when over, or when the user has too
   * many jobs at once), then hands the job to the runner. When the queue cannot take it, a 503
   * and nothing charged: it is asked first (before any charge), and a submission that fails
   * after all is taken back.
   */
  async submit(job: FrozenJob, file: FileInfo, limits: PlanLimits): Promise<void> {
    const health = await this.options.runner.health();
    if (!health.reachable) throw queueUnavailable(health.error ?? 'the job queue does not answer');
    await chargeAndStore(this.options.db, job, file, limits, new Date(), this.options.maxActiveJobs ?? null);
    try {
      await this.options.runner.submit(job);
    } catch (error) {
      this.options.log?.error({ err: error, jobId: job.id }, 'job submission failed');
      await withdrawSubmission(this.options.db, job.id);
      if (error instanceof QueueUnavailableError) throw queueUnavailable(error.message);
      throw error;
    }
  }

  /**
   * Stops a queued or running job: the runner stops its shards and says how many rows its
   * finished shards hold (final: no shard is counted after the cancel); the row says cancelled
   * with those rows, and the others come back.
   */
  async cancel(row: DownloadSummary): Promise<void> {
    const { recordsGenerated } = await this.options.runner.cancel(row.id);
    await this.record({ jobId: row.id, status: 'cancelled', recordsGenerated, error: 'cancelled' });
  }

  /** Holds every unfinished job against the queue and the store (reconciler.ts); null when the queue does not answer. */
  reconcile(): Promise<ReconcileSummary | null> {
    const { runner } = this.options;
    if (this.closed || !runner.inspect) return Promise.resolve(null);
    this.reconciling ??= reconcile({
      db: this.options.db,
      runner: runner as JobRunner & Required<Pick<JobRunner, 'inspect'>>,
      store: this.options.store,
      record: (progress) => this.record(progress),
      graceMs: this.options.reconcileGraceMs ?? 60_000,
    })
      .catch((error: unknown) => {
        if (!(error instanceof QueueUnavailableError))
          this.options.log?.error({ err: error }, 'downloads: reconciling jobs with the queue failed');
        return null;
      })
      .finally(() => {
        this.reconciling = null;
      });
    return this.reconciling;
  }

  /** The queue's health, reused for WORKERS_CACHE_MS (every status answer asks how many workers listen). */
  queueHealth(): Promise<QueueHealth> {
    if (!this.workersSeen || Date.now() - this.workersSeen.at > WORKERS_CACHE_MS)
      this.workersSeen = { at: Date.now(), health: this.options.runner.health() };
    return this.workersSeen.health;
  }

  /** A row as the API shows it, with what this server heard from the workers. */
  async status(row: DownloadSummary, base: string): Promise<ReturnType<typeof downloadStatus>> {
    const context: StatusContext = { live: this.live.get(row.id), stallMs: this.options.stallMs };
    if (isActive(row.status)) {
      const health = await this.queueHealth();
      context.workers = health.reachable ? health.workers : null;
    }
    return downloadStatus(row, base, new Date(), context);
  }

  /** Removes a finished download: its file, then its row. */
  async remove(id: string): Promise<void> {
    await this.options.store.remove(id);
    await deleteDownload(this.options.db, id);
  }

  /**
   * Writes one event; a failed or cancelled job gets its unproduced rows back (once, whoever hears
   * it). Once a finished job is in the table, its remains leave the queue (forget): until then
   * they are how the reconciler learns how it ended.
   */
  async record(progress: JobProgress): Promise<void> {
    const { db, retentionMs } = this.options;
    const finishedHere = await applyProgress(db, progress, retentionMs, new Date());
    if (progress.status === 'done') {
      if (!finishedHere) {
        // A file finished for a job cancelled meanwhile (by an instance whose runner did not run
        // it) or removed: nobody will fetch it, so it goes now rather than at expiry.
        const row = await findDownload(db, progress.jobId, null);
        if (!row || row.status === 'cancelled' || row.status === 'failed') await this.removeArtifacts(progress.jobId);
      }
      await this.forget(progress.jobId);
      return;
    }
    if (progress.status !== 'failed' && progress.status !== 'cancelled') return;
    // Always tried, not only where the status changed: if that instance died before refunding,
    // another one hearing the event does it (refundUnproduced is idempotent).
    await refundUnproduced(db, progress.jobId);
    if (finishedHere) await this.removeArtifacts(progress.jobId);
    if (progress.status === 'failed') await this.forget(progress.jobId);
  }

  private async forget(jobId: string): Promise<void> {
    this.live.forget(jobId);
    await this.options.runner
      .forget?.(jobId)
      .catch((error: unknown) =>
        this.options.log?.warn(
          { err: error, jobId },
          'downloads: removing a finished job from the queue failed (the reconciler tries again)',
        ),
      );
  }

  /**
   * Removes a finished job's parts and file. The job's row already says what happened and the
   * rows are refunded, so a store that fails here (a shared mount gone for a moment) costs disk
   * space, not the caller's answer: it is logged, never thrown.
   */
  private async removeArtifacts(jobId: string): Promise<void> {
    await this.options.store
      .remove(jobId)
      .catch((error: unknown) =>
        this.options.log?.error({ err: error, jobId }, 'downloads: removing the files of a finished job failed'),
      );
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
    const tracked = work.catch((error: unknown) =>
      this.options.log?.error({ err: error }, 'downloads: writing job progress failed'),
    );
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return tracked;
  }

  /** The user's download (null: any user's, for admins). */
  find(id: string, userId: string | null): Promise<DownloadSummary | undefined> {
    return findDownload(this.options.db, id, userId);
  }

  /** Stops the sweep and the reconciler and waits for the writes in flight (before the database closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    await this.reconciling;
    await Promise.all([...this.pending]);
  }
}

function queueUnavailable(why: string): HttpError {
  return new HttpError(
    503,
    `background jobs cannot be taken now: ${why}; nothing was charged, try again in a moment`,
    {},
    { 'retry-after': String(QUEUE_RETRY_SECONDS) },
  );
}
