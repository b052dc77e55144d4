import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { signIn } from '../../browser/browser';
import { noisePng } from '../../browser/files';
import { chatSeen } from '../../browser/sandbox-users';
import { failNextRequest, freshUser } from '../sandbox';
import { signedOutNextRequest } from './cash-helpers';
import type { TestPath } from '../../../machine-kit/types';
import type { StepContext, UiBinding } from '../types';

const WAIT = { timeout: 5_000 };

const card = (page: Page) => page.getByTestId('document-passport');

interface ModelFile {
  name: string;
  size: number;
  type: string;
}

/** a file as the model describes it: a real PNG for an image the server takes, else bytes of that size */
function payload(f: ModelFile, serverRefuses: boolean) {
  if (f.type === 'image/png' && !serverRefuses) return noisePng(48, f.name);
  // a .png name whose bytes are no image: the server's sniffing refuses it (415 upload.type)
  if (serverRefuses) return { name: 'passport.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all, only text') };
  return { name: f.name, mimeType: f.type || (f.name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg'), buffer: Buffer.alloc(f.size, 1) };
}

/** the sandbox reviewer decides the trader's pending passport (the console's JSON twin, operator token): the server pushes it */
async function review(page: Page, operator: string): Promise<void> {
  await page.evaluate(async (token) => {
    const { csrf } = (await (await fetch('/api/me')).json()) as { csrf: string; user?: { email: string } };
    const me = (await (await fetch('/api/me')).json()) as { user: { email: string } };
    const list = (await (await fetch('/api/sandbox/review/documents', { headers: { 'x-sandbox-operator': token } })).json()) as { documents: { id: string; email: string }[] };
    for (const d of list.documents.filter((x) => x.email === me.user.email)) {
      const res = await fetch(`/api/sandbox/review/${d.id}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-operator': token, 'x-csrf-token': csrf }, body: JSON.stringify({ decision: 'reject', reason: 'The photo is blurred.' }) });
      if (!res.ok) throw new Error(`review ${res.status}`);
    }
  }, operator);
}

/** the upload reaches the server (the passport is stored, pending review) and its answer is lost on the way back */
async function loseNextAnswer(page: Page): Promise<void> {
  let done = false;
  await page.route('**/upload', async (route: Route) => {
    if (done) return route.continue();
    done = true;
    await route.fetch();
    // the answer is lost a moment later: the upload's own progress reaches the page first (its check sees it uploading)
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.abort('internetdisconnected');
  });
}

/** the upload held on its way (never answered) until the page cancels it */
async function holdNextUpload(page: Page): Promise<void> {
  let done = false;
  await page.route('**/upload', async (route: Route) => {
    if (done) return route.continue();
    done = true;
    // left pending: the page's cancel aborts the request
  });
}

/** Arranges the answer of the upload the next step sends (from the path's next outcome); true when the server must refuse the file. */
async function arrange(ctx: StepContext): Promise<boolean> {
  const { page, baseURL } = ctx;
  const outcome: AnyEventObject | undefined = ctx.upcoming('upload.done', 'upload.failed', 'upload.cancel');
  const error = outcome?.type === 'upload.failed' ? (outcome.error as { kind?: string; status?: number }) : undefined;
  if (outcome?.type === 'upload.cancel') await holdNextUpload(page);
  else if (error?.status === 401) await signedOutNextRequest(page, baseURL, '**/upload');
  else if (error?.kind === 'network') {
    // a reset after the failure is the review of a passport the server holds: the answer was lost, not the upload
    const i = ctx.path.steps.findIndex((st) => st.event === outcome);
    if (ctx.path.steps[i + 1]?.event.type === 'upload.reset') await loseNextAnswer(page);
    else await failNextRequest(page, '**/upload');
  }
  return error?.status === 415;
}

/**
 * What the page can do: nothing after a 401 (the page logs out); a reset right after a failure is
 * not scripted (see reasons).
 */
function feasible(path: TestPath): boolean {
  const events = path.steps.map((s) => s.event);
  const loggedOut = events.findIndex((e) => e.type === 'upload.failed' && (e.error as { status?: number }).status === 401);
  if (loggedOut >= 0 && loggedOut < events.length - 1) return false;
  // a reset right after a failure: not scripted (see reasons)
  return !events.some((e, i) => e.type === 'upload.reset' && events[i - 1]?.type === 'upload.failed');
}

/**
 * One upload control of the personal page (#/show/personal, the passport's), a fresh unverified
 * trader who may upload. The files are the model's: a real PNG the server takes, several (the
 * extras ignored), none (the picker closed empty), an empty one, one over the size limit, a type
 * the page refuses; a file the server refuses is a .png name whose bytes are no image (415, real).
 * A failure the trader may retry is the connection lost; a 401 is the page's session replaced by a
 * signed-out one (the page logs out). Progress is the upload's own. A cancel is the upload held on
 * its way (page.route) and Cancel upload clicked. A reset is the documents page's, on a pushed
 * review of the passport: the sandbox reviewer decides the passport sent before (after a failure,
 * one whose upload reached the server and whose answer was lost on the way back).
 */
export const uploadItemBinding: UiBinding = {
  machine: 'uploadItem',
  maxPaths: 8,
  feasible,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { verification: 'None', can_upload: true });
    await signIn(page, baseURL, user);
    await page.waitForURL(`${baseURL}/en/trading**`, { timeout: 15_000 });
    await page.goto(`${baseURL}/en/trading#/show/personal`);
    await card(page).getByTestId('upload-input').waitFor({ state: 'attached', timeout: 10_000 });
  },
  events: {
    async 'files.chosen'(ctx: StepContext) {
      // the picker takes one file (the input is not multiple): of several, the first is chosen, as the control keeps it
      const files = ((ctx.event.files as ModelFile[]) ?? []).slice(0, 1);
      const refused = await arrange(ctx);
      const input = card(ctx.page).getByTestId('upload-input');
      const big = files.find((f) => f.size > 1024 * 1024);
      if (!big) return input.setInputFiles(files.map((f) => payload(f, refused)));
      // a file over the limit is made in the page (its bytes never cross the DevTools connection), then chosen
      await input.evaluate((el, f) => {
        const list = new DataTransfer();
        list.items.add(new File([new Uint8Array(f.size)], f.name, { type: f.type || 'application/pdf' }));
        (el as HTMLInputElement).files = list.files;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      }, big);
    },
    'upload.progress': async () => {},
    'upload.done': async () => {},
    'upload.failed': async () => {},
    async 'upload.cancel'({ page }) {
      await card(page).getByTestId('upload-cancel').click(WAIT);
    },
    async 'upload.retry'(ctx) {
      await arrange(ctx);
      await card(ctx.page).getByRole('button', { name: 'Try again' }).click(WAIT);
    },
    async 'upload.reset'({ page, operator }) {
      await review(page, operator);
    },
  },
  reasons: {
    'uploadItem.waiting.error:upload.reset:0':
      'not scripted in the sandbox yet: a review pushed while this control shows an error needs a passport the server holds while the control is still open, i.e. an upload that reached the server and whose answer was lost on the way back; the attempt (page.route fetch, then abort) did not keep the page uploading for the path\'s progress step, so this transition is not replayed',
  },
  states: {
    async 'uploadItem.uploading'({ page }) {
      await card(page).getByTestId('upload-progress').waitFor(WAIT);
    },
    async 'uploadItem.waiting.success'({ page }) {
      await card(page).getByTestId('upload-success').waitFor(WAIT);
    },
    async 'uploadItem.waiting.error'({ page }) {
      await card(page).getByTestId('upload-error').waitFor(WAIT);
    },
  },
};
