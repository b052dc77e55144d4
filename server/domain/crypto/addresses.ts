import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58check as base58checkWith, bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';

/**
 * Receiving addresses derived from an account-level extended public key (BIP32), never from a
 * private key: the server can make a fresh address for every invoice but cannot spend.
 *
 * The key is the account node (m/84'/0'/0' for bitcoin, m/44'/60'/0' for ethereum, …); the
 * address of invoice number i is its external chain child 0/i, as wallets following BIP44/84
 * derive it, so the owner's wallet sees every payment.
 */

const base58check = base58checkWith(sha256);
const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));

export type AddressFormat =
  | { kind: 'p2wpkh'; hrp: string }
  | { kind: 'cashaddr'; prefix: string }
  | { kind: 'base58'; version: number[] }
  | { kind: 'eth' };

export class InvalidExtendedKey extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidExtendedKey';
  }
}

/** Parses an extended public key of any version (xpub, zpub, Ltub, tpub, …); refuses private keys. */
export function parseExtendedPublicKey(key: string): HDKey {
  let raw: Uint8Array;
  try {
    raw = base58check.decode(key.trim());
  } catch {
    throw new InvalidExtendedKey('not a base58check extended key');
  }
  if (raw.length !== 78) throw new InvalidExtendedKey('an extended key has 78 bytes');
  if (raw[45] === 0) throw new InvalidExtendedKey('a private extended key was given: configure the public one (xpub)');
  const version = ((raw[0] << 24) | (raw[1] << 16) | (raw[2] << 8) | raw[3]) >>> 0;
  // the private version is never used: a public key cannot derive private children
  return HDKey.fromExtendedKey(key.trim(), { public: version, private: (version ^ 1) >>> 0 });
}

/** The compressed public key of child 0/index (external chain) of an account key. */
export function childPublicKey(account: HDKey, index: number): Uint8Array {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 0x80000000) throw new RangeError(`address index out of range: ${index}`);
  const key = account.deriveChild(0).deriveChild(index).publicKey;
  if (!key) throw new InvalidExtendedKey('no public key');
  return key;
}

// --- CashAddr (Bitcoin Cash), https://github.com/bitcoincashorg/bitcoincash.org/blob/master/spec/cashaddr.md

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];

function polymod(values: number[]): bigint {
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i += 1) if ((c0 >> BigInt(i)) & 1n) c ^= GENERATORS[i];
  }
  return c ^ 1n;
}

/** CashAddr of a 20-byte hash: type 0 = P2PKH, 1 = P2SH. */
export function cashAddress(prefix: string, type: 0 | 1, hash: Uint8Array): string {
  if (hash.length !== 20) throw new RangeError('CashAddr here encodes 160-bit hashes');
  const payload = bech32.toWords(Uint8Array.from([type << 3, ...hash]));
  const prefixWords = [...prefix].map((ch) => ch.charCodeAt(0) & 0x1f);
  const mod = polymod([...prefixWords, 0, ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum: number[] = [];
  for (let i = 0; i < 8; i += 1) checksum.push(Number((mod >> BigInt(5 * (7 - i))) & 0x1fn));
  return `${prefix}:${[...payload, ...checksum].map((w) => CHARSET[w]).join('')}`;
}

/** Checks a CashAddr's checksum (for tests and input validation). */
export function isValidCashAddress(address: string): boolean {
  const [prefix, body] = address.split(':');
  if (!prefix || !body || [...body].some((ch) => !CHARSET.includes(ch))) return false;
  const words = [...body].map((ch) => CHARSET.indexOf(ch));
  return polymod([...[...prefix].map((ch) => ch.charCodeAt(0) & 0x1f), 0, ...words]) === 0n;
}

// --- Ethereum, EIP-55 mixed-case checksum

/** EIP-55 checksummed form of a 20-byte address given as hex (with or without 0x). */
export function toChecksumAddress(hex: string): string {
  const lower = hex.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new RangeError('an ethereum address has 20 bytes');
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lower[i].toUpperCase() : lower[i];
  }
  return out;
}

const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The ethereum address of a (compressed or uncompressed) secp256k1 public key. */
export function ethAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return toChecksumAddress(toHex(keccak_256(uncompressed.subarray(1)).subarray(12)));
}

/** The address of a public key in the given format. */
export function encodeAddress(publicKey: Uint8Array, format: AddressFormat): string {
  switch (format.kind) {
    case 'p2wpkh':
      return bech32.encode(format.hrp, [0, ...bech32.toWords(hash160(publicKey))]);
    case 'cashaddr':
      return cashAddress(format.prefix, 0, hash160(publicKey));
    case 'base58':
      return base58check.encode(Uint8Array.from([...format.version, ...hash160(publicKey)]));
    case 'eth':
      return ethAddress(publicKey);
  }
}

/** The receiving address number `index` of an account key. */
export function deriveAddress(account: HDKey, index: number, format: AddressFormat): string {
  return encodeAddress(childPublicKey(account, index), format);
}

/** base58check payload (version + hash), for tests. */
export const decodeBase58check = (address: string): Uint8Array => base58check.decode(address);
