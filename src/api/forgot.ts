import { ForgetCheckResponse, ForgetResetResponse, ForgetResponse, type ForgetRequest, type ForgetResetRequest } from '../../core/contract/forgot';
import { call } from './http';

/** POST /api/forget (spec 001 §7): the same answer whether or not the email has an account. */
export const askReset = (body: ForgetRequest): Promise<ForgetResponse> => call(ForgetResponse, '/api/forget', { method: 'POST', json: body });

/** POST /api/forget/check: whether the link still works (uses nothing up). */
export const checkResetLink = (token: string): Promise<ForgetCheckResponse> => call(ForgetCheckResponse, '/api/forget/check', { method: 'POST', json: { token } });

/** POST /api/forget/reset: the new password with the link (once). */
export const resetPassword = (body: ForgetResetRequest): Promise<ForgetResetResponse> => call(ForgetResetResponse, '/api/forget/reset', { method: 'POST', json: body });
