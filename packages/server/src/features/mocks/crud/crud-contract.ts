/**
 * The runtime (mocks/serve) hands a request for a CRUD route (kind 'crud') to serveCrud
 * (crud-collection.ts): the route's path (/users) answers GET (list) and POST; path/<key>
 * answers GET, PUT, PATCH and DELETE. The collection lives in the database (mock_collections,
 * mock_records), so every server instance sees the same records.
 */
import type { GenerationPool } from '@rowloom/core';
import type { Kysely } from 'kysely';
import type { DatasetTexts } from '../../datasets/dataset-texts.js';
import type { Tables } from '../../../db/tables.js';
import type { MockRoute } from '@rowloom/contract';

export interface CrudRequest {
  mockApiId: string;
  /** The owner: the seeding schema is theirs. */
  userId: string;
  route: MockRoute;
  /** Upper-case; HEAD is answered like GET without a body by the runtime. */
  method: string;
  /** null for the collection itself (/users), else the decoded key (/users/42 -> "42"). */
  key: string | null;
  query: Record<string, string>;
  /** The parsed JSON body, or undefined when there is none or it is not JSON. */
  body: unknown;
  /**
   * Optional: the collection's path as the client reached it, without the query (e.g.
   * /mock/shop/users, or /users on the API's own host). Location and Link headers are built
   * from it; without it they are relative references (?page=2..., users/42) that resolve
   * against the request's own URL.
   */
  url?: string;
}

export interface CrudReply {
  status: number;
  /** JSON to send; null for no body (204). */
  body: unknown;
  headers?: Record<string, string>;
  /** Rows generated to seed the collection (charged to the owner's plan). */
  rows: number;
}

export interface CrudServices {
  db: Kysely<Tables>;
  /** The server's generation threads: seeding rows are made there, never on the request thread. */
  pool: GenerationPool;
  /** The server's datasets as text (GenerationSharing.datasetTexts): a seeding schema's are parsed on the threads. */
  datasetTexts: DatasetTexts;
}
