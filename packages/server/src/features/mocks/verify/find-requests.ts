/**
 * Which logged requests of a mock API match a pattern, and when none does, the near misses:
 * the requests that failed the fewest conditions, each with what differed (as WireMock
 * explains an unmatched verification). The log holds at most MOCK_LIMITS.requestLogEntries
 * requests, and every regex test is charged to VERIFY_MATCH_STEPS, so one search is bounded.
 */
import type { FoundRequests, LoggedRequest, NearMiss } from '@rowloom/contract';
import { MOCK_LIMITS } from '@rowloom/contract';
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';
import { HttpError } from '../../../http/http-error.js';
import { readRequestLog } from '../request-log-read.js';
import { MatchSteps, RuleRegexError } from '../rule-regex.js';
import { RuleWorkError } from '../rule-work.js';
import { differences, type ReadPattern } from './request-pattern.js';

/** About 50 ms of regex work at the worst measured rate (rule-regex.ts). */
export const VERIFY_MATCH_STEPS = 5_000_000;
/** JSONPath reads over the whole log (rule-work.ts): about 100 ms at the worst measured rate. */
export const VERIFY_JSON_READS = 100_000;
const NEAR_MISSES = 3;

export function findInLog(log: LoggedRequest[], pattern: ReadPattern): FoundRequests {
  const steps = new MatchSteps(VERIFY_MATCH_STEPS, VERIFY_JSON_READS);
  const matched: LoggedRequest[] = [];
  const missed: NearMiss[] = [];
  try {
    for (const entry of log) {
      const differing = differences(pattern, entry, steps);
      if (differing.length === 0) matched.push(entry);
      else missed.push({ request: entry, differences: differing });
    }
  } catch (error) {
    if (error instanceof RuleRegexError) throw new HttpError(422, `the pattern's regex conditions ${error.message}`);
    if (error instanceof RuleWorkError)
      throw new HttpError(422, `the pattern's JSONPath conditions took too much work over the log: ${error.message}`);
    throw error;
  }
  // Stable sort: among equally near misses the newest comes first, as the log is read.
  const nearest = matched.length ? [] : missed.sort((a, b) => a.differences.length - b.differences.length);
  return {
    count: matched.length,
    requests: matched.slice(0, pattern.limit),
    nearMisses: nearest.slice(0, NEAR_MISSES),
  };
}

/** Searches the whole kept log of one mock API, newest first. */
export async function findRequests(
  db: Kysely<Tables>,
  mockApiId: string,
  pattern: ReadPattern,
): Promise<FoundRequests> {
  const log = await readRequestLog(db, mockApiId, MOCK_LIMITS.requestLogEntries);
  return findInLog(log, pattern);
}
