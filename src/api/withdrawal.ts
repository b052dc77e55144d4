import {
  PendingList,
  RejectResponse,
  WithdrawalCheck,
  WithdrawalFinal,
  type WithdrawalFinalRequest,
  type WithdrawalMethod,
  type WithdrawalRequest,
} from '../../core/contract';
import { call } from './http';
import * as z from 'zod/mini';

export const checkWithdrawal = (body: WithdrawalRequest): Promise<WithdrawalCheck> => call(WithdrawalCheck, '/api/withdrawal', { method: 'POST', json: body });

export const finalWithdrawal = (body: WithdrawalFinalRequest): Promise<WithdrawalFinal> =>
  call(WithdrawalFinal, '/api/withdrawal/final', { method: 'POST', json: body });

export const loadPending = (): Promise<PendingList> => call(PendingList, '/api/us/pending', { method: 'POST', json: {} });

export const rejectWithdrawal = (id: string): Promise<RejectResponse> => call(RejectResponse, '/api/us/reject', { method: 'POST', json: { id } });

/** POST /api/triggers/wd: the trader opened a method tab (fire and forget) */
export const withdrawalTabOpened = (method: WithdrawalMethod): Promise<unknown> =>
  call(z.object({ ok: z.literal(true) }), '/api/triggers/wd', { method: 'POST', json: { method } });
