/**
 * `npm run bench:datasets [-- postgres]`: what dataset uploads and previews cost the server,
 * measured so that a held event loop shows: each step runs while GET /health is asked again and
 * again from a thread of its own (testing/health-probe.ts), so a held event loop shows as slow
 * answers. Steps: a 0.5 MB CSV of 60,000 columns and a 10 MB one of 1,000,000 (refused), a
 * 9.9 MB CSV of 872,572 rows (stored: the upload's throughput), GET of that dataset, one preview
 * reading it (twice: the second finds its rows parsed), four at once, and four at once three
 * times over. Prints one line per step: its time and /health's answers (their count, the slowest).
 * `no-million` leaves out the million columns (a server that parses them on its event loop is
 * held for many minutes).
 */
import { whileProbingHealth } from '../testing/health-probe.js';
import { fetchAnswer } from '../testing/http-calls.js';
import { newTestDatabase, startTestServer } from '../testing/server-fixture.js';

const dialect = process.argv.includes('postgres') ? 'postgres' : 'sqlite';
const widths = process.argv.includes('no-million') ? [60_000] : [60_000, 1_000_000];
const server = await startTestServer(newTestDatabase(dialect));
const key = await server.userKey('unlimited');

async function step(label: string, work: () => Promise<string>): Promise<void> {
  let ms = 0;
  const { result, health } = await whileProbingHealth(server.url, async () => {
    const started = performance.now();
    const done = await work();
    ms = performance.now() - started;
    return done;
  });
  console.log(
    `${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  ${result.padEnd(8)} /health: ${health.count} answers, slowest ${health.slowestMs.toFixed(0)} ms`,
  );
}

const upload = async (name: string, body: string) =>
  String(
    (
      await fetchAnswer(`${server.url}/api/datasets/${name}?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body,
      })
    ).status,
  );

function wide(columns: number): string {
  return `${Array.from({ length: columns }, (_, i) => `c${String(i).padStart(6, '0')}`).join(',')}\n${'1,'.repeat(columns - 1)}1\n`;
}

function rows(): string {
  const lines: string[] = [];
  for (let i = 0, size = 8; size < 9.9 * 1024 * 1024; i++) {
    const line = `${100_000 + (i % 900_000)},ab${i % 97}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `id,code\n${lines.join('\n')}\n`;
}

const FIELDS = JSON.stringify([
  { name: 'id', type: 'Dataset Column', dataset: 'big', column: 'id' },
  { name: 'code', type: 'Dataset Column', dataset: 'big', column: 'code' },
]);
const preview = async () =>
  String(
    (
      await fetchAnswer(`${server.url}/api/generate.json?key=${key}&count=10&preview=true`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: FIELDS,
      })
    ).status,
  );

try {
  console.log(`dataset bench on ${dialect}`);
  for (const columns of widths) {
    const body = wide(columns);
    await step(`${columns} columns (${(body.length / 1e6).toFixed(1)} MB)`, () => upload(`wide${columns}`, body));
  }
  const table = rows();
  await step(`upload ${(table.length / 1e6).toFixed(1)} MB of rows`, () => upload('big', table));
  await step('GET the dataset', async () =>
    String((await fetchAnswer(`${server.url}/api/datasets/big?key=${key}`)).status),
  );
  await step('1 preview', preview);
  await step('1 preview again', preview);
  await step('4 previews at once', async () => (await Promise.all([1, 2, 3, 4].map(preview))).join(','));
  await step('4 at once, 3 times', async () => {
    const statuses = [];
    for (let round = 0; round < 3; round++) statuses.push(...(await Promise.all([1, 2, 3, 4].map(preview))));
    return [...new Set(statuses)].join(',');
  });
} finally {
  await server.close();
}
