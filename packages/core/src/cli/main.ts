/**
 * `rowloom`: the command line. Validates everything first (arguments, schema), then streams
 * the output to stdout or a file. Exit 0 on success, 1 on an invalid schema, 2 on a usage
 * error, 3 when a file cannot be written (see EXIT).
 */
import { readFileSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { generate } from '../engine/generate.js';
import { pipeGeneration } from '../engine/pipe-generation.js';
import { describeCatalogue } from '../catalogue/catalogue.js';
import { EXIT, parseGenerateArgs, parseTypesArgs, UsageError } from './args.js';
import { readGenerateInput } from './generate-input.js';
import { formatProblem } from '../schema/errors.js';
import { HELP } from './help.js';
import { runInfer } from './infer-command.js';
import { projectInput, runProjectGenerate } from './project-command.js';
import { openOutput, reportFailure } from './outcome.js';
import { ProgressBar, PROGRESS_THRESHOLD } from './progress.js';

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function runGenerate(args: string[]): Promise<void> {
  const command = parseGenerateArgs(args);
  // The server package's `rowloom` command takes --distributed before this module is loaded.
  if (command.distributed)
    throw new UsageError(
      '--distributed needs the rowloom command of @rowloom/server (it submits to the job queue on REDIS_URL); this one generates in-process only',
    );
  const project = await projectInput(command);
  if (project !== null) return runProjectGenerate(command, project);
  const { fields, datasets, scenarios, count, writer } = await readGenerateInput(command);
  const showProgress = !command.quiet && process.stderr.isTTY === true && count >= PROGRESS_THRESHOLD;
  const progress = showProgress ? new ProgressBar(count, process.stderr) : null;
  const generation = generate({
    fields,
    datasets,
    scenarios,
    count,
    seed: command.seed,
    now: command.now,
    writer,
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
  // Always shown: a warning means the output may not be what the schema's author meant.
  for (const warning of generation.plan.warnings) process.stderr.write(`rowloom: warning: ${formatProblem(warning)}\n`);
  if (!command.quiet && command.seed === null)
    process.stderr.write(`rowloom: seed ${generation.seed} (pass --seed ${generation.seed} to reproduce)\n`);
  // The destination is a file or the standard output: neither keeps a chunk once written.
  await pipeGeneration(generation, destination);
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
    const params = type.parameters
      .map((p) => `${p.name}${p.default !== null ? `=${JSON.stringify(p.default)}` : ''}`)
      .join(', ');
    process.stdout.write(
      `${type.name} [${type.category}]${params ? ` (${params})` : ''}\n    ${type.description}\n    e.g. ${JSON.stringify(type.example)}\n`,
    );
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (
      command === undefined ||
      command === '--help' ||
      command === '-h' ||
      command === 'help' ||
      rest.includes('--help')
    ) {
      process.stdout.write(HELP);
      return EXIT.ok;
    }
    if (command === '--version' || command === '-v') {
      process.stdout.write(version() + '\n');
      return EXIT.ok;
    }
    if (command === 'generate') await runGenerate(rest);
    else if (command === 'types') runTypes(rest);
    else if (command === 'infer') await runInfer(rest);
    else throw new UsageError(`unknown command "${command}"; use generate, infer or types (rowloom --help)`);
    return EXIT.ok;
  } catch (error) {
    return reportFailure(error);
  }
}

process.exitCode = await main(process.argv.slice(2));
