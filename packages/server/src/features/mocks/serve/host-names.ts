/**
 * Host-name routing: a request whose Host (port stripped, lower-cased) is a mock API's `host` is
 * served at its root. Only names under the server's mock host suffix (ROWLOOM_MOCK_HOST_SUFFIX),
 * and none with a reserved label, are ever looked up, so whatever a request's Host header or a
 * saved document claims, no mock API can take over the server's own name (the configuration
 * refuses a PUBLIC_URL under the suffix); without a suffix, host routing is off. Every name
 * under the suffix serves mocks only (mock-isolation.ts). Fastify's rewriteUrl runs before
 * routing and must be synchronous, so the
 * host -> slug table lives in memory: loaded when the server starts, reloaded every
 * REFRESH_MS and right after this instance changes a mock API (any successful write under
 * /api/mocks). A change made on another instance sharing the database is seen here within
 * REFRESH_MS.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';
import { isUnderSuffix, reservedLabel } from '../mock-names.js';

export const REFRESH_MS = 5000;

export function hostWithoutPort(host: string | undefined): string | null {
  if (!host) return null;
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1) || null;
  const colon = lower.indexOf(':');
  // "api.example.com." is the same name in DNS (and a saved host has its trailing dot removed).
  return (colon < 0 ? lower : lower.slice(0, colon)).replace(/\.$/, '');
}

export class MockHostNames {
  private slugByHost = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private db: Kysely<Tables> | null = null;
  private log: FastifyBaseLogger | null = null;

  /** @param suffix the mock host suffix (ROWLOOM_MOCK_HOST_SUFFIX); null: host routing is off. */
  constructor(private readonly suffix: string | null = null) {}

  /** Starts loading from `db` (now, and every REFRESH_MS); nothing to do when host routing is off. */
  async start(db: Kysely<Tables>, log: FastifyBaseLogger): Promise<void> {
    if (this.suffix === null) return;
    this.db = db;
    this.log = log;
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async refresh(): Promise<void> {
    if (!this.db) return;
    try {
      const rows = await this.db
        .selectFrom('mock_apis')
        .select(['host', 'slug'])
        .where('host', 'is not', null)
        .execute();
      const suffix = this.suffix!;
      // A host saved under an earlier suffix, or before its name was reserved, is not routed.
      const routed = rows.filter(
        (row) =>
          row.host &&
          isUnderSuffix(row.host.toLowerCase(), suffix) &&
          reservedLabel(row.host.toLowerCase(), suffix) === null,
      );
      this.slugByHost = new Map(routed.map((row) => [row.host!.toLowerCase(), row.slug]));
    } catch (error) {
      // Keep the last table: a database hiccup must not stop host routing.
      this.log?.warn({ err: error }, 'could not reload the mock API host names');
    }
  }

  /** `name` (port stripped) lies under the mock host suffix: only mocks are served there. */
  isUnderSuffix(name: string | null): boolean {
    return this.suffix !== null && name !== null && isUnderSuffix(name, this.suffix);
  }

  slugFor(host: string | undefined): string | undefined {
    if (this.slugByHost.size === 0) return undefined;
    const name = hostWithoutPort(host);
    return name === null ? undefined : this.slugByHost.get(name);
  }

  /** For Fastify's rewriteUrl: /x on a mock's host becomes /mock/<slug>/x. */
  rewrite(request: IncomingMessage): string {
    const url = request.url ?? '/';
    const slug = this.slugFor(request.headers.host);
    if (slug === undefined || !url.startsWith('/')) return url;
    return `/mock/${encodeURIComponent(slug)}${url}`;
  }
}
