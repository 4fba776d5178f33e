/**
 * What CRUD collections cost (docs/design.md, "CRUD collections"): seeding 10,000 records, a database
 * page, a scanned (filtered, sorted, searched) page, the default list, a POST; and a filtered
 * scan over 1000 records of 60 KB, the worst record size. Both databases (PostgreSQL when it
 * answers). Run: npx tsc -b packages/core packages/server && node packages/server/dist/bench/mock-crud-bench.js
 */
import type { DialectName } from '../testing/databases.js';
import { postgresProblem } from '../testing/databases.js';
import { crudRoute, openKit, serve, type Kit } from '../testing/crud-test-kit.js';
import type { MockRoute } from '@rowloom/contract';

async function meanMs(runs: number, work: () => Promise<unknown>): Promise<string> {
  const started = performance.now();
  for (let i = 0; i < runs; i++) await work();
  return `${((performance.now() - started) / runs).toFixed(2)} ms`;
}

async function typical(kit: Kit): Promise<Record<string, string>> {
  const route = crudRoute('bench', { count: 10_000 });
  const started = performance.now();
  await serve(kit, route, { query: { per_page: '1' } });
  const figures: Record<string, string> = { 'seed 10000': `${(performance.now() - started).toFixed(0)} ms` };
  const lists: [string, Record<string, string>][] = [
    ['page of 100', { page: '5', per_page: '100' }],
    ['filtered page', { role: 'admin', per_page: '100' }],
    ['sorted page', { _sort: '-age', per_page: '100' }],
    ['q', { q: 'par', per_page: '100' }],
    ['default list (1000)', {}],
  ];
  for (const [name, query] of lists) figures[name] = await meanMs(5, () => serve(kit, route, { query }));
  figures.POST = await meanMs(200, () => serve(kit, route, { method: 'POST', body: { first_name: 'x' } }));
  return figures;
}

async function worstRecords(kit: Kit): Promise<string> {
  const route: MockRoute = crudRoute('bench-big', { count: 0 });
  const blob = 'x'.repeat(60_000);
  for (let i = 0; i < 1000; i++) await serve(kit, route, { method: 'POST', body: { blob, n: i } });
  return meanMs(3, () => serve(kit, route, { query: { n_gte: '990' } }));
}

const dialects: DialectName[] = (await postgresProblem()) === null ? ['sqlite', 'postgres'] : ['sqlite'];
for (const dialect of dialects) {
  const kit = await openKit(dialect);
  try {
    const figures = await typical(kit);
    figures['scan of 1000 x 60 KB'] = await worstRecords(kit);
    console.log(dialect, JSON.stringify(figures));
  } finally {
    await kit.close();
  }
}
