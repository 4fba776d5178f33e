/**
 * Worker thread entry: a project's tables as one SQL script (core's sqlScript over the engine's
 * rows) written to a file, away from the thread that answers requests; the route streams the
 * file and removes it.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { readProject, tableTexts, type ProjectPlan } from '@rowloom/core';
import { deferredColumns, sqlScript, type SqlDialect } from '@rowloom/core/relations/sql';
import type { RowsInput } from './project-rows-worker.js';

export interface ScriptInput extends Omit<RowsInput, 'query'> {
  dialect: SqlDialect;
  create: boolean;
  truncate: boolean;
  file: string;
}

export type ScriptReply = { ok: true } | { ok: false; message: string };

async function reply(): Promise<ScriptReply> {
  const input = workerData as ScriptInput;
  try {
    const model = readProject(input.document);
    const plan: ProjectPlan = { ...input, model, now: input.now ?? null, warnings: [] };
    const chunks = sqlScript(tableTexts(plan), {
      dialect: input.dialect,
      create: input.create,
      truncate: input.truncate,
      deferred: deferredColumns(model),
    });
    await pipeline(Readable.from(chunks), createWriteStream(input.file, { mode: 0o600 }));
    return { ok: true };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

parentPort!.postMessage(await reply());
