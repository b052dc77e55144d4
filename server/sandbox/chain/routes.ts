import { SandboxChainRequest, SandboxChainResponse } from '../../../core/contract';
import type { Chain, ChainId } from '../../domain/crypto/coins';
import { findInvoice, syncInvoice, type InvoiceDeps } from '../../domain/crypto/invoices';
import { toBigInt } from '../../db/values';
import { notFound } from '../../http/errors';

import { requireUser } from '../../http/session';
import type { SandboxChain } from './sandbox-chain';
import { api, TAGS, type RoutePlugin } from '../../http/route-schema';

/**
 * The sandbox control (sandbox mode only): a tester pays their own invoice in full, in part,
 * more than due, late or unconfirmed, mines a block (one more confirmation), or lets it expire now. Payments go onto the sandbox chain; the watcher sees them
 * like any payment, so the product path is the real one.
 */
export const sandboxChainRoutes: RoutePlugin<{ deps: InvoiceDeps; chain: SandboxChain; chains: Record<ChainId, Chain> }> = async (app, { deps, chain, chains }) => {
  const own = async (userId: number, guid: string) => {
    const row = await findInvoice(deps.db, userId, guid);
    if (!row) throw notFound('There is no such invoice.');
    return row;
  };

  /** sets the invoice's expiry to now (sandbox only), then lets the service close it */
  const expireNow = async (userId: number, guid: string) => {
    const row = await own(userId, guid);
    if (row.status !== 'wt') return row;
    const updated = await deps.db
      .updateTable('crypto_invoices')
      .set({ expires_at: new Date() })
      .where('guid', '=', guid)
      .where('status', '=', 'wt')
      .returningAll()
      .executeTakeFirst();
    return (await syncInvoice(deps, updated ?? row)).invoice;
  };

  app.post('/api/sandbox/chain/pay', { schema: api(TAGS.sandbox, 'Pay an invoice on the sandbox chain', { body: SandboxChainRequest, response: SandboxChainResponse }) }, async (request): Promise<SandboxChainResponse> => {
    const userId = requireUser(request);
    const { guid, kind = 'full' } = request.body;
    let row = await own(userId, guid);
    if (kind === 'late') row = await expireNow(userId, guid);
    const amount = toBigInt(row.amount_minor);
    const received = toBigInt(row.received_minor);
    const due = row.status === 'wt' && amount > received ? amount - received : amount;
    const send = kind === 'partial' ? (due + 1n) / 2n : kind === 'over' ? due + (due + 1n) / 2n : due;
    const required = chains[row.chain as ChainId].confirmations;
    // wait a millisecond after an expiry so the payment is seen after it
    if (kind === 'late') await new Promise((r) => setTimeout(r, 2));
    const txid = await chain.send({
      chain: row.chain as ChainId,
      address: row.address,
      asset: row.asset,
      amountMinor: send,
      decimals: row.decimals,
      // unconfirmed: seen, no confirmation yet (each POST /api/sandbox/chain/block adds one)
      confirmations: kind === 'unconfirmed' ? 0 : required,
    });
    const after = await own(userId, guid);
    return { ok: true, txid, status: (await syncInvoice(deps, after)).invoice.status };
  });

  app.post('/api/sandbox/chain/block', { schema: api(TAGS.sandbox, 'Mine a block: the payments to an invoice gain one confirmation', { body: SandboxChainRequest, response: SandboxChainResponse }) }, async (request): Promise<SandboxChainResponse> => {
    const userId = requireUser(request);
    const row = await own(userId, request.body.guid);
    await chain.mine(row.chain as ChainId, row.address);
    return { ok: true, txid: '', status: (await syncInvoice(deps, await own(userId, row.guid))).invoice.status };
  });

  app.post('/api/sandbox/chain/expire', { schema: api(TAGS.sandbox, 'Expire an invoice', { body: SandboxChainRequest, response: SandboxChainResponse }) }, async (request): Promise<SandboxChainResponse> => {
    const userId = requireUser(request);
    const { guid } = request.body;
    const row = await expireNow(userId, guid);
    return { ok: true, txid: '', status: row.status };
  });
};
