/**
 * The plan's limits, explained before a request fails: GET /api/usage gives today's use and the
 * plan (null = no limit); a download larger than the plan allows is refused here with the numbers.
 */
import { useQuery } from '@tanstack/react-query';
import type { Usage } from '@rowloom/contract';
import { apiJson } from '../../api/client';

export type { PlanLimits, Usage } from '@rowloom/contract';

export function useUsage() {
  return useQuery({ queryKey: ['usage'], queryFn: () => apiJson<Usage>('/api/usage'), staleTime: 30_000 });
}

export interface LimitVerdict {
  /** True when the server would refuse this download. */
  blocked: boolean;
  /** What the user should know, with the numbers; empty when nothing is in the way. */
  messages: string[];
}

const n = (value: number) => value.toLocaleString('en-US');

/** `asJob`: the download runs as a background job, which the plan's records per request do not bound. */
export function checkLimits(count: number, usage: Usage | undefined, asJob = false): LimitVerdict {
  if (!usage) return { blocked: false, messages: [] };
  const { plan } = usage;
  const messages: string[] = [];
  const jobCap = plan.recordsPerJob ?? null;
  if (
    plan.recordsPerRequest !== null &&
    count > plan.recordsPerRequest &&
    (!asJob || (jobCap !== null && jobCap <= plan.recordsPerRequest))
  ) {
    messages.push(
      `Your ${plan.name} plan allows ${n(plan.recordsPerRequest)} rows per download; you asked for ${n(count)}. Lower the rows.`,
    );
  } else if (asJob && jobCap !== null && count > jobCap) {
    messages.push(
      `Your ${plan.name} plan allows ${n(jobCap)} rows per background job; you asked for ${n(count)}. Lower the rows.`,
    );
  }
  if (plan.requestsPerDay !== null && usage.requests >= plan.requestsPerDay) {
    messages.push(
      `You have used all ${n(plan.requestsPerDay)} requests of your ${plan.name} plan today (${usage.day}, UTC); the count starts again tomorrow.`,
    );
  }
  if (plan.recordsPerDay !== null) {
    const left = Math.max(0, plan.recordsPerDay - usage.records);
    if (count > left)
      messages.push(
        `Your ${plan.name} plan allows ${n(plan.recordsPerDay)} rows a day and ${n(left)} are left today (${usage.day}, UTC); you asked for ${n(count)}.`,
      );
  }
  return { blocked: messages.length > 0, messages };
}
