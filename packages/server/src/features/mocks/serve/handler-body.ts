/**
 * A handler body: the owner's program in the handler language, run on the server's generation
 * threads (pool.runHandler), never on the request thread. It takes a place among the concurrent
 * generations like any generate request; a client that leaves or the time limit stops it. A
 * HandlerError is the mock's own mistake (422 with its position), a schema it names that no
 * longer exists a 409.
 */
import { handlerSchemaNames, HandlerError, type HandlerResult, type HandlerSchema } from '@rowloom/core';
import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';
import { sourcesForFields } from '../../generation/field-sources.js';
import { HttpError } from '../../../http/http-error.js';
import type { Plans } from '../../../users/plans.js';
import type { GenerationSharing } from '../../generation/generation-admission.js';
import { findSchema } from '../../schemas/schemas-store.js';
import type { MockCall } from './mock-call.js';

/** Rows one handler run may generate when the plan sets no per-request limit. */
const UNLIMITED_HANDLER_ROWS = 100_000;

export interface HandlerBodyContext {
  db: Kysely<Tables>;
  sharing: GenerationSharing;
  ownerId: string;
  limits: Plans[string];
  timeLimitMs: number | null;
  call: MockCall;
  pathParams: Record<string, string>;
  requestNumber: number;
  defaultStatus: number;
  seed: string | null;
  publicUrl?: string;
  /** `routes[0].responses[1] (GET /users)` for messages. */
  where: string;
  /** Closing it (the client leaving) stops the handler. */
  response: ServerResponse;
}

async function loadSchemas(context: HandlerBodyContext, source: string) {
  const schemas: Record<string, HandlerSchema> = {};
  const fields: unknown[] = [];
  for (const name of handlerSchemaNames(source)) {
    const saved = await findSchema(context.db, context.ownerId, name);
    if (!saved)
      throw new HttpError(
        409,
        `${context.where}'s handler uses the saved schema "${name}", which no longer exists; save a schema of that name or change the handler`,
      );
    schemas[name] = { fields: saved.fields, count: saved.count };
    fields.push(...saved.fields);
  }
  // As stored text: parsed on the generation thread that runs the handler (and kept there by revision).
  const { datasets, scenarios } = await sourcesForFields(
    context.db,
    context.ownerId,
    fields,
    context.sharing.datasetTexts,
  );
  return { schemas, datasets, scenarios };
}

/** The handler's answer, or null when the client left before it was done. */
export async function runHandlerBody(context: HandlerBodyContext, source: string): Promise<HandlerResult | null> {
  const { schemas, datasets, scenarios } = await loadSchemas(context, source);
  const release = await context.sharing.limiter.acquire(context.ownerId);
  const stop = new AbortController();
  const onClose = () => stop.abort();
  context.response.once('close', onClose);
  const timer = context.timeLimitMs === null ? null : setTimeout(() => stop.abort(), context.timeLimitMs);
  const { call } = context;
  try {
    return await context.sharing.pool.runHandler(
      {
        source,
        request: {
          method: call.method,
          path: call.path,
          pathParams: context.pathParams,
          query: call.query,
          headers: call.headers,
          body: call.body,
          requestNumber: context.requestNumber,
        },
        schemas,
        datasets,
        scenarios,
        defaultStatus: context.defaultStatus,
        ...(context.seed === null ? {} : { requestSeed: context.seed }),
        maxRows: context.limits.recordsPerRequest ?? UNLIMITED_HANDLER_ROWS,
        publicUrl: context.publicUrl,
      },
      stop.signal,
    );
  } catch (error) {
    if (error instanceof HandlerError)
      throw new HttpError(422, `handler error at ${error.line}:${error.column}: ${error.reason} (${context.where})`);
    if (!stop.signal.aborted) throw error;
    if (context.response.destroyed || context.response.socket?.destroyed !== false) return null;
    throw new HttpError(
      503,
      `the handler of ${context.where} did not finish within the time limit of ${context.timeLimitMs! / 1000} s`,
    );
  } finally {
    if (timer) clearTimeout(timer);
    context.response.off('close', onClose);
    release();
  }
}
