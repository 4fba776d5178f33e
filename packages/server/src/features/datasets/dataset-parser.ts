/**
 * Reads dataset uploads off the request thread: each upload gets a thread of its own
 * (parse-worker.ts) with a heap limit, at most `maxParses` at once (more wait briefly in a
 * Limiter, then get a 503 with Retry-After). The request's body is passed on chunk by chunk as
 * it arrives, a few chunks ahead of the thread at most, and reading stops at the first problem
 * the thread reports, at the body limit, or at the bytes the plan still allows: nothing of the
 * upload is held here but the chunks in flight and, at the end, its stored texts.
 */
import type { IncomingMessage } from 'node:http';
import { Worker } from 'node:worker_threads';
import { Limiter } from '../../concurrency/limiter.js';
import { badRequest, HttpError } from '../../http/http-error.js';
import type { FromParser, ParseOrder, Refusal, ToParser } from './parse-worker.js';

/** Heap of an upload's thread: a record of a thousand 64 KiB values fits many times over. */
export const PARSE_THREAD_MEMORY_MB = 128;
/** Chunks sent to the thread and not yet read there; the body is paused beyond. */
const CHUNKS_AHEAD = 4;

/** An upload as stored: the texts of datasets-store.ts's row. */
export interface StoredUpload {
  columns: string[];
  rowCount: number;
  columnsJson: string;
  rowsJson: string;
  previewJson: string;
  /** UTF-8 bytes of columnsJson and rowsJson, what the plan's storage counts. */
  bytes: number;
}

export interface UploadOrder {
  filename: string | null;
  /** What the stored table may take (the plan's storage left); null: no limit. */
  allowedBytes: number | null;
  /** The server's body limit (BODY_LIMIT_BYTES): past it, a 413. */
  bodyLimitBytes: number;
  /** The answer when the table passes allowedBytes (a 403 naming the plan). */
  tooLarge: (refusal: Extract<Refusal, { kind: 'too-large' }>) => HttpError;
}

export interface DatasetParserOptions {
  maxParses: number;
  queueWaitMs: number;
}

export function bodyTooLarge(limit: number): HttpError {
  return new HttpError(
    413,
    `the upload is larger than ${limit} bytes, the most this server takes in one request (BODY_LIMIT_BYTES); upload a smaller table`,
  );
}

function startThread(order: ParseOrder): Worker {
  const thread = new Worker(new URL('./parse-worker.js', import.meta.url), {
    workerData: order,
    resourceLimits: { maxOldGenerationSizeMb: PARSE_THREAD_MEMORY_MB, maxYoungGenerationSizeMb: 16 },
  });
  thread.unref();
  return thread;
}

/** The thread's end as an error: out of memory is the upload's fault (a 413), anything else ours. */
function threadFailure(error: Error): Error {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (/ERR_WORKER_OUT_OF_MEMORY/.test(code) || /out of memory/i.test(error.message)) {
    return new HttpError(
      413,
      `reading the table needed more than the ${PARSE_THREAD_MEMORY_MB} MB an upload may use; upload fewer or shorter values at once`,
    );
  }
  return new Error(`reading the upload failed: ${error.message}`);
}

export class DatasetParser {
  readonly limiter: Limiter;

  constructor(options: DatasetParserOptions) {
    // One upload per key at a time, so one client cannot take every thread; its others wait their turn.
    this.limiter = new Limiter({
      running: options.maxParses,
      queued: options.maxParses * 4,
      waitMs: options.queueWaitMs,
      what: 'dataset uploads',
      perOwner: 1,
    });
  }

  /** Waits for a place (or throws the 503) before anything of the body is read. */
  async admit(owner: string): Promise<() => void> {
    return this.limiter.acquire(owner);
  }

  /** Reads the body on a thread of its own; rejects with the HttpError to answer. */
  read(body: IncomingMessage, order: UploadOrder): Promise<StoredUpload> {
    const thread = startThread({ kind: 'upload', filename: order.filename, allowedBytes: order.allowedBytes });
    return new Promise<StoredUpload>((resolve, reject) => {
      let ahead = 0;
      let received = 0;
      let settled = false;
      const settle = (outcome: StoredUpload | Error) => {
        if (settled) return;
        settled = true;
        // Reading stops here, whatever is left of the body; the route closes the connection.
        body.off('data', onData).off('end', onEnd).off('error', onGone).off('aborted', onGone);
        body.pause();
        void thread.terminate();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const onData = (chunk: Buffer) => {
        received += chunk.length;
        if (received > order.bodyLimitBytes) return settle(bodyTooLarge(order.bodyLimitBytes));
        thread.postMessage({ type: 'chunk', bytes: chunk } satisfies ToParser);
        if (++ahead >= CHUNKS_AHEAD) body.pause();
      };
      const onEnd = () => thread.postMessage({ type: 'end' } satisfies ToParser);
      const onGone = () => settle(badRequest('the upload ended before its end: the client closed the connection'));
      thread.on('message', (message: FromParser) => {
        if (message.type === 'read') {
          if (--ahead < CHUNKS_AHEAD && !settled) body.resume();
        } else if (message.type === 'refused') {
          const { refusal } = message;
          settle(
            refusal.kind === 'too-large'
              ? order.tooLarge(refusal)
              : badRequest(
                  refusal.message,
                  refusal.limit ? { limit: refusal.limit, allowed: refusal.allowed } : undefined,
                ),
          );
        } else if (message.type === 'stored') {
          const rowsJson = Buffer.from(message.rows, message.rowsOffset, message.rowsLength).toString('utf8');
          settle({ ...message.table, rowsJson });
        }
      });
      thread.on('error', (error) => settle(threadFailure(error)));
      thread.on('exit', () => settle(new Error("the upload's thread stopped before it answered")));
      body.on('data', onData).on('end', onEnd).on('error', onGone).on('aborted', onGone);
      body.resume();
    });
  }
}

/** The first rows of a dataset stored before previews were kept apart, made on a thread (its rows can be many). */
export function previewOfRows(rowsJson: string): Promise<string> {
  const thread = startThread({ kind: 'preview', rowsJson });
  return new Promise<string>((resolve, reject) => {
    thread.once('message', (message: FromParser) => {
      if (message.type === 'preview') resolve(message.previewJson);
      void thread.terminate();
    });
    thread.once('error', (error) => reject(threadFailure(error)));
    thread.once('exit', () => reject(new Error('the preview thread stopped before it answered')));
  });
}
