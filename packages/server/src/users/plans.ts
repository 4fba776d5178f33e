/**
 * Plans and their limits (spec section 8). null means no limit. Limits are configuration:
 * ROWLOOM_PLANS='{"free": {"requestsPerDay": 1000}}' overrides any of them.
 */
export interface PlanLimits {
  /** Records one request may ask for; a larger count is an error, never a silent cap. */
  recordsPerRequest: number | null;
  requestsPerDay: number | null;
  recordsPerDay: number | null;
  /**
   * Rows one background job (POST /api/downloads, generate?background=true) may ask for; it is
   * charged against recordsPerDay up front. undefined: no cap of its own (recordsPerDay and the
   * server's ROWLOOM_MAX_JOB_RECORDS still apply); null: none.
   */
  recordsPerJob?: number | null;
  /** How many datasets a user may store; undefined or null: no limit. */
  datasets?: number | null;
  /** Total bytes of a user's stored datasets (their parsed values as stored); undefined or null: no limit. */
  datasetBytes?: number | null;
  /**
   * Requests a day that each of the user's public mock APIs answers on its own budget (callers of
   * a public mock are strangers: they never spend the owner's requestsPerDay); undefined or null: no limit.
   */
  publicMockRequestsPerDay?: number | null;
  /** Rows a day that each public mock API may generate on its own budget; undefined or null: no limit. */
  publicMockRecordsPerDay?: number | null;
}

export type Plans = Record<string, PlanLimits>;

export const PLAN_NAMES = ['free', 'silver', 'gold', 'unlimited'] as const;

const MIB = 1024 * 1024;

/** Dataset storage grows with the plan; one upload is also bounded by BODY_LIMIT_BYTES. */
export const DEFAULT_PLANS: Plans = {
  free: {
    recordsPerRequest: 5000,
    recordsPerJob: 5000,
    requestsPerDay: 200,
    recordsPerDay: null,
    datasets: 10,
    datasetBytes: 10 * MIB,
    publicMockRequestsPerDay: 1000,
    publicMockRecordsPerDay: 50_000,
  },
  silver: {
    recordsPerRequest: 5000,
    requestsPerDay: null,
    recordsPerDay: 1_000_000,
    datasets: 100,
    datasetBytes: 100 * MIB,
    publicMockRequestsPerDay: 10_000,
    publicMockRecordsPerDay: 1_000_000,
  },
  gold: {
    recordsPerRequest: 5000,
    requestsPerDay: null,
    recordsPerDay: 10_000_000,
    datasets: 1000,
    datasetBytes: 1024 * MIB,
    publicMockRequestsPerDay: 100_000,
    publicMockRecordsPerDay: 10_000_000,
  },
  unlimited: {
    recordsPerRequest: null,
    requestsPerDay: null,
    recordsPerDay: null,
    datasets: null,
    datasetBytes: null,
    publicMockRequestsPerDay: null,
    publicMockRecordsPerDay: null,
  },
};

const LIMIT_NAMES = [
  'recordsPerRequest',
  'recordsPerJob',
  'requestsPerDay',
  'recordsPerDay',
  'datasets',
  'datasetBytes',
  'publicMockRequestsPerDay',
  'publicMockRecordsPerDay',
];

export function parsePlanOverrides(json: string): Plans {
  let overrides: unknown;
  try {
    overrides = JSON.parse(json);
  } catch {
    throw new Error('ROWLOOM_PLANS must be JSON, e.g. {"free": {"requestsPerDay": 1000}}');
  }
  if (!overrides || typeof overrides !== 'object') throw new Error('ROWLOOM_PLANS must be a JSON object of plans');
  const plans: Plans = structuredClone(DEFAULT_PLANS);
  for (const [name, limits] of Object.entries(overrides as Record<string, unknown>)) {
    if (!limits || typeof limits !== 'object') throw new Error(`ROWLOOM_PLANS.${name} must be an object of limits`);
    const merged: PlanLimits = {
      ...(plans[name] ?? { recordsPerRequest: null, requestsPerDay: null, recordsPerDay: null }),
    };
    for (const [key, value] of Object.entries(limits as Record<string, unknown>)) {
      if (!LIMIT_NAMES.includes(key))
        throw new Error(`ROWLOOM_PLANS.${name}.${key} is not a limit; use ${LIMIT_NAMES.join(', ')}`);
      if (value !== null && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)) {
        throw new Error(`ROWLOOM_PLANS.${name}.${key} must be a whole number or null`);
      }
      merged[key as keyof PlanLimits] = value as number | null;
    }
    plans[name] = merged;
  }
  return plans;
}
