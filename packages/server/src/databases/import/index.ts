/**
 * Importing what a team has into a project document (docs/relations.md, "Importing a schema"):
 *   importDdl(text, {dialect})   CREATE TABLE scripts of PostgreSQL or MariaDB/MySQL
 *   introspect(source, {schema}) a live database: postgres://, mysql:// or mariadb://, sqlite:FILE
 * Both give {project, warnings}; bad input throws ImportError naming the line, statement or table.
 */
import type { ProjectDocument } from '@rowloom/core';
import { buildProject } from './build-project.js';
import { databaseSource, withoutPassword } from './database-url.js';
import { readMysqlDdl } from './ddl-mysql.js';
import { readPostgresDdl } from './ddl-postgres.js';
import { ImportError, MAX_DDL_BYTES, type ImportedSchema } from './import-model.js';
import { introspectPostgres } from './introspect-postgres.js';
import { introspectSqlite } from './introspect-sqlite.js';

export { ImportError, MAX_DDL_BYTES, MAX_IMPORT_TABLES } from './import-model.js';
export { databaseSource } from './database-url.js';

export type DdlDialect = 'postgres' | 'mysql';

export interface ImportResult {
  project: ProjectDocument;
  warnings: string[];
}

export interface ImportOptions {
  /** The project's name (default: "imported"). */
  name?: string;
}

/** MySQL's marks: backquoted names, AUTO_INCREMENT, ENGINE=, conditional comments. */
export function guessDialect(text: string): DdlDialect {
  return /`|\bAUTO_INCREMENT\b|\bENGINE\s*=|\/\*!\d/i.test(text) ? 'mysql' : 'postgres';
}

/**
 * `schema`: the tables of this schema keep bare names, others are "schema.table" (default
 * public for PostgreSQL; MySQL tables qualified with a database keep the qualifier).
 */
export async function importDdl(
  text: string,
  options: ImportOptions & { dialect?: DdlDialect; schema?: string } = {},
): Promise<ImportResult> {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_DDL_BYTES)
    throw new ImportError(
      `the DDL is ${bytes} bytes; an import reads at most ${MAX_DDL_BYTES} (2 MB): import part of it`,
    );
  const dialect = options.dialect ?? guessDialect(text);
  const schema = dialect === 'mysql' ? readMysqlDdl(text) : await readPostgresDdl(text);
  return finish(schema, options.name, options.schema ?? (dialect === 'postgres' ? 'public' : null));
}

export async function introspect(
  source: string,
  options: ImportOptions & { schema?: string } = {},
): Promise<ImportResult> {
  const database = databaseSource(source);
  if (!database)
    throw new ImportError(
      `${withoutPassword(source)} is not a database: give postgres://..., mysql://..., mariadb://..., sqlite:FILE or a .db/.sqlite/.sqlite3 file`,
    );
  if (database.kind === 'postgres') {
    const schema = options.schema ?? 'public';
    return finish(await introspectPostgres(database.url, schema), options.name, schema);
  }
  if (database.kind === 'mysql') {
    // Loaded when first used, as the MySQL session is (open-session.ts).
    const { introspectMysql } = await import('./introspect-mysql.js');
    return finish(await introspectMysql(database.url), options.name, null);
  }
  return finish(await introspectSqlite(database.file), options.name, null);
}

function finish(schema: ImportedSchema, name: string | undefined, defaultSchema: string | null): ImportResult {
  if (schema.tables.length === 0) throw new ImportError('no CREATE TABLE statement was found: nothing to import');
  const result = buildProject(schema, { name: name ?? 'imported', defaultSchema });
  if (result.project.tables.length === 0)
    throw new ImportError(`no table has columns to generate: ${result.warnings.join('; ')}`);
  return result;
}
