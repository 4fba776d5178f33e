/** Rows of a project's table off the request thread (project-rows-worker.ts), a few at once, each bounded in time and memory. */
import { Limiter } from '../../concurrency/limiter.js';
import { answerInTurn } from '../../concurrency/one-off-thread.js';
import { HttpError } from '../../http/http-error.js';
import type { RowsInput, RowsReply } from './project-rows-worker.js';

const ROWS_TIME_LIMIT_MS = 20_000;
const ROWS_MEMORY_MB = 256;
const readers = new Limiter({ running: 2, queued: 16, waitMs: 15_000, what: 'project row requests' });

export async function rowsOffThread(input: RowsInput): Promise<Extract<RowsReply, { ok: true }>> {
  const reply = await answerInTurn<RowsReply>(readers, {
    script: new URL('./project-rows-worker.js', import.meta.url),
    input,
    timeLimitMs: ROWS_TIME_LIMIT_MS,
    memoryMb: ROWS_MEMORY_MB,
    timedOut: () =>
      new HttpError(503, `the rows took more than ${ROWS_TIME_LIMIT_MS / 1000} s to make; try again or ask for fewer`),
    crashed: (error) => new HttpError(413, `the rows could not be made (${error.message.slice(0, 200)})`),
  });
  if (!reply.ok) throw new HttpError(reply.status, reply.message);
  return reply;
}
