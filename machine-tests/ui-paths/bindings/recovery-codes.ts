import type { Page } from 'playwright-core';
import { recoveryCodesModel } from '../../../machines/two-factor/two-factor.model';
import { signIn } from '../../browser/browser';
import { typeCode } from '../../browser/sandbox-users';
import { authenticatorCode, failNextRequest, freshUser, setUpAuthenticator } from '../sandbox';
import type { TestPath } from '../../../machine-kit/types';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

/** a page load, a dialog after a server call: longer under load */
const LOAD = { timeout: 30_000 };

const section = (page: Page) => page.getByTestId('recovery-codes-section');
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const CODES_TITLE = 'Save your recovery codes';
const CONFIRM_TITLE = 'Confirm with your authenticator app';

/** the page's next read of the count fails (a lost connection) when the path wants it to */
async function arrangeRead(ctx: PathContext): Promise<void> {
  const next = ctx.upcoming('loadStatus.done', 'loadStatus.error');
  if (next?.type.startsWith('xstate.error')) await failNextRequest(ctx.page, '**/api/security/recovery_codes');
}

/**
 * What the server can do: the authenticator's code confirms a change once per 30 s step (a code is
 * never taken twice, one step of drift), and the setup spent the current one: a path confirms at
 * most once.
 */
function feasible(path: TestPath): boolean {
  return path.steps.filter((s) => s.event.type.startsWith('xstate.done.actor') && s.event.type.includes('factor')).length <= 1;
}

/**
 * Recovery codes on the Security page (#/show/security) of a fresh trader signed in through the
 * sign-in form, whose authenticator was turned on through the API (its key kept: the path's code
 * is computed from it with `otpauth`, as an app would). *Generate new codes* asks the
 * authenticator's code in a dialog (Cancel is the dialog's); the new codes are shown once
 * (*Download (.txt)*, *I have saved them*), then the count is read again. A failed read or a
 * failed issue is a lost connection (page.route) on `/api/security/recovery_codes`.
 */
export const recoveryCodesBinding: UiBinding = {
  machine: 'recoveryCodes',
  model: recoveryCodesModel,
  maxPaths: 8,
  feasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    const user = await freshUser(page, baseURL);
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`, LOAD);
    ctx.world.secret = (await setUpAuthenticator(page, user.email)).secret;
    await arrangeRead(ctx);
    // a full load: the page reads the user (the authenticator on) and the count afresh
    await page.goto(`${baseURL}/en/trading#/show/security`);
    await page.reload();
    await section(page).waitFor(LOAD);
  },
  events: {
    async 'codes.renew'({ page }) {
      await section(page).getByRole('button', { name: 'Generate new codes' }).click(LOAD);
    },
    /** the authenticator's code typed in the dialog; the issue the code starts is arranged first */
    async 'twoFactorEntry.done'(ctx: StepContext) {
      const next = ctx.upcoming('issueCodes.done', 'issueCodes.error');
      if (next?.type.startsWith('xstate.error')) await failNextRequest(ctx.page, '**/api/security/recovery_codes');
      await dialog(ctx.page, CONFIRM_TITLE).waitFor(LOAD);
      await typeCode(ctx.page, authenticatorCode(String(ctx.world.secret), 1));
    },
    async 'factor.cancel'({ page }) {
      await dialog(page, CONFIRM_TITLE).getByRole('button', { name: 'Cancel' }).click(LOAD);
    },
    async 'codes.download'({ page }) {
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), dialog(page, CODES_TITLE).getByRole('button', { name: 'Download (.txt)' }).click(WAIT)]);
      if (download.suggestedFilename() !== 'brokerage-recovery-codes.txt') throw new Error(`the file is ${download.suggestedFilename()}`);
    },
    async 'codes.saved'(ctx) {
      await arrangeRead(ctx);
      await dialog(ctx.page, CODES_TITLE).getByRole('button', { name: 'I have saved them' }).click(WAIT);
    },
    async 'status.retry'(ctx) {
      await arrangeRead(ctx);
      await section(ctx.page).getByRole('button', { name: 'Try again' }).click(WAIT);
    },
    // started by the page load, the code or the saved codes; arranged before them
    'loadStatus.done': async () => {},
    'loadStatus.error': async () => {},
    'issueCodes.done': async () => {},
    'issueCodes.error': async () => {},
  },
  states: {
    async 'recoveryCodes.failed'({ page }) {
      await section(page).getByText('Your recovery codes could not be read.').waitFor(WAIT);
    },
    async 'recoveryCodes.idle'({ page, expected }) {
      const left = (expected.context as { left: number | null }).left;
      await section(page).getByTestId('recovery-left').waitFor(WAIT);
      // a fresh authenticator has its ten; new codes are ten again
      if (left !== null) await section(page).getByText('10 unused codes left.').waitFor(WAIT);
    },
    async 'recoveryCodes.confirming'({ page }) {
      await dialog(page, CONFIRM_TITLE).waitFor(LOAD);
    },
    async 'recoveryCodes.showing'({ page }) {
      await dialog(page, CODES_TITLE).waitFor(LOAD);
      const codes = await page.getByTestId('recovery-codes').locator('code').count();
      if (codes !== 10) throw new Error(`the dialog shows ${codes} recovery codes, not 10`);
    },
  },
};
