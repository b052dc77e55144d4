import type { UiBinding } from '../types';
import { askNotMe, dialog, freeReads, heldNotMe, openHistory, section } from './sign-in-history';
import { WAIT } from './wait';

/**
 * "This wasn't me" (issue 31 §3) as the sign-in history's dialog, for a fresh trader signed in here
 * and from one other browser (a new device). The history's read goes on at once; the dialog's
 * request waits on its way until the path's step for its outcome: answered (every session ends;
 * the page leaves for the sign-in page), refused (the sign-in's id altered on its way: the server
 * refuses it, as it refuses a used link) or lost.
 */
export const notMeBinding: UiBinding = {
  machine: 'notMe',
  maxPaths: 6,
  async start(ctx) {
    await openHistory(ctx, 1);
    await freeReads(ctx);
    await section(ctx).getByTestId('sign-in-row').first().waitFor(WAIT);
    await askNotMe(ctx);
  },
  events: {
    async 'notMe.confirm'(ctx) {
      await dialog(ctx).getByTestId('not-me-confirm').click();
    },
    async 'notMe.cancel'(ctx) {
      await dialog(ctx).getByRole('button', { name: 'It was me' }).click();
    },
    async 'secure.done'(ctx) {
      await (await heldNotMe(ctx)).continue();
    },
    async 'secure.error'(ctx) {
      const route = await heldNotMe(ctx);
      if ((ctx.event.error as { status?: number } | undefined)?.status) await route.continue({ postData: JSON.stringify({ event: '999999999' }) });
      else await route.abort('internetdisconnected');
    },
  },
  states: {
    async 'notMe.asking'(ctx) {
      await dialog(ctx).locator('[data-testid=not-me-confirm]:not([aria-busy])').waitFor(WAIT);
    },
    async 'notMe.sending'(ctx) {
      await dialog(ctx).locator('[data-testid=not-me-confirm][aria-busy="true"]').waitFor(WAIT);
    },
    async 'notMe.secured'(ctx) {
      await ctx.page.waitForURL('**/en/login?ended=not_me', WAIT);
    },
    async 'notMe.cancelled'(ctx) {
      await dialog(ctx).waitFor({ ...WAIT, state: 'detached' });
    },
  },
};
