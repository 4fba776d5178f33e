/**
 * Dataset storage per user, against the plan's `datasets` (how many) and `datasetBytes` (their
 * total size as stored) limits. Over a limit the upload is refused with a 403 naming the limit,
 * and nothing is stored; replacing a dataset counts its new size instead of its old one.
 */
import type { Kysely } from 'kysely';
import type { Tables } from './db/tables.js';
import { HttpError } from './http/http-error.js';
import type { PlanLimits } from './plans.js';

export type StorageLimits = Pick<PlanLimits, 'datasets' | 'datasetBytes'> & { plan: string };

function refuse(message: string, limit: 'datasets' | 'datasetBytes', allowed: number): HttpError {
  return new HttpError(403, message, { limit, allowed });
}

/** Throws the 403 when storing `bytes` under `name` would take the user past a limit. */
export async function checkDatasetStorage(db: Kysely<Tables>, userId: string, name: string, bytes: number, limits: StorageLimits): Promise<void> {
  const countLimit = limits.datasets ?? null;
  const bytesLimit = limits.datasetBytes ?? null;
  if (countLimit === null && bytesLimit === null) return;
  // Serialises one user's uploads: the no-op update locks the user's row until the transaction
  // ends (PostgreSQL; SQLite runs one writer at a time anyway), so two concurrent uploads cannot
  // both pass the check below on totals that do not include each other.
  await db.updateTable('users').set((eb) => ({ id: eb.ref('id') })).where('id', '=', userId).execute();
  const others = await db
    .selectFrom('datasets')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('bytes').as('bytes')])
    .where('user_id', '=', userId)
    .where('name', '!=', name)
    .executeTakeFirstOrThrow();
  const count = Number(others.count) + 1;
  const total = Number(others.bytes ?? 0) + bytes;
  if (countLimit !== null && count > countLimit) {
    throw refuse(`storing "${name}" would make ${count} datasets; the ${limits.plan} plan allows ${countLimit}. Delete one first (DELETE /api/datasets/<name>)`, 'datasets', countLimit);
  }
  if (bytesLimit !== null && total > bytesLimit) {
    throw refuse(
      `storing "${name}" (${bytes} bytes) would bring your datasets to ${total} bytes; the ${limits.plan} plan allows ${bytesLimit}. Delete or shrink a dataset first`,
      'datasetBytes',
      bytesLimit,
    );
  }
}
