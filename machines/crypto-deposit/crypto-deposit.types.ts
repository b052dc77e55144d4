import type { Msg } from '../../core/message';

/** One coin or token the tab offers, with its approximate price in the account currency. */
export interface CryptoAsset {
  coin: string;
  symbol: string;
  name: string;
  decimals: number;
  price: string;
  available: boolean;
}

/** GET /api/crypto/options, as the flow hands it over. */
export interface CryptoOptionsRecord {
  currency: string;
  minDeposit: string;
  assets: CryptoAsset[];
  rateSource: string;
  altcoinDefault: string;
  sandbox: boolean;
}

export interface CryptoDepositInput {
  /** the funding tab: bitcoin, litecoin, eth, bitcoin-cash, dash, zcash, usdt, altcoins */
  tab: string;
  /** the URL slug of /api/{coin}/pay */
  coin: string;
  /** a demo account: crypto deposits are blocked (spec 001 §6) */
  demo: boolean;
}

export interface CryptoDepositContext {
  tab: string;
  coin: string;
  demo: boolean;
  options: CryptoOptionsRecord | null;
  /** what the trader typed (kept as typed: nothing is lost) */
  amount: string;
  /** fixed mode: the amount is in the coin; otherwise in the account currency */
  fixed: boolean;
  /** the ERC-20 token of the altcoins tab */
  token: string;
  error: Msg | null;
  /** bumps on every refused submit, so the view can shake the message */
  shakes: number;
  guid: string;
}

export interface PayInput {
  coin: string;
  amount: string;
  fixed: boolean;
  currency: string;
  token: string;
}

export type CryptoDepositEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'mode.change'; fixed: boolean }
  | { type: 'token.change'; token: string }
  | { type: 'deposit.submit' }
  | { type: 'deposit.retry' };
