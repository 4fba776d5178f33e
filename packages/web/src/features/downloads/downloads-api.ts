/**
 * The background jobs of /api/downloads as the page sees them (the server's DownloadStatus),
 * and the calls the builder, the Downloads page and the Admin page make.
 */
import { apiFetch, apiJson } from '../../api/client';
import type { AdminDownload, AdminDownloadList, DownloadList, DownloadStatus, JobStatus } from '@rowloom/contract';

export type { AdminDownload, DownloadStatus, JobStatus };

/** Still to change on the server: worth polling. */
export function isActive(status: JobStatus): boolean {
  return status === 'queued' || status === 'running' || status === 'assembling';
}

/** The file of a done job; a same-origin path, so the session cookie goes with it. */
export function fileHref(id: string): string {
  return `/api/downloads/${encodeURIComponent(id)}/file`;
}

/**
 * Starts a job: `generateUrl` is the builder's /api/generate.<ext>?… URL, sent to /api/downloads.<ext>?… instead;
 * `name` (the schema's) names the file.
 */
export function submitDownload(generateUrl: string, body: unknown, name = ''): Promise<DownloadStatus> {
  const url = generateUrl.replace(/^\/api\/generate/, '/api/downloads');
  const named = name.trim() ? `${url}${url.includes('?') ? '&' : '?'}name=${encodeURIComponent(name.trim())}` : url;
  return apiJson<DownloadStatus>(named, { method: 'POST', body });
}

export function getDownload(id: string): Promise<DownloadStatus> {
  return apiJson<DownloadStatus>(`/api/downloads/${encodeURIComponent(id)}`);
}

export async function listDownloads(): Promise<DownloadStatus[]> {
  return (await apiJson<DownloadList>('/api/downloads?limit=200')).downloads;
}

/** Cancels an unfinished job, or removes a finished one and its file. */
export async function cancelOrRemove(id: string, admin = false): Promise<void> {
  await apiFetch(`${admin ? '/api/admin/downloads' : '/api/downloads'}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export async function listAllRunning(): Promise<AdminDownload[]> {
  return (await apiJson<AdminDownloadList>('/api/admin/downloads?limit=1000')).downloads;
}
