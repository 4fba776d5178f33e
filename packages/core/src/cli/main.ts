/**
 * `rowloom`: the command line. Validates everything first (arguments, schema), then streams
 * the output to stdout or a file. Exit 0 on success, 1 on an invalid schema, 2 on a usage
 * error, 3 when a file cannot be written (see EXIT).
 */
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { generate } from '../engine/generate.js';
import { SchemaError, formatProblem } from '../schema/errors.js';
import { describeCatalogue } from '../types/catalogue.js';
import { EXIT, IoError, parseGenerateArgs, parseTypesArgs, UsageError, type GenerateCommand } from './args.js';
import { HELP } from './help.js';
import { ProgressBar } from './progress.js';
import { readSchemaFile } from './schema-file.js';
import { readDatasetFiles } from './dataset-files.js';
import { readScenarioFiles } from './scenario-files.js';
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

/** Why a system call failed, in words (ENOENT on an output file means its directory is missing). */
function systemReason(error: NodeJS.ErrnoException): string {
  const reasons: Record<string, string> = {
    ENOENT: 'no such directory',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a directory',
    ENOTDIR: 'a part of the path is not a directory',
    ENOSPC: 'the disk is full',
    EROFS: 'the file system is read-only',
  };
  return reasons[error.code ?? ''] ?? error.message;
}

/** Opens --out before any row is made, so a bad path is one clear line and exit 3. */
async function openOutput(path: string): Promise<Writable> {
  try {
    return (await open(path, 'w')).createWriteStream();
  } catch (error) {
    throw new IoError(`cannot write ${path}: ${systemReason(error as NodeJS.ErrnoException)}; choose a path in an existing, writable directory`);
  }
}

async function runGenerate(args: string[]): Promise<void> {
  const command = parseGenerateArgs(args);
  const schema = await readSchemaFile(command.schemaPath);
  const datasets = await readDatasetFiles(command.datasets);
  const scenarios = await readScenarioFiles(command.scenarios);
  const count = command.count ?? schema.count ?? DEFAULT_COUNT;
  const showProgress = !command.quiet && process.stderr.isTTY === true && count >= PROGRESS_THRESHOLD;
  const progress = showProgress ? new ProgressBar(count, process.stderr) : null;
  const generation = generate({
    fields: schema.fields,
    datasets,
    scenarios,
    count,
    seed: command.seed,
    now: command.now,
    writer: writerSettings(command, schema),
    workers: command.workers ?? undefined,
    publicUrl: command.publicUrl ?? undefined,
    onProgress: progress ? (rows) => progress.update(rows) : undefined,
  });
  let destination: Writable = process.stdout;
  try {
    if (command.out) destination = await openOutput(command.out);
  } catch (error) {
    generation.stream.destroy(); // stops its worker threads
    throw error;
  }
  if (!command.quiet && command.seed === null) process.stderr.write(`rowloom: seed ${generation.seed} (pass --seed ${generation.seed} to reproduce)\n`);
  await pipeline(generation.stream, destination);
  progress?.finish();
}

function runTypes(args: string[]): void {
  const json = parseTypesArgs(args);
  const catalogue = describeCatalogue();
  if (json) {
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
      return EXIT.ok;
    }
    if (command === '--version' || command === '-v') {
      process.stdout.write(version() + '\n');
      return EXIT.ok;
    }
    if (command === 'generate') await runGenerate(rest);
    else if (command === 'types') runTypes(rest);
    else throw new UsageError(`unknown command "${command}"; use generate or types (rowloom --help)`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof SchemaError) {
      process.stderr.write(`rowloom: the schema has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:\n`);
      for (const problem of error.problems) process.stderr.write(`  - ${formatProblem(problem)}\n`);
      return EXIT.invalidSchema;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`rowloom: ${error.message}\n`);
      return EXIT.usage;
    }
    const systemError = error as NodeJS.ErrnoException;
    if (systemError.code === 'EPIPE') return EXIT.ok; // e.g. `| head`: the reader left
    if (error instanceof IoError || systemError.syscall !== undefined) {
      process.stderr.write(`rowloom: ${error instanceof IoError ? error.message : `cannot write the output: ${systemReason(systemError)}`}\n`);
      return EXIT.io;
    }
    process.stderr.write(`rowloom: ${(error as Error).message}\n`);
    return EXIT.invalidSchema;
  }
}

process.exitCode = await main(process.argv.slice(2));
