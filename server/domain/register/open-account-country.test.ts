import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxGateway } from '../../sandbox/platform/gateway';
import { testApp, type TestApp } from '../../test/client';
import { openAccount } from './register';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

describe('openAccount refuses a country we do not take, whoever calls it (issue 30 §5)', () => {
  const body = (country: string) => ({ country, currency: 'USD' as const, login: `open-${country}-${Date.now()}@example.com`, password: 'Long-enough-2026', firstName: 'Olga', lastName: 'Open', phone_prefix: '49', phone: '1512 345-6789', terms: true });

  it('a blocked country: 400 with the country field, no user written, the platform not asked', async () => {
    let asked = 0;
    const real = sandboxGateway(t.db);
    const platform = { ...real, createAccount: async (...args: Parameters<typeof real.createAccount>) => (asked++, real.createAccount(...args)) };
    for (const iso of ['IR', 'KP', 'MM']) {
      const b = body(iso);
      await expect(openAccount(t.db, platform, b, 'en')).rejects.toMatchObject({ status: 400, key: 'validation', fields: { country: 'register.country_blocked' } });
      expect(await t.db.selectFrom('users').select('id').where('email', '=', b.login).executeTakeFirst()).toBeUndefined();
    }
    await expect(openAccount(t.db, platform, body('ZZ'), 'en')).rejects.toMatchObject({ fields: { country: 'register.country_invalid' } });
    expect(asked).toBe(0);
    await expect(openAccount(t.db, platform, body('DE'), 'en')).resolves.toMatchObject({ userId: expect.any(Number) });
    expect(asked).toBe(1);
  });
});
