import type { Page, Route } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { DATA_EXPORT_RULES } from '../../../core/data-export';
import { dataExportModel } from '../../../machines/data-export/data-export.model';
import { chatSeen } from '../../browser/sandbox-users';
import { freshUser, sandboxCall, signInByApi } from '../sandbox';
import type { PathContext, UiBinding } from '../types';
import { newestHeldRead } from './held-reads';
import { WAIT } from './wait';

const STATUS = (u: URL) => u.pathname === '/api/data-export';
const DOWNLOAD = (u: URL) => /^\/api\/data-export\/[^/]+\/download$/.test(u.pathname);

interface DataWorld {
  /** the page's status reads (GET) and starts (POST), held until the path's step for their outcome */
  reads: Route[];
  starts: Route[];
  downloads: Route[];
}

const world = (ctx: PathContext): DataWorld => {
  const w = ctx.world as Partial<DataWorld>;
  if (!w.reads) Object.assign(w, { reads: [], starts: [], downloads: [] });
  return w as DataWorld;
};

const errorOf = (e: AnyEventObject) => e.error as { kind?: string; status?: number } | undefined;
const jobStatusOf = (e: AnyEventObject) => (e.output as { job?: { status?: string } | null } | undefined)?.job?.status ?? null;

/** the trader's latest export as the real server says it now */
async function latest(page: Page): Promise<{ id: string; status: string } | null> {
  return ((await (await page.request.get('/api/data-export')).json()) as { job: { id: string; status: string } | null }).job;
}

/** until the trader's latest export has left 'running' (the sandbox gathers it in well under a second) */
async function settled(page: Page): Promise<{ id: string; status: string } | null> {
  const end = Date.now() + WAIT.timeout;
  for (;;) {
    const job = await latest(page);
    if (!job || job.status !== 'running' || Date.now() > end) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** an export made and downloaded through the API first: the server then says the last one was downloaded */
async function downloadedOne(page: Page): Promise<void> {
  let job = await settled(page);
  if (job?.status === 'downloaded') return;
  if (!job || job.status !== 'ready') {
    await sandboxCall(page, '/api/data-export', {});
    job = await settled(page);
  }
  if (job?.status !== 'ready') throw new Error(`no ready export to download: ${JSON.stringify(job)}`);
  const res = await page.request.get(`/api/data-export/${job.id}/download`);
  if (res.status() !== 200) throw new Error(`the arranged download answered ${res.status()}`);
}

/** an export ready to download: the one there, or one started through the API and gathered */
async function readyOne(page: Page): Promise<void> {
  let job = await settled(page);
  if (job?.status !== 'ready') {
    await sandboxCall(page, '/api/data-export', {});
    job = await settled(page);
  }
  if (job?.status !== 'ready') throw new Error(`no export became ready: ${JSON.stringify(job)}`);
}

/** the day's exports used up through the API (each gathered before the next), so the page's start is refused with 429 */
async function spendTheDaysExports(page: Page): Promise<void> {
  for (let i = 0; i < DATA_EXPORT_RULES.perDay; i++) {
    const me = (await (await page.request.get('/api/me')).json()) as { csrf: string };
    const res = await page.request.post('/api/data-export', { headers: { 'x-csrf-token': me.csrf } });
    if (res.status() === 429) return;
    await settled(page);
  }
}

/**
 * #/show/data for a fresh trader with a balance. The page's calls wait on their way until the
 * path's step for their outcome; the real server then answers from what the trader really has,
 * made first where the outcome needs it: an export downloaded through the API (the last one
 * downloaded; a second download refused with 410), the day's exports used up (429), the export
 * gathered before a ready answer. A lost call is the request aborted.
 */
export const dataExportBinding: UiBinding = {
  machine: 'dataExport',
  model: dataExportModel,
  maxPaths: 14,
  async start(ctx) {
    const { page, baseURL } = ctx;
    await chatSeen(ctx.context);
    const user = await freshUser(page, baseURL, { balances: [{ currency: 'USD', type: 'trading', amount: '42.00' }] });
    await signInByApi(page, user);
    const w = world(ctx);
    await page.route(STATUS, async (route) => {
      (route.request().method() === 'POST' ? w.starts : w.reads).push(route);
    });
    await page.route(DOWNLOAD, async (route) => {
      w.downloads.push(route);
    });
    await page.goto(`${baseURL}/en/trading#/show/data`);
    await page.getByTestId('data-page').waitFor(WAIT);
  },
  events: {
    async 'loadStatus.done'(ctx) {
      const want = jobStatusOf(ctx.event);
      const read = await newestHeldRead(world(ctx).reads, 'the export status', WAIT.timeout);
      if (want === 'downloaded') await downloadedOne(ctx.page);
      else if (want === 'ready') await readyOne(ctx.page);
      // none to offer while one was made: it was downloaded meanwhile (another tab), which leaves the page idle the same way
      else if (want === null && (await latest(ctx.page)) !== null) await downloadedOne(ctx.page);
      await read.continue();
    },
    async 'loadStatus.error'(ctx) {
      await (await newestHeldRead(world(ctx).reads, 'the export status', WAIT.timeout)).abort('internetdisconnected');
    },
    async 'startExport.done'(ctx) {
      await (await newestHeldRead(world(ctx).starts, 'the start', WAIT.timeout)).continue();
    },
    async 'startExport.error'(ctx) {
      const start = await newestHeldRead(world(ctx).starts, 'the start', WAIT.timeout);
      if (errorOf(ctx.event)?.status === 429) {
        await spendTheDaysExports(ctx.page);
        return start.continue();
      }
      await start.abort('internetdisconnected');
    },
    async 'download.done'(ctx) {
      await (await newestHeldRead(world(ctx).downloads, 'the download', WAIT.timeout)).continue();
    },
    async 'download.error'(ctx) {
      const download = await newestHeldRead(world(ctx).downloads, 'the download', WAIT.timeout);
      if (errorOf(ctx.event)?.status === 410) {
        const res = await ctx.page.request.get(new URL(download.request().url()).pathname);
        if (res.status() !== 200) throw new Error(`the arranged first download answered ${res.status()}`);
        return download.continue();
      }
      await download.abort('internetdisconnected');
    },
    async 'export.start'({ page }) {
      await page.getByTestId('data-start').click();
    },
    async 'export.retry'({ page }) {
      await page.getByTestId('data-retry').click();
    },
    async 'export.download'({ page }) {
      await page.getByTestId('data-download').click();
    },
    // the page's own timer: the next read comes by itself
    'after:poll': async () => {},
  },
  reasons: {
    'dataExport.loading:xstate.done.actor.0.dataExport.loading:0':
      'the sandbox gathers an export in well under a second: a read held on its way cannot be answered while one is still running (the unit tests and the model cover it; the page shows the progress when a real one is slow)',
    'dataExport.preparing.checking:xstate.done.actor.0.dataExport.preparing.checking:0':
      'the sandbox gathers an export in well under a second: the first progress read after the two-second tick already finds it ready',
    'dataExport.loading:xstate.done.actor.0.dataExport.loading:2':
      'an export fails only after a process stopped three times while holding it (server/domain/data-export/worker.ts): a running server cannot be made to fail one; the server test covers it',
    'dataExport.preparing.checking:xstate.done.actor.0.dataExport.preparing.checking:2':
      'an export fails only after a process stopped three times while holding it: a running server cannot be made to fail one; the server test covers it',
    'dataExport.failed:export.retry:0': 'the failed state is not reached through a running server (see above)',
    'dataExport.starting:xstate.done.actor.0.dataExport.starting:0':
      'the server starts an export, or answers the one running: never a ready one (the machine keeps the guard in case a real start ever answers one)',
  },
  states: {
    async 'dataExport.loading'({ page }) {
      await page.getByTestId('data-status').filter({ hasText: 'Checking for an export…' }).waitFor(WAIT);
    },
    async 'dataExport.loadFailed'({ page }) {
      await page.getByTestId('data-error').filter({ hasText: 'We could not check your export.' }).waitFor(WAIT);
      await page.getByTestId('data-retry').waitFor(WAIT);
    },
    async 'dataExport.idle'({ page }) {
      await page.getByTestId('data-start').waitFor(WAIT);
    },
    async 'dataExport.starting'({ page }) {
      await page.getByTestId('data-status').filter({ hasText: 'Starting…' }).waitFor(WAIT);
    },
    async 'dataExport.startFailed'({ page }) {
      await page.getByTestId('data-error').filter({ hasText: 'The export could not be started.' }).waitFor(WAIT);
      await page.getByTestId('data-retry').waitFor(WAIT);
    },
    async 'dataExport.limited'({ page }) {
      await page.getByTestId('data-error').filter({ hasText: /You can ask for your data 3 times a day\. The next export can start at \d\d\.\d\d\.\d{4} \d\d:\d\d\./ }).waitFor(WAIT);
      await page.getByTestId('data-start').waitFor({ ...WAIT, state: 'detached' });
    },
    async 'dataExport.preparing'({ page }) {
      await page.getByTestId('data-progress').waitFor(WAIT);
    },
    async 'dataExport.preparing.waiting'({ page }) {
      await page.getByTestId('data-status').filter({ hasText: /Preparing your data: \d+ of 16 sections done\./ }).waitFor(WAIT);
    },
    async 'dataExport.preparing.checking'({ page }) {
      await page.getByTestId('data-progress').waitFor(WAIT);
    },
    async 'dataExport.ready'({ page }) {
      await page.getByTestId('data-status').filter({ hasText: 'Your data is ready. You can download it once, until' }).waitFor(WAIT);
      await page.getByTestId('data-download').waitFor(WAIT);
    },
    async 'dataExport.downloading'({ page }) {
      await page.getByTestId('data-status').filter({ hasText: 'Downloading…' }).waitFor(WAIT);
    },
    async 'dataExport.downloaded'({ page }) {
      await page.getByTestId('data-status').filter({ hasText: /Saved as my-data-\d{4}-\d{2}-\d{2}\.json\. It has been deleted from our servers\./ }).waitFor(WAIT);
    },
    async 'dataExport.failed'({ page }) {
      await page.getByTestId('data-status').filter({ hasText: 'Your export could not be prepared.' }).waitFor(WAIT);
    },
  },
};
