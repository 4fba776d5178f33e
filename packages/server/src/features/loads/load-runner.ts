/**
 * Runs the loads this server accepted, one at a time (a load keeps a database connection and a
 * core busy for as long as it takes), each on a worker thread of its own (load-worker.ts). Its
 * progress goes to the load's row about once a second, which is also when a cancel asked for
 * on any instance is heard. Every few seconds it says which loads it still holds (their
 * heartbeat) and fails those whose server stopped saying so.
 */
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { LoadTableProgress, LoadVerify } from '@rowloom/contract';
import type { Tables } from '../../db/tables.js';
import { beat, failStale, finishLoad, markRunning, saveProgress, type LoadEnd } from './loads-store.js';
import type { LoadInput, LoadMessage } from './load-worker.js';

export interface QueuedLoad {
  id: string;
  /** The target's name: the database's address never appears in what users read. */
  targetName: string;
  tables: LoadTableProgress[];
  input: LoadInput;
}

export interface LoadRunnerOptions {
  instanceId: string;
  /** How often progress is saved and a cancel looked for (default 1 s). */
  saveEveryMs?: number;
  /** How often this instance's loads beat (default 5 s); a load silent for 6 beats is failed. */
  beatEveryMs?: number;
  /** The load thread's heap (default 512 MB). */
  memoryMb?: number;
}

export class LoadRunner {
  private readonly queue: QueuedLoad[] = [];
  private running: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private worker: Worker | null = null;
  private readonly saveEveryMs: number;
  private readonly beatEveryMs: number;

  constructor(
    private readonly db: Kysely<Tables>,
    private readonly options: LoadRunnerOptions,
  ) {
    this.saveEveryMs = options.saveEveryMs ?? 1000;
    this.beatEveryMs = options.beatEveryMs ?? 5000;
    this.timer = setInterval(() => void this.heartbeat(), this.beatEveryMs);
    this.timer.unref();
  }

  get instanceId(): string {
    return this.options.instanceId;
  }

  submit(load: QueuedLoad): void {
    this.queue.push(load);
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  /** Stops beating and cuts off a load still running: its connection closes, so its rows roll back. */
  close(): void {
    clearInterval(this.timer);
    this.queue.length = 0;
    void this.worker?.terminate();
  }

  private async drain(): Promise<void> {
    for (let load = this.queue.shift(); load; load = this.queue.shift()) {
      if (!(await markRunning(this.db, load.id, new Date()))) continue;
      const end = await this.run(load).catch((error: unknown): LoadEnd => ({
        state: 'failed',
        tables: load.tables,
        verify: null,
        error: String(error),
      }));
      await finishLoad(this.db, load.id, hideAddress(end, load), new Date()).catch(() => {});
    }
  }

  private run(load: QueuedLoad): Promise<LoadEnd> {
    const tables = load.tables.map((t) => ({ ...t }));
    const worker = new Worker(new URL('./load-worker.js', import.meta.url), {
      workerData: load.input,
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb ?? 512 },
    });
    this.worker = worker;
    let cancelAsked = false;
    const save = setInterval(() => {
      void saveProgress(this.db, load.id, tables, new Date()).then((cancel) => {
        if (cancel && !cancelAsked) {
          cancelAsked = true;
          worker.postMessage('cancel');
        }
      });
    }, this.saveEveryMs);
    return new Promise<LoadEnd>((resolve) => {
      const settle = (end: LoadEnd) => {
        clearInterval(save);
        this.worker = null;
        void worker.terminate();
        resolve(end);
      };
      worker.on('message', (message: LoadMessage) => {
        if (message.kind === 'progress') {
          const table = tables.find((t) => t.table === message.table);
          if (table) table.rows = message.rows;
        } else if (message.kind === 'done') settle(doneEnd(tables, message.rows, message.verify));
        else if (message.kind === 'failed')
          settle({
            state: message.cancelled ? 'cancelled' : 'failed',
            tables,
            verify: null,
            error: message.message,
          });
      });
      worker.once('error', (error) =>
        settle({ state: 'failed', tables, verify: null, error: `the load stopped: ${error.message}` }),
      );
      worker.once('exit', () =>
        settle({ state: 'failed', tables, verify: null, error: 'the load stopped without saying why' }),
      );
    });
  }

  private async heartbeat(): Promise<void> {
    const now = new Date();
    try {
      await beat(this.db, this.options.instanceId, now);
      await failStale(this.db, new Date(now.getTime() - 6 * this.beatEveryMs), now);
    } catch {
      // The database is away for a moment; the next beat tries again.
    }
  }
}

function doneEnd(tables: LoadTableProgress[], rows: Record<string, number>, verify: LoadVerify | null): LoadEnd {
  for (const table of tables) table.rows = rows[table.table] ?? table.rows;
  return { state: 'done', tables, verify, error: null };
}

/** A database's message may quote the connection (host, port, user): users see the target's name instead. */
function hideAddress(end: LoadEnd, load: QueuedLoad): LoadEnd {
  if (end.error === null) return end;
  const url = load.input.url;
  let error = end.error.split(url).join(load.targetName);
  try {
    const { host, hostname, username, password } = new URL(url);
    for (const secret of [password, username && `${username}@`, host, hostname].filter(Boolean))
      error = error.split(secret).join('…');
  } catch {
    // An SQLite path: not a URL, and already replaced whole.
  }
  return { ...end, error };
}
