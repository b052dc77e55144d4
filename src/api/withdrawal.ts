import type { PendingList, RejectResponse, WithdrawalCheck, WithdrawalFinal, WithdrawalFinalRequest, WithdrawalMethod, WithdrawalRequest } from '../../core/contract/withdrawal';
import { contractOf, firstContract } from './contracts';
import { call } from './http';

const withdrawalContract = () => import('../../core/contract/withdrawal');

export const checkWithdrawal = (body: WithdrawalRequest): Promise<WithdrawalCheck> => call(contractOf(withdrawalContract, 'WithdrawalCheck'), '/api/withdrawal', { method: 'POST', json: body });

export const finalWithdrawal = (body: WithdrawalFinalRequest): Promise<WithdrawalFinal> =>
  call(contractOf(withdrawalContract, 'WithdrawalFinal'), '/api/withdrawal/final', { method: 'POST', json: body });

export const loadPending = (): Promise<PendingList> => call(contractOf(withdrawalContract, 'PendingList'), '/api/us/pending', { method: 'POST', json: {} });

export const rejectWithdrawal = (id: string): Promise<RejectResponse> => call(contractOf(withdrawalContract, 'RejectResponse'), '/api/us/reject', { method: 'POST', json: { id } });

/** POST /api/triggers/wd: the trader opened a method tab (fire and forget) */
export const withdrawalTabOpened = (method: WithdrawalMethod): Promise<unknown> =>
  call(firstContract('Ok'), '/api/triggers/wd', { method: 'POST', json: { method } });
