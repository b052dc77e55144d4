import type { FactorPurpose, FactorType, FactorsCheckResponse, TwoFactorsResponse } from '../../core/contract/security';
import { firstContract } from './contracts';
import { call } from './http';

/** POST /api/fraud/factors_check: one code for a purpose (sign-in, withdrawal, method change, setup); `recovery`: a recovery code in place of the authenticator (sign-in). */
export const checkFactor = (type: FactorType, code: string, purpose: FactorPurpose, recovery = false): Promise<FactorsCheckResponse> =>
  call(firstContract('FactorsCheckResponse'), '/api/fraud/factors_check', { method: 'POST', json: { type, code, purpose, ...(recovery && { recovery }) } });

/** POST /api/fraud/two_factors {type: 'email_resend'}: a new email/SMS code for the step in progress. */
export const resendCode = (purpose: FactorPurpose): Promise<TwoFactorsResponse> =>
  call(firstContract('TwoFactorsResponse'), '/api/fraud/two_factors', { method: 'POST', json: { type: 'email_resend', state: true, purpose } });

/** POST /api/fraud/two_factors: switch a method on (a code is sent) or off. */
/** `endOthers`: sign out the trader's other devices when the change is saved (issue 31 §2) */
export const setFactor = (type: FactorType, state: boolean, endOthers = true): Promise<TwoFactorsResponse> =>
  call(firstContract('TwoFactorsResponse'), '/api/fraud/two_factors', { method: 'POST', json: { type, state, endOthers } });
