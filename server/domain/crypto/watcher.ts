import type { ChainId } from './coins';

/** A payment to one of our addresses, as the chain shows it. */
export interface ChainPayment {
  txid: string;
  /** the coin or ERC-20 token symbol sent (BTC, ETH, USDT, …) */
  asset: string;
  /** integer units of `decimals` */
  amountMinor: bigint;
  decimals: number;
  confirmations: number;
  /** when the transaction was first seen (broadcast) */
  seenAt: Date;
}

/**
 * What the invoice service needs from a blockchain. The sandbox chain implements it over its
 * own table; a real one implements it over a node or an indexer (Electrum/Esplora for the
 * bitcoin-like chains, an Ethereum node's logs for ETH and ERC-20 transfers).
 */
export interface ChainWatcher {
  /** every payment to the address (any confirmations) */
  paymentsTo(chain: ChainId, address: string): Promise<ChainPayment[]>;
  /** called when an address receives something (a new block, a mempool transaction); returns unsubscribe */
  onActivity(listener: (chain: ChainId, address: string) => void): () => void;
}
