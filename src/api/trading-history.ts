import { ChatBalanceResponse, HistoryResponse, ReportsResponse, type HistoryQuery, type ReportsQuery } from '../../core/contract';
import { call } from './http';

/** the platform's transactions (history) and orders (reports), and the balance sync. */
export function loadHistory(query: HistoryQuery): Promise<HistoryResponse> {
  return call(HistoryResponse, '/api/us/history', { method: 'POST', json: query });
}

export function loadReports(query: ReportsQuery): Promise<ReportsResponse> {
  return call(ReportsResponse, '/api/us/reports', { method: 'POST', json: query });
}

export function postPlatformBalance(balance: string, all: string): Promise<ChatBalanceResponse> {
  return call(ChatBalanceResponse, '/api/chat/balance', { method: 'POST', json: { balance, all } });
}
