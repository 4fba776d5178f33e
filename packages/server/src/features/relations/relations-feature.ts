/**
 * Projects of related tables (docs/relations.md) as a Fastify plugin: the model, its outputs
 * and its REST mock, for the caller's own projects.
 */
import type { FastifyInstance } from 'fastify';
import { modelRoutes } from './model-route.js';
import { outputRoutes, type OutputOptions } from './output-routes.js';
import { restRoutes } from './rest-routes.js';
import { restWriteRoutes } from './rest-write-routes.js';
import { jobsRoute, type JobsOptions } from './jobs-route.js';
import { importRoute } from './import-route.js';
import { scriptRoute } from './script-route.js';

export interface RelationsOptions extends OutputOptions {
  /** The downloads feature's options: a large project's tables become background jobs. */
  jobs: JobsOptions;
}

export async function relationsFeature(app: FastifyInstance, options: RelationsOptions): Promise<void> {
  // Before validation: a caller without a key learns nothing from a 400. A CORS preflight
  // (OPTIONS, rest-write-routes.ts) carries no credentials and answers only what is allowed.
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'OPTIONS') await app.authenticate(request);
  });
  const stores = { db: options.db, datasetTexts: options.sharing.datasetTexts };
  modelRoutes(app, stores);
  outputRoutes(app, options);
  restRoutes(app, stores);
  restWriteRoutes(app, stores);
  jobsRoute(app, options.jobs);
  importRoute(app, stores);
  scriptRoute(app, options);
}
