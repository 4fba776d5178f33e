/**
 * Worker thread entry: SQL DDL into a project document (databases/import), away from the thread
 * that answers requests: parsing two megabytes of pg_dump output is CPU work.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ImportError, importDdl, type ImportResult } from '../../databases/import/index.js';

export interface DdlInput {
  ddl: string;
  dialect?: 'postgres' | 'mysql';
  name: string;
}

export type DdlReply = ({ ok: true } & ImportResult) | { ok: false; message: string; ours: boolean };

async function reply(): Promise<DdlReply> {
  const { ddl, dialect, name } = workerData as DdlInput;
  try {
    return { ok: true, ...(await importDdl(ddl, { dialect, name })) };
  } catch (error) {
    return { ok: false, message: (error as Error).message, ours: !(error instanceof ImportError) };
  }
}

parentPort!.postMessage(await reply());
