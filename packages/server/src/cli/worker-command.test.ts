import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { workerCommand } from './worker-command.js';

describe('rowloom worker: its arguments and environment', () => {
  test('REDIS_URL is required', async () => {
    await assert.rejects(workerCommand([], {}), /REDIS_URL is not set/);
  });

  test('--concurrency must be a whole number in range, named in the message', async () => {
    for (const bad of ['0', '-1', '1.5', 'many', '100000']) {
      await assert.rejects(
        workerCommand([`--concurrency=${bad}`], { REDIS_URL: 'redis://127.0.0.1:1' }),
        /--concurrency must be a whole number from 1 to 256/,
      );
    }
    await assert.rejects(
      workerCommand([], { REDIS_URL: 'redis://127.0.0.1:1', ROWLOOM_WORKER_LOCK_MS: 'soon' }),
      /ROWLOOM_WORKER_LOCK_MS/,
    );
  });

  test('unknown options are refused', async () => {
    await assert.rejects(workerCommand(['--threads', '2'], { REDIS_URL: 'redis://127.0.0.1:1' }), /threads/);
  });
});
