import { DEFAULT_EXCEPTION_RULES, type CryptoExceptionRules } from '../../../core/crypto-exceptions';
import type { ChainId } from './coins';

/**
 * Account-level extended public keys of the BIP39 test mnemonic "abandon abandon … about"
 * (BIP84 m/84'/0'/0' is its published test vector). Everyone knows that wallet's private
 * keys, so these keys serve the sandbox only: with SANDBOX=0 a chain without its own
 * CRYPTO_XPUB_<CHAIN> takes no invoices.
 */
export const TEST_XPUBS: Readonly<Record<ChainId, string>> = {
  // m/84'/0'/0' (BIP84 test vector)
  btc: 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  // m/84'/2'/0'
  ltc: 'zpub6rPo5mF47z5coVm5rvWv7fv181awb7Vckn5Cf3xQXBVKu18kuBHDhNi1Jrb4br6vVD3ZbrnXemEsWJoR18mZwkUdzwD8TQnHDUCGxqZ6swA',
  // m/44'/145'/0'
  bch: 'xpub6ByHsPNSQXTWZ7PLESMY2FufyYWtLXagSUpMQq7Un96SiThZH2iJB1X7pwviH1WtKVeDP6K8d6xxFzzoaFzF3s8BKCZx8oEDdDkNnp4owAZ',
  // m/44'/5'/0'
  dash: 'xpub6CYEjsU6zPM3sADS2ubu2aZeGxCm3C5KabkCpo4rkNbXGAH9M7rRUJ4E5CKiyUddmRzrSCopPzisTBrXkfCD4o577XKM9mzyZtP1Xdbizyk',
  // m/44'/133'/0'
  zec: 'xpub6CLX6bXDznyoBCRaHYmzfApq4dLc34UydL1gRHQTG55pNwbKSC2GvXjTQ4VS3n6P24fRd14uKz7P92xJQ3MWdRzUxGkqiftZf3riboiJLJs',
  // m/44'/60'/0' (ETH and every ERC-20 token share it)
  eth: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
};

/** An invoice is payable for one hour (spec 000 §9, 001 §9, 002 §9: countdown 3600 s). */
export const INVOICE_TTL_MS = 3600_000;

export interface CryptoConfig {
  /** the extended public key per chain; a chain without one takes no invoices */
  xpubs: Partial<Record<ChainId, string>>;
  invoiceTtlMs: number;
  /** what short, late and over payments come to (core/crypto-exceptions.ts) */
  exceptions: CryptoExceptionRules;
}

/**
 * The keys by chain (config.cryptoXpubs: CRYPTO_XPUB_BTC, _LTC, _BCH, _DASH, _ZEC, _ETH, read in
 * server/config.ts); the test keys fill the gaps in sandbox mode only.
 */
export function loadCryptoConfig(sandbox: boolean, keys: Partial<Record<string, string>> = {}, exceptions: CryptoExceptionRules = DEFAULT_EXCEPTION_RULES): CryptoConfig {
  const xpubs: Partial<Record<ChainId, string>> = {};
  for (const chain of Object.keys(TEST_XPUBS) as ChainId[]) {
    const own = keys[chain]?.trim();
    if (own) xpubs[chain] = own;
    else if (sandbox) xpubs[chain] = TEST_XPUBS[chain];
  }
  return { xpubs, invoiceTtlMs: INVOICE_TTL_MS, exceptions };
}
