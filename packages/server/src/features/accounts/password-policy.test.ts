/**
 * The password policy on both databases through real HTTP: common and guessable passwords and
 * blanks are refused wherever a user picks a password (sign-up, password change) with a 400 that
 * names the field and says why (zxcvbn's feedback); sound passphrases are taken.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { skipUnlessAvailable } from '../../testing/databases.js';
import { newTestDatabase, startTestServer, type TestServer } from '../../testing/server-fixture.js';
import { asUser, call, send, signIn } from '../../testing/accounts-http.js';

/** Each is at least 8 characters, so only its guessability (or blankness) refuses it. */
const WEAK: [string, RegExp][] = [
  ['password', /heavily used password/i],
  ['Password1!', /similar to a commonly used password/i],
  ['qwertyuiop', /frequently used password|keyboard|straight rows/i],
  ['12345678', /heavily used password|common|sequence/i],
  ['abcdefghijklmnop', /sequences like "abc"/i],
  ['iloveyou2024', /common|guess/i],
  ['p@ssw0rd123', /similar to a commonly used password|common/i],
];
const BLANK = ['        ', '\t\t\t\t\t\t\t\t\t', ' \u3000 \u00a0  \u200b   '];
const STRONG = 'violet tractor seventeen umbrellas';

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe(`password policy (${dialect})`, { skip: await skipUnlessAvailable(dialect) }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(newTestDatabase(dialect));
    });
    after(() => server?.close());

    test('sign-up refuses common and guessable passwords (400 naming "password" and saying why; no account is made) and takes sound ones', async () => {
      for (const [password, why] of WEAK) {
        const answer = await call(
          server,
          '/api/session/signup',
          send('POST', { email: `weak-${Math.random().toString(36).slice(2, 8)}@example.com`, password }),
        );
        assert.equal(answer.status, 400, `${password}: ${answer.text}`);
        assert.match(String(answer.json.error), /^"password" is too easy to guess: /, password);
        assert.match(String(answer.json.error), why, password);
      }
      const count = await server.store.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', 'like', 'weak-%')
        .executeTakeFirstOrThrow();
      assert.equal(Number(count.n), 0);
      // A sound passphrase and a long random password are taken.
      for (const password of [STRONG, 'kT9#vQ2!mZ7xL4']) {
        const answer = await call(
          server,
          '/api/session/signup',
          send('POST', { email: `sound-${Math.random().toString(36).slice(2, 8)}@example.com`, password }),
        );
        assert.equal(answer.status, 200, answer.text);
      }
    });

    test('sign-up refuses blanks (spaces, tabs, invisible characters only)', async () => {
      for (const password of BLANK) {
        const answer = await call(
          server,
          '/api/session/signup',
          send('POST', { email: 'blank@example.com', password }),
        );
        assert.equal(answer.status, 400, JSON.stringify(password));
        assert.match(String(answer.json.error), /"password" must not be only spaces/);
      }
    });

    test('a password made of the email address is guessable for that user (and fine for another)', async () => {
      const own = await call(
        server,
        '/api/session/signup',
        send('POST', { email: 'zorblax.quintavian@example.com', password: 'Zorblax.Quintavian' }),
      );
      assert.equal(own.status, 400, own.text);
      assert.match(
        String(own.json.error),
        /"password" is too easy to guess: There should not be any personal or page related data/,
      );
      const other = await call(
        server,
        '/api/session/signup',
        send('POST', { email: 'someone.else@example.com', password: 'Zorblax.Quintavian' }),
      );
      assert.equal(other.status, 200, other.text);
    });

    test('long input is refused when its start is weak (the first 100 characters are estimated)', async () => {
      for (const password of ['p@$$w0rd'.repeat(32), 'a'.repeat(256)]) {
        const answer = await call(server, '/api/session/signup', send('POST', { email: 'long@example.com', password }));
        assert.equal(answer.status, 400, answer.text);
        assert.match(String(answer.json.error), /"password" is too easy to guess/);
      }
    });

    test('the password change refuses weak and blank new passwords the same way; the current password stays', async () => {
      const user = await server.signUp();
      for (const password of ['password', 'Password1!', ' '.repeat(12)]) {
        const answer = await call(
          server,
          '/api/account/password',
          send('PUT', { current: user.password, password }, asUser(user)),
        );
        assert.equal(answer.status, 400, `${JSON.stringify(password)}: ${answer.text}`);
        assert.match(String(answer.json.error), /^"password" (is too easy to guess: .+|must not be only spaces)/);
      }
      assert.equal(
        (await signIn(server, user.email, user.password)).email,
        user.email,
        'the old password still signs in',
      );
      const changed = await call(
        server,
        '/api/account/password',
        send('PUT', { current: user.password, password: STRONG }, asUser(user)),
      );
      assert.equal(changed.status, 200, changed.text);
    });
  });
}
