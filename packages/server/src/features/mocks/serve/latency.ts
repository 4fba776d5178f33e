/**
 * How long a response waits before its first byte, and the wait itself: a timer (never a busy
 * loop) that a client leaving cuts short. The response's latency overrides the route's, which
 * overrides the API's; null or absent means "inherit".
 */
import type { ServerResponse } from 'node:http';
import { MOCK_LIMITS, type Latency } from '@rowloom/contract';

export function effectiveLatency(...levels: (Latency | null | undefined)[]): Latency | null {
  for (const level of levels) if (level) return level;
  return null;
}

/** A standard normal draw (Box-Muller). */
function standardNormal(random: () => number): number {
  const u = 1 - random(); // (0, 1]: log(0) is never taken
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Milliseconds to wait, within 0..MOCK_LIMITS.latencyMs. */
export function sampleDelay(latency: Latency | null, random: () => number = Math.random): number {
  if (!latency) return 0;
  let ms: number;
  switch (latency.type) {
    case 'fixed':
      ms = latency.ms;
      break;
    case 'uniform':
      ms = latency.min + random() * (latency.max - latency.min);
      break;
    case 'lognormal':
      // WireMock's: the median times e^(sigma * Z).
      ms = latency.median * Math.exp(latency.sigma * standardNormal(random));
      break;
    default:
      ms = 0;
  }
  return Number.isFinite(ms) ? Math.min(MOCK_LIMITS.latencyMs, Math.max(0, ms)) : 0;
}

/** Resolves true after `ms`, or false as soon as the client has gone (the timer is cleared). */
export function waitUnlessGone(ms: number, response: ServerResponse): Promise<boolean> {
  if (response.destroyed || response.socket?.destroyed) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const gone = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      response.off('close', gone);
      resolve(true);
    }, ms);
    response.once('close', gone);
  });
}
