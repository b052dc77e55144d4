import { fromPromise } from 'xstate';
import { twoFactorEntryMachine } from '../../../machines/two-factor/entry.machine';
import { checkFactor, resendCode } from '../../api/two-factor';

/** The code entry bound to the server; login, withdrawal and the method choice invoke it as a child. */
export const twoFactorEntryFlow = twoFactorEntryMachine.provide({
  actors: {
    checkCode: fromPromise(async ({ input }) => checkFactor(input.type, input.code, input.purpose, input.recovery === true)),
    resendCode: fromPromise(async ({ input }) => resendCode(input.purpose)),
  },
});
