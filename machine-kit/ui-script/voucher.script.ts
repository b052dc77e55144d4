import type { ScriptStep, UiScript } from './types';

const REDEEM = '/api/card/fast/vload';
const signIn = (email: string, password: string): ScriptStep[] => [
  // the weekend contest's offer (spec 002 §2) opens over the trading page once a day on a weekend
  { whenShown: { dialog: 'Weekend contest', click: 'Not now' } },
  { goto: '/en/login' },
  { fill: { label: 'Email', value: email } },
  { fill: { label: 'Password', value: password } },
  { click: { role: 'button', name: 'Sign in' } },
  { expectUrl: '/en/trading' },
  { goto: '/en/trading#/show/funding' },
  { click: { role: 'tab', name: 'Vload' } },
];
const outcome = ['redeem.done', 'redeem.error'];

/**
 * A Vload voucher on the funding page (#/show/funding, tab Vload; spec 000 §6): a fresh trader
 * redeems a sandbox voucher (`1250` + 12 digits, a new one per test: 250.00 credited by the
 * ledger), is refused a used one (`9999 0000 0000 0000`, docs/sandbox.md "Vload test pins"), loses
 * the connection on the way; the seeded demo account is shown the demo block. The same keys as
 * machine-tests/ui-paths/bindings/voucher.ts (a unit test checks them).
 */
export const voucherScript: UiScript = {
  machine: 'voucher',
  title: 'Vload voucher',
  start: [
    { when: { input: { demo: true } }, says: 'the demo account', steps: signIn('demo@brokerage.test', 'Demo-2026') },
    { says: 'a fresh trader with 1,000.00', steps: [{ freshUser: { balances: [{ currency: 'USD', type: 'trading', amount: '1000.00' }] } }, ...signIn('{{user.email}}', '{{user.password}}')] },
  ],
  events: {
    'pin.change': [
      { when: { event: { value: '1234' } }, says: 'types a pin too short', steps: [{ fill: { label: 'Voucher pin', value: '1234' } }] },
      { when: { next: { of: outcome, is: 'redeem.error', has: { error: { status: 409 } } } }, says: 'types a used pin', steps: [{ fill: { label: 'Voucher pin', value: '9999 0000 0000 0000' } }] },
      { says: 'types a new voucher pin', steps: [{ fill: { label: 'Voucher pin', value: '{{fresh.vloadPin}}' } }] },
    ],
    'voucher.submit': [
      { when: { next: { of: outcome, is: 'redeem.error', has: { error: { status: 409 } } } }, says: 'loads it', steps: [{ click: { role: 'button', name: 'Load the voucher' } }] },
      // a failure without the server's message: the connection lost on the way (the same transition as a 500)
      { when: { next: { of: outcome, is: 'redeem.error' } }, says: 'loads it while the connection drops', steps: [{ failNext: `**${REDEEM}` }, { click: { role: 'button', name: 'Load the voucher' } }] },
      { says: 'loads it', steps: [{ click: { role: 'button', name: 'Load the voucher' } }] },
    ],
    'redeem.done': [{ steps: [] }],
    'redeem.error': [{ steps: [] }],
    'voucher.again': [{ reason: "the finish page leaves the Vload tab: 'Load another voucher' is never on screen (the UI-path binding's reason)" }],
  },
  states: {
    'voucher.demoBlocked': [{ steps: [{ expect: { role: 'heading', name: 'Demo account' } }] }],
    'voucher.editing': [{ steps: [{ expect: { label: 'Voucher pin' } }] }, { when: { context: { error: '*' } }, steps: [{ expect: { role: 'alert' } }] }],
    // the redeemed state opens the voucher finish page at once (its own words show only for a moment)
    // and the ledger's credit in the header: 1,000.00 + 250.00
    'voucher.redeemed': [{ steps: [{ expectUrl: '#/show/funding/payment_success$' }, { expect: { text: '$1,250.00' } }] }],
  },
};
