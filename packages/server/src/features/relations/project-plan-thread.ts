/**
 * A project's check and row counts off the request thread: two resident worker threads with a
 * time and memory limit (a thread past them is replaced), more requests wait briefly, then get
 * a 503, so a project of ten million parents or two hundred tables never delays other requests.
 */
import { ResidentThreads } from '../../concurrency/resident-threads.js';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { PlanInput, PlanReply } from './project-plan-worker.js';

/** Counting 10 million parents' children takes about a second; the limit leaves room for a busy machine. */
const PLAN_TIME_LIMIT_MS = 20_000;
const PLAN_MEMORY_MB = 256;

const checkers = new ResidentThreads<PlanReply>({
  script: new URL('./project-plan-worker.js', import.meta.url),
  threads: 2,
  timeLimitMs: PLAN_TIME_LIMIT_MS,
  memoryMb: PLAN_MEMORY_MB,
  queue: { queued: 8, waitMs: 15_000, what: 'project checks' },
  timedOut: () =>
    badRequest(`the project took more than ${PLAN_TIME_LIMIT_MS / 1000} s to check; give its tables fewer rows`),
  crashed: (error) =>
    new HttpError(413, `the project could not be checked (${error.message.slice(0, 200)}); make it smaller`),
});

export async function planOffThread(input: PlanInput): Promise<PlanReply> {
  const reply = await checkers.ask(input);
  if (!reply.ok && reply.ours) throw new Error(`project check failed: ${reply.problems.join('; ')}`);
  return reply;
}
