/** The stored tables, as Kysely sees them. Ids are text (UUIDs made in JavaScript): portable. */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  plan: string;
  created_at: string;
  /** Argon2id (PHC string) of the password; null for a user who signs in only with a key. */
  password_hash?: string | null;
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
}

/** Per user and UTC day: what was used, counted atomically against the plan's limits. */
export interface UsageTable {
  user_id: string;
  day: string;
  requests: Generated<number>;
  records: Generated<number>;
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
}
