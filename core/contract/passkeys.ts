import * as z from 'zod/mini';

/**
 * Passkeys (WebAuthn) in the security centre (issue 31 §5; server/routes/passkeys.ts,
 * server/domain/security/passkeys.ts, docs/security-centre.md). The relying party is the site's
 * host (the host of SITE_URL, by default SITE_HOST in production) and an answer is accepted only
 * from the site's origin. Every challenge is the server's, kept in the database, used once and
 * short-lived. The POSTs carry the CSRF header.
 * Signed in (the trader's own passkeys):
 *   GET  /api/security/passkeys                                    PasskeyList
 *   POST /api/security/passkeys/options PasskeyOptionsRequest      PasskeyOptions (a registration's; the password first:
 *        a passkey signs in without it, so a taken-over session cannot leave one of its own)
 *        401 passkeys.password; 429 login.locked; 409 passkeys.full
 *   POST /api/security/passkeys         PasskeyAddRequest          PasskeyList
 *        400 passkeys.name; 400 passkeys.invalid: the authenticator's answer did not verify;
 *        410 passkeys.challenge: no live challenge of this trader; 409 passkeys.exists; 409 passkeys.full
 *   POST /api/security/passkeys/rename  PasskeyRenameRequest       PasskeyList; 404 passkeys.not_found
 *   POST /api/security/passkeys/remove  PasskeyRemoveRequest       PasskeyList (the password first)
 *        401 passkeys.password; 429 login.locked; 404 passkeys.not_found
 * Signing in (no user yet):
 *   POST /api/passkey/options                                      PasskeyOptions (an assertion's, any passkey of this site)
 *   POST /api/passkey/sign_in           PasskeySignInRequest       PasskeySignInResponse: the autologin address
 *        401 passkey.invalid: unknown, wrong or replayed; 401 passkey.cloned: the counter went back;
 *        429 login.locked; 403 login.closed / login.excluded: the sign-in gate
 * A passkey signs in as both factors: its autologin ticket (via 'passkey') skips the second factor.
 * As the second factor (the password was right; POST /api/login answered `factor` and `passkey: true`),
 * only the session that waits for its factor may ask (server/routes/security.ts):
 *   POST /api/fraud/passkey/options                                PasskeyOptions (only that trader's passkeys allowed)
 *        401 factor.no_challenge: no sign-in waits for its factor here; 404 passkeys.none: the trader has none
 *   POST /api/fraud/passkey/check       PasskeyFactorRequest       FactorsCheckResponse: signed in, or
 *        'factor.passkey_invalid' with `left` (counted like a wrong code), or 'factor.locked' (disabled)
 */

/** a trader keeps at most this many passkeys */
export const PASSKEY_MAX = 10;
/** a passkey's name: 1 to this many characters once trimmed */
export const PASSKEY_NAME_MAX = 40;

export const Passkey = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO */
  createdAt: z.string(),
  /** ISO; null until it signed in */
  lastUsedAt: z.nullable(z.string()),
});
export type Passkey = z.infer<typeof Passkey>;

export const PasskeyList = z.object({ passkeys: z.array(Passkey) });
export type PasskeyList = z.infer<typeof PasskeyList>;

/** WebAuthn's options as JSON (PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON), handed to the browser as they are */
export const PasskeyOptions = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

const b64 = (max: number) => z.string().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*={0,2}$/, 'passkeys.invalid'));

/** the browser's answer (RegistrationResponseJSON or AuthenticationResponseJSON), base64url fields */
export const PasskeyCredential = z.object({
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64(4000),
    attestationObject: z.optional(b64(20000)),
    authenticatorData: z.optional(b64(4000)),
    signature: z.optional(b64(2000)),
    userHandle: z.optional(b64(200)),
    transports: z.optional(z.array(z.string().check(z.maxLength(20))).check(z.maxLength(10))),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(b64(2000)),
  }),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(20))),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type PasskeyCredential = z.infer<typeof PasskeyCredential>;

export const PasskeyAddRequest = z.object({ name: z.string().check(z.maxLength(PASSKEY_NAME_MAX * 4)), credential: PasskeyCredential });
export type PasskeyAddRequest = z.infer<typeof PasskeyAddRequest>;

const Id = z.string().check(z.regex(/^\d{1,18}$/, 'passkeys.not_found'));

export const PasskeyRenameRequest = z.object({ id: Id, name: z.string().check(z.maxLength(PASSKEY_NAME_MAX * 4)) });
export type PasskeyRenameRequest = z.infer<typeof PasskeyRenameRequest>;

export const PasskeyOptionsRequest = z.object({ password: z.string().check(z.maxLength(200)) });
export type PasskeyOptionsRequest = z.infer<typeof PasskeyOptionsRequest>;

export const PasskeyRemoveRequest = z.object({ id: Id, password: z.string().check(z.maxLength(200)) });
export type PasskeyRemoveRequest = z.infer<typeof PasskeyRemoveRequest>;

export const PasskeySignInRequest = z.object({ credential: PasskeyCredential, lang: z.optional(z.string().check(z.maxLength(5))) });
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequest>;

/** a passkey's assertion in place of the second factor's code (sign-in) */
export const PasskeyFactorRequest = z.object({ credential: PasskeyCredential });
export type PasskeyFactorRequest = z.infer<typeof PasskeyFactorRequest>;

export const PasskeySignInResponse = z.object({
  /** the autologin page with a one-use key: it signs in through the ordinary path */
  url: z.string(),
});
export type PasskeySignInResponse = z.infer<typeof PasskeySignInResponse>;

/** a name the trader may give (trimmed, 1 to PASSKEY_NAME_MAX characters) */
export function passkeyNameOk(name: string): boolean {
  const length = [...name.trim()].length;
  return length >= 1 && length <= PASSKEY_NAME_MAX;
}
