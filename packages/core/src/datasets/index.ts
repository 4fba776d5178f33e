/**
 * The datasets' reading rules on their own (`@rowloom/core/datasets`): what a thread that only
 * reads uploads loads, without the engine.
 */
export { DatasetParseError, DatasetTooLargeError } from './dataset-errors.js';
export {
  DATASET_PREVIEW_ROWS,
  MAX_DATASET_COLUMN_NAME_BYTES,
  MAX_DATASET_COLUMNS,
  MAX_DATASET_VALUE_BYTES,
} from './dataset-limits.js';
export { parseDataset, separatorFor } from './parse-dataset.js';
export { StoredTableWriter, type StoredTable } from './stored-table.js';
export { TableReader } from './table-reader.js';
export type { TableSink } from './table-rules.js';
