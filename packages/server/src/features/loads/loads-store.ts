/**
 * project_loads rows: a load's state, its progress per table and the verify report, read back
 * as the API's LoadStatus. A load is charged to its owner's plan like a job, in the same
 * transaction as its row.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { LoadStatus, LoadTableProgress, LoadVerify } from '@rowloom/contract';
import type { ProjectLoadsTable, Tables } from '../../db/tables.js';
import { HttpError } from '../../http/http-error.js';
import type { PlanLimits } from '../../users/plans.js';
import { chargeUsage } from '../../users/quota.js';
import { USAGE_LIMIT_EXCEEDED } from '../generation/generation-admission.js';

export type LoadRow = Selectable<ProjectLoadsTable>;
type Db = Kysely<Tables>;

export const ACTIVE_LOAD_STATES = ['queued', 'running'] as const;
/** Loads one user may have queued or running at once. */
export const MAX_ACTIVE_LOADS = 3;

export interface NewLoad {
  userId: string;
  projectId: string;
  target: string;
  mode: 'truncate' | 'append';
  tables: LoadTableProgress[];
  instanceId: string;
}

/** Charges every row and stores the queued load; a 429 when the plan's day is used up or too many loads wait. */
export async function insertLoad(db: Db, load: NewLoad, limits: PlanLimits, now: Date): Promise<LoadRow> {
  const rows = load.tables.reduce((sum, table) => sum + table.count, 0);
  const row = {
    id: randomUUID(),
    user_id: load.userId,
    project_id: load.projectId,
    target: load.target,
    mode: load.mode,
    state: 'queued',
    progress: JSON.stringify(load.tables),
    verify: null,
    error: null,
    instance_id: load.instanceId,
    heartbeat_at: now.toISOString(),
    created_at: now.toISOString(),
    finished_at: null,
  };
  await db.transaction().execute(async (tx) => {
    const decision = await chargeUsage(tx, load.userId, limits, rows, now);
    if (!decision.ok)
      throw new HttpError(429, USAGE_LIMIT_EXCEEDED, {
        limit: decision.limit,
        allowed: decision.allowed,
        resets_at: decision.resetsAt.toISOString(),
      });
    const { active } = await tx
      .selectFrom('project_loads')
      .select((eb) => eb.fn.countAll<number>().as('active'))
      .where('user_id', '=', load.userId)
      .where('state', 'in', [...ACTIVE_LOAD_STATES])
      .executeTakeFirstOrThrow();
    if (Number(active) >= MAX_ACTIVE_LOADS)
      throw new HttpError(
        429,
        `you have ${Number(active)} loads queued or running, the most one user may have at once; wait for one to finish or cancel one`,
        { limit: 'activeLoads', allowed: MAX_ACTIVE_LOADS },
      );
    await tx.insertInto('project_loads').values(row).execute();
  });
  return { ...row, cancel_requested: 0 };
}

export async function findLoad(db: Db, userId: string, projectId: string, id: string): Promise<LoadRow | undefined> {
  return db
    .selectFrom('project_loads')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/** The project's latest loads, newest first. */
export async function listLoads(db: Db, userId: string, projectId: string, limit = 20): Promise<LoadRow[]> {
  return db
    .selectFrom('project_loads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** queued -> running; false when it is no longer queued (cancelled meanwhile). */
export async function markRunning(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('project_loads')
    .set({ state: 'running', heartbeat_at: now.toISOString() })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Saves the progress; answers whether a cancel was asked for meanwhile. */
export async function saveProgress(db: Db, id: string, tables: LoadTableProgress[], now: Date): Promise<boolean> {
  const row = await db
    .updateTable('project_loads')
    .set({ progress: JSON.stringify(tables), heartbeat_at: now.toISOString() })
    .where('id', '=', id)
    .returning('cancel_requested')
    .executeTakeFirst();
  return Number(row?.cancel_requested ?? 0) === 1;
}

export interface LoadEnd {
  state: 'done' | 'failed' | 'cancelled';
  tables: LoadTableProgress[];
  verify: LoadVerify | null;
  error: string | null;
}

export async function finishLoad(db: Db, id: string, end: LoadEnd, now: Date): Promise<void> {
  await db
    .updateTable('project_loads')
    .set({
      state: end.state,
      progress: JSON.stringify(end.tables),
      verify: end.verify ? JSON.stringify(end.verify) : null,
      error: end.error,
      finished_at: now.toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Asks for a cancel: a queued load is cancelled at once; a running one is flagged, and the
 * server running it stops it at its next progress save (about a second). False when it had ended.
 */
export async function requestCancel(db: Db, id: string, now: Date): Promise<boolean> {
  const queued = await db
    .updateTable('project_loads')
    .set({ state: 'cancelled', error: 'cancelled', finished_at: now.toISOString() })
    .where('id', '=', id)
    .where('state', '=', 'queued')
    .executeTakeFirst();
  if (Number(queued.numUpdatedRows) === 1) return true;
  const running = await db
    .updateTable('project_loads')
    .set({ cancel_requested: 1 })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(running.numUpdatedRows) === 1;
}

/** This instance still runs (or holds in its queue) these loads. */
export async function beat(db: Db, instanceId: string, now: Date): Promise<void> {
  await db
    .updateTable('project_loads')
    .set({ heartbeat_at: now.toISOString() })
    .where('instance_id', '=', instanceId)
    .where('state', 'in', [...ACTIVE_LOAD_STATES])
    .execute();
}

export const INTERRUPTED =
  'interrupted: the server running it stopped (a restart or a crash). A load is one transaction, so the database was left as it was; start it again';

/** Loads whose server stopped beating (any instance's) are failed, so none shows as running forever. */
export async function failStale(db: Db, cutoff: Date, now: Date): Promise<void> {
  await db
    .updateTable('project_loads')
    .set({ state: 'failed', error: INTERRUPTED, finished_at: now.toISOString() })
    .where('state', 'in', [...ACTIVE_LOAD_STATES])
    .where('heartbeat_at', '<', cutoff.toISOString())
    .execute();
}

export function loadStatus(row: LoadRow, project: string): LoadStatus {
  const tables = JSON.parse(row.progress) as LoadTableProgress[];
  const total = tables.reduce((sum, t) => sum + t.count, 0);
  const done = tables.reduce((sum, t) => sum + t.rows, 0);
  const percent = row.state === 'done' ? 100 : total === 0 ? 0 : Math.min(99, Math.floor((done / total) * 100));
  return {
    id: row.id,
    project,
    target: row.target,
    mode: row.mode as LoadStatus['mode'],
    state: row.state as LoadStatus['state'],
    percentComplete: percent,
    tables,
    verify: row.verify ? (JSON.parse(row.verify) as LoadVerify) : null,
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
