/**
 * Daily usage against a plan's limits, counted atomically in the database: one conditional
 * upsert per request, so concurrent requests (on any number of server instances sharing the
 * database) can never push a user past a limit.
 */
import type { Kysely } from 'kysely';
import { QueryTemplate } from './db/query-template.js';
import type { Tables } from './db/tables.js';
import type { PlanLimits } from './plans.js';

export type QuotaDecision =
  | { ok: true }
  | { ok: false; limit: 'requestsPerDay' | 'recordsPerDay'; allowed: number; resetsAt: Date };

/** Days are UTC: the counters reset at midnight UTC. */
export function usageDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function nextMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * The charge: insert the day's first request, or add to the day's counters only where the sums
 * stay within the limits; it returns a row only when it counted. Built once per database and
 * shape (which limits apply), since building it cost more than running it.
 */
const CHARGE = new QueryTemplate<{ userId: string; day: string; records: number; requestLimit: number; recordLimit: number }, Tables>(
  (db, { userId, day, records, requestLimit, recordLimit }, shape) =>
    db
      .insertInto('usage')
      .values({ user_id: userId, day, requests: 1, records })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'day'])
          .doUpdateSet((eb) => ({ requests: eb('usage.requests', '+', 1), records: eb('usage.records', '+', records) }))
          .where((eb) => {
            const conditions = [];
            if (shape.includes('requests')) conditions.push(eb(eb('usage.requests', '+', 1), '<=', requestLimit));
            if (shape.includes('records')) conditions.push(eb(eb('usage.records', '+', records), '<=', recordLimit));
            return conditions.length ? eb.and(conditions) : eb.lit(true);
          }),
      )
      .returning(['requests', 'records']),
  { userId: '\u0000user', day: '\u0000day', records: -7_000_001, requestLimit: -7_000_002, recordLimit: -7_000_003 },
);

/** Records one request of `records` rows if it fits the plan's daily limits. */
export async function chargeUsage(db: Kysely<Tables>, userId: string, limits: PlanLimits, records: number, now = new Date()): Promise<QuotaDecision> {
  const day = usageDay(now);
  const requestLimit = limits.requestsPerDay;
  const recordLimit = limits.recordsPerDay;
  const refuse = (limit: 'requestsPerDay' | 'recordsPerDay'): QuotaDecision => ({
    ok: false,
    limit,
    allowed: (limit === 'requestsPerDay' ? requestLimit : recordLimit)!,
    resetsAt: nextMidnight(now),
  });
  // A first request of the day inserts; it must fit on its own.
  if (requestLimit !== null && requestLimit < 1) return refuse('requestsPerDay');
  if (recordLimit !== null && records > recordLimit) return refuse('recordsPerDay');
  const shape = `${requestLimit === null ? '-' : 'requests'} ${recordLimit === null ? '-' : 'records'}`;
  const values = { userId, day, records, requestLimit: requestLimit ?? 0, recordLimit: recordLimit ?? 0 };
  const [updated] = await CHARGE.rows<{ requests: number; records: number }>(db, values, shape);
  if (updated) return { ok: true };
  // Nothing was written: say which limit stopped it.
  const current = await db.selectFrom('usage').select(['requests', 'records']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
  if (requestLimit !== null && current && Number(current.requests) + 1 > requestLimit) return refuse('requestsPerDay');
  return refuse('recordsPerDay');
}
