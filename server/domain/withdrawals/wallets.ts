import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58xmr, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import type { WithdrawalMethod } from '../../../core/contract';
import { COIN_METHODS, NO_WALLET_METHODS, needsWallet as needsDestination } from '../../../core/withdrawal';

/**
 * Payout destinations: which methods need one (spec 002 §5: all but Credit Card, Ok Pay and
 * Perfect Money) and whether a given one is well formed. Crypto addresses are checked with
 * their checksums where the format has one (base58check, bech32/bech32m, EIP-55 mixed case,
 * IBAN mod 97), so a typo is caught before money is held.
 */
export { NO_WALLET_METHODS };
/** the coin each coin method pays out (`core/withdrawal.ts`) */
export const CRYPTO_METHODS: Readonly<Partial<Record<WithdrawalMethod, string>>> = Object.fromEntries(COIN_METHODS.map((m) => [m.method, m.coin]));

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
const base58check = createBase58check(sha256);

function decodes(decode: () => unknown): boolean {
  try {
    decode();
    return true;
  } catch {
    return false;
  }
}

/** base58check with one of the version bytes */
function base58Versioned(address: string, versions: number[], length = 21): boolean {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === length && versions.includes(bytes[0]);
  } catch {
    return false;
  }
}

function segwit(address: string, prefixes: string[]): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  const prefix = prefixes.find((p) => lower.startsWith(`${p}1`));
  if (!prefix) return false;
  const string = lower as `${string}1${string}`;
  return decodes(() => bech32.decode(string, 90)) || decodes(() => bech32m.decode(string, 90));
}

/** EIP-55: all lower or all upper case is accepted; mixed case must carry the right checksum */
function ethereum(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  const hash = keccak_256(new TextEncoder().encode(body.toLowerCase()));
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    const c = body[i];
    if (/[a-f]/.test(c) && nibble >= 8) return false;
    if (/[A-F]/.test(c) && nibble < 8) return false;
  }
  return true;
}

function ripple(address: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(address)) return false;
  try {
    const bytes = base58xrp.decode(address);
    if (bytes.length !== 25) return false;
    const check = sha256(sha256(bytes.slice(0, 21)));
    return bytes[0] === 0 && check.slice(0, 4).every((b, i) => b === bytes[21 + i]);
  } catch {
    return false;
  }
}

function monero(address: string): boolean {
  if (!/^[48][1-9A-HJ-NP-Za-km-z]{94}$/.test(address) && !/^4[1-9A-HJ-NP-Za-km-z]{105}$/.test(address)) return false;
  return decodes(() => base58xmr.decode(address));
}

/** IBAN: country, check digits, mod 97 = 1 */
function iban(value: string): boolean {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  const digits = moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

const email = (value: string): boolean => /^[^\s@]{1,64}@[^\s@]{1,190}\.[a-z]{2,24}$/i.test(value);

const CHECKS: Record<WithdrawalMethod, (wallet: string) => boolean> = {
  Bitcoin: (a) => segwit(a, ['bc', 'tb', 'bcrt']) || base58Versioned(a, [0x00, 0x05, 0x6f, 0xc4]),
  Litecoin: (a) => segwit(a, ['ltc', 'tltc']) || base58Versioned(a, [0x30, 0x32, 0x05, 0x6f, 0x3a, 0xc4]),
  Ethereum: ethereum,
  Dash: (a) => base58Versioned(a, [0x4c, 0x10, 0x8c, 0x13]),
  Bitcoin_Cash: (a) => /^(bitcoincash:|bchtest:)?[qp][02-9ac-hj-np-z]{41}$/.test(a.toLowerCase()) || base58Versioned(a, [0x00, 0x05]),
  Ripple: ripple,
  // transparent addresses: two version bytes, 22 bytes in all
  Zcash: (a) => /^t[13m2]/.test(a) && base58Versioned(a, [0x1c, 0x1d], 22),
  Monero: monero,
  'Credit Card': () => true,
  'Ok Pay': () => true,
  'Perfect Money': () => true,
  'Bank Wire': iban,
  Skrill: email,
  Neteller: email,
};

export const needsWallet = (method: WithdrawalMethod): boolean => needsDestination(method);

/** The destination as stored: trimmed, '' for methods without one. */
export function normalizeWallet(method: WithdrawalMethod, wallet: string): string {
  if (!needsWallet(method)) return '';
  const trimmed = wallet.trim();
  return method === 'Bank Wire' ? trimmed.replace(/\s+/g, '').toUpperCase() : trimmed;
}

export function isValidWallet(method: WithdrawalMethod, wallet: string): boolean {
  return CHECKS[method](normalizeWallet(method, wallet));
}

/** What the pending list shows: the start and the end of the destination. */
export function shortWallet(wallet: string): string {
  return wallet.length <= 14 ? wallet : `${wallet.slice(0, 6)}…${wallet.slice(-6)}`;
}
