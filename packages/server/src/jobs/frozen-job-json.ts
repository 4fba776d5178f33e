/**
 * A FrozenJob written down, in the two places it goes. The API freezes datasets as their stored
 * text (core's DatasetText, the rows' JSON in shared memory), and neither form parses it or walks
 * its rows on the thread that answers requests:
 * - for workers (Redis), `frozenJobBytes`: each dataset as the parsed table would be written,
 *   {"columns": [...], "rows": <the stored rows' JSON>}. The stored text is JSON.stringify of the
 *   rows, so these are the bytes of JSON.stringify(job) with the tables parsed, the form every
 *   worker reads; writing them is one copy of the text.
 * - for the downloads table's record of the job, `frozenJobRecord`: each dataset named by the
 *   revision it was read at, with its columns and row count, not its rows: a synchronous SQLite
 *   write of a million rows' text held the event loop for 60-470 ms per submitted job.
 */
import { isDatasetText, type DatasetTable, type DatasetText } from '@rowloom/core';
import type { FrozenJob } from './job-contract.js';

type Piece = string | Uint8Array;

function rowsBytes(dataset: DatasetText): Uint8Array {
  const { rowsJson } = dataset;
  return typeof rowsJson === 'string' ? Buffer.from(rowsJson, 'utf8') : rowsJson;
}

/** JSON of the job as pieces, members in the job's order, each dataset written by `dataset`. */
function jobPieces(job: FrozenJob, dataset: (value: DatasetTable | DatasetText) => Piece[]): Piece[] {
  const pieces: Piece[] = ['{'];
  for (const [key, value] of Object.entries(job)) {
    // JSON.stringify leaves out members whose value is undefined (an optional publicUrl).
    if (value === undefined) continue;
    pieces.push(`${pieces.length > 1 ? ',' : ''}${JSON.stringify(key)}:`);
    if (key !== 'datasets') {
      pieces.push(JSON.stringify(value));
      continue;
    }
    pieces.push('{');
    Object.entries(value as FrozenJob['datasets']).forEach(([name, table], i) =>
      pieces.push(`${i > 0 ? ',' : ''}${JSON.stringify(name)}:`, ...dataset(table as DatasetTable | DatasetText)),
    );
    pieces.push('}');
  }
  pieces.push('}');
  return pieces;
}

/** JSON.stringify(job) with every dataset as its table, as UTF-8: what workers read from Redis. */
export function frozenJobBytes(job: FrozenJob): Buffer {
  const pieces = jobPieces(job, (dataset) =>
    isDatasetText(dataset)
      ? [`{"columns":${JSON.stringify(dataset.columns)},"rows":`, rowsBytes(dataset), '}']
      : [JSON.stringify(dataset)],
  );
  return Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece)));
}

/** The job as the downloads table records it: datasets read as text named by revision, columns and row count. */
export function frozenJobRecord(job: FrozenJob): string {
  const pieces = jobPieces(job, (dataset) => [
    JSON.stringify(
      isDatasetText(dataset)
        ? { revision: dataset.revision, columns: dataset.columns, rowCount: dataset.rowCount }
        : dataset,
    ),
  ]);
  return pieces.join('');
}
