import { bech32 } from '@scure/base';
import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { withdrawalModel } from '../../../machines/withdrawal/withdrawal.model';
import type { TestPath } from '../../../machine-kit/types';
import { signIn } from '../../browser/browser';
import { chatSeen, typeCode } from '../../browser/sandbox-users';
import { failNextRequest, freshUser, outboxCode, sandboxCall } from '../sandbox';
import { breakNextCsrf, scriptOutcomes, signedOutNextRequest } from './cash-helpers';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const BTC = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(5))]);
const IBAN = 'DE89 3704 0044 0532 0130 00';

interface User {
  email: string;
  password: string;
}

const isDone = (e: AnyEventObject | undefined) => !!e && e.type.startsWith('xstate.done.actor');
const caseOf = (e: AnyEventObject | undefined) => (e?.output as { case?: string } | undefined)?.case;
const finalOf = (e: AnyEventObject | undefined) => e?.output as { return?: boolean; factor?: boolean } | undefined;
const checks = (path: TestPath) => path.steps.map((s) => s.event).filter((e) => e.type.includes('withdrawal.checking'));
const finals = (path: TestPath) => path.steps.map((s, i) => ({ e: s.event, i })).filter(({ e }) => e.type.includes('withdrawal.finalizing'));

/** whether a final request of the path asks for the second factor: the user then has the email factor, and every first final asks it */
const usesFactor = (path: TestPath) => finals(path).some(({ e }) => isDone(e) && finalOf(e)?.factor);

/**
 * What the sandbox can make of a path: the bonus turnover is a fact of the user (fresh-user), so a
 * path that meets case two never meets one or five; a user with the second factor is asked it on
 * every first final request (and not again right after the code).
 */
function feasible(path: TestPath): boolean {
  const cases = checks(path).filter(isDone).map(caseOf);
  if (cases.includes('two') && cases.some((c) => c === 'one' || c === 'five')) return false;
  if (!usesFactor(path)) return true;
  for (const { e, i } of finals(path)) {
    if (!isDone(e)) continue;
    // the final request entered from the code entry carries the grant: the server holds it
    const afterCode = path.steps[i - 1]?.event.type === 'xstate.done.actor.factor';
    if (!!finalOf(e)?.factor === afterCode) return false;
  }
  return true;
}

async function openWithdrawal(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/en/trading#/show/withdrawal`);
  await page.getByRole('heading', { name: 'Withdraw funds' }).waitFor(WAIT);
}

/** Arranges the answers of the request the next submit (or confirm) starts, from the outcomes later in the path. */
async function arrange(ctx: StepContext | PathContext, what: 'check' | 'final'): Promise<{ fiat: boolean }> {
  const { page } = ctx;
  const user = ctx.world.user as User;
  let fiat = true;
  if (what === 'check') {
    const check = ctx.upcoming('checkWithdrawal.done', 'checkWithdrawal.error');
    const kind = caseOf(check);
    const verification = kind === 'verify' ? 'None' : 'Full';
    if (ctx.world.verification !== verification) {
      await sandboxCall(page, '/api/sandbox/verification', { email: user.email, verification });
      ctx.world.verification = verification;
    }
    if (isDone(check) && (check?.output as { need_auth?: boolean }).need_auth) await signedOutNextRequest(page, ctx.baseURL, '**/api/withdrawal');
    if (check && !isDone(check)) {
      const error = check.error as { status?: number } | undefined;
      if (error?.status === 401) await breakNextCsrf(page, '**/api/withdrawal');
      else await failNextRequest(page, '**/api/withdrawal');
    }
    // one: a method never used (Bitcoin); five: the used Bank Wire
    fiat = kind !== 'one';
    if (kind !== 'five') return { fiat };
  }
  const final = ctx.upcoming('finalWithdrawal.done', 'finalWithdrawal.error');
  if (final && !isDone(final)) {
    const error = final.error as { kind?: string; status?: number } | undefined;
    if (error?.kind === 'http') await breakNextCsrf(page, '**/api/withdrawal/final');
    else await failNextRequest(page, '**/api/withdrawal/final');
  } else if (final && !finalOf(final)?.factor) {
    // a held withdrawal is paid at once (nothing stays pending: the next check is not case six); or the provider refuses it
    await scriptOutcomes(page, { withdrawal: [{ outcome: finalOf(final)?.return ? 'approve' : 'fail' }] });
  }
  return { fiat };
}

async function fillAndSubmit(ctx: StepContext): Promise<void> {
  const { page, event } = ctx;
  const amount = String(event.amount);
  const wallet = String(event.wallet);
  const invalid = !/^[0-9]+([.,][0-9]+)?$/.test(amount.trim()) || Number(amount.replace(',', '.')) <= 0 || wallet.trim() === '';
  let fiat = false;
  if (!invalid) ({ fiat } = await arrange(ctx, (ctx.input as { fixed: boolean }).fixed ? 'final' : 'check'));
  // exchange mode takes the tab's coin from the exchange account: the user holds BTC
  if ((ctx.input as { fixed: boolean }).fixed) fiat = false;
  await tab(page, fiat ? 'USD' : 'Bitcoin').click(WAIT);
  if (fiat) await page.getByLabel('Pay out by').selectOption('Bank Wire');
  await page.getByLabel(/^Amount/).fill(invalid ? amount : (ctx.input as { fixed: boolean }).fixed ? '0.2' : '10');
  await page.getByRole('textbox', { name: /address|IBAN/ }).fill(wallet.trim() === '' ? wallet : fiat ? IBAN : BTC);
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
/** a payout tab by its label (the button reads its number, then the label: "10 USD") */
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^\\d+ ${label}$`) });

/**
 * Withdrawal at #/show/withdrawal, for a fresh verified user with 1,000 USD who used Bank Wire
 * before (case five), or in exchange mode with 0.5 BTC on the exchange account. What the server
 * answers is arranged before each submit: the verification (case verify), the method (one or
 * five), a scripted payout outcome (approve, so nothing stays pending; fail, the provider's
 * refusal: docs/sandbox.md "Scripted outcomes"), a lost connection or a session whose CSRF token
 * no longer matches (page.route).
 */
export const withdrawalBinding: UiBinding = {
  machine: 'withdrawal',
  model: withdrawalModel,
  maxPaths: 24,
  feasible,
  async start(ctx) {
    const { page, baseURL, input, path } = ctx;
    const fixed = (input as { fixed: boolean }).fixed;
    await chatSeen(ctx.context);
    const factor = usesFactor(path);
    const two = checks(path).some((e) => caseOf(e) === 'two');
    const user = await freshUser(page, baseURL, {
      wd_methods: 'Bank Wire',
      balances: fixed ? [{ currency: 'USD', type: 'trading', amount: '100.00' }, { currency: 'BTC', type: 'exchange', amount: '0.50000000' }] : [{ currency: 'USD', type: 'trading', amount: '1000.00' }],
      ...(two && { turnover: { current: '1200.00', need: '5000.00' } }),
      ...(factor && { two_factor: 'email' as const }),
    });
    ctx.world.user = user;
    ctx.world.verification = 'Full';
    await signIn(page, baseURL, user);
    if (factor) await typeCode(page, await outboxCode(page, user.email));
    await page.waitForURL(`${baseURL}/en/trading**`, WAIT);
    await page.getByTestId('balance').waitFor(WAIT);
    if (fixed) {
      await page.goto(`${baseURL}/en/trading#/show/accounts`);
      await page.getByRole('button', { name: 'Use the exchange account' }).click();
      await page.getByRole('button', { name: /^(Use the exchange account|Switching…)$/ }).waitFor({ state: 'detached', timeout: 5_000 });
    }
    await openWithdrawal(page, baseURL);
  },
  events: {
    async 'tab.select'({ page }) {
      await tab(page, 'USD').click(WAIT);
    },
    async 'form.edit'({ page }) {
      await page.getByLabel(/^Amount/).pressSequentially('1');
    },
    'form.submit': fillAndSubmit,
    // started by the submit, arranged there: the page answers by itself
    'checkWithdrawal.done': async () => {},
    'checkWithdrawal.error': async () => {},
    'finalWithdrawal.done': async () => {},
    'finalWithdrawal.error': async () => {},
    async 'confirm.yes'(ctx) {
      await arrange(ctx, 'final');
      await dialog(ctx.page, /./).getByRole('button', { name: 'Continue' }).click();
    },
    async 'confirm.no'({ page }) {
      await dialog(page, /./).getByRole('button', { name: 'Back' }).click();
    },
    async 'verify.go'({ page, baseURL }) {
      await dialog(page, 'Verify your identity first').getByRole('button', { name: 'Go to verification' }).click();
      await page.waitForFunction(() => window.location.hash === '#/show/personal/withdrawal', undefined, WAIT);
      // back to the form (a new page of the flow, in editing)
      await openWithdrawal(page, baseURL);
    },
    async 'verify.close'({ page }) {
      await dialog(page, 'Verify your identity first').getByRole('button', { name: 'Close' }).first().click();
    },
    async 'twoFactorEntry.done'(ctx) {
      await arrange(ctx, 'final');
      const user = ctx.world.user as User;
      await typeCode(ctx.page, await outboxCode(ctx.page, user.email));
    },
    async 'factor.cancel'({ page }) {
      await dialog(page, 'Confirm the withdrawal').getByRole('button', { name: 'Cancel' }).click();
    },
    async 'form.again'({ page }) {
      await page.getByRole('button', { name: 'New withdrawal' }).click();
    },
  },
  states: {
    async 'withdrawal.editing'({ page, expected }) {
      await page.getByRole('button', { name: 'Request withdrawal' }).waitFor(WAIT);
      if ((expected.context as { error: unknown }).error) await page.getByRole('alert').first().waitFor(WAIT);
    },
    async 'withdrawal.checking'({ page }) {
      await page.getByRole('button', { name: 'Checking…' }).waitFor(WAIT);
    },
    async 'withdrawal.finalizing'({ page }) {
      await page.getByRole('button', { name: 'Sending…' }).waitFor(WAIT);
    },
    async 'withdrawal.confirming'({ page }) {
      await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).waitFor(WAIT);
    },
    async 'withdrawal.needVerify'({ page }) {
      await dialog(page, 'Verify your identity first').waitFor(WAIT);
    },
    async 'withdrawal.factor'({ page }) {
      await dialog(page, 'Confirm the withdrawal').waitFor(WAIT);
    },
    async 'withdrawal.done'({ page }) {
      await page.getByRole('heading', { name: 'Withdrawal requested' }).waitFor(WAIT);
    },
    async 'withdrawal.loggedOut'({ page, baseURL }) {
      await page.waitForURL(`${baseURL}/en/login**`, WAIT);
    },
  },
  reasons: {
    'withdrawal.checking:xstate.done.actor.0.withdrawal.checking:1':
      'a check answered return: false: our server answers every refusal of the check as an HTTP error (409 with its key), never as return: false, and its answers are not faked in the page',
  },
};
