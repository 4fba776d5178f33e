/**
 * Checks a loaded database against its project document (verify-checks.ts) and reports each
 * failed check with its count and one offending row. Runs on PostgreSQL, MySQL/MariaDB and
 * SQLite through the load's sessions.
 */
import type { ProjectTable } from '@rowloom/core/relations/sql';
import { openSession } from '../open-session.js';
import type { DatabaseSession } from '../session.js';
import { tableChecks, type CheckKind } from './verify-checks.js';

export interface VerifyFinding {
  table: string;
  check: CheckKind;
  columns: string[];
  /** For orphans: the parent table and columns referred to. */
  parent?: { table: string; columns: string[] };
  /** Rows breaking the check (for unique: rows beyond the first of each duplicated key). */
  violations: number;
  /** One offending row's checked columns (for unique, with its number of copies). */
  example: Record<string, unknown> | null;
}

export interface VerifyReport {
  ok: boolean;
  /** How many checks ran, and how many failed. */
  checks: number;
  failed: VerifyFinding[];
  /** One line per failed check, or that all passed. */
  summary: string;
}

export async function verifyProject(
  url: string,
  tables: ProjectTable[],
  options: { signal?: AbortSignal } = {},
): Promise<VerifyReport> {
  const session = await openSession(url);
  try {
    return await verifyOn(session, tables, options);
  } finally {
    await session.close();
  }
}

export async function verifyOn(
  session: DatabaseSession,
  tables: ProjectTable[],
  options: { signal?: AbortSignal } = {},
): Promise<VerifyReport> {
  const failed: VerifyFinding[] = [];
  let count = 0;
  for (const table of tables) {
    for (const check of tableChecks(session.dialect, table, tables)) {
      options.signal?.throwIfAborted();
      count++;
      let violations: number;
      try {
        violations = Number((await session.rows(check.count))[0]?.violations ?? 0);
      } catch (error) {
        throw new Error(
          `verify ${check.check} on ${table.name} (${check.columns.join(', ')}): ${(error as Error).message}`,
        );
      }
      if (violations === 0) continue;
      const example = (await session.rows(check.example))[0] ?? null;
      failed.push({
        table: check.table,
        check: check.check,
        columns: check.columns,
        ...(check.parent && { parent: check.parent }),
        violations,
        example: example && plain(example),
      });
    }
  }
  return { ok: failed.length === 0, checks: count, failed, summary: summarize(count, failed) };
}

/** Drivers give bigints and numerics as strings or BigInt: JSON-safe values for the report. */
function plain(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      typeof v === 'bigint' ? v.toString() : v instanceof Date ? v.toISOString() : v,
    ]),
  );
}

function summarize(count: number, failed: VerifyFinding[]): string {
  if (failed.length === 0) return `all ${count} checks passed`;
  const lines = failed.map((f) => {
    const target = f.parent ? ` -> ${f.parent.table} (${f.parent.columns.join(', ')})` : '';
    return `${f.table} (${f.columns.join(', ')})${target}: ${f.check}, ${f.violations} row(s), e.g. ${JSON.stringify(f.example)}`;
  });
  return `${failed.length} of ${count} checks failed:\n` + lines.join('\n');
}
