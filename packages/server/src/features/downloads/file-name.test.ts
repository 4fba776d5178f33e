/** A background job's file is named after its schema, made safe for the header and any file system. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serverForSuite } from '../../testing/server-fixture.js';
import { call, post, waitFor } from '../../testing/downloads-helpers.js';
import { jobFileName, slugName } from './file-name.js';
import type { DownloadStatus } from '../../jobs/job-contract.js';

const FIELDS = [{ name: 'id', type: 'Row Number' }];

test('slugName keeps letters (accents dropped), digits, . _ -; anything else is one -', () => {
  assert.equal(slugName('Customers'), 'Customers');
  assert.equal(slugName('Kundenübersicht 2024/Q1'), 'Kundenubersicht-2024-Q1');
  assert.equal(slugName('a"b\r\nc; filename=evil.exe'), 'a-b-c-filename-evil.exe');
  assert.equal(slugName('../../etc/passwd'), 'etc-passwd');
  assert.equal(slugName('日本語'), 'rowloom');
  assert.equal(slugName(''), 'rowloom');
  assert.equal(slugName('x'.repeat(5000)).length, 80);
  assert.equal(slugName(`${'a'.repeat(79)} b`), 'a'.repeat(79));
  assert.equal(jobFileName('My Orders', '1b9d6bcd-aaaa', 'csv'), 'My-Orders-1b9d6bcd.csv');
});

describe('the file name of a job over HTTP', () => {
  const suite = serverForSuite('sqlite');

  async function fileHeader(query: string): Promise<{ id: string; header: string }> {
    const started = await call(suite.server, `/api/downloads.csv?key=${suite.key}&count=3&${query}`, post(FIELDS));
    assert.equal(started.status, 202, started.text);
    const id = (started.json as unknown as DownloadStatus).id;
    await waitFor(suite.server, suite.key, id, ['done']);
    const file = await call(suite.server, `/api/downloads/${id}/file?key=${suite.key}`);
    assert.equal(file.status, 200);
    return { id, header: file.headers.get('content-disposition') ?? '' };
  }

  test('name= (what the page sends) names the file, slugged; a saved schema names it too', async () => {
    const named = await fileHeader(`name=${encodeURIComponent('Kundenübersicht 2024/Q1 "x"')}`);
    assert.equal(named.header, `attachment; filename="Kundenubersicht-2024-Q1-x-${named.id.slice(0, 8)}.csv"`);

    const saved = await call(suite.server, `/api/schemas/My%20Orders?key=${suite.key}`, {
      ...post({ fields: FIELDS }),
      method: 'PUT',
    });
    assert.equal(saved.status, 200, saved.text);
    const fromSchema = await fileHeader('schema=My%20Orders');
    assert.equal(fromSchema.header, `attachment; filename="My-Orders-${fromSchema.id.slice(0, 8)}.csv"`);
  });

  test('a name longer than 200 characters is a 400 naming the parameter', async () => {
    const answer = await call(
      suite.server,
      `/api/downloads.csv?key=${suite.key}&count=3&name=${'n'.repeat(201)}`,
      post(FIELDS),
    );
    assert.equal(answer.status, 400);
    assert.match(String(answer.json.error), /parameter "name" is 201 characters long; use at most 200/);
  });
});
