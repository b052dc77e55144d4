import { referralPageMachine } from './referral-page.machine';
import type { ReferralProgram } from '../../core/contract/referral';
import type { MachineModel } from '../../machine-kit/types';

export const referralProgram: ReferralProgram = {
  refferal: 'abc123',
  link_href: 'http://localhost/en/?aff=abc123',
  link_name: '',
  landing: 'home',
  links: [{ id: 'def456', link_name: 'Blog', landing: 'about', link_href: 'http://localhost/en/about?aff=def456', created_at: '2024-01-01T00:00:00.000Z' }],
  balances: [{ currency: 'USD', amount: '12.50' }],
  balance: { currency: 'USD', amount: '12.50' },
  account: '7',
  commission_percent: '5',
  materials: [{ id: '468x60', size: '468x60', format: 'svg', locale: 'en', extend: '/api/us/refferal/banner/468x60.svg?lang=en' }],
};

/** The page: loaded or failed and retried; a saved link and a transfer told by the children. */
export const referralPageModel: MachineModel = {
  machine: referralPageMachine,
  input: { keySeed: 'seed0001', from: 0, to: 86_400_000 },
  events: {
    'program.updated': [{ program: referralProgram }],
    'balance.updated': [{ balance: { currency: 'USD', amount: '2.50' } }, { balance: { currency: 'EUR', amount: '1.00' } }],
  },
  actors: { show: [{ output: referralProgram }, { error: { kind: 'network' } }] },
  maxDepth: 4,
};
