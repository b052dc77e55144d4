import { isCallFailure } from '../../../core/failure';
import type { FactorsCheckResponse } from '../../../core/contract/security';
import { passkeyFactorCheck, passkeyFactorOptions } from '../../api/passkeys';
import { signWithPasskey } from '../shared/webauthn';

/**
 * A passkey in place of the second factor's code at sign-in (issue 31 §5): this sign-in's
 * challenge (only the trader's passkeys), the browser's prompt, the server's check, answered like a
 * code's. Loaded on the click only (with the passkeys' contract and the WebAuthn library): the
 * sign-in page's first load stays as it was.
 */
export async function confirmWithPasskey(): Promise<FactorsCheckResponse> {
  const options = await passkeyFactorOptions();
  const credential = await signWithPasskey(options).catch((error: unknown) => {
    throw entryFailure(error);
  });
  return passkeyFactorCheck(credential);
}

/** the browser's refusal (status 0: the prompt closed, or no passkeys here) in the code entry's own words */
export function entryFailure(error: unknown): unknown {
  if (!isCallFailure(error) || error.kind !== 'http' || error.status !== 0) return error;
  return { ...error, error: error.error === 'passkeys.unsupported' ? 'factor.passkey_unsupported' : 'factor.passkey_cancelled' };
}
