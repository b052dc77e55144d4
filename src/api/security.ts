import { PasswordChangeResponse, ValidationAttemptResponse, type PasswordChangeRequest } from '../../core/contract';
import { call } from './http';

/** POST /api/fraud/attemps: one transaction validation attempt */
export const attemptValidation = (value: string): Promise<ValidationAttemptResponse> =>
  call(ValidationAttemptResponse, '/api/fraud/attemps', { method: 'POST', json: { value } });

/** POST /api/us/security */
export const changePassword = (body: PasswordChangeRequest): Promise<PasswordChangeResponse> =>
  call(PasswordChangeResponse, '/api/us/security', { method: 'POST', json: body });
