/**
 * A project's check and row counts off the request thread: a short-lived worker thread with a
 * time and memory limit, a few at once (more wait briefly, then get a 503), so a project of ten
 * million parents or two hundred tables never delays other requests.
 */
import { Limiter } from '../../concurrency/limiter.js';
import { answerInTurn } from '../../concurrency/one-off-thread.js';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { PlanInput, PlanReply } from './project-plan-worker.js';

/** Counting 10 million parents' children takes about a second; the limit leaves room for a busy machine. */
const PLAN_TIME_LIMIT_MS = 20_000;
const PLAN_MEMORY_MB = 256;
const plans = new Limiter({ running: 2, queued: 8, waitMs: 15_000, what: 'project checks' });

export async function planOffThread(input: PlanInput): Promise<PlanReply> {
  const reply = await answerInTurn<PlanReply>(plans, {
    script: new URL('./project-plan-worker.js', import.meta.url),
    input,
    timeLimitMs: PLAN_TIME_LIMIT_MS,
    memoryMb: PLAN_MEMORY_MB,
    timedOut: () =>
      badRequest(`the project took more than ${PLAN_TIME_LIMIT_MS / 1000} s to check; give its tables fewer rows`),
    crashed: (error) =>
      new HttpError(413, `the project could not be checked (${error.message.slice(0, 200)}); make it smaller`),
  });
  if (!reply.ok && reply.ours) throw new Error(`project check failed: ${reply.problems.join('; ')}`);
  return reply;
}
