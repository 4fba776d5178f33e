/**
 * Daily usage against a plan's limits, counted atomically in the database: one conditional
 * upsert per request, so concurrent requests (on any number of server instances sharing the
 * database) can never push a user past a limit.
 */
import type { Kysely } from 'kysely';
import { QueryTemplate } from '../db/query-template.js';
import type { Tables } from '../db/tables.js';
import type { PlanLimits } from './plans.js';

export type QuotaDecision =
  { ok: true } | { ok: false; limit: 'requestsPerDay' | 'recordsPerDay'; allowed: number; resetsAt: Date };

/** Days are UTC: the counters reset at midnight UTC. */
export function usageDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function nextMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * A table of daily counters, keyed by who pays: a user's plan (`usage`), or a public mock API's
 * own budget (`mock_usage`, mocks/serve/public-budget.ts). Both have the columns `<key>`, day,
 * requests, records, with (<key>, day) unique.
 */
export interface DailyCounter {
  table: 'usage' | 'mock_usage';
  key: 'user_id' | 'mock_api_id';
}

export const USER_USAGE: DailyCounter = { table: 'usage', key: 'user_id' };
export const MOCK_USAGE: DailyCounter = { table: 'mock_usage', key: 'mock_api_id' };

/** The daily limits a counter is held to (a plan's, or a public mock's); null: none. */
export type DailyLimits = Pick<PlanLimits, 'requestsPerDay' | 'recordsPerDay'>;

/**
 * The charge: insert the day's first request, or add to the day's counters only where the sums
 * stay within the limits; it returns a row only when it counted. Built once per database and
 * shape (the table, and which limits apply), since building it cost more than running it. The
 * builder is untyped: the table is one of DailyCounter's, which share their columns.
 */
const CHARGE = new QueryTemplate<
  { id: string; day: string; records: number; requestLimit: number; recordLimit: number },
  Tables
>(
  (typed, { id, day, records, requestLimit, recordLimit }, shape) => {
    const [table, key, limits] = shape.split('|') as [DailyCounter['table'], DailyCounter['key'], string];
    const db = typed as unknown as Kysely<
      Record<string, { day: string; requests: number; records: number } & Record<string, unknown>>
    >;
    return db
      .insertInto(table)
      .values({ [key]: id, day, requests: 1, records })
      .onConflict((oc) =>
        oc
          .columns([key, 'day'])
          .doUpdateSet((eb) => ({
            requests: eb(`${table}.requests`, '+', 1),
            records: eb(`${table}.records`, '+', records),
          }))
          .where((eb) => {
            const conditions = [];
            if (limits.includes('requests')) conditions.push(eb(eb(`${table}.requests`, '+', 1), '<=', requestLimit));
            if (limits.includes('records'))
              conditions.push(eb(eb(`${table}.records`, '+', records), '<=', recordLimit));
            return conditions.length ? eb.and(conditions) : eb.lit(true);
          }),
      )
      .returning(['requests', 'records']);
  },
  { id: '\u0000id', day: '\u0000day', records: -7_000_001, requestLimit: -7_000_002, recordLimit: -7_000_003 },
);

/** Records one request of `records` rows if it fits the plan's daily limits. */
export async function chargeUsage(
  db: Kysely<Tables>,
  userId: string,
  limits: PlanLimits,
  records: number,
  now = new Date(),
): Promise<QuotaDecision> {
  return chargeDaily(db, USER_USAGE, userId, limits, records, now);
}

/** Records one request of `records` rows against `id`'s counter if it fits `limits`. */
export async function chargeDaily(
  db: Kysely<Tables>,
  counter: DailyCounter,
  id: string,
  limits: DailyLimits,
  records: number,
  now = new Date(),
): Promise<QuotaDecision> {
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
  const shape = `${counter.table}|${counter.key}|${requestLimit === null ? '-' : 'requests'} ${recordLimit === null ? '-' : 'records'}`;
  const values = { id, day, records, requestLimit: requestLimit ?? 0, recordLimit: recordLimit ?? 0 };
  const [updated] = await CHARGE.rows<{ requests: number; records: number }>(db, values, shape);
  if (updated) return { ok: true };
  // Nothing was written: say which limit stopped it.
  const untyped = db as unknown as Kysely<
    Record<string, { day: string; requests: number; records: number } & Record<string, unknown>>
  >;
  const current = await untyped
    .selectFrom(counter.table)
    .select(['requests', 'records'])
    .where(counter.key, '=', id)
    .where('day', '=', day)
    .executeTakeFirst();
  if (requestLimit !== null && current && Number(current.requests) + 1 > requestLimit) return refuse('requestsPerDay');
  return refuse('recordsPerDay');
}
