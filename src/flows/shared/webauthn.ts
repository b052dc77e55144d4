import type { PasskeyCredential, PasskeyOptions } from '../../../core/contract/passkeys';
import type { CallFailure } from '../../../core/failure';

/**
 * The browser's half of a WebAuthn ceremony (issue 31 §5) through @simplewebauthn/browser, loaded
 * only when the trader starts one (the sign-in page's first load stays as it was). A failure of the
 * browser or the authenticator becomes a CallFailure whose key the area's texts say:
 * `passkeys.cancelled` (the prompt closed or timed out), `passkeys.exists` (this authenticator
 * already holds one of the trader's passkeys), `passkeys.unsupported` (no passkeys in this browser).
 */
const failure = (error: unknown): CallFailure => {
  const name = (error as { name?: string; code?: string } | null)?.name ?? '';
  const code = (error as { code?: string } | null)?.code ?? '';
  const key = code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError' ? 'passkeys.exists' : name === 'NotSupportedError' || code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY' && !('PublicKeyCredential' in globalThis) ? 'passkeys.unsupported' : 'passkeys.cancelled';
  return { kind: 'http', status: 0, error: key, message: '' };
};

/** A new passkey for the options the server gave (a registration). */
export async function createPasskey(options: PasskeyOptions): Promise<PasskeyCredential> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return (await startRegistration({ optionsJSON: options as never })) as unknown as PasskeyCredential;
  } catch (error) {
    throw failure(error);
  }
}

/** An assertion of any passkey of this site for the options the server gave (a sign-in). */
export async function signWithPasskey(options: PasskeyOptions): Promise<PasskeyCredential> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return (await startAuthentication({ optionsJSON: options as never })) as unknown as PasskeyCredential;
  } catch (error) {
    throw failure(error);
  }
}
