/** The stored tables, as Kysely sees them. Ids are text (UUIDs made in JavaScript): portable. */
import type { Generated } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  plan: string;
  created_at: string;
}

export interface ApiKeysTable {
  /** SHA-256 of the key: a copy of the database does not give the keys away. */
  key_hash: string;
  user_id: string;
  created_at: string;
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
}
