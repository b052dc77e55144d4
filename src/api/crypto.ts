import type { CoinSlug, CryptoException, CryptoExceptionRequest, CryptoInvoice, CryptoOptions, CryptoPayRequest, CryptoPayResponse, CryptoRates, InvoiceCheckResponse, SandboxChainRequest, SandboxChainResponse } from '../../core/contract/crypto';
import { contractOf } from './contracts';
import { call } from './http';

const cryptoContract = () => import('../../core/contract/crypto');

/** Crypto deposits (docs/api.md, "Crypto deposits"). */
export const getCryptoOptions = (): Promise<CryptoOptions> => call(contractOf(cryptoContract, 'CryptoOptions'), '/api/crypto/options', { cache: 'no-store' });

export const getCryptoRates = (): Promise<CryptoRates> => call(contractOf(cryptoContract, 'CryptoRates'), '/api/bitcoin/currency', { cache: 'no-store' });

export const payCrypto = (coin: CoinSlug, body: CryptoPayRequest): Promise<CryptoPayResponse> =>
  call(contractOf(cryptoContract, 'CryptoPayResponse'), `/api/${coin}/pay`, { method: 'POST', json: body });

export const checkInvoice = (coin: CoinSlug, guid: string): Promise<InvoiceCheckResponse> =>
  call(contractOf(cryptoContract, 'InvoiceCheckResponse'), `/api/${coin}/check`, { method: 'POST', json: { guid } });

export const getInvoice = (guid: string): Promise<CryptoInvoice> =>
  call(contractOf(cryptoContract, 'CryptoInvoice'), `/api/crypto/invoices/${encodeURIComponent(guid)}`, { cache: 'no-store' });

/** sandbox only: pay the invoice on the sandbox chain (full, partial, late) */
export const sandboxPay = (body: SandboxChainRequest): Promise<SandboxChainResponse> =>
  call(contractOf(cryptoContract, 'SandboxChainResponse'), '/api/sandbox/chain/pay', { method: 'POST', json: body });

/** sandbox only: let the invoice expire now */
export const sandboxExpire = (guid: string): Promise<SandboxChainResponse> =>
  call(contractOf(cryptoContract, 'SandboxChainResponse'), '/api/sandbox/chain/expire', { method: 'POST', json: { guid } });

/** sandbox only: mine a block (the invoice's payments gain one confirmation) */
export const sandboxBlock = (guid: string): Promise<SandboxChainResponse> =>
  call(contractOf(cryptoContract, 'SandboxChainResponse'), '/api/sandbox/chain/block', { method: 'POST', json: { guid } });

/** a short, late or over payment: credit it (an over-payment, within its window) or claim its refund to an address */
export const resolveException = (id: string, body: CryptoExceptionRequest): Promise<CryptoException> =>
  call(contractOf(cryptoContract, 'CryptoException'), `/api/crypto/exceptions/${encodeURIComponent(id)}`, { method: 'POST', json: body });
