import type { ChatTokenResponse, SignalsResponse, TipRequest, TipResponse } from '../../core/contract/trading';
import { contractOf } from './contracts';
import { call } from './http';

const tradingContract = () => import('../../core/contract/trading');

/** POST /api/chat/token: the chat provider, its host and a token (null for a visitor, who chats as a guest). */
export function chatToken(): Promise<ChatTokenResponse> {
  return call(contractOf(tradingContract, 'ChatTokenResponse'), '/api/chat/token', { method: 'POST', json: {} });
}

/** POST /api/triggers/tips: a tip to the chat host, taken from the current account. */
export function sendTip(body: TipRequest): Promise<TipResponse> {
  return call(contractOf(tradingContract, 'TipResponse'), '/api/triggers/tips', { method: 'POST', json: body });
}

/** POST /api/signals: the signals to show now, with the server's clock. */
export function fetchSignals(test = false): Promise<SignalsResponse> {
  return call(contractOf(tradingContract, 'SignalsResponse'), '/api/signals', { method: 'POST', json: test ? { test } : {} });
}
