/**
 * Sign-in and sign-up limits count attempts in fixed windows of the clock (windows start at
 * multiples of windowMs since the epoch: features/accounts/rate-limit.ts). A test that counts
 * attempts up to a limit must not straddle a window's end, where the count starts again: CI once
 * saw a sixth failure answered 401 instead of 429 because the run crossed 20:45:00.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** Waits, when less than `neededMs` is left of the current window, until the next one has begun. */
export async function startInFreshWindow(windowMs: number, neededMs = 20_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await sleep(left + 50);
}
