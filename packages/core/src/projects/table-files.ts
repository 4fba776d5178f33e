/**
 * A project as files: one per table, in any output format, into a directory (the CLI's
 * `rowloom generate project.json --out DIR`), written parents first.
 */
import { mkdir } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeGeneration } from '../engine/pipe-generation.js';
import type { WriterOptions } from '../writers/writer.js';
import type { ProjectPlan } from './project-plan.js';
import { generateTable } from './table-generation.js';

export interface FilesRequest {
  writer: Omit<WriterOptions, 'count'>;
  workers?: number;
  publicUrl?: string;
  /** Called after each table's file is complete. */
  onTable?: (table: string, file: string, rows: number) => void;
}

/** The file name of a table's output: its name (a schema-qualified one keeps the dot) and the format's extension. */
export function tableFileName(table: string, extension: string): string {
  return `${table}.${extension}`;
}

export async function writeTableFiles(plan: ProjectPlan, directory: string, request: FilesRequest): Promise<string[]> {
  await mkdir(directory, { recursive: true });
  const files: string[] = [];
  for (const table of plan.model.loadOrder) {
    const generation = generateTable(plan, { table, ...request });
    const file = join(directory, tableFileName(table, generation.extension));
    await pipeGeneration(generation, createWriteStream(file));
    files.push(file);
    request.onTable?.(table, file, plan.counts[table]);
  }
  return files;
}
