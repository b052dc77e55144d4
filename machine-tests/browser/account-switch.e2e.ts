import { describe, expect, inject, it } from 'vitest';
import { openTab, sharedBrowser, signIn } from './browser';
import { freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const chromium = sharedBrowser();

/**
 * One balance story: after a switch to an account the platform does not hold, the
 * header shows the current account and the home view says which account the platform shows; the
 * figures carry the same label and are written the same way (core/format) in both languages.
 */
describe('the platform after an account switch', () => {
  for (const lang of ['en', 'ru'] as const) {
    it(`in ${lang}: the header follows the switch, and the page says the platform shows the other account`, { timeout: 120_000 }, async () => {
      const { page, context, errors } = await openTab(chromium.current);
      await context.addInitScript(() => localStorage.setItem('chat.autoOpened', '1'));
      const user = await freshUser(page, baseURL, {
        balances: [
          { currency: 'USD', type: 'trading', amount: '2850.00' },
          { currency: 'EUR', type: 'trading', amount: '120.50' },
        ],
      });
      await signIn(page, baseURL, user, lang);
      await page.waitForURL(`${baseURL}/${lang}/trading**`);
      const platform = page.frameLocator('iframe.platform__frame');
      const usd = lang === 'ru' ? '2\u00a0850,00\u00a0$' : '$2,850.00';
      const eur = lang === 'ru' ? '120,50\u00a0€' : '€120.50';
      const balance = page.getByTestId('balance').locator('strong');

      // the USD account is current and on the platform: the same text in the header and the frame, no note
      await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe(usd);
      await expect.poll(() => platform.locator('#balance').textContent(), { timeout: 15_000 }).toBe(usd);
      expect(await platform.locator('[data-i18n="balance"]').textContent()).toBe(lang === 'ru' ? 'Баланс' : 'Balance');
      expect(await page.getByTestId('platform-account').count()).toBe(0);

      // switch to the EUR account (not on the platform)
      await page.evaluate(() => (window.location.hash = '#/show/accounts'));
      const eurAccount = page.getByTestId('account').filter({ hasText: eur });
      await eurAccount.getByRole('button').click();
      await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe(eur);
      expect(await eurAccount.getByTestId('account-label').textContent()).toBe(lang === 'ru' ? 'Баланс' : 'Balance');

      // home: the platform still shows the USD account, and the page says so
      await page.evaluate(() => (window.location.hash = '#/home'));
      const note = page.getByTestId('platform-account');
      await note.waitFor({ timeout: 15_000 });
      const said = (await note.textContent()) ?? '';
      expect(said).toContain('USD');
      expect(said).toContain('EUR');
      expect(said).toContain(lang === 'ru' ? 'Платформа ниже показывает ваш счёт в USD' : 'The platform below shows your USD account');
      expect(await platform.locator('#balance').textContent()).toBe(usd);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
