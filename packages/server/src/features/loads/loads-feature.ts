/**
 * Loading projects into the operator's databases from the server (docs/relations.md, "Load
 * from the page"), as a Fastify plugin: the caller's own projects, into the targets
 * ROWLOOM_LOAD_TARGETS opens to them.
 */
import type { FastifyInstance } from 'fastify';
import { loadsRoutes, type LoadsOptions } from './loads-routes.js';

export async function loadsFeature(app: FastifyInstance, options: LoadsOptions): Promise<void> {
  // Before validation: a caller without a key learns nothing from a 400.
  app.addHook('preValidation', app.authenticate);
  loadsRoutes(app, options);
}
