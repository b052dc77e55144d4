import { ChatTokenResponse, SignalsResponse, TipResponse, type TipRequest } from '../../core/contract';
import { call } from './http';

/** POST /api/chat/token: the chat provider, its host and a token (null for a visitor, who chats as a guest). */
export function chatToken(): Promise<ChatTokenResponse> {
  return call(ChatTokenResponse, '/api/chat/token', { method: 'POST', json: {} });
}

/** POST /api/triggers/tips: a tip to the chat host, taken from the current account. */
export function sendTip(body: TipRequest): Promise<TipResponse> {
  return call(TipResponse, '/api/triggers/tips', { method: 'POST', json: body });
}

/** POST /api/signals: the signals to show now, with the server's clock. */
export function fetchSignals(test = false): Promise<SignalsResponse> {
  return call(SignalsResponse, '/api/signals', { method: 'POST', json: test ? { test } : {} });
}
