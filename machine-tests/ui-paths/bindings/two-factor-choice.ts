import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { twoFactorChoiceModel } from '../../../machines/two-factor/two-factor.model';
import { signIn } from '../../browser/browser';
import { typeCode } from '../../browser/sandbox-users';
import { failNextRequest, freshUser, outboxCode } from '../sandbox';
import type { TestPath } from '../../../machine-kit/types';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

/** a dialog after a server call, a page load: longer under load */
const LOAD = { timeout: 30_000 };

interface User {
  email: string;
  password: string;
}

const factorRow = (page: Page, method: string) => page.getByTestId(`factor-${method}`);
const dialog = (page: Page) => page.getByRole('dialog');

/** the newest code in the outbox once it is not `before` (the code the step just made the server send) */
async function newCode(page: Page, email: string, before: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = await outboxCode(page, email);
    if (code !== before) return code;
    await page.waitForTimeout(100);
  }
  throw new Error(`no new code in the outbox of ${email}`);
}

const newest = async (page: Page, email: string): Promise<string> =>
  page.evaluate(async (address) => {
    const res = await fetch(`/api/sandbox/outbox?email=${encodeURIComponent(address)}`);
    const body = (await res.json()) as { messages: { code?: string }[] };
    return body.messages[0]?.code ?? '';
  }, email);

/** the request of the method change the click starts fails when the path wants it (a lost connection) */
async function arrangeSet(ctx: StepContext): Promise<void> {
  const next = ctx.upcoming('setFactor.done', 'setFactor.error');
  if (next?.type.startsWith('xstate.error')) await failNextRequest(ctx.page, '**/api/fraud/two_factors');
}

/**
 * What the page and the server can do: a row's button turns its method on when it is off and off when on; the server's
 * answers: a change turning a method on sends a code
 * (`next: 'code'`), turning one off is saved at once (`next: 'done'`); the emailed code of a setup
 * returns a new key (QR) for the authenticator and none for email; the authenticator's first code
 * saves it with its recovery codes (and only that step answers codes).
 */
function feasible(path: TestPath): boolean {
  let chosen: { method?: unknown; enable?: unknown } = {};
  for (let i = 1; i < path.steps.length; i++) {
    const { event } = path.steps[i];
    const before = path.steps[i - 1].state.value;
    if (event.type === 'method.choose') {
      // a row's button turns its method off when it is on, else on
      const current = (path.steps[i - 1].state.context as { current: string }).current;
      if (event.enable !== (current !== event.method)) return false;
      chosen = { method: event.method, enable: event.enable };
    } else if (event.type.startsWith('xstate.done.actor') && before === 'requesting') {
      const next = (event.output as { next?: string }).next;
      if ((next === 'done') !== (chosen.enable === false)) return false;
    } else if (event.type.startsWith('xstate.done.actor') && before === 'enteringCode') {
      if (!!(event.output as { qr?: string }).qr !== (chosen.method === 'google')) return false;
      if ((event.output as { recoveryCodes?: string[] }).recoveryCodes) return false;
    } else if (event.type.startsWith('xstate.done.actor') && before === 'google') {
      // saving the authenticator always answers its recovery codes
      if (!(event.output as { recoveryCodes?: string[] }).recoveryCodes) return false;
    } else if (event.type.startsWith('xstate.done.actor') && before === 'confirmingCurrent') {
      const output = event.output as { qr?: string; recoveryCodes?: string[] };
      if (output.qr || output.recoveryCodes) return false;
    }
  }
  return true;
}

/**
 * The two-factor method on the Security page (#/show/security) of a fresh trader signed in through
 * the sign-in form; input `current: 'email'`: a sandbox trader with the email factor on (its sign-in asks
 * the emailed code). Turn on / Turn off are the
 * rows' buttons; each code is the real one: the emailed code from the sandbox outbox (the current
 * method's, which the entry sends itself, or the setup's), the authenticator's computed from the key
 * the page shows (`otpauth`, as an app would). Cancel is the dialog's. A failed change is a lost
 * connection. The mount's own `method.sync` (the page tells the machine the user's method) is the
 * sync transition; another method set elsewhere is not arranged (paths are cut there).
 */
export const twoFactorChoiceBinding: UiBinding = {
  machine: 'twoFactorChoice',
  model: twoFactorChoiceModel,
  maxPaths: 8,
  feasible,
  async start(ctx: PathContext) {
    const { page, baseURL } = ctx;
    const input = ctx.input as { current: string };
    await page.goto(`${baseURL}/en/login`);
    // the email factor on from the sandbox (no setup code sent: the path's own setup may send one at once)
    const user = await freshUser(page, baseURL, input.current === 'email' ? { two_factor: 'email' } : {});
    ctx.world.user = user;
    await signIn(page, baseURL, user);
    if (input.current === 'email') await typeCode(page, await outboxCode(page, user.email));
    await page.waitForURL(`${baseURL}/en/trading**`, LOAD);
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await page.reload();
    await factorRow(page, 'google').getByRole('button', { name: 'Turn on' }).waitFor(LOAD);
    if (input.current === 'email') await factorRow(page, 'email').getByText('On', { exact: true }).waitFor(LOAD);
    ctx.world.lastCode = await newest(page, user.email);
  },
  events: {
    async 'method.choose'(ctx) {
      const { page, event } = ctx;
      await arrangeSet(ctx);
      await factorRow(page, String(event.method)).getByRole('button', { name: event.enable ? 'Turn on' : 'Turn off' }).click(WAIT);
    },
    /** the "sign out my other devices" box under the methods (issue 31 §2) */
    async 'endOthers.set'({ page, event }) {
      const box = page.getByLabel('When I change the second factor, sign out my other devices');
      await box.setChecked(Boolean(event.value), WAIT);
    },
    async 'factor.cancel'({ page }) {
      await dialog(page).getByRole('button', { name: 'Cancel' }).click(WAIT);
    },
    /** the code entry in the dialog accepts its code: the emailed one, or the authenticator's */
    async 'twoFactorEntry.done'(ctx) {
      const { page } = ctx;
      const user = ctx.world.user as User;
      // a change whose request comes next: arranged before the code completes the entry
      await arrangeSet(ctx);
      const secret = page.getByTestId('totp-secret');
      if (await secret.count()) {
        const key = ((await secret.textContent()) ?? '').trim();
        await typeCode(page, new TOTP({ secret: Secret.fromBase32(key) }).generate());
        return;
      }
      const code = await newCode(page, user.email, String(ctx.world.lastCode ?? ''));
      ctx.world.lastCode = code;
      await typeCode(page, code);
    },
    /** the recovery codes' dialog: Download saves the file the page makes */
    async 'codes.download'({ page }) {
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), dialog(page).getByRole('button', { name: 'Download (.txt)' }).click(WAIT)]);
      if (download.suggestedFilename() !== 'brokerage-recovery-codes.txt') throw new Error(`the file is ${download.suggestedFilename()}`);
    },
    async 'codes.saved'({ page }) {
      await dialog(page).getByRole('button', { name: 'I have saved them' }).click(WAIT);
    },
    'setFactor.done': async () => {},
    'setFactor.error': async () => {},
  },
  reasons: {
    'twoFactorChoice.requesting:xstate.done.actor.0.twoFactorChoice.requesting:2':
      'the server never answers a method change with success: false (POST /api/fraud/two_factors answers saved, a code sent, or a refusal by status)',
  },
  states: {
    async 'twoFactorChoice.idle'({ page }) {
      await factorRow(page, 'google').getByRole('button').first().waitFor(WAIT);
      if (await dialog(page).count()) await dialog(page).waitFor({ state: 'detached', ...WAIT });
    },
    async 'twoFactorChoice.confirmingCurrent'({ page }) {
      await page.getByRole('heading', { name: 'Confirm with your current method' }).waitFor(LOAD);
    },
    async 'twoFactorChoice.enteringCode'({ page }) {
      await page.getByRole('heading', { name: 'Enter the code we sent' }).waitFor(LOAD);
    },
    async 'twoFactorChoice.showingCodes'({ page }) {
      await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor(LOAD);
      const codes = await page.getByTestId('recovery-codes').locator('code').count();
      if (codes !== 10) throw new Error(`the dialog shows ${codes} recovery codes, not 10`);
    },
    async 'twoFactorChoice.google'({ page }) {
      await page.getByRole('heading', { name: 'Set up your authenticator app' }).waitFor(LOAD);
      await page.getByTestId('totp-secret').waitFor(WAIT);
    },
  },
};
