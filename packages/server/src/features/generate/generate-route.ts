/**
 * GET and POST /api/generate and /api/generate.{json,csv,txt,custom,sql,xml,jsonl,firebase,cql,dbunit,xlsx}
 * (Mockaroo's generate API; also the aliases .excel, .ndjson, .dbunit.xml).
 * Everything is checked before the first byte: key, parameters, fields (all problems at
 * once), the per-request limit, then the daily quota. Output streams; a client that goes
 * away stops the generation.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkOnThreads, FORMAT_MEDIA_TYPES, formatProblem, generate, startsInline } from '@rowloom/core';
import type { Kysely } from 'kysely';
import { sourcesForFields } from '../generation/field-sources.js';
import type { Tables } from '../../db/tables.js';
import { badRequest } from '../../http/http-error.js';
import { generateCaller } from './generate-caller.js';
import { admitAndCharge, guardResponse, type GenerationSharing } from '../generation/generation-admission.js';
import { queryBoolean, queryCount, queryText, type Query } from '../../http/query.js';
import type { Plans } from '../../users/plans.js';
import type { User } from '../../users/users-store.js';
import { isPreview } from './preview.js';
import { withSavedOptions } from '../schemas/schema-settings.js';
import {
  checkRowCount,
  jsonpCallback,
  outputFormat,
  seedHeader,
  seedParameter,
  warningHeader,
  writerOptions,
} from '../generation/generate-request.js';
import { resolveFields } from './generate-fields.js';
import { publicUrlOf } from '../generation/public-url.js';
import { tableInProject } from '../relations/table-in-project.js';
import { errorResponses, SECURITY } from '../../http/openapi.js';
import { describedOnly } from '../../http/validation.js';
import { PlanCache } from '../generation/plan-cache.js';
import { FieldList, GenerateQuery } from '@rowloom/contract';
import { schemaCheckRoute } from './schema-check-route.js';
import { wholeOutputNow } from '../generation/whole-output.js';
import { releaseWhenWritten } from '../../http/release-written.js';

/** How long a response waits for the trial of its first rows (engine/fault-probe.ts) before it goes without its warnings. */
const FAULT_TRIAL_WAIT_MS = 500;

// Other modules (and tests) import these from here, as before the extraction.
export { USAGE_LIMIT_EXCEEDED, type GenerationSharing } from '../generation/generation-admission.js';

const SCHEMA = {
  summary: 'Generate rows',
  description:
    'Rows from the fields in the body (a JSON array of field specifications, whatever the Content-Type), the `fields` parameter, or a saved schema. ' +
    'The extension picks the format (none means json). The seed used comes back in the X-Rowloom-Seed header.',
  tags: ['generate'],
  security: SECURITY,
  // Checked by the route with the messages Mockaroo's clients know (True/False, blank values...).
  querystring: describedOnly(GenerateQuery),
  body: FieldList,
  response: {
    200: {
      description: 'The rows, streamed, in the requested format',
      content: Object.fromEntries(
        [...new Set(Object.values(FORMAT_MEDIA_TYPES))].map((type) => [
          type,
          { schema: type === FORMAT_MEDIA_TYPES.xlsx ? { type: 'string', format: 'binary' } : { type: 'string' } },
        ]),
      ),
    },
    ...errorResponses(400, 401, 404, 413, 429, 503),
  },
};

/** generate's query parameters, which POST /api/downloads takes too (its OpenAPI description reuses them). */
export const GENERATE_QUERY = GenerateQuery.properties;

/** `callback(` + the JSON + `);` */
function jsonp(callback: string, json: Readable): Readable {
  return Readable.from(
    (async function* () {
      yield `/**/${callback}(`;
      for await (const chunk of json) yield chunk as Buffer;
      yield ');';
    })(),
  );
}

/** Starts a generate-shaped request as a background job, answering `status` (../downloads/downloads-route.ts). */
export type SubmitDownload = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  caller: User,
) => Promise<FastifyReply>;

/**
 * `background` starts the request as a job (POST /api/downloads). It answers 200, not 202:
 * Mockaroo's clients take exactly 200 as generate's success (mockaroo-python raises "Unknown
 * error" on any other status), and its changelog offers background=true to generate.
 */
export interface GenerateFeatureOptions {
  db: Kysely<Tables>;
  plans: Plans;
  timeLimitMs: number | null;
  publicUrl: string | null;
  sharing: GenerationSharing;
  /** Starts the request as a background job instead (the downloads feature's submit). */
  background?: SubmitDownload;
}

/** The generate feature as a Fastify plugin: rows made now, in the answer. */
export async function generateFeature(
  app: FastifyInstance,
  { db, plans, timeLimitMs, publicUrl, sharing, background }: GenerateFeatureOptions,
): Promise<void> {
  // This app's checked field lists (see plan-cache.ts): the same fields are not compiled twice here.
  const checked = new PlanCache();
  app.addHook('preHandler', app.authenticate);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = generateCaller(request);
    if (background && queryBoolean(request.query as Query, ['background'], false))
      return background(request, reply, 200, user);
    const extension = (request.params as { format?: string }).format;
    const query = request.query as Query;
    // The request's own parameters are checked first, before any lookup.
    writerOptions(outputFormat(extension), query);
    const source = await resolveFields(db, user, query, request.body);
    // A saved schema's settings are defaults: its format when the URL has no extension, its
    // options where the request gives none.
    const format =
      extension === undefined && source.settings?.format ? source.settings.format : outputFormat(extension);
    const writer = writerOptions(format, source.settings ? withSavedOptions(query, source.settings.options) : query);
    const callback = jsonpCallback(query, format);
    const count = queryCount(query, 'count') ?? source.count ?? 1;
    checkRowCount(writer, count);
    const preview = isPreview(query, count);
    const limits = plans[user.plan] ?? plans.free;
    if (limits.recordsPerRequest !== null && count > limits.recordsPerRequest) {
      throw badRequest(
        `count ${count} is more than the ${limits.recordsPerRequest} records one request may ask for on the ${user.plan} plan; ask for at most ${limits.recordsPerRequest}`,
        { limit: 'recordsPerRequest', allowed: limits.recordsPerRequest },
      );
    }
    // Datasets as their stored text, shared with the generation threads and parsed there only: a
    // request (a page's preview, on every edit) reading a big dataset costs this thread a look-up.
    const inProject = await tableInProject(request, query, source.fields, { db, datasetTexts: sharing.datasetTexts });
    const sources = await sourcesForFields(db, user.id, inProject?.sourceFields ?? source.fields, sharing.datasetTexts);
    const { datasets, datasetNames, scenarios, scenarioNames } = sources;
    const origin = publicUrlOf(request, publicUrl);
    // Compiling validates the fields: a bad request fails here and is not charged. A project's
    // table is compiled with its project, never from a plan remembered without it.
    const reusePlan = inProject ? undefined : checked.reuser(source.fields, sources, origin, source.fieldsText);
    const generateRequest = {
      fields: source.fields,
      datasets,
      datasetNames,
      scenarios,
      scenarioNames,
      count,
      // A saved schema's fixed seed, unless the request gives its own.
      seed: seedParameter(query) ?? source.settings?.seed ?? null,
      now: queryText(query, 'now') || null,
      writer,
      pool: sharing.pool,
      inline: sharing.inline,
      publicUrl: origin,
      reusePlan,
      relations: inProject?.relations,
    };
    // What only the datasets' rows can show (a weight column's numbers...) is checked on a thread.
    await checkOnThreads(generateRequest);
    const generation = generate(generateRequest);
    // Everything that can fail is done before the charge: a failed request costs nothing.
    const release = await admitAndCharge(
      db,
      sharing.limiter,
      user.id,
      limits,
      preview ? null : count,
      generation.stream,
    );
    // Admitted first: trying the first rows for run-time faults is work on a generation thread.
    // It is waited for briefly: rows too heavy to try at once go out without that warning.
    const warnings = await generation.warnings(AbortSignal.timeout(FAULT_TRIAL_WAIT_MS));
    const headers = {
      'content-type': callback ? 'application/javascript; charset=utf-8' : generation.contentType,
      'x-rowloom-seed': seedHeader(generation.seed),
      ...warningHeader(warnings.map(formatProblem)),
    };
    // A client that left while this request waited for its place or its quota: nothing to send.
    if (request.raw.socket.destroyed) {
      release();
      generation.stream.destroy();
      return reply;
    }
    const body = callback ? jsonp(callback, generation.stream) : generation.stream;
    // Guarded first: a client that leaves from here on still frees its place (on 'close').
    guardResponse(request, reply, {
      generation: generation.stream,
      body,
      timeLimitMs,
      stallMs: sharing.stallMs,
      release,
    });
    // Rows made here in one slice go out as one piece (whole-output.ts).
    const whole =
      !callback && startsInline(generation.plan, count, sharing.inline)
        ? await wholeOutputNow(generation.stream)
        : null;
    if (request.raw.socket.destroyed) return reply;
    // The generation threads' batches go back to them once written (http/release-written.ts).
    if (!whole) releaseWhenWritten(body, generation.release);
    return reply
      .code(200)
      .headers(headers)
      .send(whole ?? body);
  };
  schemaCheckRoute(app, { db, publicUrl, sharing, checked });
  const { body: _body, ...getSchema } = SCHEMA;
  for (const url of ['/api/generate', '/api/generate.:format']) {
    app.get(url, { schema: getSchema }, handler);
    app.post(url, { schema: SCHEMA }, handler);
  }
}
