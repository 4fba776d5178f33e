/**
 * A project as one ZIP: a file per table in the chosen format, parents first, each table made
 * on the server's shared threads only when the archive reaches it, so memory holds one table's
 * chunks at a time whatever the project's size.
 */
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { generateTable, tableFileName, type ProjectPlan, type RowsPool, type WriterOptions } from '@rowloom/core';

export interface ProjectZip {
  stream: Readable;
  /** Stops every table's generation (the client left, the time ran out). */
  destroy(error?: Error): void;
}

export function projectZip(
  plan: ProjectPlan,
  writer: Omit<WriterOptions, 'count'>,
  pool: RowsPool,
  publicUrl?: string,
): ProjectZip {
  const zip = new yazl.ZipFile();
  const generations = plan.model.loadOrder.map((table) => ({
    table,
    generation: generateTable(plan, { table, writer, pool, publicUrl }),
  }));
  for (const { table, generation } of generations)
    zip.addReadStreamLazy(tableFileName(table, generation.extension), { compress: true }, (callback) =>
      callback(null, generation.stream),
    );
  zip.end();
  const stream = zip.outputStream as Readable;
  return {
    stream,
    destroy(error) {
      for (const { generation } of generations) generation.stream.destroy(error);
      stream.destroy(error);
    },
  };
}
