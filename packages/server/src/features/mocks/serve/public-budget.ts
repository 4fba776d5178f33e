/**
 * What a public mock API's callers may spend. They are strangers to its owner, so they never
 * spend the owner's plan (an anonymous loop would otherwise lock the owner out of their own
 * generate API until midnight). Instead each public mock has:
 * - a daily budget of its own, in the database (mock_usage, shared by every instance): the
 *   owner's plan's publicMockRequestsPerDay and publicMockRecordsPerDay, per mock;
 * - a rate limit per instance (ROWLOOM_PUBLIC_MOCK_RATE requests a second, bursts of twice
 *   that), so no caller can make one mock take the server's time in a tight loop.
 * A private mock is called by its owner only, and charges the owner's plan as before.
 */
import type { Kysely } from 'kysely';
import { BoundedCache } from '../../../cache/bounded-cache.js';
import type { Tables } from '../../../db/tables.js';
import { HttpError } from '../../../http/http-error.js';
import type { PlanLimits } from '../../../users/plans.js';
import { chargeDaily, MOCK_USAGE } from '../../../users/quota.js';

/** Requests a second one public mock answers on one instance, by default. */
export const DEFAULT_PUBLIC_MOCK_RATE = 20;
/** Mocks whose rate is tracked at once; the least recently called one is forgotten first. */
const TRACKED_MOCKS = 10_000;

export class PublicMockBudget {
  private readonly buckets: BoundedCache<string, { tokens: number; at: number }>;

  /** @param ratePerSecond requests a second per public mock on this instance; 0: no rate limit. */
  constructor(
    private readonly ratePerSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.buckets = new BoundedCache({ max: TRACKED_MOCKS });
  }

  /** Takes one request's place in the mock's rate, or throws a 429 with Retry-After. */
  admit(mockApiId: string, name: string): void {
    if (this.ratePerSecond <= 0) return;
    const burst = 2 * this.ratePerSecond;
    const now = this.now();
    const bucket = this.buckets.get(mockApiId) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * this.ratePerSecond);
    bucket.at = now;
    this.buckets.set(mockApiId, bucket);
    if (bucket.tokens < 1) {
      throw new HttpError(
        429,
        `the public mock API '${name}' answers at most ${this.ratePerSecond} requests a second; slow down`,
        { limit: 'publicMockRate', allowed: this.ratePerSecond },
        { 'retry-after': '1' },
      );
    }
    bucket.tokens -= 1;
  }

  /** Charges one request of `records` rows to the mock's own daily budget, or throws a 429. */
  async charge(
    db: Kysely<Tables>,
    mockApiId: string,
    name: string,
    limits: PlanLimits,
    records: number,
  ): Promise<void> {
    const budget = {
      requestsPerDay: limits.publicMockRequestsPerDay ?? null,
      recordsPerDay: limits.publicMockRecordsPerDay ?? null,
    };
    // Nothing reads a budget without limits (a file-run mock's, an unlimited plan's): not counted,
    // which saves a write, the dearest statement of a request to a public mock.
    if (budget.requestsPerDay === null && budget.recordsPerDay === null) return;
    const decision = await chargeDaily(db, MOCK_USAGE, mockApiId, budget, records);
    if (decision.ok) return;
    const retryAfter = Math.max(1, Math.ceil((decision.resetsAt.getTime() - Date.now()) / 1000));
    const what =
      decision.limit === 'requestsPerDay' ? `${decision.allowed} requests` : `${decision.allowed} generated rows`;
    throw new HttpError(
      429,
      `the public mock API '${name}' has used its budget of ${what} for today; it resets at midnight UTC (its owner's own plan is not affected)`,
      {
        limit: decision.limit === 'requestsPerDay' ? 'publicMockRequestsPerDay' : 'publicMockRecordsPerDay',
        allowed: decision.allowed,
        resets_at: decision.resetsAt.toISOString(),
      },
      { 'retry-after': String(retryAfter) },
    );
  }
}
