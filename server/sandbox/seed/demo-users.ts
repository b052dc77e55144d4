import type { Currency } from '../../../core/contract';
import type { AccountType, Verification } from '../../db/schema';

/** The sandbox's demo logins (seeded; printed by the start script). Platform accounts use the same email and password. */
export interface DemoUser {
  email: string;
  password: string;
  /** what a tester uses it for */
  purpose: string;
  firstName: string;
  lastName: string;
  country: string;
  currency: Currency;
  verification: Verification;
  cardRisk: boolean;
  /** may upload verification documents without a deposit and withdrawal method (spec 001 §5) */
  canUpload?: boolean;
  /** the first account is the current one; `amount` is funded through the ledger from the house account */
  accounts: { currency: Currency; type: Exclude<AccountType, 'house'>; amount: string }[];
}

export const demoUsers: readonly DemoUser[] = [
  {
    email: 'trader@example.com',
    password: 'Trader-2026',
    purpose: 'verified trader with USD and EUR balances',
    firstName: 'Tom',
    lastName: 'Trader',
    country: 'DE',
    currency: 'USD',
    verification: 'Full',
    cardRisk: false,
    accounts: [
      { currency: 'USD', type: 'trading', amount: '10000.00' },
      { currency: 'EUR', type: 'trading', amount: '2500.00' },
    ],
  },
  {
    email: 'demo@brokerage.test',
    password: 'Demo-2026',
    purpose: 'demo account (email at the site host)',
    firstName: 'Dana',
    lastName: 'Demo',
    country: 'GB',
    currency: 'USD',
    verification: 'None',
    cardRisk: false,
    accounts: [{ currency: 'USD', type: 'demo', amount: '50000.00' }],
  },
  {
    email: 'risky@example.com',
    password: 'Risky-2026',
    purpose: 'unverified US client flagged as card risk, no funds, may upload verification documents',
    firstName: 'Rick',
    lastName: 'Risky',
    country: 'US',
    currency: 'USD',
    verification: 'None',
    cardRisk: true,
    // the risk-flagged trader must verify before using a card, with no deposit yet
    canUpload: true,
    accounts: [{ currency: 'USD', type: 'trading', amount: '0.00' }],
  },
];
