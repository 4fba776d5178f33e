/**
 * POST /api/schema-check: whether fields compile, answered 200 with every problem (an empty list
 * when there is none). The page checks a draft with it before previewing it, so a draft that is
 * still being typed (a formula half written) is an answer, not a failed request per keystroke.
 * The fields are checked as generate checks them (datasets and scenarios included); no row is made.
 */
import type { FastifyInstance } from 'fastify';
import { checkOnThreads, generate, SchemaError } from '@rowloom/core';
import { SchemaCheck } from '@rowloom/contract';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { errorResponses, KEY_QUERY, SECURITY } from '../../http/openapi.js';
import type { Query } from '../../http/query.js';
import { sourcesForFields } from '../generation/field-sources.js';
import type { GenerationSharing } from '../generation/generation-admission.js';
import { writerOptions } from '../generation/generate-request.js';
import { generateCaller } from './generate-caller.js';
import type { PlanCache } from '../generation/plan-cache.js';
import { resolveFields } from './generate-fields.js';
import { publicUrlOf } from '../generation/public-url.js';
import { PROJECT_TABLE_QUERY, tableInProject } from '../relations/table-in-project.js';

const CHECK_SCHEMA = {
  summary: 'Check fields without generating',
  description:
    'The fields in the body (as for /api/generate) or a saved schema (`schema`), compiled as generate compiles them. Answers 200 {"problems": [...]}, empty when they compile; a problem names its field and parameter. Not counted against the plan.',
  tags: ['generate'],
  security: SECURITY,
  querystring: {
    type: 'object',
    properties: {
      ...KEY_QUERY,
      schema: { type: 'string', description: 'Name of a saved schema to check' },
      fields: { type: 'string', description: 'Field specifications as JSON' },
      ...PROJECT_TABLE_QUERY,
    },
  },
  body: { type: 'array', description: 'Field specifications, as for /api/generate', items: { type: 'object' } },
  response: { 200: SchemaCheck, ...errorResponses(400, 401, 404, 413) },
};

export interface SchemaCheckOptions {
  db: Kysely<Tables>;
  publicUrl: string | null;
  sharing: GenerationSharing;
  /** Generate's remembered plans: a draft checked here is not compiled again by the preview that follows. */
  checked: PlanCache;
}

/** Registered inside the generate feature, behind its authentication. */
export function schemaCheckRoute(app: FastifyInstance, { db, publicUrl, sharing, checked }: SchemaCheckOptions): void {
  app.post('/api/schema-check', { schema: CHECK_SCHEMA }, async (request): Promise<SchemaCheck> => {
    const user = generateCaller(request);
    const source = await resolveFields(db, user, request.query as Query, request.body);
    const query = request.query as Query;
    const inProject = await tableInProject(request, query, source.fields, { db, datasetTexts: sharing.datasetTexts });
    const sources = await sourcesForFields(db, user.id, inProject?.sourceFields ?? source.fields, sharing.datasetTexts);
    const origin = publicUrlOf(request, publicUrl);
    const validation = {
      fields: source.fields,
      ...sources,
      count: 1,
      seed: 'schema-check',
      now: null,
      writer: writerOptions('json', {}),
      pool: sharing.pool,
      inline: sharing.inline,
      publicUrl: origin,
      reusePlan: inProject ? undefined : checked.reuser(source.fields, sources, origin, source.fieldsText),
      relations: inProject?.relations,
    };
    try {
      await checkOnThreads(validation);
      // Compiling is the check: the stream is never read, so no row is made.
      generate(validation).stream.destroy();
    } catch (error) {
      if (error instanceof SchemaError) return { problems: error.problems };
      throw error;
    }
    return { problems: [] };
  });
}
