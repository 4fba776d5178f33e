/**
 * A thread that reads one upload (dataset-parser.ts starts one per upload, with a heap limit): the
 * body's chunks come in as messages and are read as they come by core's streaming reader, which
 * writes the table's stored form (JSON texts) and counts its size against the bytes it may take.
 * It answers each chunk (so the request thread sends at most a few ahead), then either the
 * refusal at the first problem or the stored form, its rows' text as transferred bytes rather
 * than objects the request thread would have to copy.
 *
 * Also makes the preview of a dataset stored before previews were kept apart (`preview` orders).
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  DATASET_PREVIEW_ROWS,
  DatasetParseError,
  DatasetTooLargeError,
  StoredTableWriter,
  TableReader,
  type StoredTable,
} from '@rowloom/core/datasets';

export type ParseOrder =
  { kind: 'upload'; filename: string | null; allowedBytes: number | null } | { kind: 'preview'; rowsJson: string };

export type ToParser = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' };

export type Refusal =
  | { kind: 'invalid'; message: string; limit?: string; allowed?: number }
  | { kind: 'too-large'; allowedBytes: number; line: number; rows: number };

export type FromParser =
  /** A chunk was read: the next may come. */
  | { type: 'read' }
  | { type: 'refused'; refusal: Refusal }
  | { type: 'stored'; table: Omit<StoredTable, 'rowsJson'>; rows: ArrayBuffer; rowsOffset: number; rowsLength: number }
  | { type: 'preview'; previewJson: string };

const port = parentPort!;
const order = workerData as ParseOrder;

function refusalOf(error: unknown): Refusal {
  if (error instanceof DatasetTooLargeError)
    return { kind: 'too-large', allowedBytes: error.allowedBytes, line: error.line, rows: error.rows };
  if (error instanceof DatasetParseError)
    return {
      kind: 'invalid',
      message: error.message,
      ...(error.limit ? { limit: error.limit, allowed: error.allowed } : {}),
    };
  // Anything else is a fault of ours: the thread fails, and the request with it (a 500).
  throw error;
}

function readUpload(filename: string | null, allowedBytes: number | null): void {
  const writer = new StoredTableWriter(allowedBytes);
  let refused = false;
  const reader = new TableReader(writer, filename, 'the body', (error) => {
    refused = true;
    port.postMessage({ type: 'refused', refusal: refusalOf(error) } satisfies FromParser);
  });
  port.on('message', (message: ToParser) => {
    if (refused) return;
    if (message.type === 'chunk') {
      reader.write(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      if (!refused) port.postMessage({ type: 'read' } satisfies FromParser);
      return;
    }
    reader.end().then(
      () => {
        const { rowsJson, ...table } = writer.finish();
        // The rows' bytes move to the request thread instead of being copied (their buffer is their own: it starts at 64 KiB).
        const rows = rowsJson.buffer as ArrayBuffer;
        port.postMessage(
          {
            type: 'stored',
            table,
            rows,
            rowsOffset: rowsJson.byteOffset,
            rowsLength: rowsJson.byteLength,
          } satisfies FromParser,
          [rows],
        );
      },
      () => {
        // Reported through the reader's onFailure.
      },
    );
  });
}

if (order.kind === 'upload') readUpload(order.filename, order.allowedBytes);
else
  port.postMessage({
    type: 'preview',
    previewJson: JSON.stringify((JSON.parse(order.rowsJson) as unknown[]).slice(0, DATASET_PREVIEW_ROWS)),
  } satisfies FromParser);
