/** The accounts settings read from the environment, and the error naming a malformed one. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../config.js';
import { ConfigError } from '../../startup.js';

describe('accounts configuration', () => {
  test('defaults: open sign-up on the free plan, the database secret, 10 per email from one address, 30 per address, 100 per email from unknown browsers in 15 minutes', () => {
    const { accounts } = loadConfig({});
    assert.deepEqual(accounts, {
      signup: { mode: 'open', domains: [], plan: 'free' },
      secret: null,
      signInLimit: { perEmailPerClient: 10, perIp: 30, perEmail: 100, windowMs: 15 * 60 * 1000 },
    });
  });

  test('domains, invite, plan, secret and limits from the environment', () => {
    const { accounts } = loadConfig({
      ROWLOOM_SIGNUP: 'Domains',
      ROWLOOM_SIGNUP_DOMAINS: ' Example.com, example.org ',
      ROWLOOM_SIGNUP_PLAN: 'silver',
      ROWLOOM_SECRET: 's3cret',
      ROWLOOM_SIGNIN_ATTEMPTS: '5',
      ROWLOOM_SIGNIN_ATTEMPTS_PER_IP: '50',
      ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL: '200',
    });
    assert.deepEqual(accounts.signup, { mode: 'domains', domains: ['example.com', 'example.org'], plan: 'silver' });
    assert.equal(accounts.secret, 's3cret');
    assert.deepEqual(accounts.signInLimit, {
      perEmailPerClient: 5,
      perIp: 50,
      perEmail: 200,
      windowMs: 15 * 60 * 1000,
    });
    assert.equal(loadConfig({ ROWLOOM_SIGNUP: 'invite' }).accounts.signup.mode, 'invite');
  });

  test('malformed values name their variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ROWLOOM_SIGNUP: 'closed' }, /^ROWLOOM_SIGNUP must be one of open, domains, invite, got "closed"$/],
      [{ ROWLOOM_SIGNUP: 'domains' }, /ROWLOOM_SIGNUP=domains needs ROWLOOM_SIGNUP_DOMAINS/],
      [
        { ROWLOOM_SIGNUP: 'domains', ROWLOOM_SIGNUP_DOMAINS: 'example.com,not a domain' },
        /ROWLOOM_SIGNUP_DOMAINS .*"not a domain" is not one/,
      ],
      [
        { ROWLOOM_SIGNUP_PLAN: 'platinum' },
        /ROWLOOM_SIGNUP_PLAN must be one of free, silver, gold, unlimited, got "platinum"/,
      ],
      [{ ROWLOOM_SIGNIN_ATTEMPTS: 'many' }, /ROWLOOM_SIGNIN_ATTEMPTS must be a whole number/],
      [{ ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL: 'lots' }, /ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL must be a whole number/],
      [
        { ROWLOOM_SIGNIN_ATTEMPTS: '20', ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL: '15' },
        /ROWLOOM_SIGNIN_ATTEMPTS_PER_EMAIL \(15\) must be at least ROWLOOM_SIGNIN_ATTEMPTS \(20\)/,
      ],
    ];
    for (const [env, message] of cases) {
      assert.throws(
        () => loadConfig(env),
        (error: Error) => error instanceof ConfigError && message.test(error.message),
        JSON.stringify(env),
      );
    }
  });

  test('ROWLOOM_TRUST_PROXY: the number of proxies in front, 0 by default', () => {
    assert.equal(loadConfig({}).trustProxy, 0);
    assert.equal(loadConfig({ ROWLOOM_TRUST_PROXY: '1' }).trustProxy, 1);
    assert.throws(() => loadConfig({ ROWLOOM_TRUST_PROXY: 'yes' }), /ROWLOOM_TRUST_PROXY must be a whole number/);
  });

  test('a plan added by ROWLOOM_PLANS may be the sign-up plan', () => {
    const { accounts } = loadConfig({
      ROWLOOM_PLANS: '{"trial": {"requestsPerDay": 10}}',
      ROWLOOM_SIGNUP_PLAN: 'trial',
    });
    assert.equal(accounts.signup.plan, 'trial');
  });
});
