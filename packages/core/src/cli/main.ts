/**
 * `rowloom`: the command line. Validates everything first (arguments, schema), then streams
 * the output to stdout or a file. Exit 0 on success, 1 on bad input, 2 on a usage error.
 */
import { createWriteStream, readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { generate } from '../engine/generate.js';
import { SchemaError, formatProblem } from '../schema/errors.js';
import { describeCatalogue } from '../types/catalogue.js';
import { parseGenerateArgs, UsageError, type GenerateCommand } from './args.js';
import { HELP } from './help.js';
import { ProgressBar } from './progress.js';
import { readSchemaFile } from './schema-file.js';
import { readDatasetFiles } from './dataset-files.js';
import type { SchemaDocument } from '../schema/schema-document.js';

/** Rows below which a progress bar is not worth drawing. */
const PROGRESS_THRESHOLD = 200_000;
const DEFAULT_COUNT = 1000;

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** The command line's writer settings; a schema export's own (file_format, array...) fill in those not given. */
function writerSettings(command: GenerateCommand, schema: SchemaDocument): GenerateCommand['writer'] {
  const writer = { ...command.writer };
  if (!command.chosen.has('format') && schema.format !== null) writer.format = schema.format;
  if (!command.chosen.has('array') && schema.array !== null) writer.array = schema.array;
  if (!command.chosen.has('includeHeader') && schema.includeHeader !== null) writer.includeHeader = schema.includeHeader;
  if (!command.chosen.has('includeNulls') && schema.includeNulls !== null) writer.includeNulls = schema.includeNulls;
  if (!command.chosen.has('bom') && schema.bom !== null) writer.bom = schema.bom;
  return writer;
}

async function runGenerate(args: string[]): Promise<void> {
  const command = parseGenerateArgs(args);
  const schema = await readSchemaFile(command.schemaPath);
  const datasets = await readDatasetFiles(command.datasets);
  const count = command.count ?? schema.count ?? DEFAULT_COUNT;
  const showProgress = !command.quiet && process.stderr.isTTY === true && count >= PROGRESS_THRESHOLD;
  const progress = showProgress ? new ProgressBar(count, process.stderr) : null;
  const generation = generate({
    fields: schema.fields,
    datasets,
    count,
    seed: command.seed,
    now: command.now,
    writer: writerSettings(command, schema),
    workers: command.workers ?? undefined,
    publicUrl: command.publicUrl ?? undefined,
    onProgress: progress ? (rows) => progress.update(rows) : undefined,
  });
  if (!command.quiet && command.seed === null) process.stderr.write(`rowloom: seed ${generation.seed} (pass --seed ${generation.seed} to reproduce)\n`);
  const destination = command.out ? createWriteStream(command.out) : process.stdout;
  await pipeline(generation.stream, destination);
  progress?.finish();
}

function runTypes(args: string[]): void {
  const catalogue = describeCatalogue();
  if (args.includes('--json')) {
    process.stdout.write(JSON.stringify(catalogue, null, 2) + '\n');
    return;
  }
  for (const type of catalogue) {
    const params = type.parameters.map((p) => `${p.name}${p.default !== null ? `=${JSON.stringify(p.default)}` : ''}`).join(', ');
    process.stdout.write(`${type.name} [${type.category}]${params ? ` (${params})` : ''}\n    ${type.description}\n    e.g. ${JSON.stringify(type.example)}\n`);
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help' || rest.includes('--help')) {
      process.stdout.write(HELP);
      return 0;
    }
    if (command === '--version' || command === '-v') {
      process.stdout.write(version() + '\n');
      return 0;
    }
    if (command === 'generate') await runGenerate(rest);
    else if (command === 'types') runTypes(rest);
    else throw new UsageError(`unknown command "${command}"; use generate or types (rowloom --help)`);
    return 0;
  } catch (error) {
    if (error instanceof SchemaError) {
      process.stderr.write(`rowloom: the schema has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:\n`);
      for (const problem of error.problems) process.stderr.write(`  - ${formatProblem(problem)}\n`);
      return 1;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`rowloom: ${error.message}\n`);
      return 2;
    }
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return 0; // e.g. `| head`: the reader left
    process.stderr.write(`rowloom: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
