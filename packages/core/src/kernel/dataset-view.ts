/** What a compile sees of a dataset given as a table or as stored text (DatasetView). */
import type { DatasetTable, DatasetText, DatasetView } from './define-type.js';

export function isDatasetText(dataset: DatasetTable | DatasetText): dataset is DatasetText {
  return (dataset as DatasetText).rowsJson !== undefined;
}

/** A text's rows are not read here: only its columns and row count are seen. */
export function datasetView(dataset: DatasetTable | DatasetText): DatasetView {
  if (isDatasetText(dataset)) return { columns: dataset.columns, rowCount: dataset.rowCount, rows: null };
  return { columns: dataset.columns, rowCount: dataset.rows.length, rows: dataset.rows };
}

/**
 * The generator of a field whose dataset's rows are not on this thread: the plan it belongs to
 * checks the schema and shapes the output; its rows are made where the text is parsed.
 */
export function unreadRows(dataset: string): () => never {
  return () => {
    throw new Error(
      `the rows of dataset ${JSON.stringify(dataset)} were not read on this thread: make rows with its text parsed (parsedDatasets)`,
    );
  };
}
