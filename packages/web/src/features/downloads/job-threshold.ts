/**
 * When Download Data becomes a background job: above the plan's records per request (streaming
 * would be refused) and above 100,000 rows on any plan (a streamed file is held in the browser's
 * memory until it is saved; a job's file is written on the server and downloaded like any file).
 */
export const JOB_ROWS = 100_000;

export function jobThreshold(recordsPerRequest: number | null | undefined): number {
  return Math.min(recordsPerRequest ?? JOB_ROWS, JOB_ROWS);
}
