/**
 * Builds the Fastify app; starting it is main.ts's job, so tests run the same app on an
 * ephemeral port against a real database.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Store } from './db/open-database.js';
import { acceptAnyBodyAsText } from './http/body.js';
import { installErrorHandling } from './http/error-handler.js';
import { generateRoutes } from './routes/generate-route.js';
import { typesRoutes } from './routes/types-route.js';

export interface AppOptions {
  store: Store;
  config: Pick<Config, 'bodyLimitBytes' | 'plans'>;
  logger?: boolean;
}

export async function buildApp({ store, config, logger = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger, bodyLimit: config.bodyLimitBytes, disableRequestLogging: true });
  acceptAnyBodyAsText(app);
  installErrorHandling(app);
  typesRoutes(app, store.db);
  generateRoutes(app, store.db, config.plans);
  await app.ready();
  return app;
}
