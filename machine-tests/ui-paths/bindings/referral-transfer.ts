import type { Page } from 'playwright-core';
import { signIn } from '../../browser/browser';
import { chatSeen } from '../../browser/sandbox-users';
import { freshUser } from '../sandbox';
import type { PathContext, UiBinding } from '../types';
import { WAIT } from './wait';

/**
 * A referral commission, made as the product makes one (docs/sandbox.md "Referral"): a visitor
 * arrives through the trader's program link, registers (the page's own call, then its autologin)
 * and pays a sandbox Vload voucher of 250.00; the trader's referral balance is then 12.50.
 */
async function referredDeposit(ctx: PathContext, href: string): Promise<void> {
  const browser = ctx.context.browser();
  if (!browser) throw new Error('no browser');
  const visitor = await browser.newContext();
  try {
    const page = await visitor.newPage();
    await page.goto(href);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const url = await page.evaluate(async (login) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const body = { country: 'PT', currency: 'USD', login, password: 'Long-enough-2026', firstName: 'Rita', lastName: 'Silva', phone_prefix: '351', phone: '912 345 678', lang: 'en', terms: true };
      const res = await fetch('/api/register', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`register ${res.status} ${await res.text()}`);
      return ((await res.json()) as { url: string }).url;
    }, `referred-${stamp}@example.com`);
    await page.goto(new URL(url, ctx.baseURL).toString());
    await page.waitForURL(`${ctx.baseURL}/en/trading**`, { timeout: 15_000 });
    const pin = `1250${stamp.slice(-12).padStart(12, '0')}`;
    await page.evaluate(async (pin) => {
      const me = (await (await fetch('/api/me')).json()) as { csrf: string };
      const res = await fetch('/api/card/fast/vload', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf }, body: JSON.stringify({ amount: pin, fixed: false, bonus: false }) });
      if (!res.ok) throw new Error(`vload ${res.status} ${await res.text()}`);
    }, pin);
  } finally {
    await visitor.close();
  }
}

async function openReferral(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/en/trading#/show/referral`);
  await page.getByRole('heading', { name: 'Referral program' }).waitFor({ timeout: 15_000 });
  await page.getByTestId('referral-transfer-form').waitFor(WAIT);
}

/**
 * The transfer of the referral balance on the referral page (#/show/referral), a fresh trader with
 * a USD trading account. A transfer the path wants made needs a balance: a referred visitor's first
 * deposit pays the commission (12.50) before the page opens (one registration per such path: the
 * server opens at most 10 accounts a day per address). The server's refusal is real: more than
 * the balance (none, or 12 of 12.50 already moved). The amounts the path types are the model's;
 * a whole amount the server should accept is 12 (of 12.50).
 */
export const referralTransferBinding: UiBinding = {
  machine: 'referralTransfer',
  maxPaths: 4,
  // one transfer accepted per path: the balance left (0.50) refuses any whole amount
  feasible: (path) => path.steps.filter((s) => s.event.type.startsWith('xstate.done.actor')).length <= 1,
  async start(ctx) {
    const { page, baseURL, path } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '0.00' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`, WAIT);
    await page.getByTestId('balance').waitFor(WAIT);
    if (path.steps.some((s) => s.event.type.startsWith('xstate.done.actor'))) {
      await openReferral(page, baseURL);
      const href = (await page.getByTestId('referral-program-href').textContent()) ?? '';
      await referredDeposit(ctx, href);
      await page.reload();
      await page.getByTestId('referral-balance').filter({ hasText: '12.50' }).waitFor({ timeout: 15_000 });
    }
    await openReferral(page, baseURL);
  },
  events: {
    async 'amount.change'({ page, event, upcoming }) {
      const value = String(event.value);
      // a whole amount is typed as one the server accepts (12 of 12.50) or refuses (1000), as the path's outcome wants
      const outcome = upcoming('transfer.done', 'transfer.error');
      const whole = /^\d+$/.test(value.trim()) && Number(value) > 0;
      await page.getByTestId('referral-transfer-amount').fill(whole && outcome ? (outcome.type.includes('done') ? '12' : '1000') : value);
    },
    async submit({ page }) {
      await page.getByTestId('referral-transfer-submit').click();
    },
    'transfer.done': async () => {},
    'transfer.error': async () => {},
  },
  states: {
    async 'referralTransfer.editing'({ page }) {
      await page.getByTestId('referral-transfer-submit').waitFor(WAIT);
    },
    async 'referralTransfer.refused'({ page }) {
      await page.getByTestId('referral-transfer-error').waitFor(WAIT);
    },
    async 'referralTransfer.sending'({ page }) {
      await page.getByRole('button', { name: 'Transferring…' }).waitFor(WAIT);
    },
    async 'referralTransfer.done'({ page }) {
      await page.getByTestId('referral-transfer-done').waitFor(WAIT);
    },
  },
};
