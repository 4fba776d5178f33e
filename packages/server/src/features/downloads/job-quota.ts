/**
 * A job's rows are charged to the plan once, up front, with the downloads row in the same
 * transaction (so a refused charge leaves no row and a failed insert no charge); what a failed
 * or cancelled job did not produce is given back once, however many instances hear the event.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { PlanLimits } from '../../users/plans.js';
import { chargeUsage, usageDay } from '../../users/quota.js';
import { USAGE_LIMIT_EXCEEDED } from '../generation/generation-admission.js';
import type { FrozenJob, JobStatus } from '../../jobs/job-contract.js';
import { ACTIVE_STATUSES, insertDownload, type FileInfo } from './downloads-table.js';

/**
 * The most rows one job may ask for: the plan's recordsPerJob (the free plan: 5000, as its
 * requests), its recordsPerDay, and the server's ROWLOOM_MAX_JOB_RECORDS, whichever is least.
 * The per-request limit (recordsPerRequest) does not apply: lifting it is what jobs are for.
 */
export function checkJobSize(count: number, plan: string, limits: PlanLimits, maxJobRecords: number): void {
  const perJob = limits.recordsPerJob ?? null;
  if (perJob !== null && count > perJob) {
    throw badRequest(
      `count ${count} is more than the ${perJob} records one job may ask for on the ${plan} plan; ask for at most ${perJob}`,
      { limit: 'recordsPerJob', allowed: perJob },
    );
  }
  if (count > maxJobRecords) {
    throw badRequest(
      `count ${count} is more than the ${maxJobRecords} records this server runs in one job (ROWLOOM_MAX_JOB_RECORDS); ask for at most ${maxJobRecords}`,
      { limit: 'maxJobRecords', allowed: maxJobRecords },
    );
  }
}

/** Seconds a client told "too many jobs at once" is asked to wait before trying again. */
const ACTIVE_JOBS_RETRY_SECONDS = 30;

/**
 * Charges one request and all the job's rows, and stores its row; a 429 when the plan's day is
 * used up, or when the user already has `maxActiveJobs` jobs queued or running (null: no cap).
 * The count comes after the charge's upsert of the user's usage row, which (on PostgreSQL) waits
 * for any other submission of the same user to commit, and SQLite runs one writer at a time: two
 * submissions racing for the last place cannot both get it.
 */
export async function chargeAndStore(
  db: Kysely<Tables>,
  job: FrozenJob,
  file: FileInfo,
  limits: PlanLimits,
  now: Date,
  maxActiveJobs: number | null = null,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const decision = await chargeUsage(tx, job.userId, limits, job.count, now);
    if (!decision.ok) {
      const retryAfter = Math.max(1, Math.ceil((decision.resetsAt.getTime() - now.getTime()) / 1000));
      throw new HttpError(
        429,
        USAGE_LIMIT_EXCEEDED,
        { limit: decision.limit, allowed: decision.allowed, resets_at: decision.resetsAt.toISOString() },
        { 'retry-after': String(retryAfter) },
      );
    }
    if (maxActiveJobs !== null) {
      const { active } = await tx
        .selectFrom('downloads')
        .select((eb) => eb.fn.countAll<number>().as('active'))
        .where('user_id', '=', job.userId)
        .where('status', 'in', ACTIVE_STATUSES as JobStatus[])
        .executeTakeFirstOrThrow();
      if (Number(active) >= maxActiveJobs) {
        throw new HttpError(
          429,
          `you have ${Number(active)} background jobs queued or running, the most one user may have at once (ROWLOOM_MAX_JOBS_PER_USER = ${maxActiveJobs}); wait for one to finish or cancel one (DELETE /api/downloads/{id}), then submit again`,
          { limit: 'activeJobs', allowed: maxActiveJobs },
          { 'retry-after': String(ACTIVE_JOBS_RETRY_SECONDS) },
        );
      }
    }
    await insertDownload(tx, job, file, usageDay(now), now);
  });
}

/**
 * Takes back a submission the queue did not take (Redis went away between the check and the
 * submission): its row goes, and its request and rows are given back, so it cost nothing.
 */
export async function withdrawSubmission(db: Kysely<Tables>, jobId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom('downloads')
      .where('id', '=', jobId)
      .where('status', '=', 'queued')
      .returning(['user_id', 'count', 'charged_day'])
      .executeTakeFirst();
    if (!row) return;
    await tx
      .updateTable('usage')
      .set((eb) => ({
        requests: eb
          .case()
          .when('requests', '>=', 1)
          .then(eb('requests', '-', 1))
          .else(0)
          .end(),
        records: eb
          .case()
          .when('records', '>=', Number(row.count))
          .then(eb('records', '-', Number(row.count)))
          .else(0)
          .end(),
      }))
      .where('user_id', '=', row.user_id)
      .where('day', '=', row.charged_day)
      .execute();
  });
}

/**
 * Gives back the rows a failed or cancelled job did not produce, to the day they were charged
 * to. The refunded flag is set by a conditional update in the same transaction: only the first
 * caller (of any instance) finds it unset, so the refund happens exactly once.
 */
export async function refundUnproduced(db: Kysely<Tables>, jobId: string): Promise<number> {
  return db.transaction().execute(async (tx) => {
    // The claim comes first: a write takes SQLite's lock at once (a read first would make two
    // instances' transactions deadlock on the upgrade), and PostgreSQL's row lock orders them.
    const claimed = await tx
      .updateTable('downloads')
      .set({ refunded: 1 })
      .where('id', '=', jobId)
      .where('refunded', '=', 0)
      .where('status', 'in', ['failed', 'cancelled'])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 0;
    const row = await tx
      .selectFrom('downloads')
      .select(['user_id', 'count', 'records_generated', 'charged_day'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const unproduced = Math.max(0, Number(row.count) - Number(row.records_generated));
    if (unproduced === 0) return 0;
    await tx
      .updateTable('usage')
      .set((eb) => ({
        records: eb
          .case()
          .when('records', '>=', unproduced)
          .then(eb('records', '-', unproduced))
          .else(0)
          .end(),
      }))
      .where('user_id', '=', row.user_id)
      .where('day', '=', row.charged_day)
      .execute();
    return unproduced;
  });
}
