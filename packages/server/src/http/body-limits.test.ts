/**
 * JSON bodies are bounded tighter than files, and refused before they are read: a client that
 * announces (or sends) more than JSON_BODY_LIMIT_BYTES gets a 413 at once, the thread that answers
 * everyone never parses it, and a dataset upload of the same size is still accepted.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { describe, test } from 'node:test';
import { DEFAULT_JSON_BODY_LIMIT } from '../config.js';
import { serverForSuite } from '../testing/server-fixture.js';

/** Sends headers announcing `announced` bytes and only `sent` of them, then waits for an answer (or gives up after 10 s). */
function announce(
  url: string,
  path: string,
  contentType: string,
  announced: number,
  sent: number,
): Promise<{ status: number; body: string } | 'no answer'> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const outgoing = request(
      target,
      { method: 'POST', headers: { 'content-type': contentType, 'content-length': String(announced) } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      resolve('no answer');
    }, 10_000);
    outgoing.on('close', () => clearTimeout(timer));
    outgoing.on('error', (error) =>
      (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error),
    );
    outgoing.write('['.padEnd(sent, ' '));
  });
}

describe('JSON bodies are bounded apart from files', () => {
  const suite = serverForSuite('sqlite');

  test('a JSON body announced past the limit is refused at once, before it is read', async () => {
    const answer = await announce(
      suite.server.url,
      `/api/generate.json?key=${suite.key}`,
      'application/json',
      5 * 1024 * 1024,
      1000,
    );
    assert.notEqual(answer, 'no answer', 'the server waited for a body it would refuse');
    if (answer === 'no answer') return;
    assert.equal(answer.status, 413);
    assert.match(
      (JSON.parse(answer.body) as { error: string }).error,
      new RegExp(`larger than the ${DEFAULT_JSON_BODY_LIMIT} bytes allowed`),
    );
  });

  test('a JSON body streamed past the limit without a length is a 413 naming the limit', async () => {
    const body = JSON.stringify([{ name: 'x', type: 'Custom List', values: ['y'.repeat(DEFAULT_JSON_BODY_LIMIT)] }]);
    for (const path of [
      `/api/generate.json?key=${suite.key}`,
      `/api/schemas/big?key=${suite.key}`,
      `/api/mocks?key=${suite.key}`,
    ]) {
      const response = await fetch(`${suite.server.url}${path}`, {
        method: path.includes('schemas') ? 'PUT' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([body]).stream(),
        duplex: 'half',
      } as RequestInit);
      assert.equal(response.status, 413, path);
      assert.match(((await response.json()) as { error: string }).error, /larger than the 1048576 bytes allowed/, path);
    }
  });

  test('a file of the same size is still taken: a dataset upload of 2 MiB', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `${i},${'v'.repeat(45)}`);
    const csv = `id,value\n${rows.join('\n')}\n`;
    assert.ok(csv.length > 2 * DEFAULT_JSON_BODY_LIMIT * 0.9);
    const response = await fetch(`${suite.server.url}/api/datasets/big?key=${suite.key}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: csv,
    });
    assert.equal(response.status, 200, await response.clone().text());
    assert.equal(((await response.json()) as { rows: number }).rows, 40_000);
  });
});
