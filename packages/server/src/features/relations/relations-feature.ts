/**
 * Projects of related tables (docs/relations.md) as a Fastify plugin: the model, its outputs
 * and its REST mock, for the caller's own projects.
 */
import type { FastifyInstance } from 'fastify';
import { modelRoutes } from './model-route.js';
import { outputRoutes, type OutputOptions } from './output-routes.js';
import { restRoutes } from './rest-routes.js';

export async function relationsFeature(app: FastifyInstance, options: OutputOptions): Promise<void> {
  // Before validation: a caller without a key learns nothing from a 400.
  app.addHook('preValidation', app.authenticate);
  const stores = { db: options.db, datasetTexts: options.sharing.datasetTexts };
  modelRoutes(app, stores);
  outputRoutes(app, options);
  restRoutes(app, stores);
}
