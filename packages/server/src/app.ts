/**
 * Builds the Fastify app; starting it is main.ts's job, so tests run the same app on an
 * ephemeral port against a real database.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { DEFAULT_INLINE_POLICY, GenerationPool } from '@rowloom/core';
import { ImageRenderer } from './concurrency/image-renderer.js';
import { Limiter } from './concurrency/limiter.js';
import {
  DEFAULT_DOWNLOADS,
  DEFAULT_JSON_BODY_LIMIT,
  DEFAULT_MAX_JOBS_PER_USER,
  defaultConcurrency,
  type Config,
} from './config.js';
import type { Store } from './db/open-database.js';
import { acceptAnyBodyAsText, limitJsonBodies } from './http/body.js';
import { accountsFeature, installCookies } from './features/accounts/install-accounts.js';
import { installErrorHandling } from './http/error-handler.js';
import { installOpenApi, openApiRoute } from './http/openapi.js';
import { installValidation } from './http/validation.js';
import { datasetsFeature } from './features/datasets/datasets-route.js';
import { DatasetParser } from './features/datasets/dataset-parser.js';
import { DatasetTexts } from './features/datasets/dataset-texts.js';
import { generateFeature } from './features/generate/generate-route.js';
import { imagesFeature } from './features/catalogue/images-route.js';
import { mocksFeature } from './features/mocks/mocks-route.js';
import { projectsFeature } from './features/projects/projects-route.js';
import { relationsFeature } from './features/relations/relations-feature.js';
import { loadsFeature } from './features/loads/loads-feature.js';
import { LoadRunner } from './features/loads/load-runner.js';
import { schemasFeature } from './features/schemas/schemas-route.js';
import { scenariosFeature } from './features/scenarios/scenarios-route.js';
import { typesFeature } from './features/catalogue/types-route.js';
import { healthFeature } from './features/health/health-route.js';
import { formulaFunctionsFeature } from './features/catalogue/formula-functions-route.js';
import { inferFeature } from './features/infer/infer-route.js';
import { installAuthentication } from './http/auth-hook.js';
import { serializeRequest } from './http/log-redaction.js';
import { installWebInterface } from './http/web-interface.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { installCompression } from './http/compression.js';
import { MockHostNames } from './features/mocks/serve/host-names.js';
import { installMockIsolation } from './features/mocks/serve/mock-isolation.js';
import { mockRoutes } from './features/mocks/serve/mock-routes.js';
import { RequestLog } from './features/mocks/serve/request-log.js';
import { verifyFeature } from './features/mocks/verify/verify-route.js';
import { mockStatesFeature } from './features/mocks/mock-states-route.js';
import { DEFAULT_PUBLIC_MOCK_RATE } from './features/mocks/serve/public-budget.js';
import type { ArtifactStore, JobRunner } from './jobs/job-contract.js';
import { InProcessRunner } from './jobs/engine/in-process-runner.js';
import { runnerFromEnv } from './jobs/engine/runner-from-env.js';
import { storeFromEnv } from './jobs/store/store-from-env.js';
import { Downloads } from './features/downloads/downloads-service.js';
import { downloadsFeature, submitDownload } from './features/downloads/downloads-route.js';
import { metricsFeature } from './features/admin/metrics-route.js';
import type { QueueHealth } from './jobs/job-contract.js';
import { InstallationMismatchError } from './jobs/engine/installation.js';
import { within } from './jobs/engine/queue-keys.js';

export interface AppOptions {
  store: Store;
  config: Pick<Config, 'bodyLimitBytes' | 'plans' | 'timeLimitMs'> &
    Partial<
      Pick<
        Config,
        | 'jsonBodyLimitBytes'
        | 'publicUrl'
        | 'mockHostSuffix'
        | 'mockOrigin'
        | 'publicMockRate'
        | 'mockProxyHosts'
        | 'concurrency'
        | 'accounts'
        | 'trustProxy'
        | 'downloads'
        | 'metricsToken'
        | 'compression'
        | 'loadTargets'
      >
    >;
  /** Background jobs: where files go and the queue; the app closes both. Default: what the environment names (REDIS_URL: BullMQ, else in-process). */
  jobs?: AppJobs;
  /** Log level (LOG_LEVEL); requests are logged at info, so the default warn keeps the log for problems. */
  logLevel?: string;
  /** Where log lines go (default stdout); tests read them to check what is logged. */
  logStream?: { write(line: string): void };
  /**
   * The generation threads, for a test that reads their counters; the app closes them. Default:
   * a pool of concurrency.maxWorkers threads of concurrency.workerMemoryMb each.
   */
  pool?: GenerationPool;
  /**
   * Runs before routing, in place of the mock host names' rewriting: `rowloom mock serve`
   * sends every request but its own /__rowloom/ ones to its one mock API.
   */
  rewriteUrl?: (request: IncomingMessage) => string;
  /** Registered last, before the app is ready (`rowloom mock serve`'s /__rowloom/ endpoints). */
  plugins?: FastifyPluginAsync[];
}

export interface AppJobs {
  store: ArtifactStore;
  /** The queue; 'in-process': on the app's generation threads; none: as the environment says (REDIS_URL: BullMQ). */
  runner?: JobRunner | 'in-process';
}

/**
 * With Redis, this server must share the workers' store and version (installation.ts): a
 * mismatch stops the start. A Redis that does not answer yet does not: the server starts, says
 * so in /health, answers 503 to new jobs, and checks when Redis is back.
 */
async function checkInstallation(runner: JobRunner, app: FastifyInstance): Promise<void> {
  if (!runner.start) return;
  try {
    await within(runner.start(), STARTUP_REDIS_WAIT_MS, 'Redis');
  } catch (error) {
    if (error instanceof InstallationMismatchError) throw error;
    app.log.warn(
      { err: error },
      'the job queue (Redis) does not answer yet: background jobs are refused (503) until it does',
    );
  }
}

const STARTUP_REDIS_WAIT_MS = 5000;

export async function buildApp({
  store,
  config,
  logLevel,
  logStream,
  jobs,
  pool: givenPool,
  rewriteUrl,
  plugins = [],
}: AppOptions): Promise<FastifyInstance> {
  const logger = logLevel
    ? { level: logLevel, serializers: { req: serializeRequest }, ...(logStream ? { stream: logStream } : {}) }
    : false;
  // Behind N proxies the client's address is N entries from the end of X-Forwarded-For (the sign-in limit counts per address).
  // A mock API with its own host name is served at that host's root (mocks/serve/host-names.ts).
  const mockHosts = new MockHostNames(config.mockHostSuffix ?? null);
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    rewriteUrl: rewriteUrl ?? ((request) => mockHosts.rewrite(request)),
    ...(config.trustProxy ? { trustProxy: (_address: string, hop: number) => hop < config.trustProxy! } : {}),
  });
  // First of the hooks: mock hosts serve nothing else, and every mock answer is sandboxed, whatever answers it.
  installMockIsolation(app, { hosts: mockHosts, mockOrigin: config.mockOrigin ?? null });
  installSecurityHeaders(app, { publicUrl: config.publicUrl ?? null });
  // Before the features' plugins, which take the root's hooks when they are registered.
  if (config.compression !== false) installCompression(app);
  acceptAnyBodyAsText(app);
  limitJsonBodies(app, Math.min(config.jsonBodyLimitBytes ?? DEFAULT_JSON_BODY_LIMIT, config.bodyLimitBytes));
  installErrorHandling(app);
  await installOpenApi(app);
  installValidation(app);
  openApiRoute(app);
  await installCookies(app, { db: store.db, accounts: config.accounts });
  installAuthentication(app, store.db);
  // Each feature is a Fastify plugin given what it depends on; registered in turn, so routes keep their order.
  await app.register(accountsFeature, {
    db: store.db,
    accounts: config.accounts,
    plans: config.plans,
    publicUrl: config.publicUrl ?? null,
  });
  // The queue's health is asked of the downloads service, made below (routes are registered first).
  let queueHealth: () => Promise<QueueHealth> = async () => ({ kind: 'in-process', reachable: true, workers: 1 });
  await app.register(healthFeature, { db: store.db, queueHealth: () => queueHealth() });
  await app.register(typesFeature);
  await app.register(formulaFunctionsFeature);
  const concurrency = config.concurrency ?? defaultConcurrency();
  // Every row is made on these threads, never on the one that answers requests.
  const pool =
    givenPool ?? new GenerationPool({ maxThreads: concurrency.maxWorkers, threadMemoryMb: concurrency.workerMemoryMb });
  const generations = new Limiter({
    running: concurrency.maxGenerations,
    queued: concurrency.maxGenerations * 2,
    waitMs: concurrency.queueWaitMs,
    what: 'generations',
    perOwner: Math.max(1, Math.ceil(concurrency.maxGenerations / 2)),
  });
  const renderer = new ImageRenderer({ maxRenders: concurrency.maxImageRenders, queueWaitMs: concurrency.queueWaitMs });
  const artifacts = jobs?.store ?? (await storeFromEnv(process.env));
  const runner =
    jobs?.runner === 'in-process'
      ? new InProcessRunner({ store: artifacts, pool })
      : (jobs?.runner ?? (await runnerFromEnv(artifacts, pool, process.env)));
  await checkInstallation(runner, app);
  const downloadsConfig = config.downloads ?? DEFAULT_DOWNLOADS;
  const downloads = new Downloads({
    db: store.db,
    runner,
    store: artifacts,
    retentionMs: downloadsConfig.retentionMs,
    sweepEveryMs: downloadsConfig.sweepEveryMs,
    log: app.log,
    inProcess: runner instanceof InProcessRunner,
    reconcileEveryMs: downloadsConfig.reconcileEveryMs,
    reconcileGraceMs: downloadsConfig.reconcileGraceMs,
    maxActiveJobs:
      downloadsConfig.maxActiveJobs === undefined ? DEFAULT_MAX_JOBS_PER_USER : downloadsConfig.maxActiveJobs,
    stallMs: downloadsConfig.stallMs,
  });
  queueHealth = () => runner.health();
  app.addHook('onClose', async () => {
    // The writes in flight and the reconciler first (while the runner still answers; events
    // heard after are the next start's reconciler's), then the runner, the threads and the store.
    await downloads.close();
    await runner.close();
    await Promise.all([pool.close(), renderer.close(), artifacts.close()]);
  });
  await app.register(metricsFeature, { db: store.db, runner, token: config.metricsToken ?? null });
  // Every reader of a stored dataset takes it as text through this (dataset-texts.ts).
  const sharing = {
    pool,
    limiter: generations,
    stallMs: concurrency.stallMs,
    inline: { ...DEFAULT_INLINE_POLICY, maxRows: concurrency.inlineRows },
    datasetTexts: new DatasetTexts(),
  };
  const downloadsOptions = {
    db: store.db,
    pool,
    datasetTexts: sharing.datasetTexts,
    plans: config.plans,
    downloads,
    publicUrl: config.publicUrl ?? null,
    maxJobRecords: downloadsConfig.maxJobRecords,
    shardRows: downloadsConfig.shardRows,
  };
  await app.register(downloadsFeature, downloadsOptions);
  await app.register(generateFeature, {
    db: store.db,
    plans: config.plans,
    timeLimitMs: config.timeLimitMs,
    publicUrl: config.publicUrl ?? null,
    sharing,
    background: submitDownload(downloadsOptions),
  });
  await app.register(schemasFeature, { db: store.db, sharing });
  await app.register(inferFeature);
  await app.register(scenariosFeature, { db: store.db });
  await app.register(projectsFeature, { db: store.db });
  await app.register(relationsFeature, {
    db: store.db,
    sharing,
    plans: config.plans,
    timeLimitMs: config.timeLimitMs,
    publicUrl: config.publicUrl ?? null,
    jobs: downloadsOptions,
  });
  // Loads run on this instance, one at a time; the id tells its loads from other instances'.
  const loadRunner = new LoadRunner(store.db, { instanceId: randomUUID() });
  app.addHook('onClose', async () => loadRunner.close());
  await app.register(loadsFeature, {
    db: store.db,
    datasetTexts: sharing.datasetTexts,
    targets: config.loadTargets ?? [],
    runner: loadRunner,
    plans: config.plans,
    maxJobRecords: downloadsConfig.maxJobRecords,
  });
  await app.register(datasetsFeature, {
    db: store.db,
    plans: config.plans,
    uploads: {
      parser: new DatasetParser({ maxParses: concurrency.maxUploads, queueWaitMs: concurrency.queueWaitMs }),
      bodyLimitBytes: config.bodyLimitBytes,
    },
  });
  await app.register(imagesFeature, { renderer });
  // Serving mock APIs stays at the app's root: it decorates the app (mockHostNames) and its
  // onSend hook must see the /api/mocks writes of the mocks feature's plugin.
  const requestLog = new RequestLog(store.db, app.log);
  // Entries still waiting for their write go in before the store closes.
  app.addHook('onClose', () => requestLog.settled());
  // A mock run from a file is its user's own: it may proxy anywhere and record in public.
  const proxyPolicy = {
    hosts: config.mockProxyHosts ?? [],
    publicRecording: config.mockProxyHosts === '*' && rewriteUrl !== undefined,
  };
  mockRoutes(app, {
    requestLog,
    proxyPolicy,
    db: store.db,
    plans: config.plans,
    timeLimitMs: config.timeLimitMs,
    publicUrl: config.publicUrl ?? null,
    sharing,
    hosts: mockHosts,
    publicMockRate: config.publicMockRate ?? DEFAULT_PUBLIC_MOCK_RATE,
  });
  await app.register(mocksFeature, {
    db: store.db,
    plans: config.plans,
    publicUrl: config.publicUrl ?? null,
    pool,
    datasetTexts: sharing.datasetTexts,
    mockHostSuffix: config.mockHostSuffix ?? null,
    mockOrigin: config.mockOrigin ?? null,
    requestLog,
    proxyPolicy,
  });
  await app.register(verifyFeature, { db: store.db, requestLog });
  await app.register(mockStatesFeature, { db: store.db });
  for (const plugin of plugins) await app.register(plugin);
  await installWebInterface(app);
  await app.ready();
  await downloads.start();
  return app;
}
