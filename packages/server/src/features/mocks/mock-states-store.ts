/**
 * A mock API's state machines (WireMock's scenarios): each has a name and a current state,
 * "Started" until a response's setState moves it. Kept in the database (mock_states), so every
 * server instance sharing it answers from the same state; a machine without a row is in its
 * initial state, so a reset deletes the rows. The machines a document can hold are the names its
 * rules and setState use, at most MOCK_LIMITS.stateMachines (mock-validation.ts).
 */
import type { Kysely } from 'kysely';
import { INITIAL_MOCK_STATE, MOCK_LIMITS, type MockApiDocument } from '@rowloom/contract';
import type { Tables } from '../../db/tables.js';

/** Every machine the document names (rules with target "state", responses' setState), sorted. */
export function stateMachinesOf(document: Pick<MockApiDocument, 'routes'>): string[] {
  // Served documents are parsed once and shared (parsed-documents.ts): their list is kept.
  const known = machinesOf.get(document);
  if (known) return known;
  const names = new Set<string>();
  for (const route of document.routes)
    for (const response of route.responses) {
      for (const rule of response.rules ?? []) if (rule.target === 'state' && rule.name) names.add(rule.name);
      for (const name of Object.keys(response.setState ?? {})) names.add(name);
    }
  const sorted = [...names].sort();
  machinesOf.set(document, sorted);
  return sorted;
}

const machinesOf = new WeakMap<object, string[]>();

/** The document's machines and their states (the initial one for those that never moved). */
export async function statesOf(
  db: Kysely<Tables>,
  mockApiId: string,
  machines: readonly string[],
): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('mock_states')
    .select(['machine', 'state'])
    .where('mock_api_id', '=', mockApiId)
    .limit(MOCK_LIMITS.stateMachines * 4)
    .execute();
  const moved = new Map(rows.map((row) => [row.machine, row.state]));
  return Object.fromEntries(machines.map((name) => [name, moved.get(name) ?? INITIAL_MOCK_STATE]));
}

/** Moves each named machine to its state: one upsert per machine, in one transaction. */
export async function moveStates(db: Kysely<Tables>, mockApiId: string, moves: Record<string, string>): Promise<void> {
  const entries = Object.entries(moves);
  if (entries.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const [machine, state] of entries)
      await trx
        .insertInto('mock_states')
        .values({ mock_api_id: mockApiId, machine, state })
        .onConflict((oc) => oc.columns(['mock_api_id', 'machine']).doUpdateSet({ state }))
        .execute();
  });
}

/** Every machine back to its initial state. */
export async function resetStates(db: Kysely<Tables>, mockApiId: string): Promise<void> {
  await db.deleteFrom('mock_states').where('mock_api_id', '=', mockApiId).execute();
}
