import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { noisePng } from '../../browser/files';
import { chatSeen } from '../../browser/sandbox-users';
import { failNextRequest, freshUser, signInByApi } from '../sandbox';
import { signedOutNextRequest } from './cash-helpers';
import type { TestPath } from '../../../machine-kit/types';
import type { StepContext, UiBinding } from '../types';
import { WAIT } from './wait';

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

/**
 * The next upload reaches the real server whole (the browser sends its body, so the page sees the
 * upload's own progress; a passport the server takes is stored, pending review) and its answer is
 * lost on the way back: browser-level fault injection by the DevTools Fetch domain at the response
 * stage (page.route only pauses requests before they are sent, when no progress is reported).
 */
async function loseNextAnswer(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Fetch.requestPaused', (e: { requestId: string }) => {
    void cdp
      .send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'InternetDisconnected' })
      .then(() => cdp.send('Fetch.disable'))
      .catch(() => {});
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*/upload', requestStage: 'Response' }] });
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
    // the upload sent and its answer lost: the page saw its progress, and a reset after the failure is the
    // review of the passport the server took; otherwise the connection is lost before the upload is sent
    const i = ctx.path.steps.findIndex((st) => st.event === outcome);
    const sent = ctx.path.steps[i - 1]?.event.type === 'upload.progress' || ctx.path.steps[i + 1]?.event.type === 'upload.reset';
    if (sent) await loseNextAnswer(page);
    else await failNextRequest(page, '**/upload');
  }
  return error?.status === 415;
}

/**
 * What the page can do: nothing after a 401 (the page logs out); a reset right after a failure only
 * when the server holds a passport to review: the failure is a lost answer of an upload it took (a
 * real PNG), not a refusal.
 */
function feasible(path: TestPath): boolean {
  const events = path.steps.map((s) => s.event);
  const loggedOut = events.findIndex((e) => e.type === 'upload.failed' && (e.error as { status?: number }).status === 401);
  if (loggedOut >= 0 && loggedOut < events.length - 1) return false;
  return events.every((e, i) => {
    const before = events[i - 1];
    if (e.type !== 'upload.reset' || before?.type !== 'upload.failed') return true;
    const chosen = events.slice(0, i).reverse().find((x) => x.type === 'files.chosen');
    const file = (chosen?.files as ModelFile[] | undefined)?.[0];
    return (before.error as { kind?: string }).kind === 'network' && file?.type === 'image/png';
  });
}

/**
 * One upload control of the personal page (#/show/personal, the passport's), a fresh unverified
 * trader who may upload. The files are the model's: a real PNG the server takes, several (the
 * extras ignored), none (the picker closed empty), an empty one, one over the size limit, a type
 * the page refuses; a file the server refuses is a .png name whose bytes are no image (415, real).
 * A failure the trader may retry is the connection lost: before the upload is sent, or, after its
 * progress or before a reset, once the server has the upload (its answer lost, loseNextAnswer); a 401 is the page's session replaced by a
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
    await signInByApi(page, user);
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
