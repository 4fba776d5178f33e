/**
 * Dataset storage per user, against the plan's `datasets` (how many) and `datasetBytes` (their
 * total size as stored) limits. Over a limit the upload is refused with a 403 naming the limit,
 * and nothing is stored; replacing a dataset counts its new size instead of its old one. Both
 * are checked before an upload's body is read (uploadAllowance: the count, and the bytes its
 * table may take while it is read) and again when it is stored.
 */
import type { Kysely } from 'kysely';
import type { Tables } from '../../db/tables.js';
import { HttpError } from '../../http/http-error.js';
import type { PlanLimits } from '../../users/plans.js';

export type StorageLimits = Pick<PlanLimits, 'datasets' | 'datasetBytes'> & { plan: string };

function refuse(message: string, limit: 'datasets' | 'datasetBytes', allowed: number): HttpError {
  return new HttpError(403, message, { limit, allowed });
}

/** How many datasets the user has besides `name`, and their bytes. */
async function others(db: Kysely<Tables>, userId: string, name: string): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('datasets')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('bytes').as('bytes')])
    .where('user_id', '=', userId)
    .where('name', '!=', name)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), bytes: Number(row.bytes ?? 0) };
}

function refuseCount(name: string, count: number, limits: StorageLimits, countLimit: number): HttpError {
  return refuse(
    `storing "${name}" would make ${count} datasets; the ${limits.plan} plan allows ${countLimit}. Delete one first (DELETE /api/datasets/<name>)`,
    'datasets',
    countLimit,
  );
}

/** What an upload may take before its body is read. */
export interface UploadAllowance {
  /** Bytes the stored table may take (the plan's storage left beside the user's other datasets); null: no limit. */
  bytes: number | null;
  /** The 403 to answer when the table takes more, naming where it passed the allowance. */
  tooLarge(where: { line: number; rows: number }): HttpError;
}

/**
 * Checked before an upload's body is read: a 403 at once when the plan's dataset count is
 * already reached, else the bytes its table may take. Only a hint for reading: the upload is
 * checked again when it is stored (checkDatasetStorage), where concurrent uploads are ordered.
 */
export async function uploadAllowance(
  db: Kysely<Tables>,
  userId: string,
  name: string,
  limits: StorageLimits,
): Promise<UploadAllowance> {
  const countLimit = limits.datasets ?? null;
  const bytesLimit = limits.datasetBytes ?? null;
  const taken = countLimit === null && bytesLimit === null ? { count: 0, bytes: 0 } : await others(db, userId, name);
  if (countLimit !== null && taken.count + 1 > countLimit) throw refuseCount(name, taken.count + 1, limits, countLimit);
  const bytes = bytesLimit === null ? null : Math.max(0, bytesLimit - taken.bytes);
  return {
    bytes,
    tooLarge: ({ line, rows }) =>
      refuse(
        `storing "${name}" (more than the ${bytes} bytes left of your dataset storage: it passed them at line ${line}, after ${rows} row${rows === 1 ? '' : 's'}, and the rest was not read) ` +
          `would bring your datasets past ${bytesLimit} bytes; the ${limits.plan} plan allows ${bytesLimit}. Delete or shrink a dataset first, or upload fewer rows`,
        'datasetBytes',
        bytesLimit ?? 0,
      ),
  };
}

/** Throws the 403 when storing `bytes` under `name` would take the user past a limit. */
export async function checkDatasetStorage(
  db: Kysely<Tables>,
  userId: string,
  name: string,
  bytes: number,
  limits: StorageLimits,
): Promise<void> {
  const countLimit = limits.datasets ?? null;
  const bytesLimit = limits.datasetBytes ?? null;
  if (countLimit === null && bytesLimit === null) return;
  // Serialises one user's uploads: the no-op update locks the user's row until the transaction
  // ends (PostgreSQL; SQLite runs one writer at a time anyway), so two concurrent uploads cannot
  // both pass the check below on totals that do not include each other.
  await db
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
  const taken = await others(db, userId, name);
  const count = taken.count + 1;
  const total = taken.bytes + bytes;
  if (countLimit !== null && count > countLimit) throw refuseCount(name, count, limits, countLimit);
  if (bytesLimit !== null && total > bytesLimit) {
    throw refuse(
      `storing "${name}" (${bytes} bytes) would bring your datasets to ${total} bytes; the ${limits.plan} plan allows ${bytesLimit}. Delete or shrink a dataset first`,
      'datasetBytes',
      bytesLimit,
    );
  }
}
