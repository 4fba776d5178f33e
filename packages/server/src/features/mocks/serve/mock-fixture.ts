/**
 * For the runtime's tests: stores a mock API the way the configuration API will (a complete
 * document, every default filled), straight into mock_apis, until POST /api/mocks is merged.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Tables } from '../../../db/tables.js';
import { findUserByKey } from '../../../users/users-store.js';
import type { MockApiDocument, MockResponse, MockRoute } from '@rowloom/contract';

export type ResponseDraft = Partial<MockResponse>;
export type RouteDraft = Partial<Omit<MockRoute, 'responses'>> & { path: string; responses?: ResponseDraft[] };
export type MockDraft = Partial<Omit<MockApiDocument, 'routes'>> & { name: string; routes: RouteDraft[] };

export function completeDocument(draft: MockDraft): MockApiDocument {
  return {
    slug: draft.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    host: null,
    project: null,
    description: '',
    public: false,
    cors: true,
    latency: null,
    ...draft,
    routes: draft.routes.map((route, r) => {
      const id = route.id ?? `route-${r}`;
      return {
        method: 'GET',
        description: '',
        kind: 'responses',
        mode: 'rules',
        repeatable: false,
        latency: null,
        faults: [],
        ...route,
        id,
        responses: (route.responses ?? []).map((response, i) => ({
          status: 200,
          headers: {},
          latency: null,
          faults: [],
          default: false,
          rules: [],
          rulesOperator: 'all',
          body: { type: 'empty' },
          ...response,
          id: response.id ?? `${id}-response-${i}`,
        })),
      } as MockRoute;
    }),
  };
}

/** Stores the mock API for the user of `key`; returns its id and document. */
export async function insertMock(
  db: Kysely<Tables>,
  key: string,
  draft: MockDraft,
): Promise<{ id: string; document: MockApiDocument }> {
  const user = await findUserByKey(db, key);
  if (!user) throw new Error('no user with that key');
  const document = completeDocument(draft);
  const id = randomUUID();
  await db
    .insertInto('mock_apis')
    .values({
      id,
      user_id: user.id,
      name: document.name,
      slug: document.slug,
      host: document.host ?? null,
      project_id: null,
      document: JSON.stringify(document),
      updated_at: new Date().toISOString(),
    })
    .execute();
  return { id, document };
}
