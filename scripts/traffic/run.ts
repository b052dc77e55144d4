import { Settings } from '../../core/contract';
import { TraderClient, type FetchLike, type HttpStats } from './client';
import { realClock, virtualClock, type TrafficClock } from './clock';
import { emptyFunnelStats, FunnelReporter } from './funnel';
import { trafficPlan } from './plan';
import { addDeposit, addTrader, emptySummary, progressLine, type TrafficSummary } from './summary';
import { runTrader } from './trader';

export interface TrafficOptions {
  /** the running product, e.g. http://127.0.0.1:3000 (sandbox mode) */
  base: string;
  traders: number;
  seed: number;
  /** traders at once */
  concurrency: number;
  /** report the machines' steps to POST /api/funnel/steps (default true) */
  funnel?: boolean;
  /** `real` (default: the page's timers run in real time) or `virtual` (time jumps to the next timer whenever no call is on its way: fast, and the same timers fire in the same order whatever the load) */
  clock?: 'real' | 'virtual';
  fetch?: FetchLike;
  /** progress and warnings, one line each (default: nothing) */
  log?: (line: string) => void;
}

/** the server is not there, or not in sandbox mode: nothing was done */
export class ServerUnreachable extends Error {}

/**
 * Drives `traders` simulated traders, `concurrency` at a time, through card deposits (see
 * scripts/traffic/main.ts for what each does and cannot do) and returns what it saw. A declined
 * payment is an outcome; a trader that could not be made, or an error of the driver or the
 * server, is counted in `errors` (the CLI's exit code). Throws ServerUnreachable before anything
 * is done when the server does not answer or is not a sandbox.
 */
export async function runTraffic(options: TrafficOptions): Promise<TrafficSummary> {
  const base = options.base.replace(/\/+$/, '');
  const log = options.log ?? (() => {});
  const fetcher: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const clock: TrafficClock = options.clock === 'virtual' ? virtualClock(Date.now()) : realClock();
  const http: HttpStats = { requests: 0, rateLimited: 0 };
  const funnel = new FunnelReporter(emptyFunnelStats(options.funnel !== false), clock, log);
  const summary = emptySummary(options.seed, options.traders, funnel.stats, http);

  await checkServer(base, fetcher, clock, http);

  const plans = trafficPlan(options.seed, options.traders);
  const every = Math.max(1, Math.round(options.traders / 20));
  let next = 0;
  let done = 0;
  const ctx = { base, fetch: fetcher, clock, http, funnel };
  async function worker(): Promise<void> {
    while (next < plans.length) {
      const plan = plans[next++];
      const outcome = await runTrader(ctx, plan, (deposit) => addDeposit(summary, deposit, plan.n));
      addTrader(summary, outcome);
      done++;
      if (done % every === 0 || done === plans.length) log(progressLine(summary, done));
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, plans.length)) }, worker));
  return summary;
}

async function checkServer(base: string, fetcher: FetchLike, clock: TrafficClock, http: HttpStats): Promise<void> {
  const client = new TraderClient(base, fetcher, clock, http);
  let settings: Settings;
  try {
    const answer = await client.send('GET', '/api/settings', { retryBusy: true });
    if (answer.status !== 200) throw new Error(`GET /api/settings answered ${answer.status}`);
    settings = Settings.parse(answer.body);
  } catch (error) {
    const why = (error as { cause?: { code?: string; message?: string } }).cause;
    const cause = why?.code ?? why?.message;
    throw new ServerUnreachable(`${base} cannot be reached: ${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause})` : ''}`);
  }
  if (!settings.sandbox) throw new ServerUnreachable(`${base} is not in sandbox mode (start it with npm start, or SANDBOX=1)`);
}
