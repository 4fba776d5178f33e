/**
 * Where the worker threads' code is: the bundles `npm run build` makes of generate-worker.ts and
 * pool-worker.ts (scripts/bundle-workers.mjs), one file each. A thread that loaded the ~240
 * modules one by one spent most of its start-up doing so (docs/performance.md, "Worker
 * start-up"), so the threads never run the unbundled modules. A thread starts on
 * the bundle's CommonJS entry point, which runs it with the code cache made at build time
 * (scripts/run-bundle.cjs).
 */
import { existsSync } from 'node:fs';

/** The engine's two kinds of thread, and the start-up benchmark's step-by-step copy of the first. */
export type WorkerEntry = 'generate-worker' | 'pool-worker' | 'worker-startup-split';

/** The bundle of `entry`; throws, saying how to make it, when the build has not. */
export function workerScript(entry: WorkerEntry): URL {
  const url = new URL(`../bundles/${entry}.cjs`, import.meta.url);
  if (!existsSync(url)) {
    throw new Error(
      `the worker bundle ${url.pathname} is missing: run \`npm run build\` (or \`npm run build:dist -w @rowloom/core\` after tsc)`,
    );
  }
  return url;
}
