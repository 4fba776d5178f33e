/**
 * The project REST mock's latency: a server on an SQLite file, the test shop at 100 times its
 * size (4,000 customers), then 40 requests of a customer's orders one after another; prints
 * the median and the 90th percentile. `node packages/server/dist/bench/relations/rest-latency.js`
 */
import { shopProject } from '@rowloom/core/testing/shop-project';
import { newTestDatabase, startTestServer } from '../../testing/server-fixture.js';

const REQUESTS = 40;

const server = await startTestServer(newTestDatabase('sqlite'));
try {
  const key = await server.userKey('unlimited');
  const put = await fetch(`${server.url}/api/projects/shop/model?key=${key}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(shopProject(100)),
  });
  if (!put.ok) throw new Error(`PUT model: ${put.status} ${await put.text()}`);
  const times: number[] = [];
  for (let i = 1; i <= REQUESTS; i++) {
    const started = performance.now();
    const answer = await fetch(`${server.url}/api/projects/shop/rest/customers/${i}/orders?key=${key}`);
    await answer.text();
    if (!answer.ok) throw new Error(`GET orders of customer ${i}: ${answer.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.floor(share * (times.length - 1))].toFixed(1);
  console.log(`REST mock, a customer's orders: median ${at(0.5)} ms, p90 ${at(0.9)} ms (${REQUESTS} requests)`);
} finally {
  await server.close();
}
