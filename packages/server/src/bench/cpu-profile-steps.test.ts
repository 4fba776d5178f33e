import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stepTimes, type CpuProfile } from './cpu-profile-steps.js';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url },
  children,
});

// (root) > serveMock > generate > fillSlice > encode (a writer's code inside the rows),
// serveMock > query (Kysely) > executeQuery (SQLite), serveMock > route (Fastify).
const PROFILE: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', [2]),
    frame(2, 'serveMock', 'file:///app/packages/server/dist/features/mocks/serve/serve-mock.js', [3, 6, 8]),
    frame(3, 'generate', 'file:///app/packages/core/dist/engine/generate.js', [4]),
    frame(4, 'fillSlice', 'file:///app/packages/core/dist/engine/inline-rows.js', [5]),
    frame(5, 'encode', 'file:///app/packages/core/dist/writers/json-encode.js'),
    frame(6, 'execute', 'file:///app/node_modules/kysely/dist/esm/query-executor.js', [7]),
    frame(7, 'executeQuery', 'file:///app/node_modules/kysely/dist/esm/dialect/sqlite/sqlite-driver.js'),
    frame(8, 'route', 'file:///app/node_modules/fastify/lib/route.js'),
  ],
  startTime: 0,
  endTime: 1_000,
  // Each sample lasts until the next: 100 µs apiece, the first one outside the window.
  samples: [5, 5, 7, 6, 8, 2, 5],
  timeDeltas: [50, 100, 100, 100, 100, 100, 100],
};

test('samples count under the first step any frame of their stack belongs to, within the window', () => {
  const sums = stepTimes(PROFILE, 100, 1_000);
  assert.deepEqual(Object.fromEntries(sums), {
    // The first sample is before the window; the last has no next one to say how long it lasted.
    'the rows themselves (fillSlice)': 100,
    'SQLite executing statements (executeQuery)': 100,
    'Kysely building statements': 100,
    'rest: Fastify and its plugins': 100,
    'rest: mock serving code': 100,
  });
});
