/**
 * A route's 1-based request number, counted in the database by one atomic upsert-increment
 * (INSERT ... ON CONFLICT DO UPDATE ... RETURNING, on SQLite and PostgreSQL alike), so every
 * server instance sharing the database takes its turn in one sequence.
 * Only routes that read the number count (route-reads.ts).
 */
import type { Kysely } from 'kysely';
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
