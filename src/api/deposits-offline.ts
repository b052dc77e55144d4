import type { BankDeposit, BankOpenResponse, BankReportRequest, BankReportResponse, QuickTopUpRequest, QuickTopUpResponse, SavedCardsResponse, VloadRequest, VloadResponse } from '../../core/contract/deposits-offline';
import { contractOf } from './contracts';
import { call } from './http';

const depositsOfflineContract = () => import('../../core/contract/deposits-offline');

/** Bank transfer, fiat, Vload vouchers and the quick top-up (docs/api.md, "Bank, fiat, vouchers and quick top-up"). */
export const reportBank = (method: 'bank' | 'fiat', body: BankReportRequest): Promise<BankReportResponse> =>
  call(contractOf(depositsOfflineContract, 'BankReportResponse'), `/api/report/${method}`, { method: 'POST', json: body });

export const loadOpenBank = (method: 'bank' | 'fiat'): Promise<BankOpenResponse> =>
  call(contractOf(depositsOfflineContract, 'BankOpenResponse'), `/api/report/bank/open?method=${method}`, { cache: 'no-store' });

export const loadBankDeposit = (id: string): Promise<BankDeposit> => call(contractOf(depositsOfflineContract, 'BankDeposit'), `/api/report/bank/${encodeURIComponent(id)}`, { cache: 'no-store' });

/** where a transfer's receipt is uploaded (uploadDocument's `url`) */
export const receiptUrl = (id: string): string => `/api/report/bank/${encodeURIComponent(id)}/receipt`;

export const redeemVload = (body: VloadRequest): Promise<VloadResponse> => call(contractOf(depositsOfflineContract, 'VloadResponse'), '/api/card/fast/vload', { method: 'POST', json: body });

export const loadSavedCards = (): Promise<SavedCardsResponse> => call(contractOf(depositsOfflineContract, 'SavedCardsResponse'), '/api/triggers/cards', { cache: 'no-store' });

export const quickTopUp = (body: QuickTopUpRequest): Promise<QuickTopUpResponse> => call(contractOf(depositsOfflineContract, 'QuickTopUpResponse'), '/api/report/quick', { method: 'POST', json: body });
