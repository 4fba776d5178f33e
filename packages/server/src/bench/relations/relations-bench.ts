/**
 * `npm run bench:relations`: a 3-table project (1M customers, 10M orders, 30M order lines at
 * --scale 1) loaded into the real PostgreSQL three ways in one run, alternating, each into a
 * fresh schema with the same keys and foreign keys:
 *   rowloom  `rowloom seed project.json --db URL` (generation and COPY, one process)
 *   faker    a typical hand-written @faker-js/faker + node-postgres script (faker-pg-script.ts)
 *   copy     psql's \copy of the same rows from ready CSV files (the physical limit; the files
 *            are written beforehand, untimed)
 * Each is timed from process start to exit. Prints rows/s and the medians' ratios.
 * Options: --scale S (customers = 1,000,000 x S; default 1), --repeat N (default 1).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { POSTGRES_URL } from '../../testing/databases.js';
import { BENCH_DDL, BENCH_TABLES, benchProject } from './shop-bench-project.js';

const BIN = fileURLToPath(new URL('../../../bin/rowloom.js', import.meta.url));
const FAKER = fileURLToPath(new URL('./faker-pg-script.js', import.meta.url));

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, repeat: { type: 'string', default: '1' } },
});
const customers = Math.round(1_000_000 * Number(values.scale));
const repeat = Number(values.repeat);

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh schema with the tables; its URL sets the search path. */
async function freshSchema(name: string): Promise<string> {
  await admin(async (client) => {
    await client.query(`drop schema if exists ${name} cascade; create schema ${name}; set search_path = ${name};`);
    await client.query(BENCH_DDL);
  });
  const url = new URL(POSTGRES_URL);
  url.search = `options=${encodeURIComponent(`-c search_path=${name}`)}`;
  return url.toString();
}

function timed(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } });
    child.on('close', (code) =>
      code === 0
        ? resolve(Number(process.hrtime.bigint() - started) / 1e9)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

async function rowsIn(schema: string): Promise<number> {
  return admin(async (client) => {
    let total = 0;
    for (const table of BENCH_TABLES)
      total += Number((await client.query(`select count(*) as n from ${schema}.${table}`)).rows[0].n);
    return total;
  });
}

const work = mkdtempSync(join(tmpdir(), 'rowloom-relations-bench-'));
const projectFile = join(work, 'bench.json');
writeFileSync(projectFile, JSON.stringify(benchProject(customers)));
const csvDir = join(work, 'csv');
const made = spawnSync(
  process.execPath,
  [BIN, 'generate', projectFile, '--out', csvDir, '--format', 'csv', '--quiet'],
  { stdio: 'inherit' },
);
if (made.status !== 0) throw new Error('could not write the CSV files');
const copyScript = join(work, 'copy.sql');
writeFileSync(
  copyScript,
  BENCH_TABLES.map((t) => `\\copy ${t} from '${join(csvDir, `${t}.csv`)}' with (format csv, header true)`).join('\n') +
    '\n',
);
const pgUrl = new URL(POSTGRES_URL);

const contenders: Record<string, (url: string, schema: string) => Promise<number>> = {
  rowloom: (url) => timed(process.execPath, [BIN, 'seed', projectFile, '--db', url, '--no-verify', '--quiet']),
  faker: (url) => timed(process.execPath, [FAKER, url, String(customers)]),
  copy: (_url, schema) =>
    timed(
      'psql',
      [
        '-h',
        pgUrl.hostname,
        '-p',
        pgUrl.port || '5432',
        '-U',
        pgUrl.username || 'postgres',
        '-d',
        pgUrl.pathname.slice(1),
        '-q',
        '-v',
        'ON_ERROR_STOP=1',
        '-1',
        '-f',
        copyScript,
      ],
      { PGOPTIONS: `-c search_path=${schema}` },
    ),
};

const results: Record<string, { seconds: number; rows: number }[]> = { rowloom: [], faker: [], copy: [] };
try {
  for (let round = 1; round <= repeat; round++)
    for (const [name, run] of Object.entries(contenders)) {
      const schema = `rowloom_bench_${name}`;
      const url = await freshSchema(schema);
      const seconds = await run(url, schema);
      const rows = await rowsIn(schema);
      results[name].push({ seconds, rows });
      process.stdout.write(
        `round ${round} ${name.padEnd(8)} ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(2)} s: ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s\n`,
      );
      await admin((client) => client.query(`drop schema ${schema} cascade`));
    }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
const rate = (name: string) => median(results[name].map((r) => r.rows / r.seconds));
process.stdout.write(`\nmedians (rows/s), ${customers.toLocaleString('en-US')} customers, ${repeat} round(s):\n`);
for (const name of Object.keys(results))
  process.stdout.write(`  ${name.padEnd(8)} ${Math.round(rate(name)).toLocaleString('en-US')}\n`);
process.stdout.write(
  `rowloom / faker script: ${(rate('rowloom') / rate('faker')).toFixed(2)}x; rowloom / COPY from CSV: ${(rate('rowloom') / rate('copy')).toFixed(2)}\n`,
);
