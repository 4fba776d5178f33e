/** HTTP helpers the downloads tests share: a JSON call, and waiting for a job to reach a status. */
import type { DownloadStatus } from '../jobs/job-contract.js';
import type { TestServer } from './server-fixture.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
  bytes: Buffer;
}

export async function call(server: TestServer, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(server.url + path, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // a file, not JSON
  }
  return { status: response.status, headers: response.headers, text, json, bytes };
}

export const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Polls GET /api/downloads/:id until the status is one of `statuses` (a test failure after `timeoutMs`). */
export async function waitFor(
  server: TestServer,
  key: string,
  id: string,
  statuses: string[],
  timeoutMs = 60_000,
): Promise<DownloadStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await call(server, `/api/downloads/${id}?key=${key}`);
    const status = answer.json as unknown as DownloadStatus;
    if (statuses.includes(status.status)) return status;
    if (Date.now() > deadline)
      throw new Error(`download ${id} is still ${status.status} (${answer.text}), waited for ${statuses.join('|')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
