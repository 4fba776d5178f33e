/**
 * `--dataset NAME=FILE`: reads each file and parses it exactly as the server parses an upload
 * (core's parseDataset), so a schema that reads datasets runs offline with the same values.
 */
import { DatasetParseError, parseDataset } from '../datasets/parse-dataset.js';
import type { DatasetTable } from '../kernel/define-type.js';
import { UsageError } from './args.js';
import { readOptionFile } from './option-file.js';

export async function readDatasetFiles(
  files: readonly { name: string; path: string }[],
): Promise<Record<string, DatasetTable>> {
  const datasets: Record<string, DatasetTable> = {};
  for (const { name, path } of files) {
    const where = `--dataset ${name}=${path}`;
    const text = await readOptionFile(where, path);
    try {
      datasets[name] = parseDataset(text, path, 'the file');
    } catch (error) {
      if (error instanceof DatasetParseError) throw new UsageError(`${where}: ${error.message}`);
      throw error;
    }
  }
  return datasets;
}
