/**
 * Finding the mock API a request is for: by the slug in /mock/<slug>/... or by its own host
 * name. The stored document was validated on save (defaults filled), so it is read as is; its
 * parsed form is shared between requests (parsed-documents.ts), so it must not be changed.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { QueryTemplate } from '../../db/query-template.js';
import type { MockApiDocument } from '@rowloom/contract';
import { parsedDocument } from './parsed-documents.js';

export interface StoredMockApi {
  id: string;
  userId: string;
  document: MockApiDocument;
  updatedAt: string;
}

type Row = Pick<Tables['mock_apis'], 'id' | 'user_id' | 'document' | 'updated_at'>;

function stored(row: Row | undefined): StoredMockApi | undefined {
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      document: parsedDocument(row.id, row.document),
      updatedAt: row.updated_at,
    }
  );
}

/** Built once per database and column: every mock request starts with it (db/query-template.ts). */
const MOCK_BY = new QueryTemplate<{ value: string }, Tables>(
  (db, { value }, column) =>
    db
      .selectFrom('mock_apis')
      .select(['id', 'user_id', 'document', 'updated_at'])
      .where(column as 'slug' | 'host', '=', value),
  { value: '\u0000value' },
);

export async function findMockBySlug(db: Kysely<Tables>, slug: string): Promise<StoredMockApi | undefined> {
  const [row] = await MOCK_BY.rows<Row>(db, { value: slug }, 'slug');
  return stored(row);
}

/** `host` without a port, lower-cased. */
export async function findMockByHost(db: Kysely<Tables>, host: string): Promise<StoredMockApi | undefined> {
  const [row] = await MOCK_BY.rows<Row>(db, { value: host }, 'host');
  return stored(row);
}
