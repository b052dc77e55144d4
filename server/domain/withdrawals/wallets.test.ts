import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isValidWallet, needsWallet, normalizeWallet, shortWallet } from './wallets';

const sha256 = (d: Uint8Array) => createHash('sha256').update(d).digest();
const b58c = createBase58check(sha256);
const versioned = (version: number[], length = 20) => b58c.encode(new Uint8Array([...version, ...new Uint8Array(length).fill(9)]));

function eip55(hex: string): string {
  const hash = keccak_256(new TextEncoder().encode(hex));
  return '0x' + [...hex].map((c, i) => (/[a-f]/.test(c) && ((hash[i >> 1] >> (i % 2 ? 0 : 4)) & 0xf) >= 8 ? c.toUpperCase() : c)).join('');
}

describe('payout destinations', () => {
  it('Bitcoin: bech32 (v0), bech32m (taproot) and base58check; a typo fails the checksum', () => {
    const v0 = bech32.encode('bc', [0, ...bech32.toWords(new Uint8Array(20).fill(1))]);
    const taproot = bech32m.encode('bc', [1, ...bech32m.toWords(new Uint8Array(32).fill(2))]);
    expect(isValidWallet('Bitcoin', v0)).toBe(true);
    expect(isValidWallet('Bitcoin', taproot)).toBe(true);
    expect(isValidWallet('Bitcoin', versioned([0x00]))).toBe(true);
    expect(isValidWallet('Bitcoin', v0.slice(0, -1) + (v0.endsWith('x') ? 'y' : 'x'))).toBe(false);
    expect(isValidWallet('Bitcoin', versioned([0x30]))).toBe(false); // a Litecoin address
    expect(isValidWallet('Litecoin', versioned([0x30]))).toBe(true);
    expect(isValidWallet('Litecoin', bech32.encode('ltc', [0, ...bech32.toWords(new Uint8Array(20))]))).toBe(true);
  });

  it('Ethereum: EIP-55 mixed case must carry the checksum', () => {
    const hex = '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    expect(eip55(hex)).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'); // EIP-55's own example
    expect(isValidWallet('Ethereum', eip55(hex))).toBe(true);
    expect(isValidWallet('Ethereum', `0x${hex}`)).toBe(true);
    expect(isValidWallet('Ethereum', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidWallet('Ethereum', '0x123')).toBe(false);
  });

  it('Dash, Zcash, Ripple, Monero, Bitcoin Cash', () => {
    expect(isValidWallet('Dash', versioned([0x4c]))).toBe(true);
    expect(isValidWallet('Zcash', versioned([0x1c, 0xb8]))).toBe(true);
    expect(isValidWallet('Zcash', versioned([0x1c]))).toBe(false);
    const payload = new Uint8Array([0, ...new Uint8Array(20).fill(4)]);
    const ripple = base58xrp.encode(new Uint8Array([...payload, ...sha256(sha256(payload)).slice(0, 4)]));
    expect(isValidWallet('Ripple', ripple)).toBe(true);
    expect(isValidWallet('Ripple', ripple.slice(0, -1) + (ripple.endsWith('r') ? 's' : 'r'))).toBe(false);
    expect(isValidWallet('Monero', '4' + 'A'.repeat(94))).toBe(true);
    expect(isValidWallet('Monero', '4abc')).toBe(false);
    expect(isValidWallet('Bitcoin_Cash', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBe(true);
  });

  it('bank wire needs a valid IBAN; Skrill and Neteller an email; cards and wallet services nothing', () => {
    expect(isValidWallet('Bank Wire', 'DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(normalizeWallet('Bank Wire', 'de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(isValidWallet('Bank Wire', 'DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidWallet('Skrill', 'me@example.com')).toBe(true);
    expect(isValidWallet('Neteller', 'not an email')).toBe(false);
    for (const m of ['Credit Card', 'Ok Pay', 'Perfect Money'] as const) {
      expect(needsWallet(m)).toBe(false);
      expect(normalizeWallet(m, 'anything')).toBe('');
    }
    expect(shortWallet('DE89370400440532013000')).toBe('DE8937…013000');
  });
});
