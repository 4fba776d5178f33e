/**
 * Work done off the request thread by threads that stay: a few workers are started once, each
 * answers one input at a time, and a request takes the first free one (a Limiter queues and
 * bounds the rest). A one-off thread (one-off-thread.ts) pays its start, about 180 ms of
 * importing the engine, on every request; a resident one only the first time. The bounds are
 * kept: an answer that takes too long gets its thread terminated (and a fresh one started in
 * its place), and a thread that runs out of memory or crashes is replaced the same way.
 */
import { Worker } from 'node:worker_threads';
import { Limiter, type LimiterOptions } from './limiter.js';

export interface ResidentOptions {
  /** The worker's module: it calls serveOnThread (below). */
  script: URL;
  threads: number;
  timeLimitMs: number;
  memoryMb: number;
  queue: Omit<LimiterOptions, 'running'>;
  /** The error when no answer came within timeLimitMs. */
  timedOut: () => Error;
  /** The error when the thread died (out of memory, a crash). */
  crashed: (error: Error) => Error;
}

interface Question {
  input: unknown;
}

export class ResidentThreads<Answer> {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly limiter: Limiter;
  private closed = false;

  constructor(private readonly options: ResidentOptions) {
    this.limiter = new Limiter({ ...options.queue, running: options.threads });
  }

  async ask(input: unknown): Promise<Answer> {
    const release = await this.limiter.acquire();
    try {
      return await this.askThread(this.idle.pop() ?? this.start(), input);
    } finally {
      release();
    }
  }

  /** Stops every thread (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.all].map((worker) => worker.terminate()));
    this.all.clear();
    this.idle.length = 0;
  }

  private start(): Worker {
    const worker = new Worker(this.options.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
    });
    // A resident thread waiting for work must not keep the process alive.
    worker.unref();
    this.all.add(worker);
    return worker;
  }

  private askThread(worker: Worker, input: unknown): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      const finish = (keep: boolean, outcome: () => void) => {
        clearTimeout(timer);
        worker.off('message', answered);
        worker.off('error', failed);
        if (keep && !this.closed) this.idle.push(worker);
        else this.retire(worker);
        outcome();
      };
      const answered = (answer: Answer) => finish(true, () => resolve(answer));
      const failed = (error: Error) => finish(false, () => reject(this.options.crashed(error)));
      const timer = setTimeout(() => finish(false, () => reject(this.options.timedOut())), this.options.timeLimitMs);
      worker.once('message', answered);
      worker.once('error', failed);
      worker.postMessage({ input } satisfies Question);
    });
  }

  private retire(worker: Worker): void {
    this.all.delete(worker);
    void worker.terminate();
  }
}

/** The worker's side: answers each input posted to this thread with `answer(input)`, in turn. */
export async function serveOnThread<Input, Answer>(answer: (input: Input) => Answer | Promise<Answer>): Promise<void> {
  const { parentPort } = await import('node:worker_threads');
  parentPort!.on('message', (question: Question) => {
    void Promise.resolve()
      .then(() => answer(question.input as Input))
      .then((reply) => parentPort!.postMessage(reply));
  });
}
