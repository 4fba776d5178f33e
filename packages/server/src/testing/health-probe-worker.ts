/**
 * Asks GET /health again and again, from a thread of its own (health-probe.ts), so a server
 * whose event loop is held shows as slow answers, not as a probe that was itself held.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { url } = workerData as { url: string };
const answers: number[] = [];
let stopping = false;
parentPort!.once('message', () => (stopping = true));

while (!stopping) {
  const started = performance.now();
  const response = await fetch(`${url}/health`);
  await response.text();
  if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
  answers.push(performance.now() - started);
  // A short pause between probes lets the thread read the stop message.
  await new Promise((resolve) => setTimeout(resolve, 5));
}
parentPort!.postMessage(answers);
