import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/contract/common';
import { asApiError } from './http';

const good: unknown[] = [
  { error: 'login.wrong', message: 'Wrong email or password.' },
  { error: 'limits.over', message: 'Over the limit', code: 'L1', params: { limit: '1,000.00 USD' } },
  { error: 'validation', message: 'Check the form', fields: { email: 'register.email_invalid' } },
  { error: 'x', message: '', fields: {}, params: {}, extra: 'dropped' },
];
const bad: unknown[] = [
  null,
  'server_error',
  [],
  { error: 'x' },
  { message: 'no error key' },
  { error: 1, message: 'm' },
  { error: 'x', message: 'm', code: 5 },
  { error: 'x', message: 'm', fields: { email: 3 } },
  { error: 'x', message: 'm', params: ['a'] },
  { error: 'x', message: 'm', params: null },
];

describe('a refusal read without zod', () => {
  it.each(good)('reads %j as the contract does', (body) => {
    expect(asApiError(body)).toEqual(ApiError.parse(body));
  });
  it.each(bad)('refuses %j, as the contract does', (body) => {
    expect(ApiError.safeParse(body).success).toBe(false);
    expect(asApiError(body)).toBeNull();
  });
});
