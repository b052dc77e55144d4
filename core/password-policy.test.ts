import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem, passwordRules } from './password-policy';

const keyOf = (password: string, login = 'anna.trader@example.com') => passwordProblem(password, login)?.key ?? null;

describe('passwordProblem: the first rule a password breaks', () => {
  it('asks for a password when it is empty', () => {
    expect(passwordProblem('', 'a@b.c')).toEqual({ key: 'register.required' });
  });

  it('refuses below the minimum and above the maximum, at the exact bounds', () => {
    expect(PASSWORD_MIN).toBe(10);
    expect(PASSWORD_MAX).toBe(128);
    expect(passwordProblem('Vq3#kd9Lz', '')).toEqual({ key: 'register.password_short', params: { min: 10 } });
    expect(keyOf('Vq3#kd9Lzx')).toBeNull();
    expect(keyOf('Vq3#kd9Lzx'.padEnd(128, 'y'))).toBeNull();
    expect(passwordProblem('Vq3#kd9Lzx'.padEnd(129, 'y'), '')).toEqual({ key: 'register.password_long', params: { max: 128 } });
  });

  it('refuses a password that is or holds the email, or holds its local part of 4 letters or more', () => {
    expect(keyOf('anna.trader@example.com')).toBe('register.password_email');
    expect(keyOf('x1ANNA.TRADER@EXAMPLE.COMx')).toBe('register.password_email');
    expect(keyOf('my-anna.trader-pw')).toBe('register.password_email');
    expect(keyOf('Zz9!boba-is-here', ' bob@example.com ')).toBeNull(); // a 3-letter local part is too short to judge
    expect(keyOf('Zz9!bobby-is-here', 'Bobby@example.com')).toBe('register.password_email');
    expect(keyOf('Zz9!anything-long', '')).toBeNull(); // no login known yet
  });

  it('refuses common passwords whatever their case, and one character repeated', () => {
    expect(keyOf('QWERTYUIOP')).toBe('register.password_common');
    expect(keyOf('password123')).toBe('register.password_common');
    expect(keyOf('administrator')).toBe('register.password_common');
    expect(keyOf('aaaaaaaaaaaa')).toBe('register.password_common');
    expect(keyOf('aaaaaaaaaaab')).toBeNull();
    expect(keyOf('Tr4ding-on-M0nday')).toBeNull();
  });

  it('judges the length before the email and the email before the common list', () => {
    expect(keyOf('anna', 'anna@example.com')).toBe('register.password_short');
    expect(keyOf('password123', 'password123@example.com')).toBe('register.password_email');
  });
});

describe('passwordRules: the rules as the trader types', () => {
  const ok = (password: string, login = 'anna.trader@example.com') => passwordRules(password, login).map((r) => [r.key, r.ok]);

  it('shows every rule unmet for an empty field, with the minimum', () => {
    expect(passwordRules('', 'a@b.c')).toEqual([
      { key: 'register.rule.length', params: { min: 10 }, ok: false },
      { key: 'register.rule.email', ok: false },
      { key: 'register.rule.common', ok: false },
    ]);
  });

  it('judges the email and common rules on what is typed so far, before the minimum length', () => {
    expect(ok('Tr4d')).toEqual([['register.rule.length', false], ['register.rule.email', true], ['register.rule.common', true]]);
    expect(ok('anna.trader')).toEqual([['register.rule.length', true], ['register.rule.email', false], ['register.rule.common', true]]);
    expect(ok('aaaa')).toEqual([['register.rule.length', false], ['register.rule.email', true], ['register.rule.common', true]]);
    expect(ok('aaaaaaaaaa')).toEqual([['register.rule.length', true], ['register.rule.email', true], ['register.rule.common', false]]);
    expect(ok('Tr4ding-on-M0nday')).toEqual([['register.rule.length', true], ['register.rule.email', true], ['register.rule.common', true]]);
  });
});

describe('edges the mutation run found untested', () => {
  it('refuses every password of the common list', () => {
    const common = [
      '1234567890', '0987654321', '12345678910', '123456789012', 'qwertyuiop', 'qwerty1234', '1q2w3e4r5t', '1qaz2wsx3edc',
      'password12', 'password123', 'password1234', 'passw0rd12', 'iloveyou12', 'letmein123', 'welcome123', 'trustno1234',
      'abc1234567', 'abcdefghij', 'asdfghjkl1', 'zxcvbnm123', 'qwerty123456', 'administrator',
    ];
    for (const password of common) expect(keyOf(password, ''), password).toBe('register.password_common');
  });

  it('reads the login without the spaces around it', () => {
    expect(keyOf('my-bobby-pass1', '  bobby@example.com  ')).toBe('register.password_email');
  });

  it('refuses a password holding the whole email even when its local part is too short to judge', () => {
    expect(keyOf('x-bob@example.com-1', 'bob@example.com')).toBe('register.password_email');
  });

  it('judges a local part of exactly 4 letters', () => {
    expect(keyOf('xx-anna-12345', 'anna@example.com')).toBe('register.password_email');
  });

  it('shows the email rule unmet while the password is still short', () => {
    expect(passwordRules('annat', 'annat@example.com').find((r) => r.key === 'register.rule.email')?.ok).toBe(false);
  });
});

