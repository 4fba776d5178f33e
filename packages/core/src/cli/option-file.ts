/** Reads the file an option names (`--dataset NAME=FILE`, `--scenario NAME=FILE`), with a usage error naming the option. */
import { readFile } from 'node:fs/promises';
import { UsageError } from './args.js';

export async function readOptionFile(where: string, path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `${where}: ${code === 'ENOENT' ? 'no such file' : `cannot read it (${code ?? (error as Error).message})`}`,
    );
  }
}
