import type { LimitsResponse, SetDepositLimitRequest, SetDepositLimitResponse, SetTradingLimitRequest, SetTradingLimitResponse } from '../../core/contract/limits';
import type { SessionLimit, SetSessionLimitRequest, SetSessionLimitResponse } from '../../core/contract/session-limit';
import { call } from './http';
import { contractOf } from './contracts';

const limitsContract = () => import('../../core/contract/limits');
const sessionLimitContract = () => import('../../core/contract/session-limit');

/** The limits the trader sets on themselves (core/contract/limits.ts): imported only by the limits chunk. */
export const getLimits = (): Promise<LimitsResponse> => call(contractOf(limitsContract, 'LimitsResponse'), '/api/limits');
export const setDepositLimit = (body: SetDepositLimitRequest): Promise<SetDepositLimitResponse> =>
  call(contractOf(limitsContract, 'SetDepositLimitResponse'), '/api/limits/deposit', { method: 'POST', json: body });
export const setTradingLimit = (body: SetTradingLimitRequest): Promise<SetTradingLimitResponse> =>
  call(contractOf(limitsContract, 'SetTradingLimitResponse'), '/api/limits/trading', { method: 'POST', json: body });

/** The session-time limit (core/contract/session-limit.ts). */
export const getSessionLimit = (): Promise<SessionLimit> => call(contractOf(sessionLimitContract, 'SessionLimit'), '/api/limits/session');
export const setSessionLimit = (body: SetSessionLimitRequest): Promise<SetSessionLimitResponse> =>
  call(contractOf(sessionLimitContract, 'SetSessionLimitResponse'), '/api/limits/session', { method: 'POST', json: body });
