import type { ChainId } from '../../../core/chains';
import type { AddressFormat } from './addresses';

/**
 * The coins the product takes (spec 001 §7, 002 §7): the URL slug of /api/{coin}/pay and
 * /api/{coin}/check, the chain the address lives on, and how amounts are written.
 */

/** An address chain: one extended public key and one index counter each (tokens live on eth); core/chains.ts */
export type { ChainId };

export interface Chain {
  id: ChainId;
  name: string;
  format: AddressFormat;
  /** the payment URI's scheme: BIP21 for bitcoin-like chains, EIP-681 for ethereum */
  scheme: 'bitcoin' | 'litecoin' | 'bitcoincash' | 'dash' | 'zcash' | 'ethereum';
  /** confirmations a payment needs before it counts */
  confirmations: number;
  explorerAddress: (address: string) => string;
  explorerTx: (hash: string) => string;
}

export const CHAINS: Record<ChainId, Chain> = {
  btc: {
    id: 'btc', name: 'Bitcoin', format: { kind: 'p2wpkh', hrp: 'bc' }, scheme: 'bitcoin', confirmations: 1,
    explorerAddress: (a) => `https://mempool.space/address/${a}`,
    explorerTx: (h) => `https://mempool.space/tx/${h}`,
  },
  ltc: {
    id: 'ltc', name: 'Litecoin', format: { kind: 'p2wpkh', hrp: 'ltc' }, scheme: 'litecoin', confirmations: 2,
    explorerAddress: (a) => `https://litecoinspace.org/address/${a}`,
    explorerTx: (h) => `https://litecoinspace.org/tx/${h}`,
  },
  bch: {
    id: 'bch', name: 'Bitcoin Cash', format: { kind: 'cashaddr', prefix: 'bitcoincash' }, scheme: 'bitcoincash', confirmations: 1,
    explorerAddress: (a) => `https://blockchair.com/bitcoin-cash/address/${a}`,
    explorerTx: (h) => `https://blockchair.com/bitcoin-cash/transaction/${h}`,
  },
  dash: {
    id: 'dash', name: 'Dash', format: { kind: 'base58', version: [0x4c] }, scheme: 'dash', confirmations: 2,
    explorerAddress: (a) => `https://blockchair.com/dash/address/${a}`,
    explorerTx: (h) => `https://blockchair.com/dash/transaction/${h}`,
  },
  zec: {
    id: 'zec', name: 'Zcash', format: { kind: 'base58', version: [0x1c, 0xb8] }, scheme: 'zcash', confirmations: 2,
    explorerAddress: (a) => `https://blockchair.com/zcash/address/${a}`,
    explorerTx: (h) => `https://blockchair.com/zcash/transaction/${h}`,
  },
  eth: {
    id: 'eth', name: 'Ethereum', format: { kind: 'eth' }, scheme: 'ethereum', confirmations: 12,
    explorerAddress: (a) => `https://etherscan.io/address/${a}`,
    explorerTx: (h) => `https://etherscan.io/tx/${h}`,
  },
};

/** The URL slugs of /api/{coin}/…: the spec's names. */
export const COIN_SLUGS = ['btc', 'ltc', 'eth', 'bch', 'dash', 'zcash', 'usdt', 'token'] as const;
export type CoinSlug = (typeof COIN_SLUGS)[number];
export const isCoinSlug = (value: string): value is CoinSlug => (COIN_SLUGS as readonly string[]).includes(value);

/** What an invoice asks for: a native coin or an ERC-20 token. */
export interface Asset {
  symbol: string;
  name: string;
  chain: ChainId;
  /** decimals of invoice amounts (integer minor units in the database) */
  decimals: number;
  /** ERC-20 only: the token contract (EIP-55) and its on-chain decimals */
  contract?: string;
  tokenDecimals?: number;
}

const native = (symbol: string, name: string, chain: ChainId): Asset => ({ symbol, name, chain, decimals: 8 });

/** The native coin of each slug (usdt is the ERC-20 Tether on ethereum). */
export const COIN_ASSETS: Record<Exclude<CoinSlug, 'token'>, Asset> = {
  btc: native('BTC', 'Bitcoin', 'btc'),
  ltc: native('LTC', 'Litecoin', 'ltc'),
  bch: native('BCH', 'Bitcoin Cash', 'bch'),
  dash: native('DASH', 'Dash', 'dash'),
  zcash: native('ZEC', 'Zcash', 'zec'),
  eth: native('ETH', 'Ethereum', 'eth'),
  usdt: { symbol: 'USDT', name: 'Tether USD (ERC-20)', chain: 'eth', decimals: 6, contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', tokenDecimals: 6 },
};

/** ERC-20 tokens of the altcoins tab (/api/token/pay with is_erc20 and token). */
export const TOKENS: Record<string, Asset> = {
  USDC: { symbol: 'USDC', name: 'USD Coin (ERC-20)', chain: 'eth', decimals: 6, contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', tokenDecimals: 6 },
  DAI: { symbol: 'DAI', name: 'Dai (ERC-20)', chain: 'eth', decimals: 8, contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F', tokenDecimals: 18 },
  LINK: { symbol: 'LINK', name: 'Chainlink (ERC-20)', chain: 'eth', decimals: 8, contract: '0x514910771AF9Ca656af840dff83E8264EcF986CA', tokenDecimals: 18 },
};

/** The asset of a pay call: the slug's coin, or for `token` the named ERC-20 token. */
export function assetOf(coin: CoinSlug, token?: string): Asset | undefined {
  if (coin === 'token') return token ? TOKENS[token.toUpperCase()] : undefined;
  return COIN_ASSETS[coin];
}

/** Every asset by symbol (native coins, USDT and the tokens). */
export const ASSETS: Record<string, Asset> = Object.fromEntries(
  [...Object.values(COIN_ASSETS), ...Object.values(TOKENS)].map((a) => [a.symbol, a]),
);
