/**
 * Datasets given as stored text (DatasetText) are parsed on the thread that makes rows, never on
 * the one that forwards bytes: a server's main thread hands the text on as it was read from the
 * database (one string, or bytes shared with the threads; never a structured clone of millions
 * of arrays), and compiles
 * the schema seeing only the columns and the row count (kernel/dataset-view.ts). A generation
 * thread keeps the parsed tables it made by revision, within a memory budget, so the next
 * generation over the same dataset (a web page's preview, on every edit) parses nothing.
 */
import { isDatasetText } from '../kernel/dataset-view.js';
import type { DatasetTable, Datasets, DatasetText } from '../kernel/define-type.js';

/**
 * Parsed tables take about 5.5 times their JSON text's length in a V8 heap (872,572 rows of
 * two short values: 15.6 MB of text, 83.5 MB parsed; measured for docs/server-performance.md).
 */
const PARSED_BYTES_PER_TEXT_CHARACTER = 6;

/** Texts of at least this many characters mark a generation as heavy for a pool (its first turn parses them). */
export const HEAVY_DATASET_TEXT = 1024 * 1024;

function parse(text: DatasetText): DatasetTable {
  const json =
    typeof text.rowsJson === 'string'
      ? text.rowsJson
      : Buffer.from(text.rowsJson.buffer, text.rowsJson.byteOffset, text.rowsJson.byteLength).toString('utf8');
  return { columns: text.columns, rows: JSON.parse(json) as string[][] };
}

/** The text's length: characters, or bytes when given as bytes (near enough for a budget). */
function textLength(text: DatasetText): number {
  return typeof text.rowsJson === 'string' ? text.rowsJson.length : text.rowsJson.byteLength;
}

/** Parsed tables by revision, least recently used out first once they pass `budgetBytes` (estimated). */
export class ParsedDatasetCache {
  private readonly tables = new Map<string, { table: DatasetTable; bytes: number }>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  table(text: DatasetText): DatasetTable {
    const kept = this.tables.get(text.revision);
    if (kept) {
      this.tables.delete(text.revision);
      this.tables.set(text.revision, kept);
      return kept.table;
    }
    const table = parse(text);
    const bytes = textLength(text) * PARSED_BYTES_PER_TEXT_CHARACTER;
    if (bytes <= this.budgetBytes) {
      this.tables.set(text.revision, { table, bytes });
      this.bytes += bytes;
      for (const [revision, entry] of this.tables) {
        if (this.bytes <= this.budgetBytes) break;
        this.tables.delete(revision);
        this.bytes -= entry.bytes;
      }
    }
    return table;
  }

  /** Tables kept now (for tests). */
  get size(): number {
    return this.tables.size;
  }
}

/** The datasets with every text parsed (through `cache` when given); the same object when none is a text. */
export function parsedDatasets(datasets: Datasets | undefined, cache?: ParsedDatasetCache): Datasets | undefined {
  if (datasets === undefined || !hasDatasetTexts(datasets)) return datasets;
  // fromEntries defines own properties: a dataset named "__proto__" stays a dataset.
  return Object.fromEntries(
    Object.entries(datasets).map(([name, dataset]) => [
      name,
      isDatasetText(dataset) ? (cache ? cache.table(dataset) : parse(dataset)) : dataset,
    ]),
  );
}

export function hasDatasetTexts(datasets: Datasets | undefined): boolean {
  return datasets !== undefined && Object.values(datasets).some(isDatasetText);
}

/** Characters of the datasets' texts: what a thread parses before its first row. */
export function datasetTextLength(datasets: Datasets | undefined): number {
  let length = 0;
  for (const dataset of Object.values(datasets ?? {})) if (isDatasetText(dataset)) length += textLength(dataset);
  return length;
}
