/**
 * A schema body: rows of the owner's saved schema, made on the server's generation threads by the
 * core generate(), with the request's parameters and JSON body for request_params and
 * request_entity. Everything that can fail (missing schema, bad options, invalid fields, the
 * plan's per-request limit) fails here, before any byte and before any charge. Its datasets are
 * read as their stored text: a public route called again and again over a big dataset costs
 * this thread a look-up per call; the rows are parsed on the generation threads.
 */
import {
  checkOnThreads,
  generate,
  SchemaError,
  formatProblem,
  type GenerationPool,
  type Generation,
  type InlinePolicy,
  type MockRequestData,
  type OutputFormat,
} from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { DatasetTexts } from '../../datasets/dataset-texts.js';
import type { Tables } from '../../../db/tables.js';
import { sourcesForFields } from '../../generation/field-sources.js';
import { HttpError } from '../../../http/http-error.js';
import type { Plans } from '../../../users/plans.js';
import { checkRowCount, writerOptions, outputFormat } from '../../generation/generate-request.js';
import { findSchema } from '../../schemas/schemas-store.js';
import type { PlanCache } from '../../generation/plan-cache.js';
import type { MockBody } from '@rowloom/contract';

export type SchemaBody = Extract<MockBody, { type: 'schema' }>;

export interface SchemaBodyContext {
  db: Kysely<Tables>;
  pool: GenerationPool;
  /** Which small requests start on the thread that answers requests (GenerationSharing.inline). */
  inline: InlinePolicy;
  /** The server's datasets as text (GenerationSharing.datasetTexts). */
  datasetTexts: DatasetTexts;
  /** Plans of schema bodies that read nothing of the request, remembered (plan-cache.ts). */
  plans: PlanCache;
  ownerId: string;
  limits: Plans[string];
  request: MockRequestData;
  /** Set for a repeatable route: the same request gives the same rows. */
  seed: string | null;
  publicUrl?: string;
  /** `route GET /users (r1) response 0` for messages. */
  where: string;
}

/** The mock's own configuration is wrong: 422, not the client's fault nor the server's. */
const misconfigured = (message: string) => new HttpError(422, message);

function writerFor(body: SchemaBody, where: string) {
  try {
    const format: OutputFormat = outputFormat(body.format);
    return writerOptions(format, { ...(body.options ?? {}), array: String(body.array ?? false) });
  } catch (error) {
    if (error instanceof HttpError) throw misconfigured(`${where}: the body's format options: ${error.message}`);
    throw error;
  }
}

export async function startSchemaBody(
  context: SchemaBodyContext,
  body: SchemaBody,
): Promise<{ generation: Generation; rows: number }> {
  const { db, ownerId, limits, where } = context;
  const count = body.count ?? 1;
  if (limits.recordsPerRequest !== null && count > limits.recordsPerRequest) {
    throw misconfigured(
      `${where} asks for ${count} rows; the owner's plan allows ${limits.recordsPerRequest} per request`,
    );
  }
  const writer = writerFor(body, where);
  try {
    checkRowCount(writer, count);
  } catch (error) {
    if (error instanceof HttpError) throw misconfigured(`${where}: ${error.message}`);
    throw error;
  }
  const saved = await findSchema(db, ownerId, body.schema);
  if (!saved)
    throw new HttpError(
      409,
      `${where} uses the saved schema "${body.schema}", which no longer exists; save a schema of that name or change the route`,
    );
  const sources = await sourcesForFields(db, ownerId, saved.fields, context.datasetTexts);
  const { datasets, datasetNames, scenarios, scenarioNames } = sources;
  const request = {
    fields: saved.fields,
    datasets,
    datasetNames,
    scenarios,
    scenarioNames,
    count,
    seed: context.seed,
    writer,
    pool: context.pool,
    inline: context.inline,
    publicUrl: context.publicUrl,
    request: context.request,
    reusePlan: context.plans.reuser(saved.fields, sources, context.publicUrl, undefined, { onlyIndependent: true }),
  };
  try {
    // What only the datasets' rows show (a weight column's numbers...) is checked on a thread.
    await checkOnThreads(request);
    return { generation: generate(request), rows: count };
  } catch (error) {
    if (error instanceof SchemaError)
      throw misconfigured(
        `${where}: the saved schema "${body.schema}" has ${error.problems.length} problem(s): ${error.problems.map(formatProblem).join('; ')}`,
      );
    throw error;
  }
}
