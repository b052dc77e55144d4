import type { CloseAccountRequest, CloseAccountResponse, ClosureStatus } from '../../core/contract/closure';
import { call } from './http';
import { contractOf } from './contracts';

const closureContract = () => import('../../core/contract/closure');

/** Closing the account (core/contract/closure.ts): imported only by the closure chunk. */
export const getClosureStatus = (): Promise<ClosureStatus> => call(contractOf(closureContract, 'ClosureStatus'), '/api/account/closure', { cache: 'no-store' });
export const closeAccount = (body: CloseAccountRequest): Promise<CloseAccountResponse> =>
  call(contractOf(closureContract, 'CloseAccountResponse'), '/api/account/close', { method: 'POST', json: body });
