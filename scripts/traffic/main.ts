/**
 * Sandbox traffic (issue 34 §5): a few hundred simulated traders through the card deposit, over
 * the HTTP API of a running product in sandbox mode (`npm start`), so the funnel, the cascade's
 * figures and the consoles have something to show.
 *
 *   npm run traffic -- --base http://127.0.0.1:3000 --traders 300 --seed 1 --concurrency 8
 *     [--no-funnel] [--clock real|virtual] [--json]
 *
 * Each trader (scripts/traffic/plan.ts decides everything from the seed: same seed, same plan):
 * - is a fresh sandbox user (POST /api/sandbox/fresh-user: verified, 1,000.00 in USD or EUR, a
 *   country other than the default DE for half of them, some with their own card stack), signed in
 *   as the login page does (the sandbox platform's token, then POST /api/login), English or Russian,
 *   on a phone, a tablet or a desktop;
 * - makes one to three card deposits with the sandbox's test cards (approved at once, pending,
 *   declined by the first one or two processors then approved, declined everywhere, hard declines,
 *   do not honor, insufficient funds, 3-D Secure, no answer, Zoom's token error, Entropay's CVV,
 *   the fraud check's answers) or another valid number. Each deposit is run by the real machines:
 *   the card form (machines/card-form), which saves the card and invokes the cascade
 *   (machines/cascade) with its listen and Entropay children, provided in Node as
 *   src/flows/funding/funding.flow.ts provides them (the same calls to the same addresses with
 *   the trader's cookie and CSRF header: scripts/traffic/card-flow.ts);
 * - answers what the payment asks as a trader would (scripts/traffic/deposit.ts): closes the
 *   do-not-honor dialog or picks another method from it, retries "Response error" twice then
 *   cancels, presses Stop waiting after 30-75 s (some wait for the page's 120 s), confirms or
 *   rejects Entropay's dialog, types a CVV (000 declines);
 * - goes through processor pages (3-D Secure, Vload's and Shape's hosted pages, Entropay's page)
 *   by opening the page and pressing its button through POST /api/sandbox/card/complete (what the
 *   page's form does), then comes back as the browser does: a new card form resumes the stored
 *   run with the uid of the return address;
 * - some then load a Vload voucher (the voucher machine, POST /api/card/fast/vload): a pin worth
 *   250.00 or 500.00, one below the 250 floor, the sandbox's used and invalid pins;
 * - reports its machines' transitions to POST /api/funnel/steps ({ lang, device, steps }, at most
 *   200 steps a report, after each deposit), as the app's reporter does. A server without the
 *   endpoint (404) is said once and the run goes on; --no-funnel sends nothing.
 *
 * What it cannot do (a browser's): it sees no screen, so nothing about what the pages show is
 * checked; it does not keep the event stream (GET /api/events) open, so a pending payment is
 * learned by the listen machine's polling every 5 s, never by a push; the processor pages'
 * buttons are pressed through the sandbox's API instead of the page's form (the page itself is
 * opened and must answer); no wallet, crypto or bank deposit, no withdrawal, no trading.
 *
 * Every trader comes from this one address, so the server's per-address limit (600 requests a
 * minute by default) paces a big run: a 429 is waited out (Retry-After) and sent again, while the
 * traders' patience runs on. Start the server with RATE_LIMIT_PER_MINUTE=0 for a run at full speed.
 * --clock virtual runs the machines' timers on a simulated clock (scripts/traffic/clock.ts): fast,
 * and the same outcomes for a seed however loaded the machine is.
 *
 * docs/sandbox.md, "Sandbox traffic (issue 34 §5)", has a run's figures and what it found.
 *
 * Exit code: 0; 1 when a trader could not be made or the driver met an error (a declined payment
 * is an outcome, not an error); 2 when the server cannot be reached or is not in sandbox mode.
 */
import { parseArgs } from 'node:util';
import { runTraffic, ServerUnreachable } from './run';
import { formatSummary } from './summary';

function integer(value: string | undefined, name: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer of at least ${min}`);
  return n;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:3000' },
      traders: { type: 'string' },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
      'no-funnel': { type: 'boolean', default: false },
      clock: { type: 'string', default: 'real' },
      json: { type: 'boolean', default: false },
    },
  });
  if (values.clock !== 'real' && values.clock !== 'virtual') throw new Error('--clock is real or virtual');
  const options = {
    base: values.base,
    traders: integer(values.traders, 'traders', 300, 1),
    seed: integer(values.seed, 'seed', 1, 0),
    concurrency: integer(values.concurrency, 'concurrency', 8, 1),
    funnel: !values['no-funnel'],
    clock: values.clock,
  } as const;
  console.log(`Sandbox traffic: ${options.traders} traders against ${options.base}, seed ${options.seed}, ${options.concurrency} at a time${options.funnel ? '' : ', no funnel reports'}`);
  const started = performance.now();
  try {
    const summary = await runTraffic({ ...options, log: (line) => console.log(line) });
    const seconds = (performance.now() - started) / 1000;
    console.log(`\nDone in ${seconds.toFixed(1)} s.`);
    for (const line of formatSummary(summary)) console.log(line);
    if (values.json) console.log(JSON.stringify(summary, null, 2));
    return summary.errorCount > 0 || summary.traders.failed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ServerUnreachable) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
