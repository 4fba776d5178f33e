/**
 * `rowloom seed <project.json | project URL> --db URL`: a project's tables into a live database,
 * parents first, in one transaction, then a verify of what arrived; or `--script DIALECT`: the
 * same rows as one SQL script. The project is a file, or the address of a Rowloom server's
 * project model (GET /api/projects/NAME/model?key=...), so what was adjusted in the page loads.
 *   --db URL              postgres://, mysql://, mariadb://, sqlite:PATH or a .db/.sqlite file
 *   --truncate            delete the tables' rows first (default: append)
 *   --create              create the tables that do not exist, from the project's column facts
 *   --no-verify           skip the checks after loading
 *   --script DIALECT      postgres, mysql, sqlite or sqlserver: write a script instead (--out FILE or stdout)
 *   --seed S, --now T     as for generate
 * Exit status: 0 done, 1 the project is invalid or the verify found problems, 2 usage, 3 the
 * database or a file failed.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { planProject, ProjectError, tableTexts, type ProjectPlan } from '@rowloom/core';
import { deferredColumns, sqlScript, SQL_DIALECTS, type SqlDialect } from '@rowloom/core/relations/sql';
import { loadProject, LoadError, redact, verifyProject } from '../databases/index.js';

export const SEED_EXIT = { done: 0, invalid: 1, usage: 2, failed: 3 } as const;

const USAGE =
  'usage: rowloom seed <project.json | https://host/api/projects/NAME/model?key=KEY> (--db URL [--truncate] [--create] [--no-verify] | --script postgres|mysql|sqlite|sqlserver [--out FILE]) [--seed S] [--now T] [--quiet]';

class UsageError extends Error {}

interface SeedOptions {
  source: string;
  db: string | null;
  script: SqlDialect | null;
  out: string | null;
  truncate: boolean;
  create: boolean;
  verify: boolean;
  seed: string | null;
  now: string | null;
  quiet: boolean;
}

function parse(args: string[]): SeedOptions {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      script: { type: 'string' },
      out: { type: 'string', short: 'o' },
      truncate: { type: 'boolean', default: false },
      create: { type: 'boolean', default: false },
      'no-verify': { type: 'boolean', default: false },
      seed: { type: 'string', short: 's' },
      now: { type: 'string' },
      quiet: { type: 'boolean', short: 'q', default: false },
    },
  });
  if (positionals.length !== 1)
    throw new UsageError('give one project: a project.json file or its address on a Rowloom server');
  if ((values.db === undefined) === (values.script === undefined))
    throw new UsageError('give either --db URL or --script DIALECT');
  if (values.script !== undefined && !(SQL_DIALECTS as readonly string[]).includes(values.script))
    throw new UsageError(`--script must be one of ${SQL_DIALECTS.join(', ')}, got "${values.script}"`);
  return {
    source: positionals[0],
    db: values.db ?? null,
    script: (values.script as SqlDialect | undefined) ?? null,
    out: values.out ?? null,
    truncate: values.truncate,
    create: values.create,
    verify: !values['no-verify'],
    seed: values.seed ?? null,
    now: values.now ?? null,
    quiet: values.quiet,
  };
}

/** The project document: a file, or a server's model (whose `document` it is). */
async function readDocument(source: string): Promise<unknown> {
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { signal: AbortSignal.timeout(30_000) });
    const body = (await response.json().catch(() => null)) as { document?: unknown; error?: string } | null;
    // Without its query: the address carries the API key.
    const shown = source.replace(/[?#].*$/, '');
    if (!response.ok)
      throw new UsageError(`${shown} answered ${response.status}${body?.error ? `: ${body.error}` : ''}`);
    return body?.document ?? body;
  }
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${source}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
}

async function writeScript(plan: ProjectPlan, options: SeedOptions): Promise<void> {
  const chunks = sqlScript(tableTexts(plan), {
    dialect: options.script!,
    truncate: options.truncate,
    create: options.create,
    deferred: deferredColumns(plan.model),
  });
  await pipeline(Readable.from(chunks), options.out ? createWriteStream(options.out) : process.stdout);
}

async function load(plan: ProjectPlan, options: SeedOptions): Promise<number> {
  const say = (line: string) => options.quiet || process.stderr.write(`rowloom: ${line}\n`);
  const started = Date.now();
  const result = await loadProject(options.db!, tableTexts(plan), {
    mode: options.truncate ? 'truncate' : 'append',
    create: options.create,
    deferred: deferredColumns(plan.model),
    onProgress: progressReporter(plan, say),
  });
  const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
  say(
    `loaded ${rows.toLocaleString('en-US')} rows into ${result.tables.length} tables of ${redact(options.db!)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (!options.verify) return SEED_EXIT.done;
  const report = await verifyProject(
    options.db!,
    plan.model.loadOrder.map((name) => plan.model.tables.find((t) => t.name === name)!.source),
  );
  process.stderr.write(`rowloom: verify: ${report.summary}\n`);
  return report.ok ? SEED_EXIT.done : SEED_EXIT.invalid;
}

/** One line per table when it is done, and every 10% of a large one. */
function progressReporter(plan: ProjectPlan, say: (line: string) => void) {
  const reported = new Map<string, number>();
  return (table: string, rows: number) => {
    const total = plan.counts[table];
    const tenth = Math.floor((rows / Math.max(1, total)) * 10);
    if (tenth <= (reported.get(table) ?? -1)) return;
    reported.set(table, tenth);
    if (rows === total || total >= 100_000)
      say(`${table}: ${rows.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`);
  };
}

export async function seedCommand(args: string[]): Promise<number> {
  try {
    const options = parse(args);
    const plan = planProject(await readDocument(options.source), { seed: options.seed, now: options.now });
    for (const warning of plan.warnings) process.stderr.write(`rowloom: warning: ${warning}\n`);
    if (options.script) {
      await writeScript(plan, options);
      return SEED_EXIT.done;
    }
    return await load(plan, options);
  } catch (error) {
    return failure(error);
  }
}

function failure(error: unknown): number {
  if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`rowloom: ${(error as Error).message}\n${USAGE}\n`);
    return SEED_EXIT.usage;
  }
  if (error instanceof ProjectError) {
    process.stderr.write(
      `rowloom: the project has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:\n${error.problems.map((p) => `  - ${p}\n`).join('')}`,
    );
    return SEED_EXIT.invalid;
  }
  process.stderr.write(`rowloom: ${error instanceof LoadError ? error.message : (error as Error).message}\n`);
  return SEED_EXIT.failed;
}
