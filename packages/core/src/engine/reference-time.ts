/**
 * The generation's reference time: what formulas' now(), Time.now, Date.today and
 * data_generation_started_at read. A seed promises the same bytes on every run, so a seeded
 * generation without an explicit `now` uses a fixed instant instead of the clock; `now`
 * (CLI --now, API now=) sets it explicitly, seeded or not.
 */
import { SchemaError } from '../schema/errors.js';
import { parseDateTime } from '../time/parse.js';
import type { Seed } from './seed.js';

/** The reference time of a seeded run that gives no `now`: fixed, so reruns are identical. */
export const SEEDED_REFERENCE_TIME = '2025-01-01T00:00:00Z';
const SEEDED_REFERENCE_MS = Date.parse(SEEDED_REFERENCE_TIME);

/** Epoch milliseconds of the reference time; a SchemaError naming `now` when it is not a time. */
export function referenceTime(
  now: string | null | undefined,
  seed: Seed | null | undefined,
  clockMs: number = Date.now(),
): number {
  if (now !== undefined && now !== null && now !== '') {
    const parsed = parseDateTime(now);
    if (parsed === null) {
      throw new SchemaError([
        {
          field: null,
          param: 'now',
          message: `"${now}" is not a time; use ISO 8601 such as 2025-01-01T09:30:00Z (UTC when no offset is given) or mm/dd/yyyy`,
        },
      ]);
    }
    return parsed.epochMs;
  }
  return seed === undefined || seed === null || seed === '' ? clockMs : SEEDED_REFERENCE_MS;
}
