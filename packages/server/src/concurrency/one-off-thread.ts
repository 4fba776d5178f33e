/**
 * Work that could hold the server (parsing a large or hostile upload) done on a worker thread of
 * its own: started for one input, given a memory limit, terminated when it answers, crashes or
 * runs out of time. The caller decides what the answer means and which error a timeout or a
 * crash is (usually the input's fault: a 4xx naming it).
 */
import { Worker } from 'node:worker_threads';
import type { Limiter } from './limiter.js';

export interface OneOffThread {
  /** The worker's module; it posts one message, its answer. */
  script: URL;
  input: unknown;
  timeLimitMs: number;
  memoryMb: number;
  /** The error when no answer came within timeLimitMs. */
  timedOut: () => Error;
  /** The error when the thread died (out of memory, a crash). */
  crashed: (error: Error) => Error;
}

/** The thread's one message. */
export function answerFromOneOffThread<Answer>(thread: OneOffThread): Promise<Answer> {
  const worker = new Worker(thread.script, {
    workerData: thread.input,
    resourceLimits: { maxOldGenerationSizeMb: thread.memoryMb },
  });
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => settle(() => reject(thread.timedOut())), thread.timeLimitMs);
    worker.once('message', (answer: Answer) => settle(() => resolve(answer)));
    worker.once('error', (error) => settle(() => reject(thread.crashed(error))));
  });
}

/** answerFromOneOffThread, holding a place of `limiter` while it runs: only a few such threads at once, the others wait briefly, then get its 503. */
export async function answerInTurn<Answer>(limiter: Limiter, thread: OneOffThread): Promise<Answer> {
  const release = await limiter.acquire();
  try {
    return await answerFromOneOffThread<Answer>(thread);
  } finally {
    release();
  }
}
