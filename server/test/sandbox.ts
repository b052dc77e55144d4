/**
 * What route tests use of the sandbox's parties (test cards, test wallets, vouchers, the bank's
 * details, the sandbox platform's prices, accounts and trades, …), in one place: a route test
 * imports these from here, not from server/sandbox, as the routes themselves reach the sandbox
 * only through the ports server/compose.ts builds.
 */
export { SANDBOX_BANK_DETAILS } from '../sandbox/bank/details';
export { DbIdpAdapter, loadIdpSecrets, purgeExpiredIdpObjects } from '../sandbox/idp/store';
export { readOutbox } from '../sandbox/messages/messenger';
export { sandboxGateway } from '../sandbox/platform/gateway';
export { instrumentOf, priceAt } from '../sandbox/platform/prices';
export { createPlatformSession, findAccount } from '../sandbox/platform/store';
export { moveBalance, openTrade, settleDue } from '../sandbox/platform/trades';
export { TEST_CARDS } from '../sandbox/processors/test-cards';
export { sandboxSignals } from '../sandbox/signals/sandbox-signals';
export { sandboxVouchers, SANDBOX_VOUCHERS } from '../sandbox/vouchers/sandbox-vouchers';
export { NETELLER_TEST } from '../sandbox/wallets/gateway';
