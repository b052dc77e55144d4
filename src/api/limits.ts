import {
  LimitsResponse,
  SetDepositLimitResponse,
  SetTradingLimitResponse,
  type SetDepositLimitRequest,
  type SetTradingLimitRequest,
} from '../../core/contract/limits';
import { SessionLimit, SetSessionLimitResponse, type SetSessionLimitRequest } from '../../core/contract/session-limit';
import { call } from './http';

/** The limits the trader sets on themselves (core/contract/limits.ts): imported only by the limits chunk. */
export const getLimits = (): Promise<LimitsResponse> => call(LimitsResponse, '/api/limits');
export const setDepositLimit = (body: SetDepositLimitRequest): Promise<SetDepositLimitResponse> =>
  call(SetDepositLimitResponse, '/api/limits/deposit', { method: 'POST', json: body });
export const setTradingLimit = (body: SetTradingLimitRequest): Promise<SetTradingLimitResponse> =>
  call(SetTradingLimitResponse, '/api/limits/trading', { method: 'POST', json: body });

/** The session-time limit (core/contract/session-limit.ts). */
export const getSessionLimit = (): Promise<SessionLimit> => call(SessionLimit, '/api/limits/session');
export const setSessionLimit = (body: SetSessionLimitRequest): Promise<SetSessionLimitResponse> =>
  call(SetSessionLimitResponse, '/api/limits/session', { method: 'POST', json: body });
