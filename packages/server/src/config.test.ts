import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_TIME_LIMIT_SECONDS, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  test('the generate time limit: seconds, 0 for none, a clear error for anything else', () => {
    assert.equal(loadConfig({}).timeLimitMs, DEFAULT_TIME_LIMIT_SECONDS * 1000);
    assert.equal(loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: '30' }).timeLimitMs, 30_000);
    assert.equal(loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: '0' }).timeLimitMs, null);
    assert.throws(() => loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: 'soon' }), /ROWLOOM_TIME_LIMIT_SECONDS must be a whole number, got "soon"/);
  });
});
