/**
 * Why a load failed: which table, which batch and rows of it, and the database's own message.
 * The load's transaction is rolled back (on MySQL, tables it created stay: DDL commits there).
 */
export class LoadError extends Error {
  constructor(
    readonly table: string | null,
    /** The batches the failed rows were in (a MySQL INSERT may span several), or null. */
    readonly batches: [number, number] | null,
    /** The rows of the table (from 1) the failure was in, or null. */
    readonly rows: [number, number] | null,
    readonly databaseMessage: string,
    options?: { cause?: unknown },
  ) {
    super(describe(table, batches, rows, databaseMessage), options);
    this.name = 'LoadError';
  }

  /** The (first) batch the failure was in. */
  get batch(): number | null {
    return this.batches?.[0] ?? null;
  }
}

function range(one: string, many: string, [from, to]: [number, number]): string {
  return from === to ? `${one} ${from}` : `${many} ${from}-${to}`;
}

function describe(
  table: string | null,
  batches: [number, number] | null,
  rows: [number, number] | null,
  message: string,
): string {
  if (table === null) return `load failed: ${message}; it was rolled back`;
  const at =
    batches === null
      ? ''
      : `, ${range('batch', 'batches', batches)}` + (rows ? ` (${range('row', 'rows', rows)})` : '');
  return `loading table ${table} failed${at}: ${message}; the load was rolled back`;
}
