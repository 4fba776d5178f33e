/**
 * Worker thread entry: infers one sample's fields (core's inferSchema) away from the thread that
 * answers requests, and posts back the result or the problem with the sample.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { inferSchema, InferenceError, type Inference } from '@rowloom/core';

export type InferReply =
  { ok: true; inference: Inference } | { ok: false; message: string; limit?: string; ours: boolean };

function reply(): InferReply {
  try {
    return { ok: true, inference: inferSchema(workerData as string) };
  } catch (error) {
    if (error instanceof InferenceError)
      return { ok: false, message: error.message, ...(error.limit ? { limit: error.limit } : {}), ours: false };
    return { ok: false, message: (error as Error).message, ours: true };
  }
}

parentPort!.postMessage(reply());
