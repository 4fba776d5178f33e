/**
 * Worker thread entry: parses one OpenAPI document's text (openapi-parse.ts) away from the
 * thread that answers requests, and posts back the data or the 4xx it amounts to.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { HttpError } from '../../http/http-error.js';
import { parseOpenApiText } from './openapi-parse.js';

export type ParseReply = { ok: true; data: Record<string, unknown> } | { ok: false; status: number; message: string };

function reply(): ParseReply {
  try {
    return { ok: true, data: parseOpenApiText(workerData as string) };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, status: error.status, message: error.message };
    return {
      ok: false,
      status: 400,
      message: `the document could not be read: ${(error as Error).message.slice(0, 300)}`,
    };
  }
}

parentPort!.postMessage(reply());
