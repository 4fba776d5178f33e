/**
 * State machines (WireMock's scenarios) over real HTTP on both databases: responses chosen by a
 * machine's state and moving it, read and set through the API for a test's starting point, put
 * back by a reset, and documents that misuse them refused with the path.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { fetchAnswer as call, jsonRequest as json } from '../../testing/http-calls.js';

const inState = (state: string) => [{ target: 'state', name: 'todo', operator: 'equals', value: state }];

const TODO = {
  name: 'Todo',
  public: true,
  routes: [
    {
      method: 'GET',
      path: '/todo',
      responses: [
        { status: 200, rules: inState('Started'), body: { type: 'json', value: ['buy milk'] } },
        { status: 200, rules: inState('Item added'), body: { type: 'json', value: ['buy milk', 'walk dog'] } },
        { status: 410, default: true, body: { type: 'json', value: { error: 'list archived' } } },
      ],
    },
    {
      method: 'POST',
      path: '/todo',
      responses: [{ status: 201, setState: { todo: 'Item added' }, body: { type: 'empty' } }],
    },
    {
      method: 'DELETE',
      path: '/todo',
      responses: [{ status: 204, setState: { todo: 'Archived', audit: 'deleted' }, body: { type: 'empty' } }],
    },
  ],
};

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`mock state machines (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, async () => {
    let server: TestServer;
    let key: string;
    let mock: string;
    const api = (path: string) => `${server.url}/api/mocks/Todo${path}?key=${key}`;
    const list = async () => {
      const answer = await call(`${mock}/todo`);
      return { status: answer.status, body: answer.json as unknown };
    };

    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
      key = await server.userKey('unlimited');
      const created = await call(`${server.url}/api/mocks?key=${key}`, json(TODO));
      assert.equal(created.status, 201, created.text);
      mock = `${server.url}/mock/todo`;
    });
    after(() => server.close());

    test('responses follow the machine through its states; the API shows and sets them; a reset starts again', async () => {
      assert.deepEqual(await list(), { status: 200, body: ['buy milk'] }, 'every machine starts in "Started"');
      assert.deepEqual((await call(api('/states'))).json, { states: { audit: 'Started', todo: 'Started' } });
      assert.equal((await call(`${mock}/todo`, { method: 'POST' })).status, 201);
      assert.deepEqual(await list(), { status: 200, body: ['buy milk', 'walk dog'] });
      assert.deepEqual(await list(), { status: 200, body: ['buy milk', 'walk dog'] }, 'reading does not move it');
      assert.equal((await call(`${mock}/todo`, { method: 'DELETE' })).status, 204);
      assert.equal((await list()).status, 410, 'no rule matches "Archived": the default answers');
      assert.deepEqual((await call(api('/states'))).json, { states: { audit: 'deleted', todo: 'Archived' } });

      const set = await call(api('/states/todo'), json({ state: 'Item added' }, 'PUT'));
      assert.equal(set.status, 200, set.text);
      assert.deepEqual(
        await list(),
        { status: 200, body: ['buy milk', 'walk dog'] },
        'a test can start from any state',
      );

      assert.equal((await call(api('/reset'), { method: 'POST' })).status, 200);
      assert.deepEqual(await list(), { status: 200, body: ['buy milk'] });
      assert.deepEqual((await call(api('/states'))).json, { states: { audit: 'Started', todo: 'Started' } });
    });

    test('setting a machine the document does not name, or a bad state, is refused and changes nothing', async () => {
      const unknown = await call(api('/states/tood'), json({ state: 'x' }, 'PUT'));
      assert.equal(unknown.status, 404);
      assert.match(unknown.json.error, /no state machine "tood"; its machines .* are audit, todo/);
      for (const body of [{}, { state: '' }, { state: 'a\nb' }, { state: 'x'.repeat(101) }, { state: 3 }]) {
        const bad = await call(api('/states/todo'), json(body, 'PUT'));
        assert.equal(bad.status, 400, `${JSON.stringify(body)}: ${bad.text}`);
        assert.match(bad.json.error, /state must be text of 1 to 100 characters/);
      }
      assert.deepEqual((await call(api('/states'))).json, { states: { audit: 'Started', todo: 'Started' } });
      const stranger = await server.userKey('free');
      assert.equal((await call(`${server.url}/api/mocks/Todo/states?key=${stranger}`)).status, 404);
      assert.equal((await call(`${server.url}/api/mocks/Todo/states`)).status, 401);
    });

    test('documents that misuse state machines are refused with the path', async () => {
      const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`m${i}`, 'x']));
      const cases: [unknown, RegExp][] = [
        [
          { routes: [{ path: '/a', responses: [{ rules: [{ target: 'state', operator: 'equals', value: 'x' }] }] }] },
          /routes\[0\]\.responses\[0\]\.rules\[0\]\.name is needed with target "state": the name of the state machine/,
        ],
        [
          { routes: [{ path: '/a', responses: [{ setState: { todo: 'a\u0007b' } }] }] },
          /routes\[0\]\.responses\[0\]\.setState\.todo must be a state of 1 to 100 characters without control characters/,
        ],
        [
          { routes: [{ path: '/a', responses: [{ setState: { todo: '' } }] }] },
          /routes\[0\]\.responses\[0\]\.setState/,
        ],
        [
          {
            routes: Array.from({ length: 6 }, (_, i) => ({
              path: `/r${i}`,
              responses: [{ setState: Object.fromEntries(Object.keys(many).map((name) => [`${name}-${i}`, 'x'])) }],
            })),
          },
          /routes name 60 state machines .* at most 50/,
        ],
      ];
      for (const [document, message] of cases) {
        const answer = await call(
          `${server.url}/api/mocks?key=${key}`,
          json({ name: 'Bad states', ...(document as object) }),
        );
        assert.equal(answer.status, 400, answer.text);
        assert.match(answer.json.error, message);
      }
    });
  });
}
