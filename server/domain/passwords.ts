import { hash, verify } from '@node-rs/argon2';
import { newToken } from './tokens';

/** argon2id (the library's default algorithm) with its default cost: 19 MiB, 2 passes. */
export const hashPassword = (password: string): Promise<string> => hash(password);

let dummy: Promise<string> | undefined;
/** A hash of a random secret, verified when the account does not exist so both answers take as long. */
const dummyHash = (): Promise<string> => (dummy ??= hash(newToken()));

/**
 * Verifies `password` against `passwordHash`; with no hash (unknown account) it still runs
 * one verification against a dummy hash and answers false, so timing does not tell whether
 * an account exists.
 */
export async function checkPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
