/**
 * Builds the Fastify app; starting it is main.ts's job, so tests run the same app on an
 * ephemeral port against a real database.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { GenerationPool } from '@rowloom/core';
import { ImageRenderer } from './concurrency/image-renderer.js';
import { Limiter } from './concurrency/limiter.js';
import { defaultConcurrency, type Config } from './config.js';
import type { Store } from './db/open-database.js';
import { acceptAnyBodyAsText } from './http/body.js';
import { installAccounts } from './accounts/install-accounts.js';
import { installErrorHandling } from './http/error-handler.js';
import { installOpenApi, openApiRoute } from './http/openapi.js';
import { datasetsRoutes } from './routes/datasets-route.js';
import { generateRoutes } from './routes/generate-route.js';
import { imagesRoutes } from './routes/images-route.js';
import { projectsRoutes } from './routes/projects-route.js';
import { schemasRoutes } from './routes/schemas-route.js';
import { scenariosRoutes } from './routes/scenarios-route.js';
import { typesRoutes } from './routes/types-route.js';
import { healthRoutes } from './routes/health-route.js';
import { serializeRequest } from './http/log-redaction.js';
import { installWebInterface } from './http/web-interface.js';

export interface AppOptions {
  store: Store;
  config: Pick<Config, 'bodyLimitBytes' | 'plans' | 'timeLimitMs'> & Partial<Pick<Config, 'publicUrl' | 'concurrency' | 'accounts' | 'trustProxy'>>;
  /** Log level (LOG_LEVEL); requests are logged at info, so the default warn keeps the log for problems. */
  logLevel?: string;
  /** Where log lines go (default stdout); tests read them to check what is logged. */
  logStream?: { write(line: string): void };
}

export async function buildApp({ store, config, logLevel, logStream }: AppOptions): Promise<FastifyInstance> {
  const logger = logLevel ? { level: logLevel, serializers: { req: serializeRequest }, ...(logStream ? { stream: logStream } : {}) } : false;
  // Behind N proxies the client's address is N entries from the end of X-Forwarded-For (the sign-in limit counts per address).
  const app = Fastify({ logger, bodyLimit: config.bodyLimitBytes, ...(config.trustProxy ? { trustProxy: (_address: string, hop: number) => hop < config.trustProxy! } : {}) });
  acceptAnyBodyAsText(app);
  installErrorHandling(app);
  await installOpenApi(app);
  openApiRoute(app);
  await installAccounts(app, store.db, { accounts: config.accounts, plans: config.plans, publicUrl: config.publicUrl ?? null });
  healthRoutes(app, store.db);
  typesRoutes(app, store.db);
  const concurrency = config.concurrency ?? defaultConcurrency();
  // Every row is made on these threads, never on the one that answers requests.
  const pool = new GenerationPool({ maxThreads: concurrency.maxWorkers, threadMemoryMb: concurrency.workerMemoryMb });
  const generations = new Limiter({ running: concurrency.maxGenerations, queued: concurrency.maxGenerations * 2, waitMs: concurrency.queueWaitMs, what: 'generations', perOwner: Math.max(1, Math.ceil(concurrency.maxGenerations / 2)) });
  const renderer = new ImageRenderer({ maxRenders: concurrency.maxImageRenders, queueWaitMs: concurrency.queueWaitMs });
  app.addHook('onClose', async () => {
    await Promise.all([pool.close(), renderer.close()]);
  });
  generateRoutes(app, store.db, config.plans, config.timeLimitMs, config.publicUrl ?? null, { pool, limiter: generations, stallMs: concurrency.stallMs });
  schemasRoutes(app, store.db);
  scenariosRoutes(app, store.db);
  projectsRoutes(app, store.db);
  datasetsRoutes(app, store.db, config.plans);
  imagesRoutes(app, renderer);
  await installWebInterface(app);
  await app.ready();
  return app;
}
