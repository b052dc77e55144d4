import {
  CryptoInvoice,
  CryptoOptions,
  CryptoPayResponse,
  CryptoRates,
  InvoiceCheckResponse,
  SandboxChainResponse,
  type CoinSlug,
  type CryptoPayRequest,
  type SandboxChainRequest,
} from '../../core/contract';
import { call } from './http';

/** Crypto deposits (docs/api.md, "Crypto deposits"). */
export const getCryptoOptions = (): Promise<CryptoOptions> => call(CryptoOptions, '/api/crypto/options', { cache: 'no-store' });

export const getCryptoRates = (): Promise<CryptoRates> => call(CryptoRates, '/api/bitcoin/currency', { cache: 'no-store' });

export const payCrypto = (coin: CoinSlug, body: CryptoPayRequest): Promise<CryptoPayResponse> =>
  call(CryptoPayResponse, `/api/${coin}/pay`, { method: 'POST', json: body });

export const checkInvoice = (coin: CoinSlug, guid: string): Promise<InvoiceCheckResponse> =>
  call(InvoiceCheckResponse, `/api/${coin}/check`, { method: 'POST', json: { guid } });

export const getInvoice = (guid: string): Promise<CryptoInvoice> =>
  call(CryptoInvoice, `/api/crypto/invoices/${encodeURIComponent(guid)}`, { cache: 'no-store' });

/** sandbox only: pay the invoice on the sandbox chain (full, partial, late) */
export const sandboxPay = (body: SandboxChainRequest): Promise<SandboxChainResponse> =>
  call(SandboxChainResponse, '/api/sandbox/chain/pay', { method: 'POST', json: body });

/** sandbox only: let the invoice expire now */
export const sandboxExpire = (guid: string): Promise<SandboxChainResponse> =>
  call(SandboxChainResponse, '/api/sandbox/chain/expire', { method: 'POST', json: { guid } });
