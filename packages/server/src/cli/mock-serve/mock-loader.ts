/**
 * Puts a mock source (mock-source.ts) into the running app through its own API, answered
 * in-process: the schemas with PUT /api/schemas/:name, the document with POST or PUT
 * /api/mocks (an OpenAPI document with POST /api/mocks/import), so the file is checked exactly
 * as the shared server checks it, and its problems come back with the same paths.
 */
import type { FastifyInstance } from 'fastify';
import { basename } from 'node:path';
import { INTERNAL_HEADER, type InternalCaller } from './mock-admin.js';
import type { MockSource } from './mock-source.js';

export class MockLoadError extends Error {}

/** Keys of an exported document that only make sense on a shared server (or are answers, not input). */
const SERVER_ONLY = ['host', 'project', 'url', 'updatedAt', 'warnings'];

interface Answer {
  status: number;
  json: Record<string, unknown>;
}

/** The answer's problems, one a line with its JSON path: a document's errors list them all. */
function problems(file: string, answer: Answer): string {
  const details = answer.json.details;
  if (Array.isArray(details) && details.length > 0)
    return `${file} has problems:\n${details.map((detail: { message?: string }) => `  ${detail.message}`).join('\n')}`;
  return `${file}: ${String(answer.json.error ?? `answered ${answer.status}`)}`;
}

/** What the command line adds to the file's document: --proxy URL, --record. */
export interface LoadOverrides {
  proxy: { url: string; record: boolean } | null;
  record: boolean;
  /** --validate: the document's validateRequests turned on. */
  validate: boolean;
}

export class MockLoader {
  /** The mock API's name and slug once loaded. */
  name = '';
  slug = 'mock';
  /** The document as the file has it (a mock document; {} for OpenAPI). */
  fileDocument: Record<string, unknown> = {};

  constructor(
    private readonly app: FastifyInstance,
    private readonly caller: InternalCaller,
    private readonly overrides: LoadOverrides = { proxy: null, record: false, validate: false },
  ) {}

  /** The proxy the mock runs with: the command line's, else the file's (recording when --record says so). */
  private proxyOf(document: Record<string, unknown>): unknown {
    if (this.overrides.proxy) return this.overrides.proxy;
    const own = document.proxy;
    if (!this.overrides.record) return own;
    if (own === null || typeof own !== 'object')
      throw new MockLoadError('--record needs a back end to record: give --proxy URL, or a "proxy" in the document');
    return { ...own, record: true };
  }

  private async call(method: 'GET' | 'POST' | 'PUT', path: string, payload?: string): Promise<Answer> {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await this.app.inject({
      method,
      url: `${path}${separator}key=${this.caller.key}`,
      headers: { 'content-type': 'application/json', [INTERNAL_HEADER]: this.caller.token },
      ...(payload === undefined ? {} : { payload }),
    });
    let json: Record<string, unknown> = {};
    try {
      json = answer.json();
    } catch {
      json = { error: answer.body.slice(0, 500) };
    }
    return { status: answer.statusCode, json };
  }

  /** Loads `source` (again, when it was loaded before: routes of the same method and path keep their ids and counters); says what serves. */
  async load(source: MockSource): Promise<string> {
    for (const schema of source.schemas) {
      const saved = await this.call('PUT', `/api/schemas/${encodeURIComponent(schema.name)}`, schema.text);
      if (saved.status >= 400) throw new MockLoadError(problems(schema.path, saved));
    }
    const file = basename(source.path);
    const stored =
      source.kind === 'mock'
        ? await this.putDocument(file, source.document)
        : await this.importOpenApi(file, source.text);
    this.name = String(stored.name);
    this.slug = String(stored.slug);
    const routes = Array.isArray(stored.routes) ? stored.routes.length : 0;
    return `mock API "${this.name}" from ${file}, ${routes} route${routes === 1 ? '' : 's'}`;
  }

  /** What the command line adds to a document it serves. */
  private additions(proxy: unknown): Record<string, unknown> {
    return { ...(proxy ? { proxy } : {}), ...(this.overrides.validate ? { validateRequests: true } : {}) };
  }

  private async putDocument(file: string, document: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.fileDocument = document;
    const proxy = this.proxyOf(document);
    const served = { ...stripped(document), public: true, ...this.additions(proxy) };
    const answer = this.name
      ? await this.call('PUT', `/api/mocks/${encodeURIComponent(this.name)}`, JSON.stringify(served))
      : await this.call('POST', '/api/mocks', JSON.stringify(served));
    if (answer.status >= 400) throw new MockLoadError(problems(file, answer));
    return answer.json;
  }

  private async importOpenApi(file: string, text: string): Promise<Record<string, unknown>> {
    const query = this.name ? `?replace=true&name=${encodeURIComponent(this.name)}` : '';
    const imported = await this.call('POST', `/api/mocks/import${query}`, text);
    if (imported.status >= 400) throw new MockLoadError(problems(file, imported));
    const warnings = Array.isArray(imported.json.warnings) ? (imported.json.warnings as string[]) : [];
    for (const warning of warnings) process.stderr.write(`rowloom mock: ${file}: ${warning}\n`);
    // Imported mock APIs are private; served from a file, callers need no key.
    const name = encodeURIComponent(String(imported.json.name));
    const proxy = this.proxyOf({});
    const opened = await this.call(
      'PUT',
      `/api/mocks/${name}`,
      JSON.stringify({ ...stripped(imported.json), public: true, ...this.additions(proxy) }),
    );
    if (opened.status >= 400) throw new MockLoadError(problems(file, opened));
    return opened.json;
  }
}

function stripped(document: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...document };
  for (const key of SERVER_ONLY) delete copy[key];
  return copy;
}
