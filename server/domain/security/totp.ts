import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 time-based codes (what authenticator apps show): SHA-1, 6 digits, 30 s steps.
 * One step of drift either way is accepted; the caller stores the accepted step so that a code
 * is never accepted twice.
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_DRIFT_STEPS = 1;
export const TOTP_ISSUER = 'Brokerage';

/** A new random secret (160 bits, base32). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, label: string): string {
  return new TOTP({ issuer: TOTP_ISSUER, label, secret: Secret.fromBase32(secret), period: TOTP_PERIOD_S }).toString();
}

/** The code for `timestamp` (tests and the sandbox only). */
export function totpCode(secret: string, timestamp = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), period: TOTP_PERIOD_S, timestamp });
}

/** The time step a valid code belongs to, or null when the code is wrong at `timestamp`. */
export function totpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({ token: code, secret: Secret.fromBase32(secret), period: TOTP_PERIOD_S, window: TOTP_DRIFT_STEPS, timestamp });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_S, timestamp }) + delta;
}
