import type { ForgetCheckResponse, ForgetRequest, ForgetResetRequest, ForgetResetResponse, ForgetResponse } from '../../core/contract/forgot';
import { call } from './http';
import { contractOf } from './contracts';

const forgotContract = () => import('../../core/contract/forgot');

/** POST /api/forget (spec 001 §7): the same answer whether or not the email has an account. */
export const askReset = (body: ForgetRequest): Promise<ForgetResponse> => call(contractOf(forgotContract, 'ForgetResponse'), '/api/forget', { method: 'POST', json: body });

/** POST /api/forget/check: whether the link still works (uses nothing up). */
export const checkResetLink = (token: string): Promise<ForgetCheckResponse> => call(contractOf(forgotContract, 'ForgetCheckResponse'), '/api/forget/check', { method: 'POST', json: { token } });

/** POST /api/forget/reset: the new password with the link (once). */
export const resetPassword = (body: ForgetResetRequest): Promise<ForgetResetResponse> => call(contractOf(forgotContract, 'ForgetResetResponse'), '/api/forget/reset', { method: 'POST', json: body });
