import type { PasswordChangeRequest, PasswordChangeResponse, ValidationAttemptResponse } from '../../core/contract/security';
import { contractOf } from './contracts';
import { call } from './http';

const securityContract = () => import('../../core/contract/security');

/** POST /api/fraud/attemps: one transaction validation attempt */
export const attemptValidation = (value: string): Promise<ValidationAttemptResponse> =>
  call(contractOf(securityContract, 'ValidationAttemptResponse'), '/api/fraud/attemps', { method: 'POST', json: { value } });

/** POST /api/us/security */
export const changePassword = (body: PasswordChangeRequest): Promise<PasswordChangeResponse> =>
  call(contractOf(securityContract, 'PasswordChangeResponse'), '/api/us/security', { method: 'POST', json: body });
