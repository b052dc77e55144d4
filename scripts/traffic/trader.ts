import { FreshUserResponse, MeResponse, PlatformLoginResponse, Settings, type CurrentUser } from '../../core/contract';
import { describeFailure, TraderClient, failureOf, type FetchLike, type HttpStats } from './client';
import type { TrafficClock } from './clock';
import { deposit, type DepositOutcome } from './deposit';
import type { FunnelReporter } from './funnel';
import type { TraderPlan } from './plan';
import { redeemVoucher } from './voucher';

/** One simulated trader's run. */
export interface TraderOutcome {
  n: number;
  /** made and signed in */
  created: boolean;
  /** why not (a failure of the run: the exit code says so) */
  error: string;
  email: string;
  deposits: DepositOutcome[];
  /** the voucher's end (redeemed, or the refusal's key); '' when the plan has none */
  voucher: string;
}

export interface TraderContext {
  base: string;
  fetch: FetchLike;
  clock: TrafficClock;
  http: HttpStats;
  funnel: FunnelReporter;
}

export class TraderSetupError extends Error {}

/**
 * A fresh sandbox trader (POST /api/sandbox/fresh-user, as the browser tests make theirs:
 * machine-tests/browser/sandbox-users.ts), signed in as the login page does it (the sandbox
 * platform's POST /platform/login for its token, then POST /api/login), its session's CSRF token
 * read from GET /api/me.
 */
async function signUp(client: TraderClient, plan: TraderPlan): Promise<{ email: string; user: CurrentUser }> {
  await client.me();
  const made = await client.send('POST', '/api/sandbox/fresh-user', {
    json: { verification: 'Full', country: plan.country, currency: plan.currency, ...(plan.cascade && { cascade: plan.cascade }) },
    retryBusy: true,
  });
  if (made.status !== 200) throw new TraderSetupError(`fresh-user: ${describeFailure(failureOf(made))}`);
  const fresh = FreshUserResponse.parse(made.body);
  const platform = await client.send('POST', '/platform/login', { form: { login: fresh.email, password: fresh.password }, retryBusy: true });
  const token = PlatformLoginResponse.safeParse(platform.body);
  if (platform.status !== 200 || !token.success || !token.data.data?.token) throw new TraderSetupError(`platform login: ${platform.status} ${JSON.stringify(platform.body).slice(0, 200)}`);
  const login = await client.send('POST', '/api/login', {
    json: { email: fresh.email, password: fresh.password, token: token.data.data.token, captcha: 'sandbox-traffic', url: `/${plan.lang}/login` },
    retryBusy: true,
  });
  if (login.status !== 200) throw new TraderSetupError(`login: ${describeFailure(failureOf(login))}`);
  // a signed-in session is a new one: its own cookie and CSRF token
  const me = MeResponse.safeParse(await client.me());
  if (!me.success || !me.data.user) throw new TraderSetupError('signed in, but GET /api/me has no user');
  return { email: fresh.email, user: me.data.user };
}

/** One trader from sign-up to the last deposit (and a voucher), its funnel steps reported after each. */
export async function runTrader(ctx: TraderContext, plan: TraderPlan, onDeposit: (outcome: DepositOutcome) => void): Promise<TraderOutcome> {
  const client = new TraderClient(ctx.base, ctx.fetch, ctx.clock, ctx.http);
  const outcome: TraderOutcome = { n: plan.n, created: false, error: '', email: '', deposits: [], voucher: '' };
  let user: CurrentUser;
  let settings: Settings;
  try {
    const signed = await signUp(client, plan);
    outcome.email = signed.email;
    user = signed.user;
    const loaded = await client.send('GET', '/api/settings', { retryBusy: true });
    settings = Settings.parse(loaded.body);
    outcome.created = true;
  } catch (error) {
    outcome.error = error instanceof TraderSetupError ? error.message : describeFailure(error);
    return outcome;
  }
  const funnel = ctx.funnel.forTrader(client, plan.lang, plan.device);
  for (const payment of plan.payments) {
    let result: DepositOutcome;
    try {
      result = await deposit({ client, clock: ctx.clock, inspect: funnel.inspect, user, settings, plan: payment });
    } catch (error) {
      result = { card: payment.card, result: 'error', flagged: '', refused: '', message: '', steps: [], pages: 0, pagesAgain: 0, payment: null, errors: [describeFailure(error)] };
    }
    outcome.deposits.push(result);
    onDeposit(result);
    await funnel.flush();
  }
  if (plan.voucher) {
    try {
      outcome.voucher = await redeemVoucher(client, ctx.clock, funnel.inspect, plan.voucher);
    } catch (error) {
      outcome.voucher = `error: ${describeFailure(error)}`;
    }
    await funnel.flush();
  }
  return outcome;
}
