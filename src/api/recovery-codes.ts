import type { RecoveryCodesIssued, RecoveryCodesStatus } from '../../core/contract/recovery-codes';
import { call } from './http';
import { contractOf } from './contracts';

const recoveryCodesContract = () => import('../../core/contract/recovery-codes');

/** GET /api/security/recovery_codes: how many recovery codes are left (never a code). */
export const loadRecoveryStatus = (): Promise<RecoveryCodesStatus> => call(contractOf(recoveryCodesContract, 'RecoveryCodesStatus'), '/api/security/recovery_codes', { cache: 'no-store' });

/** POST /api/security/recovery_codes: new codes, the old ones void (an authenticator code confirmed for a change first). */
export const issueRecoveryCodes = (): Promise<RecoveryCodesIssued> => call(contractOf(recoveryCodesContract, 'RecoveryCodesIssued'), '/api/security/recovery_codes', { method: 'POST' });
