/**
 * The curated data files under packages/core/data (written by the team, or derived from a
 * licensed package by a script in scripts/; see NOTICE). Each file is read on first use only, so
 * a process that never generates cars never loads cars.json.
 */
import { readFileSync } from 'node:fs';

const DATA_DIRECTORY = new URL('../../data/', import.meta.url);
const loaded = new Map<string, unknown>();

/** The parsed JSON of `packages/core/data/<file>`, read once per process (and per worker thread). */
export function readDataFile<T>(file: string): T {
  let value = loaded.get(file);
  if (value === undefined) {
    value = JSON.parse(readFileSync(new URL(file, DATA_DIRECTORY), 'utf8')) as unknown;
    loaded.set(file, value);
  }
  return value as T;
}

/** Whether `file` has been read in this thread: what compiling a schema loads is part of its cost. */
export function isDataFileLoaded(file: string): boolean {
  return loaded.has(file);
}

/** A data file's value, computed from it once (an index, a column as an array...). */
export function derivedData<T>(compute: () => T): () => T {
  let value: T | undefined;
  let done = false;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value as T;
  };
}
