/**
 * Measures how long GET /health takes to answer while something else runs: the proof that an
 * expensive request does not hold the server. The probe runs on its own thread, so it keeps
 * asking (and timing) while the test's thread, the server's, is busy.
 */
import { Worker } from 'node:worker_threads';

export interface HealthTimes {
  /** Answers received. */
  count: number;
  /** The slowest, in milliseconds. */
  slowestMs: number;
}

/** Probes /health at `url` while `work` runs; resolves with work's result and the probe's times. */
export async function whileProbingHealth<T>(
  url: string,
  work: () => Promise<T>,
): Promise<{ result: T; health: HealthTimes }> {
  const probe = new Worker(new URL('./health-probe-worker.js', import.meta.url), { workerData: { url } });
  const answers = new Promise<number[]>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  try {
    const result = await work();
    probe.postMessage('stop');
    const times = await answers;
    return { result, health: { count: times.length, slowestMs: Math.max(0, ...times) } };
  } finally {
    await probe.terminate();
  }
}
