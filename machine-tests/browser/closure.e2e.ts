import { describe, expect, inject, it } from 'vitest';
import { openTab, post, sharedBrowser, signIn } from './browser';
import { chatSeen, freshUser } from './sandbox-users';

const baseURL = inject('baseURL');
const operator = inject('sandboxOperator');
const chromium = sharedBrowser();

const BTC = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';

describe('closing the account', () => {
  it('refused with the list and each next step; then, settled, closed: signed out, and the next sign-in refused', async () => {
    const { context, page, errors } = await openTab(chromium.current);
    await chatSeen(context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '120' }] });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`);
    await page.getByTestId('balance').waitFor();

    // from the security page
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await page.getByTestId('security-close-link').click();
    await page.getByTestId('closure-page').waitFor();
    const money = page.getByTestId('closure-blocker-balance');
    await money.waitFor();
    expect(await money.textContent()).toContain('120.00');
    expect(await page.getByTestId('closure-next-balance').getAttribute('href')).toContain('#/show/withdrawal');

    // the money withdrawn: now the withdrawal waits to be paid
    const asked = await post(page, '/api/withdrawal/final', { amount: '120.00', method: 'Bitcoin', wallet: BTC, fixed: false, alt: '', currency: 'USD', is_bonus: false, key: `closure-e2e-${Math.random().toString(36).slice(2, 10)}` });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await page.getByTestId('closure-check-again').click();
    await page.getByTestId('closure-blocker-pending_withdrawal').waitFor();
    expect(await page.getByTestId('closure-blocker-balance').count()).toBe(0);

    // the payout processor pays it: nothing is left
    expect(asked.body).toMatchObject({ return: true });
    const settled = await post(page, '/api/sandbox/withdrawals/settle', { id: asked.body.transactionId, outcome: 'paid' }, { 'x-sandbox-operator': operator });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    await page.getByTestId('closure-check-again').click();
    await page.getByTestId('closure-form').waitFor();

    await page.getByTestId('closure-reason').selectOption('not_using');
    await page.getByTestId('closure-password').fill(user.password);
    await page.getByTestId('closure-submit').click();
    await page.getByTestId('closure-confirm').waitFor();
    await page.getByTestId('closure-confirm-yes').click();

    // signed out: on the sign-in page, told the account is closed
    await page.waitForURL(`${baseURL}/en/login**`);
    await page.getByTestId('login-closed-notice').waitFor();
    expect((await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { user: unknown })).user).toBeNull();

    // signing in again is refused with the reason
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('This account is closed.', { exact: false }).last().waitFor();
    expect(page.url()).toContain('/en/login');
    expect(errors).toEqual([]);
  });
});
