/**
 * Inference off the request thread: a sample of up to a megabyte and a thousand columns takes
 * a few hundred milliseconds to read, so each runs on a short-lived worker thread with a time
 * and memory limit, and only a few at once (more wait briefly, then get a 503), so one large
 * sample never delays other requests.
 */
import type { Inference } from '@rowloom/core';
import { Limiter } from '../../concurrency/limiter.js';
import { answerInTurn } from '../../concurrency/one-off-thread.js';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { InferReply } from './infer-worker.js';

/** Far longer than the largest sample takes (about half a second). */
const INFER_TIME_LIMIT_MS = 10_000;
const INFER_MEMORY_MB = 256;
const inferences = new Limiter({ running: 2, queued: 4, waitMs: 15_000, what: 'inferences' });

export async function inferOffThread(text: string): Promise<Inference> {
  const reply = await answerInTurn<InferReply>(inferences, {
    script: new URL('./infer-worker.js', import.meta.url),
    input: text,
    timeLimitMs: INFER_TIME_LIMIT_MS,
    memoryMb: INFER_MEMORY_MB,
    timedOut: () =>
      badRequest(`the sample took more than ${INFER_TIME_LIMIT_MS / 1000} s to read; send fewer rows or columns`),
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: the sample is the cause.
    crashed: (error) =>
      new HttpError(413, `the sample could not be read (${error.message.slice(0, 200)}); send a smaller one`),
  });
  if (reply.ok) return reply.inference;
  if (reply.ours) throw new Error(`inference failed: ${reply.message}`);
  throw badRequest(reply.message, reply.limit ? { limit: reply.limit } : {});
}
