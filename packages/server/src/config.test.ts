import { proxyHostAllowed } from './features/mocks/proxy-hosts.js';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_TIME_LIMIT_SECONDS, defaultConcurrency, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  test('compression: on unless ROWLOOM_COMPRESSION is off; anything else is named', () => {
    assert.equal(loadConfig({}).compression, true);
    assert.equal(loadConfig({ ROWLOOM_COMPRESSION: 'On' }).compression, true);
    assert.equal(loadConfig({ ROWLOOM_COMPRESSION: ' off ' }).compression, false);
    assert.throws(
      () => loadConfig({ ROWLOOM_COMPRESSION: 'gzip' }),
      /ROWLOOM_COMPRESSION must be on or off, got "gzip"/,
    );
  });

  test('the generate time limit: seconds, 0 for none, a clear error for anything else', () => {
    assert.equal(loadConfig({}).timeLimitMs, DEFAULT_TIME_LIMIT_SECONDS * 1000);
    assert.equal(loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: '30' }).timeLimitMs, 30_000);
    assert.equal(loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: '0' }).timeLimitMs, null);
    assert.throws(
      () => loadConfig({ ROWLOOM_TIME_LIMIT_SECONDS: 'soon' }),
      /ROWLOOM_TIME_LIMIT_SECONDS must be a whole number, got "soon"/,
    );
  });

  test('the sharing limits: defaults, overrides in seconds and counts, a clear error for 0 or text', () => {
    assert.deepEqual(loadConfig({}).concurrency, defaultConcurrency());
    const set = loadConfig({
      ROWLOOM_MAX_WORKERS: '3',
      ROWLOOM_WORKER_MEMORY_MB: '256',
      ROWLOOM_MAX_CONCURRENT_GENERATIONS: '8',
      ROWLOOM_MAX_CONCURRENT_IMAGES: '2',
      ROWLOOM_MAX_CONCURRENT_UPLOADS: '3',
      ROWLOOM_QUEUE_SECONDS: '0',
      ROWLOOM_STALL_SECONDS: '10',
      ROWLOOM_INLINE_ROWS: '0',
    }).concurrency;
    assert.deepEqual(set, {
      maxWorkers: 3,
      workerMemoryMb: 256,
      maxGenerations: 8,
      maxImageRenders: 2,
      maxUploads: 3,
      queueWaitMs: 0,
      stallMs: 10_000,
      inlineRows: 0,
    });
    assert.throws(() => loadConfig({ ROWLOOM_MAX_WORKERS: '0' }), /ROWLOOM_MAX_WORKERS must be at least 1, got "0"/);
    assert.throws(
      () => loadConfig({ ROWLOOM_STALL_SECONDS: 'never' }),
      /ROWLOOM_STALL_SECONDS must be a whole number, got "never"/,
    );
  });

  test("mock origins: ROWLOOM_MOCK_ORIGIN is an origin; neither it nor the host suffix may be or contain the app's host", () => {
    assert.equal(
      loadConfig({ ROWLOOM_MOCK_ORIGIN: 'https://Mocks.Example.NET/' }).mockOrigin,
      'https://mocks.example.net',
    );
    assert.equal(loadConfig({}).mockOrigin, null);
    for (const bad of [
      'mocks.example.net',
      'ftp://mocks.example.net',
      'https://mocks.example.net/base',
      'https://mocks.example.net/?a=1',
      'https://user@mocks.example.net',
    ]) {
      assert.throws(
        () => loadConfig({ ROWLOOM_MOCK_ORIGIN: bad }),
        /ROWLOOM_MOCK_ORIGIN must be an http or https origin without a path/,
        bad,
      );
    }
    const app = { PUBLIC_URL: 'https://rowloom.example.com' };
    assert.throws(
      () => loadConfig({ ...app, ROWLOOM_MOCK_HOST_SUFFIX: 'example.com' }),
      /PUBLIC_URL's host rowloom\.example\.com lies under ROWLOOM_MOCK_HOST_SUFFIX \(example\.com\)/,
    );
    assert.throws(
      () => loadConfig({ ...app, ROWLOOM_MOCK_HOST_SUFFIX: 'rowloom.example.com' }),
      /lies under ROWLOOM_MOCK_HOST_SUFFIX/,
    );
    assert.throws(
      () => loadConfig({ ...app, ROWLOOM_MOCK_ORIGIN: 'http://rowloom.example.com:8080' }),
      /ROWLOOM_MOCK_ORIGIN's host rowloom\.example\.com is the app's own host/,
    );
    assert.throws(
      () => loadConfig({ ...app, ROWLOOM_MOCK_ORIGIN: 'https://example.com' }),
      /ROWLOOM_MOCK_ORIGIN's host example\.com contains the app's host rowloom\.example\.com/,
    );
    assert.throws(
      () =>
        loadConfig({
          ROWLOOM_MOCK_HOST_SUFFIX: 'mocks.example.com',
          ROWLOOM_MOCK_ORIGIN: 'https://www.mocks.example.com',
        }),
      /ROWLOOM_MOCK_ORIGIN's host www\.mocks\.example\.com lies under ROWLOOM_MOCK_HOST_SUFFIX/,
    );
    const separate = loadConfig({
      ...app,
      ROWLOOM_MOCK_HOST_SUFFIX: 'mocks.example.com',
      ROWLOOM_MOCK_ORIGIN: 'https://mocks.example.com',
    });
    assert.deepEqual(
      [separate.mockHostSuffix, separate.mockOrigin],
      ['mocks.example.com', 'https://mocks.example.com'],
    );
    // Names under the app's host are other hosts: the app's cookie is host-only.
    assert.equal(
      loadConfig({ ...app, ROWLOOM_MOCK_HOST_SUFFIX: 'mocks.rowloom.example.com' }).mockHostSuffix,
      'mocks.rowloom.example.com',
    );
  });
});

describe('load targets', () => {
  test('ROWLOOM_LOAD_TARGETS names databases by URL, or by {url, users}; a wrong one is named', () => {
    assert.deepEqual(loadConfig({}).loadTargets, []);
    const targets = loadConfig({
      ROWLOOM_LOAD_TARGETS: JSON.stringify({
        staging: 'postgres://app@db:5432/staging',
        mine: { url: 'sqlite:/tmp/x.db', users: ['Alice@Example.com'] },
      }),
    }).loadTargets;
    assert.deepEqual(targets, [
      { name: 'staging', url: 'postgres://app@db:5432/staging', dialect: 'postgres', users: null },
      { name: 'mine', url: 'sqlite:/tmp/x.db', dialect: 'sqlite', users: ['alice@example.com'] },
    ]);
    assert.throws(() => loadConfig({ ROWLOOM_LOAD_TARGETS: '{' }), /ROWLOOM_LOAD_TARGETS must be JSON/);
    assert.throws(() => loadConfig({ ROWLOOM_LOAD_TARGETS: '["x"]' }), /must be a JSON object/);
    assert.throws(
      () => loadConfig({ ROWLOOM_LOAD_TARGETS: '{"a": "ftp://x"}' }),
      /target "a": database URL "ftp:\/\/x" is not one Rowloom can load into/,
    );
    assert.throws(() => loadConfig({ ROWLOOM_LOAD_TARGETS: '{"a b": "x.db"}' }), /target name "a b"/);
    assert.throws(() => loadConfig({ ROWLOOM_LOAD_TARGETS: '{"a": {"users": []}}' }), /must be a database URL or/);
  });
});

describe('mock proxy hosts', () => {
  test('ROWLOOM_MOCK_PROXY_HOSTS lists hosts, addresses and .domains, or *; none by default; a wrong entry is named', () => {
    assert.deepEqual(loadConfig({}).mockProxyHosts, []);
    assert.equal(loadConfig({ ROWLOOM_MOCK_PROXY_HOSTS: '*' }).mockProxyHosts, '*');
    assert.deepEqual(
      loadConfig({ ROWLOOM_MOCK_PROXY_HOSTS: 'API.example.com, .example.net,127.0.0.1' }).mockProxyHosts,
      ['api.example.com', '.example.net', '127.0.0.1'],
    );
    assert.throws(
      () => loadConfig({ ROWLOOM_MOCK_PROXY_HOSTS: 'api.example.com, http://x' }),
      /ROWLOOM_MOCK_PROXY_HOSTS must be host names.*"http:\/\/x" is not a host name/,
    );
  });

  test('a .domain allows the names under it, not the domain itself or look-alikes', () => {
    const allowed = ['.example.net', 'api.example.com'];
    assert.equal(proxyHostAllowed(new URL('https://a.example.net/x'), allowed), true);
    assert.equal(proxyHostAllowed(new URL('https://API.example.com./x'), allowed), true);
    assert.equal(proxyHostAllowed(new URL('https://example.net/x'), allowed), false);
    assert.equal(proxyHostAllowed(new URL('https://evilexample.net/x'), allowed), false);
    assert.equal(proxyHostAllowed(new URL('https://api.example.com.evil.org/x'), allowed), false);
    assert.equal(proxyHostAllowed(new URL('http://169.254.169.254/'), '*'), true);
  });
});
