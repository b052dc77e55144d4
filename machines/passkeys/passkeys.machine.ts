import { assign, fromPromise, setup } from 'xstate';
import { passkeyNameOk, PASSKEY_NAME_MAX } from '../../core/contract/passkeys';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { Passkey, PasskeysContext, PasskeysEvent } from './passkeys.types';

/**
 * Passkeys on the security page (issue 31 §5): the trader's passkeys read (with a retry); one
 * added under a name of 1 to 40 characters, or one removed, each after the password, asked in a
 * dialog (a wrong password keeps the dialog and says so; Cancel closes it). Adding asks it too: a
 * passkey signs in without the password, so a session someone took over must not be able to leave
 * one of its own behind (the flow sends the password with the request for a challenge, then lets
 * the browser and the authenticator make the key, and sends its answer). One change at a time;
 * each answer is the list after it; a failed one keeps the list and says why.
 */
export const passkeysMachine = setup({
  types: {} as { context: PasskeysContext; events: PasskeysEvent },
  actors: {
    loadPasskeys: fromPromise<Passkey[]>(notProvided('loadPasskeys')),
    addPasskey: fromPromise<Passkey[], { name: string; password: string }>(notProvided('addPasskey')),
    removePasskey: fromPromise<Passkey[], { id: string; password: string }>(notProvided('removePasskey')),
  },
  actions: {
    take: assign((_, params: { passkeys: Passkey[] }) => ({ passkeys: params.passkeys, error: null })),
    loadFailure: assign((_, params: { error: unknown }) => ({ error: failureMsg(params.error, 'passkeys.load_failed') })),
    mark: assign((_, params: { busy: string; name?: string }) => ({ busy: params.busy, name: params.name ?? '', error: null })),
    answered: assign(({ context }, params: { passkeys: Passkey[] }) => ({
      passkeys: params.passkeys,
      busy: null,
      error: null,
      answers: context.answers + 1,
      added: context.busy === 'add' ? context.added + 1 : context.added,
      last: context.busy === 'add' ? ('add' as const) : ('remove' as const),
    })),
    failure: assign(({ context }, params: { error: unknown }) => ({ busy: null, error: failureMsg(params.error, 'passkeys.change_failed'), answers: context.answers + 1 })),
    refused: assign(({ context }, params: { error: unknown }) => ({ error: failureMsg(params.error, 'passkeys.password'), answers: context.answers + 1 })),
    badName: assign(({ context }) => ({ error: msg('passkeys.name', undefined, { max: String(PASSKEY_NAME_MAX) }), answers: context.answers + 1 })),
    noPassword: assign(({ context }) => ({ error: msg('passkeys.password_required'), answers: context.answers + 1 })),
    close: assign({ busy: null, name: '', error: null }),
  },
  guards: {
    nameOk: (_, params: { name: string }) => passkeyNameOk(params.name),
    isListed: ({ context }, params: { id: string }) => context.passkeys?.some((p) => p.id === params.id) ?? false,
    hasPassword: (_, params: { password: string }) => params.password !== '',
    /** the dialog asks the password for a passkey to add (not for one to remove) */
    toAdd: ({ context }, params: { password: string }) => params.password !== '' && context.busy === 'add',
    /** the password was wrong, or too many tries locked it: the dialog stays */
    passwordRefused: (_, params: { error: unknown }) => isCallFailure(params.error) && params.error.kind === 'http' && (params.error.error === 'passkeys.password' || params.error.error === 'login.locked'),
  },
}).createMachine({
  id: 'passkeys',
  context: { passkeys: null, error: null, busy: null, name: '', answers: 0, added: 0, last: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPasskeys',
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => ({ passkeys: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'loadFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'passkey.add': [
          { guard: { type: 'nameOk', params: ({ event }) => ({ name: event.name }) }, target: 'confirming', actions: { type: 'mark', params: ({ event }) => ({ busy: 'add', name: event.name.trim() }) } },
          { target: '.failed', actions: 'badName' },
        ],
        'passkey.remove': { guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) }, target: 'confirming', actions: { type: 'mark', params: ({ event }) => ({ busy: event.id }) } },
      },
      states: {
        idle: {},
        /** the last change went through: the list after it */
        done: {},
        /** the last change failed: the list as it was, and why */
        failed: {},
      },
    },
    adding: {
      invoke: {
        src: 'addPasskey',
        input: ({ context, event }) => ({ name: context.name, password: (event as Extract<PasskeysEvent, { type: 'password.submit' }>).password }),
        onDone: { target: 'ready.done', actions: { type: 'answered', params: ({ event }) => ({ passkeys: event.output }) } },
        onError: [
          { guard: { type: 'passwordRefused', params: ({ event }) => ({ error: event.error }) }, target: 'confirming', actions: { type: 'refused', params: ({ event }) => ({ error: event.error }) } },
          { target: 'ready.failed', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    /** the dialog of a change (a passkey to add or to remove): the password first */
    confirming: {
      on: {
        'password.submit': [
          { guard: { type: 'toAdd', params: ({ event }) => ({ password: event.password }) }, target: 'adding' },
          { guard: { type: 'hasPassword', params: ({ event }) => ({ password: event.password }) }, target: 'removing' },
          { actions: 'noPassword' },
        ],
        'password.cancel': { target: 'ready.idle', actions: 'close' },
      },
    },
    removing: {
      invoke: {
        src: 'removePasskey',
        input: ({ context, event }) => ({ id: context.busy ?? '', password: (event as Extract<PasskeysEvent, { type: 'password.submit' }>).password }),
        onDone: { target: 'ready.done', actions: { type: 'answered', params: ({ event }) => ({ passkeys: event.output }) } },
        onError: [
          { guard: { type: 'passwordRefused', params: ({ event }) => ({ error: event.error }) }, target: 'confirming', actions: { type: 'refused', params: ({ event }) => ({ error: event.error }) } },
          { target: 'ready.failed', actions: { type: 'failure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
  },
});
