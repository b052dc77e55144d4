import { CloseAccountResponse, ClosureStatus, type CloseAccountRequest } from '../../core/contract/closure';
import { call } from './http';

/** Closing the account (core/contract/closure.ts): imported only by the closure chunk. */
export const getClosureStatus = (): Promise<ClosureStatus> => call(ClosureStatus, '/api/account/closure', { cache: 'no-store' });
export const closeAccount = (body: CloseAccountRequest): Promise<CloseAccountResponse> =>
  call(CloseAccountResponse, '/api/account/close', { method: 'POST', json: body });
