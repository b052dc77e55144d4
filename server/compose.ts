/**
 * The composition root: every port (server/domain/ports.ts) is built here, once, from the
 * configuration, and handed to the routes and the domain in their deps (`deps.ports`). No route
 * and no domain module knows which implementation it speaks to; the sandbox's parties (server/sandbox)
 * are chosen here, and so are their consoles and control calls (registered in sandbox mode only).
 *
 * Plugging in a real integration is one line below: e.g. a real email/SMS provider replaces
 * `messenger: sandboxMessenger(db)`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import { tradingRefusal } from './domain/protection/appropriateness';
import { termsTradingRefusal } from './domain/legal/legal';
import { consumeTicket } from './domain/autologin';
import { CHAINS } from './domain/crypto/coins';
import { loadCryptoConfig } from './domain/crypto/config';
import { rssFeed } from './domain/news/rss';
import { noProcessors } from './domain/payments/no-processors';
import { loadMethodConfig } from './domain/methods';
import { loadProcessorSecrets } from './domain/payments/reversal-webhook';
import type { ChainPayment, ChainWatcher, PaymentMethodGateway, PlatformGateway, Ports, RateSource } from './domain/ports';
import type { PushHub } from './push/hub';
import { invoiceDepsOf } from './routes/crypto';
import type { RouteDeps } from './routes/deps';
import { paymentDeps } from './routes/payment-deps';
import { SUPPORT_UPLOAD_LIMITS } from './routes/support';
import { sandboxBankRoutes } from './sandbox/bank/routes';
import { SANDBOX_BANK_DETAILS } from './sandbox/bank/details';
import { sandboxChain, type SandboxChain } from './sandbox/chain/sandbox-chain';
import { sandboxChainRoutes } from './sandbox/chain/routes';
import { sandboxChainConsoleRoutes } from './sandbox/chain/console';
import { sandboxComplaintRoutes } from './sandbox/complaints/routes';
import { sandboxEligibilityRoutes } from './sandbox/eligibility/routes';
import { sandboxContestRoutes } from './sandbox/contests/routes';
import { sandboxChat } from './sandbox/chat/chat';
import { chatRoutes } from './sandbox/chat/routes';
import { sandboxDesk, type SandboxDesk } from './sandbox/desk/desk';
import { sandboxDeskRoutes } from './sandbox/desk/routes';
import { installSandboxIdp, SANDBOX_CLIENT_ID, SANDBOX_IDP_NAME } from './sandbox/idp/provider';
import { sandboxMessenger } from './sandbox/messages/messenger';
import { noGeo, sandboxGeo } from './sandbox/geo/geo';
import { sandboxNews } from './sandbox/news/sandbox-news';
import { sandboxPlatformControlRoutes } from './sandbox/platform/control-routes';
import { sandboxGateway } from './sandbox/platform/gateway';
import { platformRoutes } from './sandbox/platform/routes';
import { cardSandboxRoutes } from './sandbox/processors/control-routes';
import { cardPageRoutes } from './sandbox/processors/page-routes';
import { sandboxPromoRoutes } from './sandbox/promo/routes';
import { sandboxProcessors } from './sandbox/processors/sandbox-gateway';
import { withSandboxRefunds } from './sandbox/processors/refunds';
import { sandboxRefundRoutes } from './sandbox/refunds/routes';
import { switchedProcessors } from './sandbox/processors/switch';
import { processorHealthRoutes } from './sandbox/processors/health-routes';
import { scenarioOfNumber, TEST_CARDS } from './sandbox/processors/test-cards';
import { sandboxRates } from './sandbox/rates/sandbox-rates';
import { sandboxReviewRoutes } from './sandbox/review/routes';
import { scriptedProcessors } from './sandbox/script/card-gateway';
import { installSandboxScripts } from './sandbox/script/routes';
import { takePlatformStep } from './sandbox/script/store';
import { seedContests } from './sandbox/seed/contests';
import { sandboxSignalRoutes } from './sandbox/signals/routes';
import { sandboxSignals } from './sandbox/signals/sandbox-signals';
import { sandboxTesterRoutes } from './sandbox/tester/routes';
import { sandboxVouchers } from './sandbox/vouchers/sandbox-vouchers';
import { sandboxWallets } from './sandbox/wallets/gateway';
import { sandboxWalletRoutes } from './sandbox/wallets/routes';

/** Without a sandbox and without a real integration, crypto deposits say they are unavailable. */
const noChain: ChainWatcher = { sandbox: false, paymentsTo: async (): Promise<ChainPayment[]> => [], onActivity: () => () => {} };
const noRates: RateSource = {
  quote: async () => {
    throw new Error('no rate source configured');
  },
};
/** Without a sandbox and without a real integration, no wallet deposit can start. */
const noWallets: PaymentMethodGateway = {
  sandbox: false,
  providerOf: (method) => method,
  start: async () => {
    throw new Error('no wallet provider configured');
  },
};

const isTestCard = (digits: string): boolean => TEST_CARDS.some((c) => c.visa === digits || c.mastercard === digits);

export interface Composed {
  ports: Ports;
  /** the sandbox's parties behind the ports, for their consoles and controls (null: not the sandbox's) */
  sandbox: { chain: SandboxChain | null; desk: SandboxDesk };
}

/**
 * Every port, from the configuration. Sandbox mode (SANDBOX=true) gets the sandbox's parties;
 * without it, what is configured (NEWS_RSS_URL, OIDC_ISSUER) or nothing (the product then says
 * the service is unavailable). Ports that serve pages on this server (the sandbox identity
 * provider) are mounted on `app`; ports holding resources are closed with it.
 */
export function composePorts(app: FastifyInstance, { db, config, push, platform }: { db: Db; config: Config; push: PushHub; platform?: PlatformGateway }): Composed {
  const sandbox = config.sandbox;
  const chain = sandbox ? sandboxChain(db, push) : null;
  if (chain) app.addHook('onClose', async () => chain.close());
  const desk = sandboxDesk(db);
  const idp = sandbox && !config.oidc ? installSandboxIdp(app, db) : null;
  const ports: Ports = {
    platform: platform ?? sandboxGateway(db),
    messenger: sandboxMessenger(db),
    processors: sandbox ? switchedProcessors(db, scriptedProcessors(db, withSandboxRefunds(sandboxProcessors({ delayMs: config.sandboxProcessorDelayMs })))) : noProcessors,
    testCards: { scenarioOf: scenarioOfNumber, isShared: isTestCard },
    chain: chain ?? noChain,
    // CRYPTO_XPUB_<CHAIN>; in sandbox mode the published test keys fill the gaps
    chainKeys: loadCryptoConfig(sandbox, config.cryptoXpubs, config.cryptoExceptionRules),
    rates: sandbox ? sandboxRates() : noRates,
    wallets: sandbox ? sandboxWallets() : noWallets,
    // METHOD_WEBHOOK_SECRET_<PROVIDER>; in sandbox mode the sandbox providers' own secrets fill the gaps
    walletSecrets: loadMethodConfig(sandbox, config.methodWebhookSecrets),
    // PROCESSOR_WEBHOOK_SECRET_<NAME>; in sandbox mode the sandbox processors' own secrets fill the gaps
    processorSecrets: loadProcessorSecrets(sandbox, config.processorWebhookSecrets),
    vouchers: sandbox ? sandboxVouchers() : null,
    bankDetails: sandbox ? SANDBOX_BANK_DETAILS : null,
    desk,
    news: config.newsRssUrl ? rssFeed({ url: config.newsRssUrl }) : sandboxNews(),
    chat: sandboxChat(db, { labelled: sandbox }),
    geo: sandbox ? sandboxGeo : noGeo,
    ...(sandbox && { signals: sandboxSignals(db), contestSchedule: (now: Date) => seedContests(db, now) }),
    ...(idp && { identity: { name: SANDBOX_IDP_NAME, clientId: SANDBOX_CLIENT_ID, issuer: (origin: string) => idp.issuer(origin), clientSecret: () => idp.clientSecret() } }),
  };
  return { ports, sandbox: { chain, desk } };
}

/**
 * Scripted third-party outcomes (/api/sandbox/script, sandbox mode only): installed before the
 * withdrawal routes, whose answers its hook changes.
 */
export { installSandboxScripts };

/**
 * The sandbox's own pages and control calls (docs/sandbox.md): the trading platform's pages
 * (the sandbox platform, under settings.platform), the processors' pages (they answer "missing"
 * unless the processors are the sandbox's) and, in sandbox mode only, the consoles (review,
 * bank, desk, promo, complaints), the chain, card, wallet, platform, signal and contest controls, the
 * testers' calls (fresh user, outbox, sign-in key, offer now, …) and the sandbox chat provider
 * at /chat. Every /sandbox and /api/sandbox address is registered here (scripts/layers-routes.test.ts).
 */
export async function installSandboxRoutes(app: FastifyInstance, deps: RouteDeps, sandbox: Composed['sandbox'], ready?: Promise<void>): Promise<void> {
  const { db, config, settings, ports } = deps;
  await app.register(platformRoutes, {
    prefix: settings.platform,
    db,
    acceptTicket: async (login, password) => (await consumeTicket(db, login, password, 'platform')) !== null,
    // no trade before the appropriateness questionnaire is passed or its risk accepted (issue 30 §6),
    // nor while a new version of a legal document is not accepted (issue 30 §5)
    tradingRefusal: async (login) => (await termsTradingRefusal(db, login)) ?? tradingRefusal(db, login, new Date()),
    ...(ready && { ready }),
    // sandbox only: the trader's scripted platform refusals (maintenance, no code)
    ...(config.sandbox && { scriptedRefusal: (login: string) => takePlatformStep(db, login) }),
  });
  const payments = paymentDeps(deps);
  await app.register(cardPageRoutes, { deps: payments });
  if (!config.sandbox) return;
  // the agent console; a multipart scope of its own (the agent's answer may carry a file), as the trader's support routes
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: SUPPORT_UPLOAD_LIMITS });
    await scope.register(sandboxDeskRoutes, { ...deps, desk: sandbox.desk });
  });
  await app.register(sandboxTesterRoutes, deps);
  await app.register(cardSandboxRoutes, { deps: payments });
  if (ports.wallets.sandbox) await app.register(sandboxWalletRoutes, { db, settings, config: ports.walletSecrets });
  await app.register(sandboxReviewRoutes, deps);
  await app.register(sandboxBankRoutes, deps);
  if (sandbox.chain) await app.register(sandboxChainRoutes, { deps: invoiceDepsOf(deps), chain: sandbox.chain, chains: CHAINS });
  if (sandbox.chain) await app.register(sandboxChainConsoleRoutes, { deps: invoiceDepsOf(deps), chain: sandbox.chain, config });
  await app.register(chatRoutes, { prefix: '/chat', db });
  await app.register(sandboxPlatformControlRoutes, deps);
  await app.register(sandboxSignalRoutes, deps);
  // the promo console (/sandbox/promo: codes and promotions; /api/sandbox/promo, /api/sandbox/promotions) and the contest calls
  await app.register(sandboxPromoRoutes, deps);
  await app.register(sandboxContestRoutes, deps);
  // the complaints desk (/sandbox/complaints; /api/sandbox/complaints): the agents' side of server/domain/complaints
  await app.register(sandboxComplaintRoutes, deps);
  // the eligibility console (/sandbox/eligibility; /api/sandbox/incentives): the operator's switch of incentives by country
  await app.register(sandboxEligibilityRoutes, deps);
  // the refunds and disputes console (/sandbox/refunds): refunds through the processors' port, their signed webhooks, protection cases
  await app.register(sandboxRefundRoutes, deps);
  await app.register(processorHealthRoutes, { db, config });
}
