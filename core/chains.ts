/**
 * The address chains the product takes crypto deposits on: one extended public key (CRYPTO_XPUB_<ID>)
 * and one index counter each; ERC-20 tokens live on eth. Each chain's facts (address format,
 * confirmations, explorers) are server/domain/crypto/coins.ts's CHAINS, keyed by these ids.
 */
export const CHAIN_IDS = ['btc', 'ltc', 'bch', 'dash', 'zec', 'eth'] as const;

/** An address chain. */
export type ChainId = (typeof CHAIN_IDS)[number];
