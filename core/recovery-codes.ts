/**
 * How many recovery codes the authenticator factor gives (issue 31 §4), without zod: the security
 * page reads it at its first paint; core/contract/recovery-codes.ts re-exports it with the schemas.
 */
export const RECOVERY_CODE_COUNT = 10;
