import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { serverForSuite } from '../../testing/server-fixture.js';

const CLOCK = [
  { name: 't', type: 'Formula', value: "(now() + 1).strftime('%FT%T')" },
  { name: 'big', type: 'Formula', value: "now().strftime('%' + '999Y')" },
];
const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`generate: formulas' now (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    const suite = serverForSuite(dialect);

    test('now= sets it; a seed alone fixes it at 2025-01-01; a too-wide strftime gives null, not a 500', async () => {
      const given = await fetch(
        `${suite.server.url}/api/generate.json?key=${suite.key}&now=2024-02-29T12:00:00Z`,
        post(CLOCK),
      );
      assert.equal(given.status, 200);
      assert.deepEqual(await given.json(), { t: '2024-02-29T12:00:01', big: null });
      const seeded = await fetch(`${suite.server.url}/api/generate.json?key=${suite.key}&seed=3`, post(CLOCK));
      assert.deepEqual(await seeded.json(), { t: '2025-01-01T00:00:01', big: null });
    });

    test('a now that is not a time is a 400 naming it', async () => {
      const response = await fetch(`${suite.server.url}/api/generate.json?key=${suite.key}&now=tomorrow`, post(CLOCK));
      assert.equal(response.status, 400);
      assert.match(((await response.json()) as { error: string }).error, /now.*"tomorrow" is not a time/);
    });
  });
}
