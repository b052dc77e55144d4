import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import {
  cashAddress,
  decodeBase58check,
  deriveAddress,
  InvalidExtendedKey,
  isValidCashAddress,
  parseExtendedPublicKey,
  toChecksumAddress,
} from './addresses';
import { CHAINS, type ChainId } from './coins';
import { loadCryptoConfig, TEST_XPUBS } from './config';

/** BIP39 seed of a mnemonic with an empty passphrase (PBKDF2-HMAC-SHA512, 2048 rounds). */
const seedOf = (mnemonic: string): Uint8Array =>
  pbkdf2(sha512, new TextEncoder().encode(mnemonic), new TextEncoder().encode('mnemonic'), { c: 2048, dkLen: 64 });
const ABANDON = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const hex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g)!.map((b) => parseInt(b, 16)));

describe('BIP32 test vector 1 (seed 000102…0f)', () => {
  const root = HDKey.fromMasterSeed(hex('000102030405060708090a0b0c0d0e0f'));
  it('gives the published extended public keys', () => {
    expect(root.publicExtendedKey).toBe('xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8');
    expect(root.derive("m/0'").publicExtendedKey).toBe('xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw');
  });
  it('derives the same public children from the xpub alone as from the private key', () => {
    const account = parseExtendedPublicKey(root.derive("m/0'").publicExtendedKey);
    expect(account.privateKey).toBeNull();
    // m/0'/1 from the vector; our child 0/i is one level deeper, compared with private derivation
    expect(account.deriveChild(1).publicExtendedKey).toBe('xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ');
    expect(account.deriveChild(0).deriveChild(5).publicKey).toEqual(root.derive("m/0'/0/5").publicKey);
  });
});

describe('BIP84 test vector (mnemonic "abandon … about")', () => {
  const seed = seedOf(ABANDON);
  it('the shipped bitcoin key is the published account zpub', () => {
    const root = HDKey.fromMasterSeed(seed, { public: 0x04b24746, private: 0x04b2430c });
    expect(root.derive("m/84'/0'/0'").publicExtendedKey).toBe(TEST_XPUBS.btc);
    expect(TEST_XPUBS.btc).toBe('zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs');
  });
  it('derives the published first receiving addresses', () => {
    const account = parseExtendedPublicKey(TEST_XPUBS.btc);
    expect(deriveAddress(account, 0, CHAINS.btc.format)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveAddress(account, 1, CHAINS.btc.format)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });
  it('every shipped test key is that wallet at its documented account path', () => {
    const paths: Record<ChainId, string> = { btc: "m/84'/0'/0'", ltc: "m/84'/2'/0'", bch: "m/44'/145'/0'", dash: "m/44'/5'/0'", zec: "m/44'/133'/0'", eth: "m/44'/60'/0'" };
    for (const [chain, path] of Object.entries(paths) as Array<[ChainId, string]>) {
      const shipped = parseExtendedPublicKey(TEST_XPUBS[chain]);
      expect(shipped.publicKey, chain).toEqual(HDKey.fromMasterSeed(seed).derive(path).publicKey);
      expect(shipped.chainCode, chain).toEqual(HDKey.fromMasterSeed(seed).derive(path).chainCode);
    }
  });
});

describe('address formats', () => {
  it('litecoin native segwit (m/84\'/2\'/0\'/0/0 of the test mnemonic)', () => {
    expect(deriveAddress(parseExtendedPublicKey(TEST_XPUBS.ltc), 0, CHAINS.ltc.format)).toBe('ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh');
  });

  it('ethereum m/44\'/60\'/0\'/0/0 of the test mnemonic, EIP-55 checksummed', () => {
    expect(deriveAddress(parseExtendedPublicKey(TEST_XPUBS.eth), 0, CHAINS.eth.format)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('EIP-55 examples from the EIP', () => {
    for (const address of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it('CashAddr examples from the CashAddr specification', () => {
    const cases = [
      ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'],
      ['1KXrWXciRDZUpQwQmuM1DbwsKDLYAYsVLR', 'bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy'],
      ['16w1D5WRVKJuZUsSRzdLp9w3YGcgoxDXb', 'bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r'],
    ];
    for (const [legacy, cash] of cases) {
      expect(cashAddress('bitcoincash', 0, decodeBase58check(legacy).subarray(1))).toBe(cash);
      expect(isValidCashAddress(cash)).toBe(true);
      expect(isValidCashAddress(cash.slice(0, -1) + (cash.endsWith('a') ? 'q' : 'a'))).toBe(false);
    }
  });

  it('bitcoin cash addresses derive as P2PKH CashAddr with the same hash as the legacy form', () => {
    const account = parseExtendedPublicKey(TEST_XPUBS.bch);
    const cash = deriveAddress(account, 0, CHAINS.bch.format);
    const legacy = deriveAddress(account, 0, { kind: 'base58', version: [0x00] });
    expect(cash).toMatch(/^bitcoincash:q[02-9ac-hj-np-z]{41}$/);
    expect(isValidCashAddress(cash)).toBe(true);
    expect(cashAddress('bitcoincash', 0, decodeBase58check(legacy).subarray(1))).toBe(cash);
  });

  it('dash (X…) and zcash transparent (t1…) are base58check with their version bytes', () => {
    const dash = deriveAddress(parseExtendedPublicKey(TEST_XPUBS.dash), 0, CHAINS.dash.format);
    const zec = deriveAddress(parseExtendedPublicKey(TEST_XPUBS.zec), 0, CHAINS.zec.format);
    expect(dash).toMatch(/^X[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(zec).toMatch(/^t1[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(Array.from(decodeBase58check(dash).subarray(0, 1))).toEqual([0x4c]);
    expect(Array.from(decodeBase58check(zec).subarray(0, 2))).toEqual([0x1c, 0xb8]);
    expect(decodeBase58check(zec)).toHaveLength(22);
  });

  it('segwit addresses decode back to witness version 0 with a 20-byte program', () => {
    const address = deriveAddress(parseExtendedPublicKey(TEST_XPUBS.btc), 7, CHAINS.btc.format);
    const { prefix, words } = bech32.decode(address as `${string}1${string}`);
    expect(prefix).toBe('bc');
    expect(words[0]).toBe(0);
    expect(bech32.fromWords(words.slice(1))).toHaveLength(20);
  });

  it('consecutive indexes give different addresses', () => {
    const account = parseExtendedPublicKey(TEST_XPUBS.eth);
    const seen = new Set(Array.from({ length: 50 }, (_, i) => deriveAddress(account, i, CHAINS.eth.format)));
    expect(seen.size).toBe(50);
  });
});

describe('configured keys', () => {
  it('refuses a private extended key and garbage', () => {
    const xprv = HDKey.fromMasterSeed(hex('000102030405060708090a0b0c0d0e0f')).privateExtendedKey;
    expect(() => parseExtendedPublicKey(xprv)).toThrow(InvalidExtendedKey);
    expect(() => parseExtendedPublicKey('xpub-nonsense')).toThrow(InvalidExtendedKey);
  });

  it('uses the test keys in sandbox mode only; CRYPTO_XPUB_<CHAIN> overrides', () => {
    expect(loadCryptoConfig(true, {}).xpubs.btc).toBe(TEST_XPUBS.btc);
    expect(loadCryptoConfig(false, {}).xpubs).toEqual({});
    const own = HDKey.fromMasterSeed(hex('000102030405060708090a0b0c0d0e0f')).derive("m/0'").publicExtendedKey;
    expect(loadCryptoConfig(false, { eth: own }).xpubs).toEqual({ eth: own });
  });
});
