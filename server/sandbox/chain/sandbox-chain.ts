import { createHash, randomBytes } from 'node:crypto';
import type { ChainId } from '../../domain/crypto/coins';
import type { ChainPayment, ChainSender, ChainWatcher } from '../../domain/ports';
import type { DbOrTx } from '../../domain/ledger';
import { toBigInt } from '../../db/values';
import type { PushHub } from '../../push/hub';

/**
 * The sandbox blockchain: a table of simulated transactions that testers send from the
 * sandbox control (docs/sandbox.md). Nothing here touches a real network, and the
 * transaction ids are random, so a public explorer will not find them.
 */
export interface SandboxSend {
  chain: ChainId;
  address: string;
  asset: string;
  amountMinor: bigint;
  decimals: number;
  /** the sandbox confirms at once by default */
  confirmations: number;
}

export interface SandboxChain extends ChainWatcher, ChainSender {
  /** broadcasts a simulated transaction and tells the watchers; returns its id */
  send(input: SandboxSend): Promise<string>;
  /** a new block: every transaction to the address gains one confirmation; tells the watchers */
  mine(chain: ChainId, address: string): Promise<void>;
  /** stops hearing other instances' activity */
  close(): void;
}

const newTxid = (chain: ChainId): string => (chain === 'eth' ? `0x${randomBytes(32).toString('hex')}` : randomBytes(32).toString('hex'));

/** The instance-wide signal of the sandbox chain's activity (server/push: PostgreSQL NOTIFY across instances). */
export const CHAIN_ACTIVITY = 'chain.activity';

/**
 * With `signals` (the push hub), activity is broadcast to every instance sharing the database
 *: the instance that holds a trader's invoice stream learns of a payment sent
 * through another. Without it, only this process's watchers hear it.
 */
export function sandboxChain(db: DbOrTx, signals?: Pick<PushHub, 'signal' | 'onSignal'>, now: () => Date = () => new Date()): SandboxChain {
  const listeners = new Set<(chain: ChainId, address: string) => void>();
  const announce = (chain: ChainId, address: string) => {
    for (const listener of listeners) listener(chain, address);
  };
  const unhear = signals?.onSignal(CHAIN_ACTIVITY, (data) => {
    const { chain, address } = (data ?? {}) as { chain?: unknown; address?: unknown };
    if (typeof chain === 'string' && typeof address === 'string') announce(chain as ChainId, address);
  });
  return {
    sandbox: true,
    close: () => unhear?.(),
    async paymentsTo(chain, address): Promise<ChainPayment[]> {
      const rows = await db
        .selectFrom('sandbox_chain_txs')
        .select(['txid', 'asset', 'amount_minor', 'decimals', 'confirmations', 'created_at'])
        .where('chain', '=', chain)
        .where('address', '=', address)
        .orderBy('created_at')
        .orderBy('txid')
        .execute();
      return rows.map((r) => ({
        txid: r.txid,
        asset: r.asset,
        amountMinor: toBigInt(r.amount_minor),
        decimals: r.decimals,
        confirmations: r.confirmations,
        seenAt: r.created_at,
      }));
    },
    onActivity(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async send(input) {
      if (input.amountMinor <= 0n) throw new RangeError('a transaction sends a positive amount');
      const txid = newTxid(input.chain);
      await db
        .insertInto('sandbox_chain_txs')
        .values({
          txid,
          chain: input.chain,
          address: input.address,
          asset: input.asset,
          amount_minor: input.amountMinor,
          decimals: input.decimals,
          confirmations: input.confirmations,
          created_at: now(),
        })
        .execute();
      // the insert has committed: every instance's watchers (this one's through the signal too) sync the address
      if (signals) signals.signal(CHAIN_ACTIVITY, { chain: input.chain, address: input.address });
      else announce(input.chain, input.address);
      return txid;
    },
    async mine(chain, address) {
      await db.updateTable('sandbox_chain_txs').set((eb) => ({ confirmations: eb('confirmations', '+', 1) })).where('chain', '=', chain).where('address', '=', address).execute();
      if (signals) signals.signal(CHAIN_ACTIVITY, { chain, address });
      else announce(chain, address);
    },
    // a refund: the transaction id follows from the refund's key, so asking twice sends once (inside the caller's transaction)
    async sendRefund(trx, input) {
      if (input.amountMinor <= 0n) throw new RangeError('a transaction sends a positive amount');
      const hex = createHash('sha256').update(`sandbox-refund:${input.ref}`).digest('hex');
      const txid = input.chain === 'eth' ? `0x${hex}` : hex;
      await trx
        .insertInto('sandbox_chain_txs')
        .values({ txid, chain: input.chain, address: input.address, asset: input.asset, amount_minor: input.amountMinor, decimals: input.decimals, confirmations: 1, created_at: now() })
        .onConflict((oc) => oc.column('txid').doNothing())
        .execute();
      return txid;
    },
  };
}
