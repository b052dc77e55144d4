import { FastifyRequest } from 'fastify';
import { announceDeposit } from './deposit-push';
import { CryptoException, CryptoExceptionRequest, CryptoPayRequest, InvoiceCheckRequest, CryptoInvoice, CryptoOptions, CryptoPayResponse, CryptoRates, InvoiceCheckResponse } from '../../core/contract';
import { claimRefund, creditException, exceptionsOf } from '../domain/crypto/exceptions';
import { COIN_ASSETS, COIN_SLUGS, TOKENS, type CoinSlug } from '../domain/crypto/coins';
import { runExclusive } from '../db/leader';
import { intervalWhenReady } from '../db/when-ready';
import { ChainGate } from '../domain/crypto/chain-gate';
import { createInvoice, creditDueExceptions, exceptionDepsOf, findInvoice, findInvoiceInSession, minDepositFor, sweepExpired, syncAddress, syncInvoice, tellSettled, type InvoiceDeps } from '../domain/crypto/invoices';
import { priceString } from '../domain/crypto/rates';
import { checkView, exceptionView, invoiceView } from '../domain/crypto/view';
import { fundingProfileOf } from '../domain/users';
import { notFound } from '../http/errors';

import { adoptSession, requireUser, sessionIdOf } from '../http/session';
import type { RouteDeps } from './deps';
import { Refusal } from '../domain/refusal';
import { api, TAGS, type RoutePlugin } from '../http/route-schema';

/** the server side of the countdown: waiting invoices past their hour are closed this often */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * What the invoice service needs: the chain watcher and price feed ports (server/compose.ts),
 * its updates pushed to the trader. Also the sandbox's chain control's (server/sandbox/chain/routes.ts).
 */
export function invoiceDepsOf({ db, config, settings, push, ports }: RouteDeps): InvoiceDeps {
  return {
    db,
    watcher: ports.chain,
    rates: ports.rates,
    config: ports.chainKeys,
    settings,
    siteHost: config.siteHost,
    events: {
      invoiceUpdated: (userId, guid, status) => push.publish(userId, { type: 'invoice.updated', id: guid, status }),
      // sent with the transaction that moved the invoice (PostgreSQL NOTIFY at COMMIT)
      invoiceUpdatedIn: (trx, userId, guid, status) => push.publishIn(trx, userId, { type: 'invoice.updated', id: guid, status }),
      // the depositor's (and a referrer's) balance and bell follow
      userUpdated: (userId) => announceDeposit(db, push, userId),
    },
  };
}

/**
 * Crypto deposits: /api/{coin}/pay, /api/{coin}/check, the invoice page address
 * /api/{coin}/invoice/{guid}, the invoice itself and the rates. The sandbox's chain control
 * (testers pay or expire invoices) is registered by server/compose.ts.
 */
export const cryptoRoutes: RoutePlugin<RouteDeps> = async (app, options) => {
  const { db, settings } = options;
  const deps = invoiceDepsOf(options);

  // the polled check asks the chain only when something can have changed (chain-gate.ts)
  const gate = new ChainGate();
  // the watcher tells us when one of our addresses receives something
  const stopWatching = deps.watcher.onActivity((chainId, address) => {
    gate.noteActivity(chainId, address);
    syncAddress(deps, chainId, address).catch((error: unknown) => app.log.error({ err: error }, 'crypto: sync after chain activity failed'));
  });
  let stopSweeper = () => {};
  app.addHook('onReady', async () => {
    // idempotent (each invoice moved under its row lock, by its status); one instance sweeps per period
    // so the chain is not asked N times (docs/architecture.md, "Timers")
    // started once the database is migrated (a first start migrates while the server listens)
    stopSweeper = intervalWhenReady(options.ready, SWEEP_INTERVAL_MS, () => {
      // …and credits the exceptions the rules make due (an over-payment's window that passed, a credit a crash left)
      runExclusive(db, 'crypto.expiry-sweep', async () => (await sweepExpired(deps)) + (await creditDueExceptions(deps)), { everyMs: SWEEP_INTERVAL_MS }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'crypto: expiry sweep failed'),
      );
    });
  });
  app.addHook('onClose', async () => {
    stopSweeper();
    stopWatching();
  });

  const ownInvoice = async (request: FastifyRequest, guid: string, coin?: CoinSlug) => {
    const userId = requireUser(request);
    const row = await findInvoice(db, userId, guid);
    if (!row || (coin !== undefined && row.coin !== coin)) throw notFound('There is no such invoice.');
    return row;
  };

  for (const coin of COIN_SLUGS) {
    app.post(`/api/${coin}/pay`, { schema: api(TAGS.crypto, `Create a ${coin} invoice`, { body: CryptoPayRequest, response: CryptoPayResponse }) }, async (request): Promise<CryptoPayResponse> => {
      const userId = requireUser(request);
      const body = request.body;
      if (coin === 'token' && !body.token) throw new Refusal(400, 'crypto.token', 'Choose one of the offered tokens.', { fields: { token: 'crypto.token' } });
      const row = await createInvoice(deps, { userId, coin, token: body.token, amount: body.amount, fixed: body.fixed ?? false, bonus: body.bonus ?? false, currency: body.currency });
      return { return: true, guid: row.guid, url: `/api/${coin}/invoice/${row.guid}` };
    });

    // polled by the invoice page: the session and what the answer shows of the invoice in one select are the
    // only round trip unless the chain can have something new for it (then the whole row and syncInvoice, which writes only on change)
    app.post(`/api/${coin}/check`, { schema: api(TAGS.crypto, `Check a ${coin} invoice`, { body: InvoiceCheckRequest, response: InvoiceCheckResponse }), config: { session: 'joined' } }, async (request): Promise<InvoiceCheckResponse> => {
      const { guid } = request.body;
      const sessionId = sessionIdOf(request);
      const found = sessionId === null ? undefined : await findInvoiceInSession(db, sessionId, guid);
      await adoptSession(db, request, found?.session ?? null);
      requireUser(request);
      const row = found?.invoice;
      if (!row || row.coin !== coin) throw notFound('There is no such invoice.');
      // a closed invoice is checked on a push only: its exceptions come with the answer
      const withExceptions = async (r: typeof row) => checkView(r, r.status === 'wt' ? undefined : await exceptionsOf(db, r.guid));
      if (!gate.needsChain(row)) return withExceptions(row);
      gate.asking(row.guid);
      // the chain is asked: the whole row, for the sync to compare and write
      const whole = await findInvoice(db, row.user_id, row.guid);
      if (!whole) throw notFound('There is no such invoice.');
      return withExceptions((await syncInvoice(deps, whole)).invoice);
    });

    // the spec's invoice page address: the page itself lives in the trading shell
    app.get<{ Params: { guid: string }; Querystring: { lang?: string } }>(`/api/${coin}/invoice/:guid`, { schema: api(TAGS.crypto, `The ${coin} invoice page address (redirects into the trading shell)`, { produces: 'redirect' }) }, async (request, reply) => {
      const { guid } = request.params;
      if (!/^[0-9a-f-]{36}$/.test(guid)) throw notFound('There is no such invoice.');
      const lang = settings.languages.includes(request.query.lang ?? '') ? request.query.lang : settings.defaultLanguage;
      return reply.redirect(`/${lang}/trading#/show/invoice/${coin}/${guid}`, 302);
    });
  }

  app.get<{ Params: { guid: string } }>('/api/crypto/invoices/:guid', { schema: api(TAGS.crypto, 'One invoice, everything its page shows', { response: CryptoInvoice }) }, async (request): Promise<CryptoInvoice> => {
    const row = await ownInvoice(request, request.params.guid);
    const { invoice } = await syncInvoice(deps, row);
    return invoiceView(invoice, deps.watcher.sandbox, new Date(), await exceptionsOf(db, invoice.guid));
  });

  // a short, late or over payment: the trader has an over-payment credited, or claims a refund to their address
  app.post<{ Params: { id: string } }>('/api/crypto/exceptions/:id', { schema: api(TAGS.crypto, 'Credit an over-payment, or claim the refund of a held payment', { body: CryptoExceptionRequest, response: CryptoException }) }, async (request): Promise<CryptoException> => {
    const userId = requireUser(request);
    const { id } = request.params;
    if (!/^[0-9a-f-]{36}$/.test(id)) throw notFound('There is no such payment.');
    const body = request.body as CryptoExceptionRequest;
    const exceptions = exceptionDepsOf(deps);
    const settled = body.choice === 'credit' ? await creditException(exceptions, id, userId) : await claimRefund(exceptions, userId, id, body.address ?? '');
    await tellSettled(deps, settled);
    const invoice = await db.selectFrom('crypto_invoices').selectAll().where('guid', '=', settled.invoiceGuid).executeTakeFirstOrThrow();
    return exceptionView(settled.exception, invoice, new Date());
  });

  app.get('/api/crypto/options', { schema: api(TAGS.crypto, 'Coins, chains and minimum deposits for the user', { response: CryptoOptions }) }, async (request): Promise<CryptoOptions> => {
    const userId = requireUser(request);
    const user = await fundingProfileOf(db, userId);
    const currency = user.currency;
    const quote = await deps.rates.quote().catch(() => null);
    const price = (symbol: string): string => {
      if (!quote) return '0';
      try {
        return priceString(quote, symbol, currency);
      } catch {
        return '0';
      }
    };
    const assets = [
      ...COIN_SLUGS.filter((c): c is Exclude<CoinSlug, 'token'> => c !== 'token').map((coin) => ({ coin, asset: COIN_ASSETS[coin] })),
      ...Object.values(TOKENS).map((asset) => ({ coin: 'token' as const, asset })),
    ].map(({ coin, asset }) => ({
      coin,
      symbol: asset.symbol,
      name: asset.name,
      decimals: asset.decimals,
      price: price(asset.symbol),
      available: deps.config.xpubs[asset.chain] !== undefined && price(asset.symbol) !== '0',
    }));
    return {
      currency,
      minDeposit: minDepositFor(user, settings, { type: user.accountType, currency }),
      assets,
      rateSource: quote?.source ?? 'none',
      ratesAt: (quote?.at ?? new Date()).toISOString(),
      altcoinDefault: '1.5',
      sandbox: deps.watcher.sandbox,
    };
  });

  // rates keyed by coin (spec 001 §7, 002 §7): approximate, no markup; GET and POST
  const rates = async (): Promise<CryptoRates> => {
    const quote = await deps.rates.quote().catch(() => {
      throw new Refusal(503, 'crypto.rates_unavailable', 'Exchange rates are not available right now. Please try again in a minute.');
    });
    const symbols = [...new Set([...Object.values(COIN_ASSETS), ...Object.values(TOKENS)].map((a) => a.symbol))];
    const table: Record<string, string> = {};
    for (const symbol of symbols) if (quote.usd[symbol] !== undefined) table[symbol] = priceString(quote, symbol, 'USD');
    return { base: 'USD', rates: table, source: quote.source, at: quote.at.toISOString(), approximate: true };
  };
  const ratesSchema = (alias: boolean) =>
    api(TAGS.crypto, alias ? 'Exchange rates keyed by coin (same as /api/bitcoin/currency)' : 'Exchange rates keyed by coin (approximate, in USD)', { response: CryptoRates });
  for (const path of ['/api/bitcoin/currency', '/api/triggers/exchange']) {
    app.get(path, { schema: ratesSchema(path !== '/api/bitcoin/currency') }, rates);
    app.post(path, { schema: ratesSchema(path !== '/api/bitcoin/currency') }, rates);
  }
};
