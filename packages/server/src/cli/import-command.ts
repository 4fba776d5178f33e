/**
 * `rowloom import <ddl.sql | database URL> [--out project.json] [--dialect postgres|mysql]
 * [--schema public] [--name NAME]`: a project document from a schema (docs/relations.md).
 * Warnings go to stderr; the document to --out, or stdout. Exit status: 0 done, 1 bad input
 * (unparseable DDL, unreachable database...), 2 usage.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { databaseSource, ImportError, importDdl, introspect, MAX_DDL_BYTES } from '../databases/import/index.js';

export const IMPORT_EXIT = { done: 0, badInput: 1, usage: 2 } as const;

const USAGE =
  'usage: rowloom import <ddl.sql | postgres://... | mysql://... | mariadb://... | sqlite:FILE> [--out project.json] [--dialect postgres|mysql] [--schema public] [--name NAME]';

class UsageError extends Error {}

export async function importCommand(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        dialect: { type: 'string' },
        schema: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      process.stdout.write(`${USAGE}\n`);
      return IMPORT_EXIT.done;
    }
    if (positionals.length !== 1) throw new UsageError(`give one DDL file or database URL; ${USAGE}`);
    if (values.dialect !== undefined && values.dialect !== 'postgres' && values.dialect !== 'mysql')
      throw new UsageError(`--dialect must be postgres or mysql, got "${values.dialect}"`);
    const source = positionals[0];
    const name = values.name ?? defaultName(source);
    const result = databaseSource(source)
      ? await introspect(source, { schema: values.schema, name })
      : await importDdl(await readDdl(source), {
          dialect: values.dialect as 'postgres' | 'mysql' | undefined,
          schema: values.schema,
          name,
        });
    for (const warning of result.warnings) process.stderr.write(`rowloom: warning: ${warning}\n`);
    const json = `${JSON.stringify(result.project, null, 2)}\n`;
    if (values.out) {
      await writeFile(values.out, json);
      process.stderr.write(`rowloom: wrote ${result.project.tables.length} tables to ${values.out}\n`);
    } else process.stdout.write(json);
    return IMPORT_EXIT.done;
  } catch (error) {
    const usage = error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    process.stderr.write(`rowloom: ${(error as Error).message}\n`);
    // Anything else (a file that cannot be written...) is the input's too: exit 1.
    return usage ? IMPORT_EXIT.usage : IMPORT_EXIT.badInput;
  }
}

function defaultName(source: string): string {
  const database = databaseSource(source);
  if (database?.kind === 'sqlite') return basename(database.file, extname(database.file));
  if (database) return new URL(database.url).pathname.replace(/^\//, '') || 'imported';
  return basename(source, extname(source)) || 'imported';
}

async function readDdl(file: string): Promise<string> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile())
    throw new ImportError(`no DDL file at ${file} (nor a database URL: postgres://, mysql://, sqlite:FILE)`);
  if (info.size > MAX_DDL_BYTES)
    throw new ImportError(`${file} is ${info.size} bytes; an import reads at most ${MAX_DDL_BYTES} (2 MB) of DDL`);
  return readFile(file, 'utf8');
}
