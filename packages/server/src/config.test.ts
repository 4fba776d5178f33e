import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_TIME_LIMIT_SECONDS, defaultConcurrency, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  test('the generate time limit: seconds, 0 for none, a clear error for anything else', () => {
    assert.equal(loadConfig({}).timeLimitMs, DEFAULT_TIME_LIMIT_SECONDS * 1000);
    assert.equal(loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: '30' }).timeLimitMs, 30_000);
    assert.equal(loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: '0' }).timeLimitMs, null);
    assert.throws(() => loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: 'soon' }), /ROWLOOM_TIME_LIMIT_SECONDS must be a whole number, got "soon"/);
  });

  test('the sharing limits: defaults, overrides in seconds and counts, a clear error for 0 or text', () => {
    assert.deepEqual(loadConfig({}).concurrency, defaultConcurrency());
    const set = loadConfig({ ROWLOOM_MAX_WORKERS: '3', ROWLOOM_WORKER_MEMORY_MB: '256', ROWLOOM_MAX_CONCURRENT_GENERATIONS: '8', ROWLOOM_MAX_CONCURRENT_IMAGES: '2', ROWLOOM_MAX_CONCURRENT_UPLOADS: '3', ROWLOOM_QUEUE_SECONDS: '0', ROWLOOM_STALL_SECONDS: '10', ROWLOOM_INLINE_ROWS: '0' }).concurrency;
    assert.deepEqual(set, { maxWorkers: 3, workerMemoryMb: 256, maxGenerations: 8, maxImageRenders: 2, maxUploads: 3, queueWaitMs: 0, stallMs: 10_000, inlineRows: 0 });
    assert.throws(() => loadConfig({ ROWLOOM_MAX_WORKERS: '0' }), /ROWLOOM_MAX_WORKERS must be at least 1, got "0"/);
    assert.throws(() => loadConfig({ ROWLOOM_STALL_SECONDS: 'never' }), /ROWLOOM_STALL_SECONDS must be a whole number, got "never"/);
  });
});
