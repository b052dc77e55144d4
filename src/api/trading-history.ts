import type { ChatBalanceResponse, HistoryQuery, HistoryResponse, ReportsQuery, ReportsResponse } from '../../core/contract/trading';
import { contractOf } from './contracts';
import { call } from './http';

const tradingContract = () => import('../../core/contract/trading');

/** the platform's transactions (history) and orders (reports), and the balance sync. */
export function loadHistory(query: HistoryQuery): Promise<HistoryResponse> {
  return call(contractOf(tradingContract, 'HistoryResponse'), '/api/us/history', { method: 'POST', json: query });
}

export function loadReports(query: ReportsQuery): Promise<ReportsResponse> {
  return call(contractOf(tradingContract, 'ReportsResponse'), '/api/us/reports', { method: 'POST', json: query });
}

export function postPlatformBalance(balance: string, all: string): Promise<ChatBalanceResponse> {
  return call(contractOf(tradingContract, 'ChatBalanceResponse'), '/api/chat/balance', { method: 'POST', json: { balance, all } });
}
