/**
 * A route's 1-based request number, counted in the database by one atomic upsert-increment
 * (INSERT ... ON CONFLICT DO UPDATE ... RETURNING, on SQLite and PostgreSQL alike), so every
 * server instance sharing the database takes its turn in one sequence.
 *
 * Only routes that read the number count (countsRequests): the count is a write a request, the
 * dearest of a plain route's statements (about 130 µs on SQLite), and most routes never read it.
 */
import type { Kysely } from 'kysely';
import type { Fault, MockRoute } from '@rowloom/contract';
import type { Tables } from '../../../db/tables.js';

export async function nextRequestNumber(db: Kysely<Tables>, mockApiId: string, routeId: string): Promise<number> {
  const row = await db
    .insertInto('mock_counters')
    .values({ mock_api_id: mockApiId, route_id: routeId, requests: 1 })
    .onConflict((oc) =>
      oc.columns(['mock_api_id', 'route_id']).doUpdateSet((eb) => ({ requests: eb('mock_counters.requests', '+', 1) })),
    )
    .returning('requests')
    .executeTakeFirstOrThrow();
  // PostgreSQL returns bigint as text.
  return Number(row.requests);
}

const everyNth = (faults: Fault[] | undefined) => faults?.some((fault) => fault.everyNth !== undefined) === true;

/**
 * Whether answering this route reads its request number: sequential responses, every-Nth
 * faults, `request_number` rules, handlers (their `request.number`) and CRUD collections.
 */
function readsRequestNumber(route: MockRoute): boolean {
  if (route.kind === 'crud' || route.mode === 'sequential' || everyNth(route.faults)) return true;
  return route.responses.some(
    (response) =>
      everyNth(response.faults) ||
      response.body.type === 'handler' ||
      response.rules?.some((rule) => rule.target === 'request_number') === true,
  );
}

/** Routes of stored documents are shared between requests (parsed-documents.ts): each is looked at once. */
const counting = new WeakMap<MockRoute, boolean>();

export function countsRequests(route: MockRoute): boolean {
  let counts = counting.get(route);
  if (counts === undefined) counting.set(route, (counts = readsRequestNumber(route)));
  return counts;
}
