/**
 * What generate() needs of a pool of generation threads: a server's pool (pool/shared-pool.ts)
 * makes a request's rows on threads shared by every request, and checks a schema there. Declared
 * here so the engine does not depend on the pool, which also runs mock handlers above it.
 */
import type { Problem } from '../schema/errors.js';
import type { WorkerSetup } from './generate-worker.js';
import type { CheckSetup } from './worker-setup.js';

export interface RowsPool {
  /** Rows [start, end) as the writer's bytes, then `closing`; stops when the signal aborts. */
  rows(
    setup: WorkerSetup,
    start: number,
    end: number,
    signal?: AbortSignal,
    closing?: Buffer,
  ): AsyncGenerator<Buffer, void, undefined>;
  /**
   * Says that a batch rows() yielded will never be read again by anyone (its write completed),
   * so its memory may hold a later batch. Optional for a reader; a released batch may become
   * empty at any time. Does nothing for anything else.
   */
  release(batch: Buffer): void;
  /** The schema's problems, compiled on a pool thread. */
  check(setup: CheckSetup, signal?: AbortSignal): Promise<Problem[]>;
  /** The run-time faults the schema's first rows meet, tried on a pool thread (engine/fault-probe.ts). */
  faults(setup: WorkerSetup, signal?: AbortSignal): Promise<Problem[]>;
}
