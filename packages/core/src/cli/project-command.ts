/**
 * `rowloom generate project.json --out DIR`: a project of related tables (docs/relations.md),
 * one file per table in the chosen format, parents first, every reference matching a parent.
 */
import { isProjectDocument } from '../relations/read-project.js';
import { planProject } from '../projects/project-plan.js';
import { writeTableFiles } from '../projects/table-files.js';
import { IoError, UsageError, type GenerateCommand } from './args.js';
import { readDatasetFiles } from './dataset-files.js';
import { readJsonFile } from './schema-file.js';
import { readScenarioFiles } from './scenario-files.js';
import { systemReason } from './outcome.js';

/** The project document in the command's file, or null when the file is a schema (standard input is always a schema). */
export async function projectInput(command: GenerateCommand): Promise<unknown> {
  if (command.schemaPath === '-') return null;
  const json = await readJsonFile(command.schemaPath);
  return isProjectDocument(json) ? json : null;
}

export async function runProjectGenerate(command: GenerateCommand, document: unknown): Promise<void> {
  if (!command.out) throw new UsageError('a project makes one file per table: give the directory with --out DIR');
  if (command.count !== null)
    throw new UsageError("--count applies to a schema; a project's tables give their own counts (docs/relations.md)");
  const plan = planProject(document, {
    seed: command.seed,
    now: command.now,
    datasets: await readDatasetFiles(command.datasets),
    scenarios: await readScenarioFiles(command.scenarios),
  });
  for (const warning of plan.warnings) process.stderr.write(`rowloom: warning: ${warning}\n`);
  if (!command.quiet && command.seed === null && plan.model.document.seed == null)
    process.stderr.write(`rowloom: seed ${plan.seed} (pass --seed ${plan.seed} to reproduce)\n`);
  try {
    await writeTableFiles(plan, command.out, {
      writer: command.writer,
      workers: command.workers ?? undefined,
      publicUrl: command.publicUrl ?? undefined,
      onTable: (table, file, rows) => {
        if (!command.quiet)
          process.stderr.write(`rowloom: ${table}: ${rows.toLocaleString('en-US')} rows -> ${file}\n`);
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code) throw new IoError(`cannot write into ${command.out}: ${systemReason(error as NodeJS.ErrnoException)}`);
    throw error;
  }
}
