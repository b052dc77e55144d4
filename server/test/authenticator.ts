import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { PasskeyCredential } from '../../core/contract/passkeys';

/**
 * A software WebAuthn authenticator for server tests (issue 31 §5): a P-256 key made with
 * node:crypto, a 'none' attestation encoded with the CBOR of @simplewebauthn/server, and real
 * ECDSA signatures over the authenticator data and the client data's hash, so the server's
 * verifier runs on what a browser would send. It keeps its signature counter (`counter`), which a
 * test may set back to play a copied key; `origin` and `rpId` may be given to play a phishing page.
 */
export interface SoftAuthenticator {
  credentialId: Uint8Array;
  counter: number;
  /** answers a registration's options (PublicKeyCredentialCreationOptionsJSON) */
  register: (options: { challenge: string; rp: { id?: string }; user: { id: string } }, at?: { origin?: string; rpId?: string }) => PasskeyCredential;
  /** answers a sign-in's options with an assertion; the counter moves up by one first unless `counter` is given */
  assert: (options: { challenge: string; rpId?: string }, at?: { origin?: string; rpId?: string; counter?: number }) => PasskeyCredential;
}

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const u32 = (n: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** UP (user present) | UV (user verified) | AT (attested credential data) */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, isoBase64URL.toBuffer(jwk.x!)],
    [-3, isoBase64URL.toBuffer(jwk.y!)],
  ]);
  return isoCBOR.encode(key);
}

export function softAuthenticator(site: { origin: string; rpId: string }): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = new Uint8Array(randomBytes(16));
  let userHandle = '';
  const clientData = (type: string, challenge: string, origin: string) => new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const self: SoftAuthenticator = {
    credentialId,
    counter: 0,
    register(options, at = {}) {
      userHandle = options.user.id;
      const rpId = at.rpId ?? options.rp.id ?? site.rpId;
      const data = clientData('webauthn.create', options.challenge, at.origin ?? site.origin);
      const idLength = new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]);
      const authData = concat(sha256(rpId), new Uint8Array([UP | UV | AT]), u32(self.counter), new Uint8Array(16), idLength, credentialId, coseKey(publicKey));
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64(data), attestationObject: b64(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
      };
    },
    assert(options, at = {}) {
      if (at.counter === undefined) self.counter += 1;
      const counter = at.counter ?? self.counter;
      const rpId = at.rpId ?? options.rpId ?? site.rpId;
      const data = clientData('webauthn.get', options.challenge, at.origin ?? site.origin);
      const authData = concat(sha256(rpId), new Uint8Array([UP | UV]), u32(counter));
      const signature = sign('sha256', concat(authData, sha256(data)), privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(new Uint8Array(signature)), userHandle },
        clientExtensionResults: {},
      };
    },
  };
  return self;
}
