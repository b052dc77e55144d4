import type { BankDetails } from '../../../core/contract';

/**
 * The bank account a sandbox trader "sends" a transfer to (docs/sandbox.md, "Bank transfers").
 * It does not exist: the IBAN has a valid check digit but belongs to no bank, and every field
 * says Sandbox. An operator marks transfers received in the bank console (/sandbox/bank).
 */
export const SANDBOX_BANK_DETAILS: BankDetails = {
  bankName: 'Sandbox Bank (simulated: send no real money)',
  beneficiary: 'Sandbox Brokerage Ltd',
  iban: 'MT84 SBOX 0000 0000 0000 0000 0001 234',
  bic: 'SBOXMTM0',
  address: '1 Sandbox Street, Valletta, Malta (simulated)',
  sandbox: true,
};
