import { describe, expect, it } from 'vitest';
import { entryFailure } from './passkey-factor';

describe('a passkey in place of the code: the browser’s refusals in the entry’s words', () => {
  it('a closed prompt or no passkeys here; a server’s refusal or a lost connection stays as it is', () => {
    expect(entryFailure({ kind: 'http', status: 0, error: 'passkeys.cancelled', message: '' })).toEqual({ kind: 'http', status: 0, error: 'factor.passkey_cancelled', message: '' });
    expect(entryFailure({ kind: 'http', status: 0, error: 'passkeys.unsupported', message: '' })).toEqual({ kind: 'http', status: 0, error: 'factor.passkey_unsupported', message: '' });
    const refused = { kind: 'http', status: 401, error: 'factor.no_challenge', message: 'Your sign-in has expired.' };
    expect(entryFailure(refused)).toBe(refused);
    const lost = { kind: 'network' };
    expect(entryFailure(lost)).toBe(lost);
  });
});
