import { createHash, randomBytes } from 'node:crypto';
import type { MethodDepositStart, MethodStartAnswer, PaymentMethodGateway } from '../../domain/ports';

/**
 * The sandbox Neteller test wallets (docs/sandbox.md). The approving pair is Neteller's own
 * published test account; nothing leaves the machine.
 */
export const NETELLER_TEST = {
  approve: { account: 'netellertest_USD@neteller.com', secureId: '411392' },
  decline: { account: 'netellertest_decline@neteller.com', secureId: '411392' },
} as const;

export const sandboxTxId = (provider: string): string => `SBX-${provider.toUpperCase()}-${randomBytes(8).toString('hex')}`;

/**
 * One sandbox provider per method behind the port: Neteller debits the test wallet at once
 * (account + secure id), every other provider answers its hosted page
 * (`/sandbox/wallets/{provider}/{id}`), whose Pay sends the provider's signed webhook.
 */
export function sandboxWallets(): PaymentMethodGateway {
  return {
    sandbox: true,
    providerOf: (method) => method,
    async start(provider: string, deposit: MethodDepositStart): Promise<MethodStartAnswer> {
      if (provider === 'neteller') {
        const account = (deposit.account ?? '').trim().toLowerCase();
        if (account === NETELLER_TEST.decline.account.toLowerCase()) {
          return { kind: 'declined', code: 'insufficient_funds', message: 'Neteller declined the payment: not enough money in the wallet.' };
        }
        if (account !== NETELLER_TEST.approve.account.toLowerCase()) {
          return { kind: 'declined', code: 'account_not_found', message: 'Neteller does not know this account.' };
        }
        if (deposit.secureId !== NETELLER_TEST.approve.secureId) {
          return { kind: 'declined', code: 'invalid_secure_id', message: 'The Neteller secure id is wrong.' };
        }
        return { kind: 'paid', providerTxId: sandboxTxId(provider), amountMinor: deposit.amountMinor, currency: deposit.currency };
      }
      const lang = deposit.lang === 'ru' ? 'ru' : 'en';
      return { kind: 'redirect', url: `/sandbox/wallets/${provider}/${deposit.depositId}?lang=${lang}` };
    },
    // a refund is accepted at once, its id of our key (the same key again: the same refund); the refunds console sends the outcome
    async refund(provider, _deposit, refund) {
      if (refund.amountMinor <= 0n) return { kind: 'refused', message: 'The refund amount must be above zero.' };
      return { kind: 'accepted', refundId: `re_${provider}_${createHash('sha256').update(refund.key).digest('hex').slice(0, 20)}` };
    },
  };
}
