import { accountsMachine } from '../accounts/accounts.machine';
import { passwordChangeMachine } from './password.machine';
import { validationMachine } from '../validation/validation.machine';
import type { MachineModel } from '../../machine-kit/types';

const http = (status: number, error: string, message = '') => ({ kind: 'http', status, error, message });

/** Transaction validation: already validated, locked at 5, wrong with attempts left, the last attempt, success, errors. */
export const validationModel: MachineModel = {
  machine: validationMachine,
  inputs: [
    { success: false, attempts: 0 },
    { success: true, attempts: 1 },
    { success: false, attempts: 5 },
  ],
  maxDepth: 5,
  events: { 'value.change': [{ value: '4821' }, { value: ' ' }] },
  actors: {
    attemptValidation: [
      { output: { return: true, attemps: 1 } },
      { output: { return: false, attemps: 2 } },
      { output: { return: false, attemps: 5 } },
      { error: http(409, 'validation.not_required', 'There is no transaction to validate.') },
      // the refusal range's edges (mutation score): 400 shows the server's message, 500 the generic failure
      { error: http(400, 'validation.bad_request', 'Bad request.') },
      { error: http(500, 'internal', 'Internal error.') },
      { error: { kind: 'network' } },
    ],
  },
};

const form = (oldPassword: string, password: string, repeatPassword: string, endOthers = true) => ({ oldPassword, password, repeatPassword, endOthers });

/**
 * Password change: each invalid field (the broker's one password policy: too short, common, with
 * the email), success (the other devices signed out, or left), a field refusal (the server's policy key too), a generic failure; the google prefill.
 */
export const passwordChangeModel: MachineModel = {
  machine: passwordChangeMachine,
  inputs: [{ login: 'trader@example.com' }, { storedGoogle: 'g-123' }],
  maxDepth: 4,
  events: {
    'form.submit': [
      form('old', 'NewPass-2026', 'NewPass-2026'),
      form('', 'NewPass-2026', 'NewPass-2026'),
      form('old', 'abcd1234', 'abcd1234'),
      form('old', 'password123', 'password123'),
      form('old', 'trader-2026!', 'trader-2026!'),
      form('old', 'NewPass-2026', 'NewPass-2027'),
      // the other devices left signed in (issue 31 §2)
      form('old', 'NewPass-2026', 'NewPass-2026', false),
    ],
  },
  actors: {
    changePassword: [
      { output: { message: 'Your password has been changed.' } },
      { error: http(400, 'security.old_wrong', 'The current password is not correct.') },
      { error: http(400, 'register.password_short', 'The password needs at least 10 characters.') },
      { error: http(500, 'server_error') },
    ],
  },
};

/** Accounts: switch, exchange, add (empty currency, success, failure), close. */
export const accountsModel: MachineModel = {
  machine: accountsMachine,
  maxDepth: 5,
  events: {
    'account.select': [{ accountId: '7' }],
    'add.submit': [{ currency: 'EUR' }, { currency: '' }],
  },
  actors: {
    setAccount: [{ output: { ok: true } }, { error: http(404, 'account.not_set') }],
    setExchangeAccount: [{ output: { ok: true } }, { error: { kind: 'network' } }],
    createAccount: [{ output: { ok: true } }, { error: http(409, 'account.not_offered', 'You cannot open another USD account.') }],
  },
};
