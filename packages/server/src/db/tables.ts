/** The stored tables, as Kysely sees them. Ids are text (UUIDs made in JavaScript): portable. */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  plan: string;
  created_at: string;
  /** Argon2id (PHC string) of the password; null for a user who signs in only with a key. */
  password_hash?: string | null;
  /** 1: may list and cancel every user's jobs (GET/DELETE /api/admin/downloads); 0 otherwise. */
  is_admin?: Generated<number>;
}

export interface ApiKeysTable {
  /** SHA-256 of the key: a copy of the database does not give the keys away. */
  key_hash: string;
  user_id: string;
  created_at: string;
  /** The key sealed with the server secret (AES-256-GCM), so its owner can see it again; null for keys made before that. */
  sealed?: string | null;
}

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export interface SessionsTable {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  user_id: string;
  /** What cookie-authenticated writes must send in X-CSRF-Token. */
  csrf_token: string;
  created_at: string;
  /** ISO time; the session slides forward while used. */
  expires_at: string;
  last_seen: string;
}

/** Server-wide values every instance sharing the database must agree on (the sealing secret). */
export interface SettingsTable {
  name: string;
  value: string;
}

/** Sign-in attempts per bucket (an IP or an email's hash) and fixed window, for the rate limit. */
export interface SignInAttemptsTable {
  bucket: string;
  window_start: string;
  attempts: Generated<number>;
}

export interface SchemasTable {
  id: string;
  user_id: string;
  name: string;
  /** The field specifications, as JSON text. */
  fields: string;
  count: number;
  /** The default output format (generate without an extension), or null. */
  format: string | null;
  /** Default file options by generate's query names, as JSON object text, or null. */
  options: string | null;
  /** A fixed seed for its generate requests and the web page, or null. */
  seed: string | null;
  project_id: string | null;
  updated_at: string;
}

/** A scenario: a named curve Scenario fields read (see core's scenarios/scenario.ts). */
export interface ScenariosTable {
  id: string;
  user_id: string;
  name: string;
  project_id: string | null;
  /** The points, sorted by x, as JSON text: [{"x", "y"}...]. */
  points: string;
  interpolation: string;
  noise: number;
  updated_at: string;
}

export interface ProjectsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
  /** features/relations/project-tables-store.ts: a project of related tables' own settings (JSON), or null. */
  model: string | null;
}

export interface DatasetsTable {
  id: string;
  user_id: string;
  name: string;
  project_id: string | null;
  filename: string | null;
  /** Column names, JSON array text. */
  columns: string;
  /** Rows as a JSON array of arrays: one value read back whole when a schema uses it. */
  rows: string;
  row_count: number;
  /** UTF-8 bytes of `columns` and `rows`: what the dataset takes against the plan's storage limit. */
  bytes: Generated<number>;
  updated_at: string;
  /** The first rows (JSON, as `rows`), shown without reading the others; null for datasets stored before migration 0009. */
  preview: string | null;
  /** A random id per content stored (null before migration 0009): the same revision, the same rows. */
  revision: string | null;
}

/** Per user and UTC day: what was used, counted atomically against the plan's limits. */
export interface UsageTable {
  user_id: string;
  day: string;
  requests: Generated<number>;
  records: Generated<number>;
}

/** A public mock API's daily budget (usage's shape, keyed by the mock API). */
export interface MockUsageTable {
  mock_api_id: string;
  day: string;
  requests: Generated<number>;
  records: Generated<number>;
}

/** A mock API: the document (the contract's mocks.ts, @rowloom/contract) as JSON text, routed by slug or host. */
export interface MockApisTable {
  id: string;
  user_id: string;
  name: string;
  slug: string;
  host: string | null;
  project_id: string | null;
  document: string;
  updated_at: string;
}

/** A CRUD route's collection: where the next record goes, the next numeric id. */
export interface MockCollectionsTable {
  mock_api_id: string;
  route_id: string;
  next_position: Generated<number>;
  next_id: Generated<number>;
}

/** One record of a CRUD collection, as JSON text, in collection order. */
export interface MockRecordsTable {
  mock_api_id: string;
  route_id: string;
  record_key: string;
  position: number;
  data: string;
}

/** Requests a route has had (1-based request numbers), shared by every instance. */
export interface MockCountersTable {
  mock_api_id: string;
  route_id: string;
  requests: Generated<number>;
}

/** A mock API's state machines: the current state of each that has moved (mock-states-store.ts). */
export interface MockStatesTable {
  mock_api_id: string;
  machine: string;
  state: string;
}

/** The request log of a mock API (the last MOCK_LIMITS.requestLogEntries are kept). */
export interface MockRequestsTable {
  id: string;
  mock_api_id: string;
  /** Order of arrival (a timestamp in microseconds plus a tie-breaker is fine). */
  seq: number;
  at: string;
  method: string;
  /** The path under the mock API (what routes match), with the query string removed. */
  path: string;
  /** JSON object text. */
  query: string;
  /** JSON object text (the key header and cookies removed). */
  headers: string;
  /** The body as text, cut at MOCK_LIMITS.requestLogBodyBytes. */
  body: string | null;
  /** 1 when `body` is only the first part of the body. */
  body_truncated: Generated<number>;
  status: number | null;
  route_id: string | null;
  response_id: string | null;
  fault: string | null;
  duration_ms: number | null;
}

/** features/loads/: a project loaded into an operator's database. */
export interface ProjectLoadsTable {
  id: string;
  user_id: string;
  project_id: string;
  /** The target's name (ROWLOOM_LOAD_TARGETS), never its address. */
  target: string;
  /** truncate | append */
  mode: string;
  /** A LoadStatus state: queued, running, done, failed, cancelled. */
  state: string;
  /** JSON: [{table, rows, count}], parents first. */
  progress: string;
  /** JSON: the verify report, once run. */
  verify: string | null;
  error: string | null;
  cancel_requested: Generated<number>;
  /** The server process running it, and when it last said so. */
  instance_id: string;
  heartbeat_at: string;
  created_at: string;
  finished_at: string | null;
}

/** A background job (a download): what was asked, how far it got, when its file expires. */
export interface DownloadsTable {
  id: string;
  user_id: string;
  /** A JobStatus (jobs/job-contract.ts). */
  status: string;
  count: number;
  format: string;
  /** What GET /api/downloads/:id/file answers with: the writer's content type and a file name. */
  content_type: string;
  filename: string;
  /** The writer options, JSON object text. */
  options: string;
  /** The FrozenJob, JSON text: enough to resubmit the job. */
  job: string;
  records_generated: Generated<number>;
  bytes: number | null;
  error: string | null;
  /** The UTC day (usage.day) its rows were charged to. */
  charged_day: string;
  /** 1 once the rows it did not produce were given back to the plan. */
  refunded: Generated<number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
}

/** A write to a project's REST mock: the row with that key as written (data null: deleted). */
export interface ProjectRestRowsTable {
  project_id: string;
  table_name: string;
  record_key: string;
  /** The row's index (key - 1): generated rows and created ones in one order. */
  position: number;
  /** The parent's key by the table's reference with children, as text; null when there is none. */
  parent_key: string | null;
  data: string | null;
}

/** A table of a project's REST mock that has had a POST: the key the next one gets. */
export interface ProjectRestTablesTable {
  project_id: string;
  table_name: string;
  next_key: number;
}

export interface Tables {
  users: UsersTable;
  api_keys: ApiKeysTable;
  schemas: SchemasTable;
  projects: ProjectsTable;
  datasets: DatasetsTable;
  scenarios: ScenariosTable;
  usage: UsageTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  sign_in_attempts: SignInAttemptsTable;
  mock_apis: MockApisTable;
  mock_collections: MockCollectionsTable;
  mock_records: MockRecordsTable;
  mock_counters: MockCountersTable;
  mock_states: MockStatesTable;
  mock_usage: MockUsageTable;
  mock_requests: MockRequestsTable;
  downloads: DownloadsTable;
  project_loads: ProjectLoadsTable;
  project_rest_rows: ProjectRestRowsTable;
  project_rest_tables: ProjectRestTablesTable;
}
