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
  /** Most places one owner (an API key's user) may hold or wait for, so one client cannot take them all. Default: no cap. */
  perOwner?: number;
}

/** Seconds a refused client is told to wait: overload is short-lived, so retry soon. */
const RETRY_AFTER_SECONDS = 2;

interface Waiter {
  grant: (release: () => void) => void;
  timer: NodeJS.Timeout;
  /** Gives the owner's place back. */
  uncount: () => void;
}

export class Limiter {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  /** Places held or waited for, by owner. */
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
   * Resolves with a release function once a place is free; call it exactly once when the work
   * is over (extra calls are ignored). Rejects with a 503 HttpError when the queue is full or
   * the wait is too long.
   */
  acquire(owner?: string): Promise<() => void> {
    const held = owner === undefined ? 0 : (this.owners.get(owner) ?? 0);
    if (this.options.perOwner !== undefined && held >= this.options.perOwner) {
      return Promise.reject(this.refusal(`you already have ${held} ${this.options.what} running or waiting, the most one key may have at once`));
    }
    const counted = this.countOwner(owner);
    if (this.active < this.options.running) return Promise.resolve(this.grant(counted));
    if (this.waiting.length >= this.options.queued) {
      counted();
      return Promise.reject(this.refusal());
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (release) => resolve(release),
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          counted();
          reject(this.refusal());
        }, this.options.waitMs),
        uncount: counted,
      };
      this.waiting.push(waiter);
    });
  }

  /** Counts a place for the owner; returns the function that uncounts it (once). */
  private countOwner(owner: string | undefined): () => void {
    if (owner === undefined) return () => {};
    this.owners.set(owner, (this.owners.get(owner) ?? 0) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.owners.get(owner) ?? 1) - 1;
      if (left === 0) this.owners.delete(owner);
      else this.owners.set(owner, left);
    };
  }

  private grant(uncount: () => void): () => void {
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      uncount();
      const next = this.waiting.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant(this.grant(next.uncount));
      }
    };
  }

  private refusal(reason = `${this.active} ${this.options.what} are running and ${this.waiting.length} waiting`): HttpError {
    this.refused++;
    return new HttpError(
      503,
      `the server is busy: ${reason}; retry in ${RETRY_AFTER_SECONDS} s`,
      { retry_after: RETRY_AFTER_SECONDS },
      { 'retry-after': String(RETRY_AFTER_SECONDS) },
    );
  }
}
