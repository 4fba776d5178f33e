/**
 * The soak's hostile clients, on a thread of their own (see soak-load.ts). workerData: the
 * SoakOptions. Runs until the parent posts 'stop', then posts the outcomes and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setMaxListeners } from 'node:events';
import { HOSTILE_KINDS, hostileClient, type SoakOptions, type SoakResult } from './soak-load.js';

const options = workerData as SoakOptions;
const stop = new AbortController();
// Every request listens to the one stop signal.
setMaxListeners(0, stop.signal);
const outcomes = Object.fromEntries(HOSTILE_KINDS.map((kind) => [kind, {}])) as SoakResult['outcomes'];
const clients = HOSTILE_KINDS.flatMap((kind) =>
  Array.from({ length: options.clients[kind] }, () => hostileClient(options, kind, stop.signal, outcomes[kind])),
);
parentPort!.once('message', async () => {
  stop.abort();
  await Promise.all(clients);
  parentPort!.postMessage(outcomes);
});
