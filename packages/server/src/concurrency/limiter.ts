/**
 * A cap on how many requests of one kind run at once, with a short, bounded queue behind it.
 * Past the queue (or after waiting too long in it) a request is refused with 503 and
 * Retry-After, so an overloaded server says so at once instead of piling up work and memory.
 */
import { HttpError } from '../http/http-error.js';

export interface LimiterOptions {
  /** Requests running at once. */
  running: number;
  /** Requests that may wait for a place; more are refused at once. */
  queued: number;
  /** The longest a request waits for a place before it is refused. */
  waitMs: number;
  /** Names the work in the 503 message ("generations", "image renderings"). */
  what: string;
}

/** Seconds a refused client is told to wait: overload is short-lived, so retry soon. */
const RETRY_AFTER_SECONDS = 2;

interface Waiter {
  grant: (release: () => void) => void;
  timer: NodeJS.Timeout;
}

export class Limiter {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** Requests refused since start (for the soak report and logs). */
  refused = 0;

  constructor(private readonly options: LimiterOptions) {}

  get runningCount(): number {
    return this.active;
  }

  get queuedCount(): number {
    return this.waiting.length;
  }

  /**
   * Resolves with a release function once a place is free; call it exactly once when the work
   * is over (extra calls are ignored). Rejects with a 503 HttpError when the queue is full or
   * the wait is too long.
   */
  acquire(): Promise<() => void> {
    if (this.active < this.options.running) return Promise.resolve(this.grant());
    if (this.waiting.length >= this.options.queued) return Promise.reject(this.refusal());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(this.refusal());
        }, this.options.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private grant(): () => void {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant(this.grant());
      }
    };
  }

  private refusal(): HttpError {
    this.refused++;
    return new HttpError(
      503,
      `the server is busy: ${this.options.running} ${this.options.what} are running and ${this.waiting.length} waiting; retry in ${RETRY_AFTER_SECONDS} s`,
      { retry_after: RETRY_AFTER_SECONDS },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  }
}
