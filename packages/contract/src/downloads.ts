/** What /api/downloads answers about a background job (GET /api/downloads/:id and the lists). */
import Type, { type Static } from 'typebox';
import { OUTPUT_FORMATS } from '@rowloom/core/writer';
import { JOB_STATUSES } from './constants.js';

const nullable = <T extends Type.TSchema>(type: T, description: string) =>
  Type.Union([type, Type.Null()], { description });

export const JobStatus = Type.Enum(JOB_STATUSES);
export type JobStatus = Static<typeof JobStatus>;

const STATUS_PROPERTIES = {
  id: Type.String(),
  status: JobStatus,
  percentComplete: Type.Integer({ minimum: 0, maximum: 100 }),
  recordsGenerated: Type.Integer(),
  count: Type.Integer(),
  format: Type.Enum(OUTPUT_FORMATS),
  url: nullable(Type.String(), 'Where the finished file is (GET /api/downloads/{id}/file); null until status is done'),
  error: nullable(Type.String(), 'Why it failed (or "cancelled")'),
  createdAt: Type.String({ format: 'date-time' }),
  finishedAt: nullable(Type.String(), 'When it finished, failed or was cancelled'),
  bytes: nullable(Type.Integer(), 'Size of the finished file'),
  rate: nullable(Type.Number(), 'Rows per second so far'),
  secondsLeft: nullable(Type.Integer(), 'Estimated seconds left, while it runs (null while it waits)'),
  waiting: Type.Optional(
    nullable(
      Type.String(),
      'Why an unfinished job is not moving: "waiting for a worker: ..." when no worker listens, or none has made rows for a while',
    ),
  ),
};

/** A background job and its file (Mockaroo's download status plus ours). */
export const DownloadStatus = Type.Object(STATUS_PROPERTIES, {
  description: "A background job and its file (Mockaroo's download status plus ours)",
});
export type DownloadStatus = Static<typeof DownloadStatus>;

/** An entry of GET /api/admin/downloads: whose job it is. */
export const AdminDownload = Type.Object({ ...STATUS_PROPERTIES, userId: Type.String(), email: Type.String() });
export type AdminDownload = Static<typeof AdminDownload>;

export const DownloadList = Type.Object({ downloads: Type.Array(DownloadStatus) });
export type DownloadList = Static<typeof DownloadList>;

export const AdminDownloadList = Type.Object({ downloads: Type.Array(AdminDownload) });
export type AdminDownloadList = Static<typeof AdminDownloadList>;
