import * as z from 'zod/mini';

/**
 * Recovery codes of the authenticator factor (issue 31 §4; server/domain/security/recovery-codes.ts,
 * docs/security-centre.md). Turning the authenticator on answers its last setup step with
 * RECOVERY_CODE_COUNT codes (FactorsCheckResponse.recoveryCodes); each signs in once in place of
 * the authenticator (FactorsCheckRequest.recovery at the sign-in's second-factor step). Signed in;
 * the POST carries the CSRF header.
 *   GET  /api/security/recovery_codes   RecoveryCodesStatus (how many are left; never a code)
 *   POST /api/security/recovery_codes   RecoveryCodesIssued: new codes, the old ones void
 *        403 factor.required: no authenticator code was confirmed for this change first
 *        409 recovery.not_on: the authenticator is not the account's second factor
 * Codes are shown once: the server keeps only their SHA-256.
 */
export { RECOVERY_CODE_COUNT } from '../recovery-codes';

/** the letters a code is made of: lower case, no 0/o, 1/l/i look-alikes */
export const RECOVERY_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
/** letters in a code (shown as two groups of five: `k7m2p-x9q4r`) */
export const RECOVERY_CODE_LENGTH = 10;

/** what the trader typed, as it is compared: lower case, without spaces and dashes ('' when it cannot be a code) */
export function normalizeRecoveryCode(text: string): string {
  const plain = text.toLowerCase().replace(/[\s-]/g, '');
  if (plain.length !== RECOVERY_CODE_LENGTH) return '';
  for (const ch of plain) if (!RECOVERY_CODE_ALPHABET.includes(ch)) return '';
  return plain;
}

/** a code as it is shown: two groups of five */
export const formatRecoveryCode = (plain: string): string => `${plain.slice(0, 5)}-${plain.slice(5)}`;

export const RecoveryCodesStatus = z.object({
  /** the authenticator is the account's second factor (codes exist only then) */
  on: z.boolean(),
  /** codes not used yet */
  left: z.number(),
  /** ISO: when the codes now valid were made; null when there are none */
  createdAt: z.nullable(z.string()),
});
export type RecoveryCodesStatus = z.infer<typeof RecoveryCodesStatus>;

export const RecoveryCodesIssued = z.object({
  /** the new codes, formatted (`k7m2p-x9q4r`); shown once */
  codes: z.array(z.string()),
});
export type RecoveryCodesIssued = z.infer<typeof RecoveryCodesIssued>;
