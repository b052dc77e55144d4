import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordProblem } from '../../core/password-policy';
import { passwordRefusal } from '../domain/password-policy';
import { testApp, type TestApp } from '../test/client';
import { freshUser } from '../test/fresh-user';
import { registration } from '../test/registration';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  await sql`delete from registration_attempts`.execute(t.db);
});

describe('one password policy for every place the broker sets a password', () => {
  it('the security change refuses what registration refuses, with the same keys, and never tells the platform', async () => {
    const b = t.browser();
    const user = await freshUser(b);
    const change = (password: string) => b.send('POST', '/api/us/security', { json: { oldPassword: user.password, password, repeatPassword: password } });
    const cases: [string, string, string][] = [
      ['abcd1234', 'register.password_short', 'The password needs at least 10 characters.'],
      ['Ab1', 'register.password_short', 'The password needs at least 10 characters.'],
      ['password123', 'register.password_common', 'This password is too easy to guess. Please choose another.'],
      ['Qwertyuiop', 'register.password_common', 'This password is too easy to guess. Please choose another.'],
      [`${user.email.split('@')[0]}-2026`, 'register.password_email', 'The password must not contain your email.'],
      ['x'.repeat(129), 'register.password_long', 'The password may have at most 128 characters.'],
    ];
    for (const [password, key, message] of cases) {
      const res = await change(password);
      expect([password, res.statusCode, res.json().error, res.json().message]).toEqual([password, 400, key, message]);
    }
    // nothing changed anywhere: the old password still signs in on the platform and here
    const check = t.browser();
    expect((await check.signIn(user.email, user.password)).statusCode).toBe(200);

    const good = await change('Sandbox-Strong-77');
    expect(good.statusCode, good.body).toBe(200);
    const after = t.browser();
    expect((await after.signIn(user.email, 'Sandbox-Strong-77')).statusCode).toBe(200);
  });

  it('registration still refuses the same passwords with the same keys, and opens the account with a good one', async () => {
    const b = t.browser();
    await b.me();
    const email = `policy.${Date.now().toString(36)}@example.com`;
    const register = (password: string) =>
      b.send('POST', '/api/register', {
        json: registration({ login: email, password }),
      });
    for (const [password, key] of [
      ['abcd1234', 'register.password_short'],
      ['password123', 'register.password_common'],
      [`${email}!`, 'register.password_email'],
    ]) {
      const res = await register(password);
      expect([password, res.statusCode, res.json().fields?.password]).toEqual([password, 400, key]);
    }
    expect((await register('Long-enough-2026')).statusCode).toBe(200);
  });

  it('the server module answers the policy’s key with an English message', () => {
    expect(passwordRefusal('abcd1234', 'a@example.com')).toEqual({ key: 'register.password_short', message: 'The password needs at least 10 characters.', params: { min: 10 } });
    expect(passwordRefusal('Sandbox-Strong-77', 'a@example.com')).toBeNull();
    expect(passwordProblem('aaaaaaaaaaaa', '')).toEqual({ key: 'register.password_common' });
  });
});
