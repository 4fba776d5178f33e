/** How the job views write sizes, rates and durations (en-US grouping, like the rest of the page). */

export const rows = (value: number) => value.toLocaleString('en-US');

export function bytesText(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export function rateText(rate: number | null): string {
  return rate === null ? 'measuring…' : `${rows(rate)} rows/s`;
}

/** "about 3 min 20 s left"; null until the server has a rate to estimate from. */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null) return 'estimating…';
  if (seconds < 60) return `about ${seconds} s left`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `about ${minutes} min ${seconds % 60} s left`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

export function whenText(iso: string): string {
  return new Date(iso).toLocaleString();
}

const LABELS: Record<string, string> = {
  queued: 'Queued',
  running: 'Running',
  assembling: 'Assembling the file',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export function statusLabel(status: string): string {
  return LABELS[status] ?? status;
}
