/** Resident threads with a real worker: reused, bounded in time and memory, replaced when they fail. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from '../http/http-error.js';
import { ResidentThreads } from './resident-threads.js';

type Answer = { value: unknown; threadId: number };

function threads(timeLimitMs = 5000) {
  return new ResidentThreads<Answer>({
    script: new URL('../testing/resident-echo-worker.js', import.meta.url),
    threads: 1,
    timeLimitMs,
    memoryMb: 32,
    queue: { queued: 1, waitMs: 10_000, what: 'echoes' },
    timedOut: () => new HttpError(503, 'too slow'),
    crashed: (error) => new HttpError(413, `crashed: ${error.message}`),
  });
}

describe('resident threads', () => {
  test('a thread answers one input after another and stays for the next', async () => {
    const pool = threads();
    try {
      const first = await pool.ask({ do: 'echo', value: 1 });
      const second = await pool.ask({ do: 'echo', value: 2 });
      assert.deepEqual([first.value, second.value], [1, 2]);
      assert.equal(first.threadId, second.threadId, 'the same thread, not a new one');
    } finally {
      await pool.close();
    }
  });

  test('an answer past the time limit ends its thread; the next input gets a fresh one', async () => {
    const pool = threads(300);
    try {
      const before = await pool.ask({ do: 'echo', value: 'a' });
      await assert.rejects(pool.ask({ do: 'spin' }), /too slow/);
      const after = await pool.ask({ do: 'echo', value: 'b' });
      assert.equal(after.value, 'b');
      assert.notEqual(after.threadId, before.threadId);
    } finally {
      await pool.close();
    }
  });

  test('a thread that runs out of memory is replaced, and the server goes on', async () => {
    const pool = threads();
    try {
      await assert.rejects(pool.ask({ do: 'grow' }), (error: HttpError) => error.status === 413);
      assert.equal((await pool.ask({ do: 'echo', value: 'still here' })).value, 'still here');
    } finally {
      await pool.close();
    }
  });

  test('past its one thread and one waiting place, a request is refused at once', async () => {
    const pool = threads(1000);
    try {
      const running = pool.ask({ do: 'spin' });
      const waiting = pool.ask({ do: 'echo', value: 'waits' });
      await assert.rejects(pool.ask({ do: 'echo', value: 'refused' }), (error: HttpError) => error.status === 503);
      await assert.rejects(running, /too slow/);
      assert.equal((await waiting).value, 'waits');
    } finally {
      await pool.close();
    }
  });
});
