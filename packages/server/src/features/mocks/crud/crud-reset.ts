/**
 * Reset: a mock API's CRUD collections (all, or one route's) and its request counters are
 * removed; each collection is seeded again on its next use, with the same seed, so it comes back
 * with the same records. One transaction: a request never sees records without their collection.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';

export async function resetCollections(db: Kysely<Tables>, mockApiId: string, routeId?: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The collection row goes first: it is what writes lock, so a write waits for this reset.
    let collections = trx.deleteFrom('mock_collections').where('mock_api_id', '=', mockApiId);
    let records = trx.deleteFrom('mock_records').where('mock_api_id', '=', mockApiId);
    let counters = trx.deleteFrom('mock_counters').where('mock_api_id', '=', mockApiId);
    if (routeId !== undefined) {
      collections = collections.where('route_id', '=', routeId);
      records = records.where('route_id', '=', routeId);
      counters = counters.where('route_id', '=', routeId);
    }
    await collections.execute();
    await records.execute();
    await counters.execute();
  });
}
