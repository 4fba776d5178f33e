/**
 * Servers and workers on one queue prefix must share one store and one Rowloom version: a worker
 * writing to another directory (the default store is relative to its working directory) takes
 * shards whose parts the assembler never finds, and a worker of another version makes different
 * bytes. So at start:
 *
 * - a server (or `rowloom generate --distributed`, the other submitter) writes a marker with a
 *   random id into its store, once, and records { store id, version } in Redis under the prefix;
 *   if Redis holds another record, it refuses to start;
 * - a worker reads that record (waiting for a server when there is none yet), reads the marker
 *   in its own store, and refuses to start unless both the store id and the version match.
 *
 * The record expires INSTALLATION_TTL_SECONDS after the last process that uses it stopped
 * refreshing it (every running server and worker does, every INSTALLATION_REFRESH_MS), so once
 * every process of an old version or an old store is gone, a new one may start without a manual
 * step; a Redis that restarted empty gets it back from the next refresh.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ArtifactStore } from '../job-contract.js';
import { installationKey } from './queue-keys.js';
import { rowloomVersion } from './rowloom-version.js';

export const INSTALLATION_TTL_SECONDS = 120;
const INSTALLATION_REFRESH_MS = 30_000;
/** How long a worker looks again for a marker it cannot see yet (a network file system's cache of a missing file). */
const MARKER_WAIT_MS = 3000;

interface InstallationRecord {
  storeId: string;
  version: string;
  /** Where the servers' store is, for the messages. */
  store: string;
}

/** Servers and workers that do not belong together: the process must not start. */
export class InstallationMismatchError extends Error {}

export interface JoinOptions {
  redis: Redis;
  prefix: string;
  store: ArtifactStore;
  /** How to name this process's store in messages (describeStore). */
  storeName: string;
  version?: string;
}

function parse(text: string | null): InstallationRecord | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as InstallationRecord;
  } catch {
    return null;
  }
}

function check(record: InstallationRecord, mine: InstallationRecord, who: string, prefix: string): void {
  if (record.storeId !== mine.storeId) {
    throw new InstallationMismatchError(
      `${who}'s store (${mine.store}, marker ${mine.storeId || 'none'}) is not the store the servers on queue prefix "${prefix}" use (${record.store}, marker ${record.storeId}); ` +
        'set ROWLOOM_DOWNLOADS_DIR (an absolute path on the shared mount) or ROWLOOM_S3_* to the same store as the servers',
    );
  }
  if (record.version !== mine.version) {
    throw new InstallationMismatchError(
      `${who} runs Rowloom ${mine.version}, but the servers and workers on queue prefix "${prefix}" run ${record.version}; install the same build everywhere ` +
        `(after stopping every process of the old one, its record in Redis expires within ${INSTALLATION_TTL_SECONDS} s)`,
    );
  }
}

/**
 * A server's (or submitting command's) start: marks the store if it has no marker, then records
 * the installation in Redis or checks the one there. Returns a guard that keeps the record alive.
 */
export async function joinAsServer(options: JoinOptions, who = 'this server'): Promise<InstallationGuard> {
  const storeId = await options.store.writeMarker(randomUUID());
  const mine: InstallationRecord = { storeId, version: options.version ?? rowloomVersion(), store: options.storeName };
  const key = installationKey(options.prefix);
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((await options.redis.set(key, JSON.stringify(mine), 'EX', INSTALLATION_TTL_SECONDS, 'NX')) === 'OK') break;
    const record = parse(await options.redis.get(key));
    if (record === null) continue; // expired between the two commands
    check(record, mine, who, options.prefix);
    break;
  }
  return new InstallationGuard(options.redis, key, mine);
}

/**
 * A worker's start: waits for a server's record (calling `waiting` once), then checks its own
 * store's marker and its version against it. Throws InstallationMismatchError when they differ.
 */
export async function joinAsWorker(
  options: JoinOptions,
  waiting: (message: string) => void,
  signal?: AbortSignal,
): Promise<InstallationGuard> {
  const key = installationKey(options.prefix);
  const version = options.version ?? rowloomVersion();
  let told = false;
  for (;;) {
    signal?.throwIfAborted();
    const record = parse(await options.redis.get(key));
    if (record !== null) {
      let marker = await options.store.readMarker();
      for (const started = Date.now(); marker === null && Date.now() - started < MARKER_WAIT_MS;) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        marker = await options.store.readMarker();
      }
      const mine: InstallationRecord = { storeId: marker ?? '', version, store: options.storeName };
      check(record, mine, 'this worker', options.prefix);
      return new InstallationGuard(options.redis, key, mine);
    }
    if (!told) {
      told = true;
      waiting(
        `waiting for a server: no Rowloom server (or rowloom generate --distributed) has recorded its store and version on queue prefix "${options.prefix}" yet`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Keeps the installation's record in Redis while this process runs: extends it while it is ours,
 * puts it back when it is gone (a Redis restart), and reports a record that is not ours.
 */
export class InstallationGuard {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly mine: InstallationRecord,
  ) {}

  start(onMismatch: (message: string) => void, everyMs = INSTALLATION_REFRESH_MS): this {
    this.timer = setInterval(() => {
      this.refresh().then(
        (problem) => problem && onMismatch(problem),
        () => {}, // Redis away for now: the next refresh tries again
      );
    }, everyMs);
    this.timer.unref();
    return this;
  }

  /** null when the record is ours (again); otherwise what is wrong. */
  async refresh(): Promise<string | null> {
    const text = JSON.stringify(this.mine);
    if ((await this.redis.set(this.key, text, 'EX', INSTALLATION_TTL_SECONDS, 'NX')) === 'OK') return null;
    const record = parse(await this.redis.get(this.key));
    if (record === null) return null;
    if (record.storeId === this.mine.storeId && record.version === this.mine.version) {
      await this.redis.expire(this.key, INSTALLATION_TTL_SECONDS);
      return null;
    }
    return `another installation recorded itself on this queue prefix (store ${record.store}, marker ${record.storeId}, Rowloom ${record.version}); this process has store marker ${this.mine.storeId}, Rowloom ${this.mine.version}`;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
