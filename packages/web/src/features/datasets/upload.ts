/**
 * POST /api/datasets/NAME with the file as the body, by XMLHttpRequest because fetch cannot report
 * upload progress. Same cookie and CSRF header as api/client.ts; failures become its ApiError.
 */
import { ApiError, csrfHeaders, named } from '../../api/client';
import type { DatasetUploaded, ErrorBody } from '@rowloom/contract';

/** What the server answers once the table is stored. */
export type UploadResult = DatasetUploaded;

export interface Upload {
  done: Promise<UploadResult>;
  abort(): void;
}

/** The server takes .csv and .txt file names; any other name is left out (the body decides). */
export function uploadUrl(name: string, fileName: string, project: string): string {
  const query = new URLSearchParams();
  if (/\.(csv|txt)$/i.test(fileName)) query.set('filename', fileName);
  if (project !== '') query.set('project', project);
  const search = query.toString();
  return named('/api/datasets', name) + (search ? `?${search}` : '');
}

/** A dataset name from a file name: without its extension, at most 200 characters. */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').slice(0, 200) || fileName.slice(0, 200);
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as Partial<ErrorBody> | null;
    if (typeof body?.error === 'string') return new ApiError(xhr.status, body.error, body as ErrorBody);
  } catch {
    // not JSON
  }
  return new ApiError(xhr.status, xhr.responseText.trim() || `the upload failed (${xhr.status} ${xhr.statusText})`);
}

export function uploadDataset(
  name: string,
  file: File,
  project: string,
  onProgress: (fraction: number) => void,
): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResult>((resolve, reject) => {
    xhr.open('POST', uploadUrl(name, file.name, project));
    xhr.withCredentials = true;
    for (const [header, value] of Object.entries(csrfHeaders('POST'))) xhr.setRequestHeader(header, value);
    xhr.setRequestHeader(
      'Content-Type',
      /\.txt$/i.test(file.name) ? 'text/plain; charset=utf-8' : 'text/csv; charset=utf-8',
    );
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as UploadResult);
      } else reject(errorOf(xhr));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'the upload did not reach the server; check the connection and try again'));
    xhr.onabort = () => reject(new ApiError(0, 'upload cancelled'));
    xhr.send(file);
  });
  return { done, abort: () => xhr.abort() };
}
