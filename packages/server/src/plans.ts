/**
 * Plans and their limits (spec section 8). null means no limit. Limits are configuration:
 * ROWLOOM_PLANS='{"free": {"requestsPerDay": 1000}}' overrides any of them.
 */
export interface PlanLimits {
  /** Records one request may ask for; a larger count is an error, never a silent cap. */
  recordsPerRequest: number | null;
  requestsPerDay: number | null;
  recordsPerDay: number | null;
}

export type Plans = Record<string, PlanLimits>;

export const PLAN_NAMES = ['free', 'silver', 'gold', 'unlimited'] as const;

export const DEFAULT_PLANS: Plans = {
  free: { recordsPerRequest: 5000, requestsPerDay: 200, recordsPerDay: null },
  silver: { recordsPerRequest: 5000, requestsPerDay: null, recordsPerDay: 1_000_000 },
  gold: { recordsPerRequest: 5000, requestsPerDay: null, recordsPerDay: 10_000_000 },
  unlimited: { recordsPerRequest: null, requestsPerDay: null, recordsPerDay: null },
};

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
    const merged = { ...(plans[name] ?? { recordsPerRequest: null, requestsPerDay: null, recordsPerDay: null }) };
    for (const [key, value] of Object.entries(limits as Record<string, unknown>)) {
      if (!(key in merged)) throw new Error(`ROWLOOM_PLANS.${name}.${key} is not a limit; use recordsPerRequest, requestsPerDay or recordsPerDay`);
      if (value !== null && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)) {
        throw new Error(`ROWLOOM_PLANS.${name}.${key} must be a whole number or null`);
      }
      merged[key as keyof PlanLimits] = value as number | null;
    }
    plans[name] = merged;
  }
  return plans;
}
