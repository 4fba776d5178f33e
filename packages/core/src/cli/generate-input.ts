/**
 * What `rowloom generate` generates, read from its arguments: the schema file's fields and
 * count, the dataset and scenario files, and the writer settings. Shared by the in-process
 * command (main.ts) and `--distributed` (the server package's), so both make the same request
 * from the same arguments and therefore the same bytes.
 */
import type { Datasets } from '../kernel/define-type.js';
import type { Scenarios } from '../scenarios/scenario.js';
import type { SchemaDocument } from '../schema/schema-document.js';
import { checkWriterSettings, type GenerateCommand } from './args.js';
import { readDatasetFiles } from './dataset-files.js';
import { readScenarioFiles } from './scenario-files.js';
import { readSchemaFile } from './schema-file.js';

export const DEFAULT_COUNT = 1000;

export interface GenerateInput {
  fields: unknown[];
  datasets: Datasets;
  scenarios: Scenarios;
  count: number;
  writer: GenerateCommand['writer'];
}

/** The command line's writer settings; a schema export's own (file_format, array...) fill in those not given. */
export function writerSettings(command: GenerateCommand, schema: SchemaDocument): GenerateCommand['writer'] {
  const writer = { ...command.writer };
  if (!command.chosen.has('format') && schema.format !== null) writer.format = schema.format;
  if (!command.chosen.has('array') && schema.array !== null) writer.array = schema.array;
  if (!command.chosen.has('includeHeader') && schema.includeHeader !== null)
    writer.includeHeader = schema.includeHeader;
  if (!command.chosen.has('includeNulls') && schema.includeNulls !== null) writer.includeNulls = schema.includeNulls;
  if (!command.chosen.has('bom') && schema.bom !== null) writer.bom = schema.bom;
  return writer;
}

export async function readGenerateInput(command: GenerateCommand): Promise<GenerateInput> {
  const schema = await readSchemaFile(command.schemaPath);
  const datasets = await readDatasetFiles(command.datasets);
  const scenarios = await readScenarioFiles(command.scenarios);
  const count = command.count ?? schema.count ?? DEFAULT_COUNT;
  const writer = writerSettings(command, schema);
  checkWriterSettings({ ...writer, count });
  return { fields: schema.fields, datasets, scenarios, count, writer };
}
