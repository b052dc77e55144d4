import {
  BankDeposit,
  BankOpenResponse,
  BankReportResponse,
  QuickTopUpResponse,
  SavedCardsResponse,
  VloadResponse,
  type BankReportRequest,
  type QuickTopUpRequest,
  type VloadRequest,
} from '../../core/contract';
import { call } from './http';

/** Bank transfer, fiat, Vload vouchers and the quick top-up (docs/api.md, "Bank, fiat, vouchers and quick top-up"). */
export const reportBank = (method: 'bank' | 'fiat', body: BankReportRequest): Promise<BankReportResponse> =>
  call(BankReportResponse, `/api/report/${method}`, { method: 'POST', json: body });

export const loadOpenBank = (method: 'bank' | 'fiat'): Promise<BankOpenResponse> =>
  call(BankOpenResponse, `/api/report/bank/open?method=${method}`, { cache: 'no-store' });

export const loadBankDeposit = (id: string): Promise<BankDeposit> => call(BankDeposit, `/api/report/bank/${encodeURIComponent(id)}`, { cache: 'no-store' });

/** where a transfer's receipt is uploaded (uploadDocument's `url`) */
export const receiptUrl = (id: string): string => `/api/report/bank/${encodeURIComponent(id)}/receipt`;

export const redeemVload = (body: VloadRequest): Promise<VloadResponse> => call(VloadResponse, '/api/card/fast/vload', { method: 'POST', json: body });

export const loadSavedCards = (): Promise<SavedCardsResponse> => call(SavedCardsResponse, '/api/triggers/cards', { cache: 'no-store' });

export const quickTopUp = (body: QuickTopUpRequest): Promise<QuickTopUpResponse> => call(QuickTopUpResponse, '/api/report/quick', { method: 'POST', json: body });
