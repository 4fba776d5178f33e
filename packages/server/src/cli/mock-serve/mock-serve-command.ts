/**
 * `rowloom mock serve FILE [--port 4010] [--host 127.0.0.1] [--watch]`: one mock API served
 * from a file, with no database, account or key to set up (docs/mock-files.md). It is the
 * server itself on a throw-away SQLite file: the document is checked, stored and served by the
 * same code as on a shared server, every request but /__rowloom/ goes to the mock, and the mock
 * is public (callers need no key). With --watch a saved change is loaded in place; a change
 * with problems is reported and the last good version keeps serving.
 * Exit status: 0 stopped by a signal, 1 the document or a schema has problems, 2 usage, 3 the
 * port or the disk failed.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, watch, type FSWatcher } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { DEFAULT_JSON_BODY_LIMIT } from '../../config.js';
import { openStore, type Store } from '../../db/open-database.js';
import { DirectoryStore } from '../../jobs/store/fs-store.js';
import { DEFAULT_PLANS } from '../../users/plans.js';
import { createUser } from '../../users/users-store.js';
import { ADMIN_PREFIX, INTERNAL_HEADER, mockAdmin } from './mock-admin.js';
import { MockSourceError, readMockSource } from './mock-source.js';
import { MockLoadError, MockLoader } from './mock-loader.js';
import { RecordingWriter } from './mock-recording.js';

export const MOCK_SERVE_EXIT = { stopped: 0, invalid: 1, usage: 2, failed: 3 } as const;

const USAGE =
  'usage: rowloom mock serve <mock.json | openapi.json | openapi.yaml> [--port 4010] [--host 127.0.0.1] [--watch] [--validate] [--proxy URL [--record]]';

interface ServeOptions {
  file: string;
  port: number;
  host: string;
  watch: boolean;
  /** --proxy: where unmatched requests go (over the document's own proxy). */
  proxy: string | null;
  /** --record: answers become routes, written back into the file. */
  record: boolean;
  /** --validate: requests must match the routes' documented requests. */
  validate: boolean;
}

class UsageError extends Error {}

function parse(args: string[]): ServeOptions {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string', short: 'p', default: '4010' },
      host: { type: 'string', default: '127.0.0.1' },
      watch: { type: 'boolean', short: 'w', default: false },
      proxy: { type: 'string' },
      record: { type: 'boolean', default: false },
      validate: { type: 'boolean', default: false },
    },
  });
  if (positionals[0] !== 'serve' || positionals.length !== 2) throw new UsageError(USAGE);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a port number 0..65535 (0: any free port), got ${values.port}`);
  if (values.record && /\.ya?ml$/i.test(positionals[1]))
    throw new UsageError(
      '--record writes the recorded routes into the mock document; give a mock API document (.json), not an OpenAPI file',
    );
  return {
    file: positionals[1],
    port,
    host: values.host!,
    watch: values.watch!,
    proxy: values.proxy ?? null,
    record: values.record!,
    validate: values.validate!,
  };
}

/**
 * Every request but the /__rowloom/ ones goes to the mock API (read when the request comes);
 * the loader's and the admin endpoints' own in-process calls carry the process's token.
 */
function toTheMock(slug: () => string, token: string) {
  return (request: IncomingMessage): string => {
    const url = request.url ?? '/';
    if (request.headers[INTERNAL_HEADER] === token) return url;
    if (url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`) || url.startsWith(`${ADMIN_PREFIX}?`)) return url;
    return `/mock/${encodeURIComponent(slug())}${url.startsWith('/') ? url : `/${url}`}`;
  };
}

interface Running {
  app: FastifyInstance;
  store: Store;
  folder: string;
  loader: MockLoader;
  recorder: RecordingWriter | null;
}

async function start(options: ServeOptions): Promise<Running> {
  const folder = mkdtempSync(join(tmpdir(), 'rowloom-mock-'));
  const store = await openStore({ databaseUrl: null, sqliteFile: join(folder, 'mock.db') });
  const { key } = await createUser(store.db, 'mock@localhost', 'unlimited');
  const internal = { key, token: randomBytes(16).toString('hex') };
  let loader: MockLoader | null = null;
  const app = await buildApp({
    store,
    config: {
      bodyLimitBytes: 10 * 1024 * 1024,
      jsonBodyLimitBytes: DEFAULT_JSON_BODY_LIMIT,
      plans: DEFAULT_PLANS,
      timeLimitMs: 600_000,
      publicMockRate: 0,
      // The user's own machine, for the user: a proxy may go anywhere it can reach.
      mockProxyHosts: '*',
    },
    jobs: { store: new DirectoryStore(join(folder, 'downloads')), runner: 'in-process' },
    rewriteUrl: toTheMock(() => loader?.slug ?? 'mock', internal.token),
    plugins: [
      mockAdmin(
        { ...internal, name: () => loader?.name ?? '' },
        { loopbackOnly: ['127.0.0.1', 'localhost', '::1'].includes(options.host) },
      ),
    ],
  });
  const proxy = options.proxy === null ? null : { url: options.proxy, record: options.record };
  loader = new MockLoader(app, internal, { proxy, record: options.record, validate: options.validate });
  const recorder = options.record
    ? new RecordingWriter(
        app,
        store.db,
        internal,
        options.file,
        () => loader?.fileDocument ?? {},
        () => loader?.name ?? '',
      )
    : null;
  return { app, store, folder, loader, recorder };
}

async function stop(running: Running, watcher: FSWatcher | null): Promise<void> {
  watcher?.close();
  await running.recorder?.stop();
  await running.app.close();
  await running.store.close();
  rmSync(running.folder, { recursive: true, force: true });
}

/** Reloads on a saved change (editors save in several steps: the last one within 150 ms wins). */
function watchSource(running: Running, file: string): FSWatcher {
  let timer: NodeJS.Timeout | null = null;
  const reload = async () => {
    try {
      const loaded = await running.loader.load(await readMockSource(file));
      process.stdout.write(`rowloom mock: reloaded ${file}: ${loaded}\n`);
    } catch (error) {
      if (!(error instanceof MockSourceError || error instanceof MockLoadError)) throw error;
      process.stderr.write(`rowloom mock: ${file} not reloaded, the last version keeps serving: ${error.message}\n`);
    }
  };
  return watch(file, () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void reload(), 150);
  });
}

function stopOnSignals(running: Running, watcher: FSWatcher | null): Promise<number> {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      void stop(running, watcher).then(() => resolve(MOCK_SERVE_EXIT.stopped));
    };
    process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  });
}

async function serve(options: ServeOptions): Promise<number> {
  const source = await readMockSource(options.file);
  const running = await start(options);
  let described: string;
  try {
    described = await running.loader.load(source);
  } catch (error) {
    await stop(running, null);
    throw error;
  }
  await running.recorder?.start();
  try {
    await running.app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await stop(running, null);
    process.stderr.write(
      `rowloom mock: cannot listen on ${options.host}:${options.port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}\n`,
    );
    return MOCK_SERVE_EXIT.failed;
  }
  const address = running.app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  // Watching before saying where it serves: a change made as soon as it is ready is seen.
  const watcher = options.watch ? watchSource(running, options.file) : null;
  process.stdout.write(
    `rowloom mock: ${described}, serving at http://${host}:${port}/ (what it received: http://${host}:${port}${ADMIN_PREFIX}/requests)\n`,
  );
  return stopOnSignals(running, watcher);
}

export async function mockCommand(args: string[]): Promise<number> {
  let options: ServeOptions;
  try {
    options = parse(args);
  } catch (error) {
    process.stderr.write(
      `rowloom mock: ${(error as Error).message}\n${error instanceof UsageError ? '' : `${USAGE}\n`}`,
    );
    return MOCK_SERVE_EXIT.usage;
  }
  try {
    return await serve(options);
  } catch (error) {
    if (error instanceof MockSourceError || error instanceof MockLoadError) {
      process.stderr.write(`rowloom mock: ${error.message}\n`);
      return MOCK_SERVE_EXIT.invalid;
    }
    throw error;
  }
}
