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
  /** Most places one owner (an API key's user) may hold at once; more of its requests wait, so one client cannot take them all. Default: no cap. */
  perOwner?: number;
}

/** Seconds a refused client is told to wait: overload is short-lived, so retry soon. */
const RETRY_AFTER_SECONDS = 2;

interface Waiter {
  owner: string | undefined;
  grant: (release: () => void) => void;
  timer: NodeJS.Timeout;
}

export class Limiter {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** Places held (running), by owner. */
  private readonly owners = new Map<string, number>();
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
   * Resolves with a release function once a place is free (and the owner is within its share);
   * call it when the work is over (extra calls are ignored). Rejects with a 503 HttpError when
   * the queue is full or the wait is too long.
   */
  acquire(owner?: string): Promise<() => void> {
    // Waiters that could run have been granted already: whoever may run now goes ahead.
    if (this.mayRun(owner)) return Promise.resolve(this.grant(owner));
    if (this.waiting.length >= this.options.queued) return Promise.reject(this.refusal(owner));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        grant: resolve,
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(this.refusal(owner));
        }, this.options.waitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private mayRun(owner: string | undefined): boolean {
    if (this.active >= this.options.running) return false;
    return (
      owner === undefined ||
      this.options.perOwner === undefined ||
      (this.owners.get(owner) ?? 0) < this.options.perOwner
    );
  }

  private grant(owner: string | undefined): () => void {
    this.active++;
    if (owner !== undefined) this.owners.set(owner, (this.owners.get(owner) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      if (owner !== undefined) {
        const left = this.owners.get(owner)! - 1;
        if (left === 0) this.owners.delete(owner);
        else this.owners.set(owner, left);
      }
      this.grantWaiting();
    };
  }

  /** The first waiters that may run now, in order (one over its share lets the next go first). */
  private grantWaiting(): void {
    for (let i = 0; i < this.waiting.length && this.active < this.options.running;) {
      const waiter = this.waiting[i];
      if (!this.mayRun(waiter.owner)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      clearTimeout(waiter.timer);
      waiter.grant(this.grant(waiter.owner));
    }
  }

  private refusal(owner: string | undefined): HttpError {
    this.refused++;
    const mine = owner === undefined ? 0 : (this.owners.get(owner) ?? 0);
    const reason =
      this.options.perOwner !== undefined && mine >= this.options.perOwner
        ? `you already have ${mine} ${this.options.what} running, the most one key may have at once`
        : `${this.active} ${this.options.what} are running and ${this.waiting.length} waiting`;
    return new HttpError(
      503,
      `the server is busy: ${reason}; retry in ${RETRY_AFTER_SECONDS} s`,
      { retry_after: RETRY_AFTER_SECONDS },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  }
}
