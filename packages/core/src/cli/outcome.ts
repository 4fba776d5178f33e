/**
 * The command line's output file and its exit statuses, shared by every `rowloom` command that
 * writes rows (in-process and `--distributed`), so a given failure reads and exits the same way.
 */
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { SchemaError, formatProblem } from '../schema/errors.js';
import { EXIT, IoError, UsageError } from './args.js';
import { ProjectError } from '../relations/read-project.js';

/** Why a system call failed, in words (ENOENT on an output file means its directory is missing). */
export function systemReason(error: NodeJS.ErrnoException): string {
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
export async function openOutput(path: string): Promise<Writable> {
  try {
    return (await open(path, 'w')).createWriteStream();
  } catch (error) {
    throw new IoError(
      `cannot write ${path}: ${systemReason(error as NodeJS.ErrnoException)}; choose a path in an existing, writable directory`,
    );
  }
}

/** Writes what went wrong to `stderr` and returns the exit status (see EXIT). */
export function reportFailure(error: unknown, stderr: NodeJS.WritableStream = process.stderr): number {
  if (error instanceof SchemaError) {
    stderr.write(
      `rowloom: the schema has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:\n`,
    );
    for (const problem of error.problems) stderr.write(`  - ${formatProblem(problem)}\n`);
    return EXIT.invalidSchema;
  }
  if (error instanceof ProjectError) {
    stderr.write(
      `rowloom: the project has ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}:\n`,
    );
    for (const problem of error.problems) stderr.write(`  - ${problem}\n`);
    return EXIT.invalidSchema;
  }
  if (error instanceof UsageError) {
    stderr.write(`rowloom: ${error.message}\n`);
    return EXIT.usage;
  }
  const systemError = error as NodeJS.ErrnoException;
  if (systemError.code === 'EPIPE') return EXIT.ok; // e.g. `| head`: the reader left
  if (error instanceof IoError || systemError.syscall !== undefined) {
    stderr.write(
      `rowloom: ${error instanceof IoError ? error.message : `cannot write the output: ${systemReason(systemError)}`}\n`,
    );
    return EXIT.io;
  }
  stderr.write(`rowloom: ${(error as Error).message}\n`);
  return EXIT.invalidSchema;
}
