import type { SandboxScenario } from '../../core/contract/card';
import { FUNNEL_DEVICES, type FunnelDevice } from '../../core/contract/funnel';
import { TEST_CARDS } from '../../server/sandbox/processors/test-cards';
import { SANDBOX_VOUCHERS } from '../../server/sandbox/vouchers/sandbox-vouchers';
import { rngFor, type Rng } from './prng';

/**
 * What each simulated trader will do, decided up front from the seed (same seed, same plan):
 * who they are (country, language, device, currency, their own card stack or the sandbox's),
 * and for each of their one to three card deposits the card (a sandbox test card, docs/sandbox.md
 * "Card processors", or any other valid number: approved), the amount and what they choose when
 * the payment asks them something (a processor's page, Entropay's dialogs, the do-not-honor
 * dialog, how long they wait for the bank); some then load a Vload voucher.
 */

/** a test card's scenario, or `other`: a valid number that is not a test card (the sandbox approves it) */
export type CardChoice = SandboxScenario | 'other';

export interface PaymentPlan {
  card: CardChoice;
  /** the number typed (digits) */
  number: string;
  /** the amount typed (US and CA pay the fixed amount instead) */
  amount: string;
  /** the bonus box ticked */
  bonus: boolean;
  /** the card form's key seed: each press of Deposit is `${keySeed}-${press}` */
  keySeed: string;
  /** on a processor's page (3-D Secure, hosted page, Entropay's page): Authenticate and pay, or Cancel */
  page: 'approve' | 'cancel';
  /** Entropay's start dialog: Confirm (its page) or Reject (the cascade goes on) */
  entropay: 'confirm' | 'reject';
  /** Entropay's CVV dialog: what is typed (000 declines) */
  cvv: string;
  /** the do-not-honor dialog: closed, or another method's tab chosen from it */
  doNotHonor: 'close' | 'tab';
  /** how long the trader watches "Waiting for the bank" before Stop waiting (ms); null: until the page gives up (120 s) */
  patienceMs: number | null;
}

export interface TraderPlan {
  /** 1-based */
  n: number;
  lang: 'en' | 'ru';
  device: FunnelDevice;
  /** the fresh user's country (the sandbox's default is DE) */
  country: string;
  currency: 'USD' | 'EUR';
  /** the user's own card stack ('' = the sandbox stack VLOAD, ORANGE, MEIKO, ZOOM, CONCEPT) */
  cascade: string;
  payments: PaymentPlan[];
  /** after the card deposits, a Vload voucher's pin (the Vload tab), or null */
  voucher: string | null;
}

/** the sandbox user's default country, and others; US and CA pay a fixed card amount; PT lets PFS in */
const OTHER_COUNTRIES = ['GB', 'FR', 'IT', 'ES', 'PT', 'PL', 'NL', 'MT', 'CY', 'BR', 'AU', 'ZA', 'US', 'CA'] as const;

/**
 * Own stacks (fresh-user `cascade`) beside the sandbox's: direct processors only, PFS (3-D Secure
 * page; refused in 12 countries, so the stack drops it there), Entropay (its dialogs), Shape and
 * Concept (hosted and 3-D Secure pages), EZPAY.
 */
const STACKS = {
  sandbox: 70,
  'ORANGE,MEIKO,ZOOM': 10,
  'PFS,MEIKO': 5,
  'ENTROPAY,ORANGE,ZOOM': 6,
  'SHAPE,CONCEPT,ORANGE': 5,
  'CONCEPT,EZPAY,MEIKO': 4,
} as const;

const CARDS: Readonly<Record<CardChoice, number>> = {
  approved: 18,
  other: 6,
  pending: 8,
  soft_once: 12,
  soft_twice: 8,
  soft_all: 6,
  hard: 4,
  secure3d: 10,
  do_not_honor: 5,
  insufficient: 4,
  timeout: 4,
  token_error: 3,
  entropay_cvv: 3,
  fail_limit: 2,
  bad_card: 2,
  reason: 2,
};

/** valid numbers that are no test card: approved everywhere */
const OTHER_NUMBERS = ['4242424242424242', '5105105105105100', '4012888888881881', '5454545454545454'];
const AMOUNTS = ['250', '300', '500', '750', '1000', '2500'];

function cardNumber(rng: Rng, card: CardChoice): string {
  if (card === 'other') return rng.pick(OTHER_NUMBERS);
  const test = TEST_CARDS.find((c) => c.scenario === card);
  if (!test) throw new Error(`no sandbox test card for ${card}`);
  return rng.chance(0.6) ? test.visa : test.mastercard;
}

function paymentPlan(rng: Rng): PaymentPlan {
  const card = rng.weighted(CARDS);
  return {
    card,
    number: cardNumber(rng, card),
    amount: rng.pick(AMOUNTS),
    bonus: rng.chance(0.3),
    keySeed: `traffic-${rng.hex(16)}`,
    page: rng.chance(0.85) ? 'approve' : 'cancel',
    entropay: rng.chance(0.85) ? 'confirm' : 'reject',
    cvv: rng.chance(0.85) ? String(rng.int(100, 999)) : '000',
    doNotHonor: rng.chance(0.7) ? 'close' : 'tab',
    patienceMs: rng.chance(0.85) ? rng.int(30, 75) * 1000 : null,
  };
}

/**
 * A sandbox Vload pin (server/sandbox/vouchers: 1250… is worth 250.00, 1500… 500.00, 1100… 100.00,
 * below the floor); the digits after the prefix are drawn, so every trader's voucher is its own
 * (the same seed run again against the same server meets its pins used). A few are the sandbox's
 * used and invalid pins.
 */
function voucherPin(rng: Rng): string {
  const kind = rng.weighted({ '1250': 60, '1500': 20, '1100': 10, used: 5, invalid: 5 });
  if (kind === 'used') return SANDBOX_VOUCHERS.used;
  if (kind === 'invalid') return SANDBOX_VOUCHERS.invalid;
  return `${kind}${Array.from({ length: 12 }, () => rng.int(0, 9)).join('')}`;
}

/** Trader `n` (1-based) of the run seeded `seed`. */
export function traderPlan(seed: number, n: number): TraderPlan {
  const rng = rngFor(seed, n);
  const stack = rng.weighted(STACKS);
  const plan: TraderPlan = {
    n,
    lang: rng.chance(0.3) ? 'ru' : 'en',
    device: rng.pick(FUNNEL_DEVICES),
    country: rng.chance(0.5) ? 'DE' : rng.pick(OTHER_COUNTRIES),
    currency: rng.chance(0.2) ? 'EUR' : 'USD',
    cascade: stack === 'sandbox' ? '' : stack,
    payments: [],
    voucher: null,
  };
  const count = rng.int(1, 3);
  for (let i = 0; i < count; i++) plan.payments.push(paymentPlan(rng));
  if (rng.chance(0.15)) plan.voucher = voucherPin(rng);
  return plan;
}

/** The whole run's plan. */
export const trafficPlan = (seed: number, traders: number): TraderPlan[] => Array.from({ length: traders }, (_, i) => traderPlan(seed, i + 1));
