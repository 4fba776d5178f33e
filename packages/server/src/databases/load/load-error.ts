/** Why a load failed: which table, which batch and rows of it, and the database's own message. */
export class LoadError extends Error {
  constructor(
    readonly table: string | null,
    readonly batch: number | null,
    readonly rows: [number, number] | null,
    readonly databaseMessage: string,
    options?: { cause?: unknown },
  ) {
    super(describe(table, batch, rows, databaseMessage), options);
    this.name = 'LoadError';
  }
}

function describe(table: string | null, batch: number | null, rows: [number, number] | null, message: string): string {
  if (table === null) return `load failed: ${message}`;
  const at =
    batch === null
      ? ''
      : `, batch ${batch}` + (rows ? ` (${rows[0] === rows[1] ? `row ${rows[0]}` : `rows ${rows.join('-')}`})` : '');
  return `loading table ${table} failed${at}: ${message}; nothing of this load was kept`;
}
