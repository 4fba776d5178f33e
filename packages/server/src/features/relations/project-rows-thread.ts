/**
 * Rows of a project's table off the request thread (project-rows-worker.ts), on two resident
 * threads (a REST mock request no longer waits for a thread to start), each answer bounded in
 * time and memory; more requests wait briefly, then get a 503.
 */
import { ResidentThreads } from '../../concurrency/resident-threads.js';
import { HttpError } from '../../http/http-error.js';
import type { RowsInput, RowsReply } from './project-rows-worker.js';

const ROWS_TIME_LIMIT_MS = 20_000;
const ROWS_MEMORY_MB = 256;

const readers = new ResidentThreads<RowsReply>({
  script: new URL('./project-rows-worker.js', import.meta.url),
  threads: 2,
  timeLimitMs: ROWS_TIME_LIMIT_MS,
  memoryMb: ROWS_MEMORY_MB,
  queue: { queued: 16, waitMs: 15_000, what: 'project row requests' },
  timedOut: () =>
    new HttpError(503, `the rows took more than ${ROWS_TIME_LIMIT_MS / 1000} s to make; try again or ask for fewer`),
  crashed: (error) => new HttpError(413, `the rows could not be made (${error.message.slice(0, 200)})`),
});

export async function rowsOffThread(input: RowsInput): Promise<Extract<RowsReply, { ok: true }>> {
  const reply = await readers.ask(input);
  if (!reply.ok) throw new HttpError(reply.status, reply.message);
  return reply;
}
