import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../http/http-error.js';
import { Limiter } from './limiter.js';

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => assert.fail('expected a refusal'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof HttpError);
  return error;
}

describe('Limiter', () => {
  test('runs up to its cap, queues the next ones in order, refuses past the queue with 503 and Retry-After', async () => {
    const limiter = new Limiter({ running: 2, queued: 1, waitMs: 60_000, what: 'generations' });
    const first = await limiter.acquire();
    const second = await limiter.acquire();
    let thirdGranted = false;
    const third = limiter.acquire().then((release) => ((thirdGranted = true), release));
    const fourth = await refusal(limiter.acquire());
    assert.equal(fourth.status, 503);
    assert.equal(fourth.headers['retry-after'], '2');
    assert.match(fourth.message, /the server is busy: 2 generations are running and 1 waiting; retry in 2 s/);
    assert.equal(limiter.refused, 1);
    assert.equal(thirdGranted, false);
    first();
    first(); // a second call is ignored: it must not free a second place
    const releaseThird = await third;
    assert.equal(limiter.runningCount, 2);
    second();
    releaseThird();
    assert.equal(limiter.runningCount, 0);
  });

  test('a request that waits too long is refused and leaves the queue', async () => {
    const limiter = new Limiter({ running: 1, queued: 5, waitMs: 5, what: 'image renderings' });
    const held = await limiter.acquire();
    const error = await refusal(limiter.acquire());
    assert.equal(error.status, 503);
    assert.equal(limiter.queuedCount, 0);
    held();
    assert.equal(limiter.runningCount, 0);
  });

  test('one owner may hold only its share: more of its requests wait while others go first', async () => {
    const limiter = new Limiter({ running: 4, queued: 4, waitMs: 60_000, what: 'generations', perOwner: 2 });
    const a1 = await limiter.acquire('a');
    await limiter.acquire('a');
    let thirdGranted = false;
    const a3 = limiter.acquire('a').then((release) => ((thirdGranted = true), release));
    const b = await limiter.acquire('b'); // not behind a's waiting request
    assert.equal(limiter.runningCount, 3);
    assert.equal(thirdGranted, false);
    a1();
    (await a3)();
    b();
  });

  test('an owner over its share that waits too long is told why', async () => {
    const limiter = new Limiter({ running: 4, queued: 4, waitMs: 5, what: 'generations', perOwner: 1 });
    await limiter.acquire('a');
    const error = await refusal(limiter.acquire('a'));
    assert.match(error.message, /you already have 1 generations running, the most one key may have at once/);
  });
});
