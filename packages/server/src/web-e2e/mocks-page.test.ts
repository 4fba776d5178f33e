/**
 * The Mock APIs pages in a real browser against the real server: create an API, add a route
 * /users/:id answering rows of a saved schema with a rule-based 404, save, send test requests
 * and see the answers and the request log; a bad value's error beside its field; an OpenAPI
 * import with its warnings; delete with confirmation.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { browserSkip, browserSuite } from './browser.js';

const PEOPLE = {
  fields: [
    { name: 'id', type: 'Row Number' },
    { name: 'first_name', type: 'First Name' },
    { name: 'email', type: 'Email Address' },
  ],
  count: 10,
};

/** The Swagger Petstore (OpenAPI 3.0) the configuration API's tests import too. */
const PETSTORE = readFileSync(
  fileURLToPath(new URL('../../src/features/mocks/fixtures/petstore-openapi.yaml', import.meta.url)),
);

/** The page's session CSRF token, for API calls made beside the page. */
async function csrf(page: Page): Promise<string> {
  const answer = await page.request.get('/api/session');
  return ((await answer.json()) as { csrfToken: string }).csrfToken;
}

async function saveSchema(page: Page, name: string, schema: unknown): Promise<void> {
  const answer = await page.request.put(`/api/schemas/${encodeURIComponent(name)}`, {
    headers: { 'X-CSRF-Token': await csrf(page) },
    data: schema,
  });
  assert.equal(answer.status(), 200, await answer.text());
}

/** Creates a mock API through the list page's form; lands on its page. */
async function createThroughPage(page: Page, name: string): Promise<void> {
  await page.goto('/mocks');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForURL(`**/mocks/${encodeURIComponent(name)}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
}

/** The status the test panel shows once its answer has arrived (e.g. "404 Not Found"). */
async function shownStatus(page: Page): Promise<string> {
  const pill = page.locator('.test-outcome .status-pill');
  await pill.waitFor();
  return ((await pill.textContent()) ?? '').trim();
}

/** Sends the test panel's request and waits for the answer with `status`. */
async function send(page: Page, status: number): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.test-outcome .status-pill', { hasText: new RegExp(`^${status}\\b`) }).waitFor();
}

/** Polls until `check` holds (an input filled by an async reader, say); fails after 10 s. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`timed out waiting for ${what}`);
}

async function saveAndWait(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved. The mock API serves this version now.').waitFor();
}

describe('the Mock APIs pages in a browser', { skip: browserSkip() }, () => {
  const suite = browserSuite();

  test('create, a /users/:id route with schema rows and a rule-based 404, save, test requests, the request log', async () => {
    const { page } = await suite.signedIn('/mocks');
    await page.getByText('None yet').waitFor();
    await saveSchema(page, 'People', PEOPLE);
    await createThroughPage(page, 'users api');

    await page.getByRole('button', { name: 'Add route' }).click();
    await page.getByLabel('Path', { exact: true }).fill('/users/:id');
    await page.getByText('Path parameters:').waitFor();
    await page.getByLabel('Type', { exact: true }).selectOption('schema');
    await page.getByLabel('Schema', { exact: true }).selectOption('People');

    // A second response, 404, chosen when the id is 999.
    await page.getByRole('button', { name: '+ Response' }).click();
    await page.getByRole('tab', { name: /^404/ }).waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    assert.equal(await page.getByLabel('Rule target').inputValue(), 'param');
    assert.equal(await page.getByLabel('Rule name').inputValue(), 'id');
    await page.getByLabel('Rule value').fill('999');
    await saveAndWait(page);

    // The route list shows the route with its method and count of responses.
    const routes = page.getByRole('navigation', { name: 'Routes' });
    assert.match((await routes.getByRole('listitem').first().textContent()) ?? '', /GET\s*\/users\/:id\s*2 responses/);

    // The test panel is prefilled from the route with a sample id.
    assert.equal(await page.getByLabel('Test path').inputValue(), '/users/1');
    await send(page, 200);
    const outcome = page.locator('.test-outcome');
    assert.equal(await shownStatus(page), '200 OK');
    const body = JSON.parse((await page.getByLabel('Response body').textContent()) ?? '') as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['email', 'first_name', 'id']);
    assert.match((await outcome.textContent()) ?? '', /answered by\s*GET\s*\/users\/:id/);

    await page.getByLabel('Test path').fill('/users/999');
    await send(page, 404);
    assert.deepEqual(JSON.parse((await page.getByLabel('Response body').textContent()) ?? ''), { error: 'not found' });

    // Both requests are in the log, newest first; a row opens to show its headers.
    const log = page.getByRole('table', { name: 'Requests, newest first' });
    await log.getByRole('button', { name: /\/users\/999/ }).waitFor();
    const rows = log.locator('tbody > tr');
    assert.match((await rows.nth(0).textContent()) ?? '', /\/users\/999.*404/);
    assert.match((await rows.nth(1).textContent()) ?? '', /\/users\/1.*200/);
    await log.getByRole('button', { name: /\/users\/999/ }).click();
    await log.getByText('Headers (').waitFor();

    // Still there after a reload: it was saved.
    await page.reload();
    await page.getByRole('navigation', { name: 'Routes' }).getByText('/users/:id').waitFor();
  });

  test("an invalid value: the server's error is shown beside the field, and nothing is saved", async () => {
    const { page } = await suite.signedIn('/mocks');
    await createThroughPage(page, 'broken');
    await page.getByRole('button', { name: 'Add route' }).click();
    const status = page.getByLabel('Status', { exact: true });
    await status.fill('99');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Not saved:').waitFor();
    assert.equal(await status.getAttribute('aria-invalid'), 'true');
    const describedBy = (await status.getAttribute('aria-describedby')) ?? '';
    const beside = page.locator(`[id="${describedBy}"]`);
    assert.match((await beside.textContent()) ?? '', /routes\[0\]\.responses\[0\]\.status/);
    // Fixed, it saves.
    await status.fill('201');
    await saveAndWait(page);
    assert.equal(await status.getAttribute('aria-invalid'), null);
  });

  test('unsaved changes: leaving by a link asks first; dismissed, the page and the changes stay', async () => {
    const { page } = await suite.signedIn('/mocks');
    await createThroughPage(page, 'drafty');
    await page.getByRole('button', { name: 'Add route' }).click();
    await page.getByText('Unsaved changes (Ctrl+S saves).').waitFor();
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mock APIs' }).click();
    assert.deepEqual(asked, ['This mock API has unsaved changes. Leave anyway?']);
    assert.match(page.url(), /\/mocks\/drafty$/);
    await page.getByRole('navigation', { name: 'Routes' }).getByText('/items').waitFor();
    // Ctrl+S saves, and then leaving asks nothing.
    await page.keyboard.press('Control+s');
    await page.getByText('Saved. The mock API serves this version now.').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mock APIs' }).click();
    await page.waitForURL(/\/mocks$/);
    assert.equal(asked.length, 1);
  });

  test('renaming in Settings saves under the new name and the address follows', async () => {
    const { page } = await suite.signedIn('/mocks');
    await createThroughPage(page, 'old name');
    // Settings are open while the API has no routes.
    await page.getByLabel('Name', { exact: true }).fill('new name');
    await page.getByLabel('Slug', { exact: true }).fill('renamed');
    await saveAndWait(page);
    await page.waitForURL(/\/mocks\/new%20name$/);
    await page.getByRole('heading', { name: 'new name', level: 1 }).waitFor();
    assert.match((await page.locator('.mock-url-line code').textContent()) ?? '', /\/mock\/renamed$/);
    assert.equal((await page.request.get('/api/mocks/old%20name')).status(), 404);
    // The responses' tabs follow the arrow keys.
    await page.getByRole('button', { name: 'Add route' }).click();
    await page.getByRole('button', { name: '+ Response' }).click();
    await page.getByRole('tab', { name: /^404/ }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('tab', { name: /^200/ }).getAttribute('aria-selected'), 'true');
  });

  test('a JSON body is checked as you type and blocks saving while it does not parse', async () => {
    const { page } = await suite.signedIn('/mocks');
    await createThroughPage(page, 'json check');
    await page.getByRole('button', { name: 'Add route' }).click();
    const json = page.getByLabel('JSON value');
    await json.fill('{"ok": tru');
    await page.getByText(/^Not valid JSON:/).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled(), true);
    await json.fill('{"ok": true, "n": [1, 2]}');
    await page.getByText('Valid JSON').waitFor();
    await saveAndWait(page);
  });

  test('a simulated connection reset shows as no response, and the log records the fault', async () => {
    const { page } = await suite.signedIn('/mocks');
    const created = await page.request.post('/api/mocks', {
      headers: { 'X-CSRF-Token': await csrf(page) },
      data: {
        name: 'flaky',
        routes: [
          {
            method: 'GET',
            path: '/ping',
            faults: [{ kind: 'reset', probability: 1 }],
            responses: [{ status: 200, body: { type: 'json', value: { pong: true } } }],
          },
        ],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    await page.goto('/mocks/flaky');
    assert.equal(await page.getByLabel('Test path').inputValue(), '/ping');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Connection reset / empty reply').waitFor();
    const log = page.getByRole('table', { name: 'Requests, newest first' });
    // The browser retries a GET whose reused connection was reset, so there may be several entries.
    await log
      .getByRole('button', { name: /\/ping/ })
      .first()
      .waitFor();
    assert.match((await log.locator('tbody > tr').first().textContent()) ?? '', /reset/);
  });

  test("a handler's error is underlined in the code editor at the line the server names", async () => {
    const { page } = await suite.signedIn('/mocks');
    await createThroughPage(page, 'handlers');
    await page.getByRole('button', { name: 'Add route' }).click();
    await page.getByLabel('Type', { exact: true }).selectOption('handler');
    const editor = page.locator('.handler-code .cm-content');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('status 200\nx = (1 +\n{ id: x }');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Not saved:').waitFor();
    const beside = page.locator('.handler-body .field-problem');
    assert.match((await beside.textContent()) ?? '', /routes\[0\]\.responses\[0\]\.body\.source line \d+:\d+/);
    await page.locator('.handler-code .cm-lintRange-error').first().waitFor();
    await page.locator('.handler-code .cm-lint-marker-error').first().waitFor();
    // A valid handler saves and answers.
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type("status 202\n{ id: params['id'], ok: true }");
    await saveAndWait(page);
    await page.getByLabel('Query', { exact: true }).fill('id=7');
    await send(page, 202);
    assert.deepEqual(JSON.parse((await page.getByLabel('Response body').textContent()) ?? ''), { id: '7', ok: true });
  });

  test('import an OpenAPI file: the name comes from the file, the routes and warnings are shown, its page opens', async () => {
    const { page } = await suite.signedIn('/mocks');
    await page
      .getByLabel('OpenAPI file')
      .setInputFiles({ name: 'petstore.yaml', mimeType: 'application/yaml', buffer: PETSTORE });
    await until(
      async () => (await page.getByLabel('Mock API name').inputValue()) === 'petstore',
      'the name from the file',
    );
    assert.match(await page.getByLabel('Or paste it').inputValue(), /^openapi: 3\.0/);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const result = page.getByText(/^Imported petstore with \d+ routes\.$/);
    await result.waitFor();
    await page.getByRole('link', { name: 'petstore' }).first().waitFor();
    // The same name again is refused unless Replace is ticked.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/^Not imported: /).waitFor();
    await page.getByLabel('Replace a mock API of that name').check();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await result.waitFor();

    await page.locator('.import-result').getByRole('link', { name: 'petstore' }).click();
    await page.getByRole('heading', { name: 'petstore', level: 1 }).waitFor();
    const routes = page.getByRole('navigation', { name: 'Routes' });
    await routes.getByRole('button', { name: /GET\s*\/pet\/:petId/ }).click();
    await page.getByRole('tab', { name: /^404/ }).waitFor();
    assert.equal(await page.getByLabel('Test path').inputValue(), '/pet/1');
    await send(page, 200);
    // The other documented statuses answer to Prefer: code=<status>.
    await page.getByLabel('Headers', { exact: true }).fill('Prefer: code=404');
    await send(page, 404);
    assert.match((await page.locator('.test-outcome').textContent()) ?? '', /answered by\s*GET\s*\/pet\/:petId/);
    // The imported summary and description keep their paragraphs in the editor; what the page
    // does not show (operationId, tags, the documented request) survives a save.
    // The route's (the API's own Description comes first).
    const description = page.getByLabel('Description', { exact: true }).last();
    assert.equal(await description.inputValue(), 'Find pet by ID\n\nReturns a single pet');
    await description.fill('Find pet by ID\n\nReturns one pet');
    await saveAndWait(page);
    const stored = (await (await page.request.get('/api/mocks/petstore')).json()) as {
      routes: {
        method: string;
        path: string;
        description: string;
        operationId?: string;
        tags?: string[];
        request?: unknown;
      }[];
    };
    const getPet = stored.routes.find((r) => r.method === 'GET' && r.path === '/pet/:petId')!;
    assert.equal(getPet.description, 'Find pet by ID\n\nReturns one pet');
    assert.equal(getPet.operationId, 'getPetById');
    assert.deepEqual(getPet.tags, ['pet']);
    assert.deepEqual(getPet.request, {
      parameters: [
        {
          in: 'path',
          name: 'petId',
          required: true,
          description: 'ID of pet to return',
          schema: { type: 'integer', format: 'int64' },
        },
      ],
    });
  });

  test('the request log shows the latest 50 and older ones on demand; Clear asks first', async () => {
    const { page } = await suite.signedIn('/mocks');
    const created = await page.request.post('/api/mocks', {
      headers: { 'X-CSRF-Token': await csrf(page) },
      data: {
        name: 'busy',
        routes: [
          { method: 'GET', path: '/n/:i', responses: [{ status: 200, body: { type: 'json', value: { ok: true } } }] },
        ],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    // A private mock's calls are charged, so the cookie needs the CSRF token even on a GET.
    const token = await csrf(page);
    for (let i = 1; i <= 55; i++)
      assert.equal((await page.request.get(`/mock/busy/n/${i}`, { headers: { 'X-CSRF-Token': token } })).status(), 200);
    await page.goto('/mocks/busy');
    const log = page.getByRole('table', { name: 'Requests, newest first' });
    const toggles = log.getByRole('button', { name: /\/n\/\d+/ });
    await toggles.first().waitFor();
    assert.equal(await toggles.count(), 50);
    assert.equal(((await toggles.first().textContent()) ?? '').trim(), 'GET /n/55');
    await page.getByRole('button', { name: 'Show older requests' }).click();
    await log.getByRole('button', { name: 'GET /n/1', exact: true }).waitFor();
    assert.equal(await toggles.count(), 55);
    assert.equal(await page.getByRole('button', { name: 'Show older requests' }).count(), 0);

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Clear the request log?' })
      .getByRole('button', { name: 'Clear log' })
      .click();
    await page.getByText('No requests yet.').waitFor();
  });

  test('the request log shows a repeated query parameter with all its values', async () => {
    const { page } = await suite.signedIn('/mocks');
    const created = await page.request.post('/api/mocks', {
      headers: { 'X-CSRF-Token': await csrf(page) },
      data: { name: 'tagged', routes: [{ method: 'GET', path: '/items', responses: [{ status: 200 }] }] },
    });
    assert.equal(created.status(), 201, await created.text());
    const sent = await page.request.get('/mock/tagged/items?tag=a&page=2&tag=b', {
      headers: { 'X-CSRF-Token': await csrf(page) },
    });
    assert.equal(sent.status(), 200);
    await page.goto('/mocks/tagged');
    const log = page.getByRole('table', { name: 'Requests, newest first' });
    await log.getByRole('button', { name: 'GET /items', exact: true }).click();
    await log.getByText('tag=a&tag=b&page=2', { exact: true }).waitFor();
  });

  test('delete from the list asks first; Cancel keeps it, confirming removes it', async () => {
    const { page } = await suite.signedIn('/mocks');
    await createThroughPage(page, 'short lived');
    await page.goto('/mocks');
    await page.getByRole('button', { name: 'Delete short lived' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the mock API “short lived”?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'short lived' }).waitFor();
    await page.getByRole('button', { name: 'Delete short lived' }).click();
    await dialog.getByRole('button', { name: 'Delete mock API' }).click();
    await page.getByText('None yet').waitFor();
    const answer = await page.request.get('/api/mocks/short%20lived');
    assert.equal(answer.status(), 404);
  });

  test('a state machine: one response moves it, a rule on another reads it; saved and served', async () => {
    const { page } = await suite.signedIn('/mocks');
    const created = await page.request.post('/api/mocks', {
      headers: { 'X-CSRF-Token': await csrf(page) },
      data: {
        name: 'todo api',
        public: true,
        routes: [
          {
            method: 'GET',
            path: '/todo',
            responses: [
              { label: 'empty', body: { type: 'json', value: [] } },
              { label: 'added', body: { type: 'json', value: ['walk dog'] } },
            ],
          },
          { method: 'POST', path: '/todo', responses: [{ status: 201 }] },
        ],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    await page.goto('/mocks/todo%20api');
    const routes = page.getByRole('navigation', { name: 'Routes' });

    await routes.getByRole('listitem').filter({ hasText: 'POST' }).click();
    await page.getByText('Headers, latency, faults and state').click();
    await page.getByRole('button', { name: 'Add state machine' }).click();
    await page.getByLabel('State machine 1 name').fill('todo');
    await page.getByLabel('State machine 1 new state').fill('added');

    await routes.getByRole('listitem').filter({ hasText: 'GET' }).click();
    await page.getByRole('tab', { name: /added/ }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Rule target').selectOption('state');
    assert.equal(await page.getByLabel('Rule name').getAttribute('placeholder'), 'checkout');
    await page.getByLabel('Rule name').fill('todo');
    await page.getByLabel('Rule value').fill('added');
    await saveAndWait(page);

    const stored = (await (await page.request.get('/api/mocks/todo%20api')).json()) as {
      routes: { responses: { setState?: Record<string, string>; rules: unknown[] }[] }[];
    };
    assert.deepEqual(stored.routes[1].responses[0].setState, { todo: 'added' });
    assert.deepEqual(stored.routes[0].responses[1].rules, [
      { target: 'state', name: 'todo', operator: 'equals', value: 'added' },
    ]);
    const list = async () => (await (await page.request.get('/mock/todo-api/todo')).json()) as unknown;
    assert.deepEqual(await list(), []);
    assert.equal((await page.request.post('/mock/todo-api/todo')).status(), 201);
    assert.deepEqual(await list(), ['walk dog']);
  });
});
