/**
 * Reading an uploaded OpenAPI document without holding the server: JSON is parsed here (as fast
 * as any JSON body), but YAML, about a hundred times slower to parse, is read on a short-lived
 * worker thread with a time and memory limit, and only a few at once, so one large or hostile
 * YAML upload never delays other requests.
 */
import { Limiter } from '../../concurrency/limiter.js';
import { answerFromOneOffThread } from '../../concurrency/one-off-thread.js';
import { badRequest, HttpError } from '../../http/http-error.js';
import { parseOpenApiText } from './openapi-parse.js';
import type { ParseReply } from './openapi-parse-worker.js';

/** Far longer than the largest YAML accepted takes (MAX_YAML_BYTES: about 0.6 s). */
const PARSE_TIME_LIMIT_MS = 10_000;
const PARSE_MEMORY_MB = 256;
const yamlParses = new Limiter({ running: 2, queued: 4, waitMs: 15_000, what: 'OpenAPI imports' });

/** True when the text is a JSON document (then it is parsed on this thread). */
function isJson(text: string): boolean {
  if (!/^\s*[{[]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export async function parseOpenApiOffThread(text: string): Promise<Record<string, unknown>> {
  const source = text.replace(/^\uFEFF/, '');
  if (source.trim() === '' || isJson(source)) return parseOpenApiText(source);
  const release = await yamlParses.acquire();
  try {
    return await parseOnWorker(source);
  } finally {
    release();
  }
}

async function parseOnWorker(source: string): Promise<Record<string, unknown>> {
  const reply = await answerFromOneOffThread<ParseReply>({
    script: new URL('./openapi-parse-worker.js', import.meta.url),
    input: source,
    timeLimitMs: PARSE_TIME_LIMIT_MS,
    memoryMb: PARSE_MEMORY_MB,
    timedOut: () =>
      badRequest(`the OpenAPI document took more than ${PARSE_TIME_LIMIT_MS / 1000} s to read; send it as JSON`),
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or a crash: the document is the cause.
    crashed: (error) => badRequest(`the OpenAPI document could not be read (${error.message.slice(0, 200)})`),
  });
  if (reply.ok) return reply.data;
  throw new HttpError(reply.status, reply.message);
}
