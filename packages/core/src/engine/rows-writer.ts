/**
 * How a run's rows reach their bytes: through the byte engine (engine/byte-rows.ts) when the
 * writer has a fixed row layout, else as the writer's text encoded in one call. Chosen once per
 * engine and writer; the batches and the workers' chunks call it for every row.
 */
import type { ByteOut } from '../bytes/byte-out.js';
import type { RowWriter } from '../writers/writer.js';
import { ByteRows } from './byte-rows.js';
import type { RowEngine } from './row-engine.js';

/** Where rows go: bytes written straight in, or a row's text. */
export interface RowSink extends ByteOut {
  write(text: string): void;
}

export interface RowsWriter {
  write(index: number, out: RowSink): void;
}

class TextRows implements RowsWriter {
  constructor(
    private readonly engine: RowEngine,
    private readonly writer: RowWriter,
  ) {}

  write(index: number, out: RowSink): void {
    out.write(this.writer.row(this.engine.row(index), index));
  }
}

const chosen = new WeakMap<RowEngine, { writer: RowWriter; rows: RowsWriter }>();

/** The rows writer for this engine and writer, made on first use and kept with the engine. */
export function rowsWriterFor(engine: RowEngine, writer: RowWriter): RowsWriter {
  const kept = chosen.get(engine);
  if (kept !== undefined && kept.writer === writer) return kept.rows;
  const rows = ByteRows.of(engine, writer) ?? new TextRows(engine, writer);
  chosen.set(engine, { writer, rows });
  return rows;
}
