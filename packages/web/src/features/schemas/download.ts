/**
 * Download Data: the file streamed from the generate endpoint, read chunk by chunk so the page
 * can show progress and cancel, then handed to the browser as a file (Blob + <a download>).
 */
import { apiFetch } from '../../api/client';

export interface DownloadProgress {
  bytes: number;
  /** Records seen so far: every writer ends a record with a line break, so lines are a close count. */
  rows: number;
}

/** Streams the answer of POST url with body, calling onProgress per chunk; the parts as a Blob. */
export async function streamFile(
  url: string,
  body: unknown,
  signal: AbortSignal,
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const response = await apiFetch(url, { method: 'POST', body, signal });
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) return new Blob([await response.blob()], { type });
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  const progress = { bytes: 0, rows: 0 };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    progress.bytes += value.byteLength;
    progress.rows += lineBreaks(value);
    onProgress({ ...progress });
  }
  return new Blob(parts as BlobPart[], { type });
}

function lineBreaks(chunk: Uint8Array): number {
  let n = 0;
  for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}

/** A file name from the schema's name: letters, digits, dot, dash and underscore only. */
export function fileName(schemaName: string, extension: string): string {
  const base =
    schemaName
      .trim()
      .replace(/[^\w.-]+/g, '_')
      .replace(/^[._]+|_+$/g, '') || 'MOCK_DATA';
  return `${base.slice(0, 100)}.${extension}`;
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the Blob by now; release it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
