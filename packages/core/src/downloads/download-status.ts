/**
 * What /api/downloads answers about a background job: the contract between the server (which
 * writes it) and the web page (which reads it), both importing it from here
 * (`@rowloom/core/download-status`; types only, so the page's bundle stays small).
 */
import type { OutputFormat } from '../writers/writer.js';

export type JobStatus = 'queued' | 'running' | 'assembling' | 'done' | 'failed' | 'cancelled' | 'expired';

/** What GET /api/downloads/:id answers (Mockaroo's shape plus ours). */
export interface DownloadStatus {
  id: string;
  status: JobStatus;
  percentComplete: number;
  recordsGenerated: number;
  count: number;
  format: OutputFormat;
  /** GET /api/downloads/:id/file once done, else null. */
  url: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** Bytes of the finished file. */
  bytes: number | null;
  /** Rows per second so far and the estimated seconds left (running jobs; null while it waits). */
  rate: number | null;
  secondsLeft: number | null;
  /** Why an unfinished job is not moving ("waiting for a worker: ..."), or null. */
  waiting?: string | null;
}

/** An entry of GET /api/admin/downloads: whose job it is. */
export interface AdminDownload extends DownloadStatus {
  userId: string;
  email: string;
}
