/**
 * A job's rows are charged to the plan once, up front, with the downloads row in the same
 * transaction (so a refused charge leaves no row and a failed insert no charge); what a failed
 * or cancelled job did not produce is given back once, however many instances hear the event.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { PlanLimits } from '../../plans.js';
import { chargeUsage, usageDay } from '../../quota.js';
import { USAGE_LIMIT_EXCEEDED } from '../../routes/generation-admission.js';
import type { FrozenJob } from '../job-contract.js';
import { insertDownload, type FileInfo } from './downloads-table.js';

/**
 * The most rows one job may ask for: the plan's recordsPerJob (the free plan: 5000, as its
 * requests), its recordsPerDay, and the server's ROWLOOM_MAX_JOB_RECORDS, whichever is least.
 * The per-request limit (recordsPerRequest) does not apply: lifting it is what jobs are for.
 */
export function checkJobSize(count: number, plan: string, limits: PlanLimits, maxJobRecords: number): void {
  const perJob = limits.recordsPerJob ?? null;
  if (perJob !== null && count > perJob) {
    throw badRequest(`count ${count} is more than the ${perJob} records one job may ask for on the ${plan} plan; ask for at most ${perJob}`, { limit: 'recordsPerJob', allowed: perJob });
  }
  if (count > maxJobRecords) {
    throw badRequest(`count ${count} is more than the ${maxJobRecords} records this server runs in one job (ROWLOOM_MAX_JOB_RECORDS); ask for at most ${maxJobRecords}`, { limit: 'maxJobRecords', allowed: maxJobRecords });
  }
}

/** Charges one request and all the job's rows, and stores its row; a 429 when the plan's day is used up. */
export async function chargeAndStore(db: Kysely<Tables>, job: FrozenJob, file: FileInfo, limits: PlanLimits, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const decision = await chargeUsage(tx, job.userId, limits, job.count, now);
    if (!decision.ok) {
      const retryAfter = Math.max(1, Math.ceil((decision.resetsAt.getTime() - now.getTime()) / 1000));
      throw new HttpError(429, USAGE_LIMIT_EXCEEDED, { limit: decision.limit, allowed: decision.allowed, resets_at: decision.resetsAt.toISOString() }, { 'retry-after': String(retryAfter) });
    }
    await insertDownload(tx, job, file, usageDay(now), now);
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
    const claimed = await tx.updateTable('downloads').set({ refunded: 1 }).where('id', '=', jobId).where('refunded', '=', 0).where('status', 'in', ['failed', 'cancelled']).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return 0;
    const row = await tx.selectFrom('downloads').select(['user_id', 'count', 'records_generated', 'charged_day']).where('id', '=', jobId).executeTakeFirstOrThrow();
    const unproduced = Math.max(0, Number(row.count) - Number(row.records_generated));
    if (unproduced === 0) return 0;
    await tx
      .updateTable('usage')
      .set((eb) => ({ records: eb.case().when('records', '>=', unproduced).then(eb('records', '-', unproduced)).else(0).end() }))
      .where('user_id', '=', row.user_id)
      .where('day', '=', row.charged_day)
      .execute();
    return unproduced;
  });
}
