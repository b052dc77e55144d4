import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import type { TestPath } from '../../../machine-kit/types';
import { contactFormModel } from '../../../machines/contact-form/contact-form.model';
import { alterNextRequest, failNextRequest } from '../sandbox';
import type { PathContext, StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

const INFO = '**/api/info';
const CONTACTS = '**/api/contacts';

const errorOf = (e: AnyEventObject | undefined) => e?.error as { kind?: string; status?: number } | undefined;

/** the support contacts' load waits on its way until the path's step for its outcome (the form is used meanwhile) */
async function holdInfo(ctx: PathContext): Promise<void> {
  const held: Route[] = [];
  await ctx.page.route(INFO, (route) => {
    held.push(route);
  });
  ctx.world.nextInfo = async (): Promise<Route> => {
    const end = Date.now() + WAIT.timeout;
    while (!held.length && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    const route = held.shift();
    if (!route) throw new Error('the page did not ask for the support contacts');
    return route;
  };
}
const nextInfo = (ctx: PathContext) => (ctx.world.nextInfo as () => Promise<Route>)();

/** what the server answers to the message the click sends */
async function arrangeSend(ctx: StepContext): Promise<void> {
  const error = errorOf(ctx.upcoming('sendContact.done', 'sendContact.error'));
  if (!error) return;
  // a phone the page would not send, on its way: the server's own refusal with the field (400)
  if (error.status === 400) await alterNextRequest(ctx.page, CONTACTS, (body) => JSON.stringify({ ...(JSON.parse(body) as object), phone: '123' }));
  // the rate limit, a server error, a lost connection: the same failure for the form; a lost connection here
  else await failNextRequest(ctx.page, CONTACTS);
}

/** the honeypot is hidden from people: nobody types into it */
const feasible = (path: TestPath) => !path.steps.some((s) => s.event.type === 'field.change' && s.event.field === 'website');

/** the support contacts' own retry (the form's button says "Try again" too after a failure) */
const infoRetry = (page: Page) => page.getByRole('status').filter({ hasText: 'Our contact details' }).getByRole('button', { name: 'Try again' });
const result = (page: Page) => page.getByTestId('contact-result');

/**
 * The contact page at /en/contacts, signed out. The support contacts' load is held on its way
 * until the path's outcome (answered, or lost); the form's values are the model's, typed. The
 * server's refusal with a field is the phone altered on its way (a phone the page would refuse);
 * the rate limit, a server error and a lost connection all leave the form failed, and are caused
 * as a lost connection: the server's limit (five messages an hour per address) is shared by every
 * path of the run, all from 127.0.0.1, so the run's successful sends stay under it.
 */
export const contactFormBinding: UiBinding = {
  machine: 'contactForm',
  model: contactFormModel,
  maxPaths: 8,
  feasible,
  reasons: {
    'contactForm.form.sending:xstate.done.actor.0.contactForm.form.sending:1':
      'the server answers return false only with a 4xx status (a refusal: the error branch), never in a 200',
    'contactForm.form.failed:contact.submit:0': 'after a failure the form\'s one button (and Enter) sends contact.retry: nothing on the page sends contact.submit in that state',
  },
  async start(ctx) {
    await holdInfo(ctx);
    await ctx.page.goto(`${ctx.baseURL}/en/contacts`);
    await ctx.page.getByTestId('contact-submit').waitFor(WAIT);
  },
  events: {
    async 'loadInfo.done'(ctx) {
      await (await nextInfo(ctx)).continue();
    },
    async 'loadInfo.error'(ctx) {
      await (await nextInfo(ctx)).abort('internetdisconnected');
    },
    async 'info.retry'({ page }) {
      await infoRetry(page).click();
    },
    async 'field.change'({ page, event }) {
      const field = page.getByTestId(`contact-${String(event.field)}`);
      const value = String(event.value);
      if ((await field.inputValue()) === value) await field.fill('');
      await field.fill(value);
    },
    async 'contact.submit'(ctx) {
      await arrangeSend(ctx);
      await ctx.page.getByTestId('contact-submit').click();
    },
    async 'contact.retry'(ctx) {
      await arrangeSend(ctx);
      await ctx.page.getByTestId('contact-submit').click();
    },
    async 'contact.again'({ page }) {
      await page.getByRole('button', { name: 'Write another message' }).click();
    },
    'sendContact.done': async () => {},
    'sendContact.error': async () => {},
  },
  states: {
    async 'contactForm.info.shown'({ page, expected }) {
      const info = (expected.context as { info: { email: string } | null }).info;
      if (info) await page.getByTestId('contact-info-email').waitFor(WAIT);
    },
    async 'contactForm.info.unavailable'({ page }) {
      await page.getByRole('status').filter({ hasText: 'Our contact details could not be loaded.' }).waitFor(WAIT);
      await infoRetry(page).waitFor(WAIT);
    },
    async 'contactForm.form.editing'({ page, expected }) {
      await page.getByTestId('contact-submit').filter({ hasText: 'Send message' }).waitFor(WAIT);
      const { errors, error } = expected.context as { errors: Record<string, unknown>; error: unknown };
      for (const field of Object.keys(errors)) await page.getByTestId(`contact-error-${field}`).waitFor(WAIT);
      if (error) await result(page).waitFor(WAIT);
    },
    async 'contactForm.form.sending'({ page }) {
      await page.getByTestId('contact-submit').filter({ hasText: 'Sending…' }).waitFor(WAIT);
    },
    async 'contactForm.form.sent'({ page }) {
      await result(page).filter({ hasText: 'Thank you! Your message has been sent.' }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Write another message' }).waitFor(WAIT);
    },
    async 'contactForm.form.failed'({ page }) {
      await result(page).filter({ hasText: 'We could not send your message. Please try again.' }).waitFor(WAIT);
      await page.getByTestId('contact-submit').filter({ hasText: 'Try again' }).waitFor(WAIT);
    },
  },
};
