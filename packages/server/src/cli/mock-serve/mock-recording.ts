/**
 * `rowloom mock serve api.json --proxy URL --record`: the routes the mock records are written
 * back into api.json, so the next run (and the repository) has them and works offline. The
 * stored document is looked at twice a second and on stop; the file gets it with every default
 * filled, keeping the file's own `public` and `proxy` (a --proxy given on the command line is
 * not written into the file, so the recorded file replays without the back end).
 */
import { writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { INTERNAL_HEADER, type InternalCaller } from './mock-admin.js';

const EVERY_MS = 500;
const ANSWER_ONLY = ['url', 'updatedAt', 'warnings', 'host', 'project'];

export class RecordingWriter {
  private seen: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Kysely<Tables>,
    private readonly caller: InternalCaller,
    private readonly file: string,
    /** The file's document as read: its own `public` and `proxy` are kept. */
    private readonly original: () => Record<string, unknown>,
    private readonly name: () => string,
  ) {}

  /** Takes the document as loaded as the one the file has; call before the mock serves. */
  async start(): Promise<void> {
    this.seen = (await this.updatedAt()) ?? null;
    this.timer = setInterval(() => void this.check(), EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.check();
  }

  private async updatedAt(): Promise<string | undefined> {
    return (await this.db.selectFrom('mock_apis').select('updated_at').executeTakeFirst())?.updated_at;
  }

  private async check(): Promise<void> {
    const updatedAt = await this.updatedAt();
    if (updatedAt === undefined || updatedAt === this.seen) return;
    this.seen = updatedAt;
    this.writing = this.writing.then(() => this.write());
    await this.writing;
  }

  private async write(): Promise<void> {
    const answer = await this.app.inject({
      method: 'GET',
      url: `/api/mocks/${encodeURIComponent(this.name())}?key=${this.caller.key}`,
      headers: { [INTERNAL_HEADER]: this.caller.token },
    });
    if (answer.statusCode !== 200) return;
    const document = answer.json<Record<string, unknown>>();
    for (const key of ANSWER_ONLY) delete document[key];
    const original = this.original();
    for (const key of ['public', 'proxy']) {
      if (original[key] === undefined) delete document[key];
      else document[key] = original[key];
    }
    await writeFile(this.file, `${JSON.stringify(document, null, 2)}\n`);
    const routes = Array.isArray(document.routes) ? document.routes.length : 0;
    process.stdout.write(`rowloom mock: recorded into ${this.file} (${routes} routes)\n`);
  }
}
