import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { twoFactorEntryMachine } from '../two-factor/entry.machine';
import type {
  AutologinOutput,
  Credentials,
  LoginContext,
  LoginEvent,
  LoginInput,
  PlatformLoginOutput,
  SessionLoginInput,
  SessionLoginOutput,
} from './login.types';

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

/**
 * Login (spec 000 §4, §8): platform login first, then the product session login.
 * The autologin page runs the same flow with values the server pre-filled.
 */
export const loginMachine = setup({
  types: {} as { context: LoginContext; events: LoginEvent; input: LoginInput },
  actors: {
    loadAutologin: fromPromise<AutologinOutput, { key: string }>(notProvided('loadAutologin')),
    platformLogin: fromPromise<PlatformLoginOutput, Credentials>(notProvided('platformLogin')),
    sessionLogin: fromPromise<SessionLoginOutput, SessionLoginInput>(notProvided('sessionLogin')),
    twoFactorEntry: twoFactorEntryMachine,
  },
  actions: {
    /** app effect: full navigation to /{lang}/trading plus the rd hash */
    goToTrading: (_, _params: { rd: string }) => {},
    /** app effect: back to /{lang}/login (autologin failure) */
    goToLogin: () => {},
    /** fire and forget POST /api/notify/login_fail */
    notifyLoginFail: (_, _params: { email: string }) => {},
  },
  guards: {
    isAutologin: (_, params: { autologin: boolean }) => params.autologin,
    hasCredentials: ({ event }) =>
      event.type === 'login.submit' && event.email.trim() !== '' && event.password !== '',
    platformAccepted: (_, output: PlatformLoginOutput) => output.success && !!output.token,
    isPlatformCode: (_, params: { code?: string; expected: string }) => params.code === params.expected,
    asksFactor: (_, output: SessionLoginOutput) => output.factor !== undefined,
    isWrongPassword: (_, error: unknown) =>
      isCallFailure(error) && error.kind === 'http' && error.error === 'login.password',
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    rd: input.rd ?? '',
    autologinKey: input.autologinKey ?? '',
    platformToken: '',
    error: null,
    shakes: 0,
    factor: '',
    passkey: false,
    withdrawOnly: false,
  }),
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: { type: 'isAutologin', params: ({ context }) => ({ autologin: context.autologinKey !== '' }) }, target: 'autologin' },
        { target: 'editing' },
      ],
    },
    autologin: {
      invoke: {
        src: 'loadAutologin',
        input: ({ context }) => ({ key: context.autologinKey }),
        onDone: {
          target: 'platformLogin',
          actions: assign(({ event }) => ({ email: event.output.email, password: event.output.password, rd: event.output.redirect })),
        },
        onError: { target: 'autologinFailed' },
      },
    },
    editing: {
      on: {
        'login.submit': [
          {
            guard: 'hasCredentials',
            target: 'platformLogin',
            actions: assign(({ event }) => ({ email: event.email.trim(), password: event.password, error: null, withdrawOnly: event.withdrawOnly === true })),
          },
          { actions: assign(({ context }) => ({ error: msg('login.fill_fields'), shakes: context.shakes + 1 })) },
        ],
        'login.edit': { actions: assign({ error: null }) },
      },
    },
    platformLogin: {
      invoke: {
        src: 'platformLogin',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          {
            guard: { type: 'platformAccepted', params: ({ event }) => event.output },
            target: 'sessionLogin',
            meta: { spec: ['000 §4.25'] },
            actions: assign(({ event }) => ({ platformToken: event.output.token ?? '' })),
          },
          {
            // the platform checks the password first: a wrong one is the common failure
            guard: { type: 'isPlatformCode', params: ({ event }) => ({ code: event.output.code, expected: 'invalid_credentials' }) },
            target: 'failed',
            meta: { spec: ['000 §4.25', '001 §8.3'] },
            actions: [
              assign(({ event }) => ({ error: msg('login.password', event.output.message) })),
              { type: 'notifyLoginFail', params: ({ context }) => ({ email: context.email }) },
            ],
          },
          {
            guard: { type: 'isPlatformCode', params: ({ event }) => ({ code: event.output.code, expected: 'locked' }) },
            target: 'failed',
            actions: assign(({ event }) => ({ error: msg('login.locked', event.output.message) })),
          },
          {
            target: 'failed',
            meta: { spec: ['000 §4.25', '000 §8.8', '001 §8.4'] },
            actions: assign(({ event }) => ({
              error: event.output.message ? msg('', event.output.message) : msg('server_error'),
            })),
          },
        ],
        onError: { target: 'failed', meta: { spec: ['000 §4.25', '000 §8.8'] }, actions: assign({ error: msg('login_error') }) },
      },
    },
    sessionLogin: {
      invoke: {
        src: 'sessionLogin',
        input: ({ context }) => ({ email: context.email, password: context.password, token: context.platformToken, withdrawOnly: context.withdrawOnly }),
        onDone: [
          {
            guard: { type: 'asksFactor', params: ({ event }) => event.output },
            target: 'twoFactor',
            actions: assign(({ event }) => ({ factor: event.output.factor ?? '', passkey: event.output.passkey === true, password: '', platformToken: '' })),
          },
          { target: 'success', meta: { spec: ['000 §4.25'] } },
        ],
        onError: [
          {
            guard: { type: 'isWrongPassword', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'failed',
            meta: { spec: ['000 §4.25', '001 §8.3'] },
            actions: [
              assign(({ event }) => ({ error: failureMsg(event.error, 'server_error') })),
              { type: 'notifyLoginFail', params: ({ context }) => ({ email: context.email }) },
            ],
          },
          {
            target: 'failed',
            meta: { spec: ['000 §4.25', '000 §8.8', '001 §8.4'] },
            actions: assign(({ event }) => ({
              error: isCallFailure(event.error) && event.error.kind === 'network' ? msg('login_error') : failureMsg(event.error, 'server_error'),
            })),
          },
        ],
      },
    },
    /** the password was right; the account asks for its second factor (spec 001 §4) */
    twoFactor: {
      invoke: {
        id: 'factor',
        src: 'twoFactorEntry',
        input: ({ context }) => ({ type: context.factor || 'email', purpose: 'login' as const, passkey: context.passkey }),
        onDone: 'success',
      },
      on: {
        'factor.cancel': [
          { guard: { type: 'isAutologin', params: ({ context }) => ({ autologin: context.autologinKey !== '' }) }, target: 'autologinFailed' },
          { target: 'editing', actions: assign({ factor: '' }) },
        ],
      },
    },
    /** the error is shown and shaken; the form stays filled (nothing the trader typed is lost) */
    failed: {
      entry: assign(({ context }) => ({ password: '', platformToken: '', shakes: context.shakes + 1 })),
      always: [
        { guard: { type: 'isAutologin', params: ({ context }) => ({ autologin: context.autologinKey !== '' }) }, target: 'autologinFailed', meta: { spec: ['000 §8.8'] } },
        { target: 'editing' },
      ],
    },
    autologinFailed: {
      type: 'final',
      entry: 'goToLogin',
    },
    success: {
      type: 'final',
      entry: { type: 'goToTrading', params: ({ context }) => ({ rd: context.rd }) },
    },
  },
});
