import type { Passkey, PasskeyCredential, PasskeyOptions, PasskeySignInResponse } from '../../core/contract/passkeys';
import type { FactorsCheckResponse } from '../../core/contract/security';
import { call } from './http';
import { contractOf } from './contracts';

const passkeysContract = () => import('../../core/contract/passkeys');
const securityContract = () => import('../../core/contract/security');

/** GET /api/security/passkeys: the trader's passkeys (issue 31 §5) */
export const loadPasskeys = async (): Promise<Passkey[]> => (await call(contractOf(passkeysContract, 'PasskeyList'), '/api/security/passkeys', { cache: 'no-store' })).passkeys;

/** POST /api/security/passkeys/options: after the password, a registration's options with the server's challenge */
export const passkeyRegistrationOptions = (password: string): Promise<PasskeyOptions> => call(contractOf(passkeysContract, 'PasskeyOptions'), '/api/security/passkeys/options', { method: 'POST', json: { password } });

/** POST /api/security/passkeys: the authenticator's answer under a name; the list after it */
export const addPasskey = async (name: string, credential: PasskeyCredential): Promise<Passkey[]> => (await call(contractOf(passkeysContract, 'PasskeyList'), '/api/security/passkeys', { method: 'POST', json: { name, credential } })).passkeys;

/** POST /api/security/passkeys/remove: after the password; the list after it */
export const removePasskey = async (id: string, password: string): Promise<Passkey[]> => (await call(contractOf(passkeysContract, 'PasskeyList'), '/api/security/passkeys/remove', { method: 'POST', json: { id, password } })).passkeys;

/** POST /api/passkey/options: a sign-in's options, with this session's challenge */
export const passkeySignInOptions = (): Promise<PasskeyOptions> => call(contractOf(passkeysContract, 'PasskeyOptions'), '/api/passkey/options', { method: 'POST' });

/** POST /api/passkey/sign_in: the authenticator's assertion; the autologin address that signs in */
export const passkeySignIn = (credential: PasskeyCredential, lang: string): Promise<PasskeySignInResponse> => call(contractOf(passkeysContract, 'PasskeySignInResponse'), '/api/passkey/sign_in', { method: 'POST', json: { credential, lang } });

/** POST /api/fraud/passkey/options: a passkey in place of the second factor's code, the options for this sign-in (only the trader's passkeys) */
export const passkeyFactorOptions = (): Promise<PasskeyOptions> => call(contractOf(passkeysContract, 'PasskeyOptions'), '/api/fraud/passkey/options', { method: 'POST' });

/** POST /api/fraud/passkey/check: the passkey's assertion in place of the code; answered like a code's check */
export const passkeyFactorCheck = (credential: PasskeyCredential): Promise<FactorsCheckResponse> => call(contractOf(securityContract, 'FactorsCheckResponse'), '/api/fraud/passkey/check', { method: 'POST', json: { credential } });
