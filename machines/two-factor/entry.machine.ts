import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import { CODE_LENGTH, type CheckInput, type CheckOutput, type EntryContext, type EntryEvent, type EntryInput, type EntryOutput } from './two-factor.types';

const empty = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

/** the digits of a pasted text, spread from `from` (a whole code pasted anywhere fills all six) */
function spread(digits: string[], text: string, from: number): string[] {
  const found = text.replace(/\D/g, '').slice(0, CODE_LENGTH);
  const start = found.length === CODE_LENGTH ? 0 : from;
  const next = [...digits];
  for (let i = 0; i < found.length && start + i < CODE_LENGTH; i++) next[start + i] = found[i];
  return next;
}

/**
 * Two-factor code entry (spec 001 §4, §5, §8): six single-digit inputs, numeric only; the code
 * is checked as soon as the sixth digit is in (typed or pasted). A wrong code clears the inputs
 * and shows the server's message; too many wrong codes disable entry. Email and SMS codes can
 * be sent again (the server allows one every 30 s). Invoked by sign-in, withdrawal and the
 * method choice; its output (the google secret of a setup) goes to the parent.
 *
 * At sign-in with the authenticator, a recovery code can replace the six digits (issue 31 §4):
 * the trader switches to a text field, types the code and sends it; a wrong or used code says so
 * and counts like a wrong code (the server's limit); the right one signs in like the factor.
 *
 * At sign-in, a trader with a passkey may confirm with it in place of the code (issue 31 §5): the
 * flow asks the server for this sign-in's challenge and the browser for the passkey's answer, which
 * the server checks like a code (a refused one counts toward the same limit; a closed prompt is
 * said and costs nothing on the server).
 */
export const twoFactorEntryMachine = setup({
  types: {} as { context: EntryContext; events: EntryEvent; input: EntryInput; output: EntryOutput },
  actors: {
    checkCode: fromPromise<CheckOutput, CheckInput>(notProvided('checkCode')),
    resendCode: fromPromise<unknown, EntryInput>(notProvided('resendCode')),
    /** the passkey's answer for this sign-in, checked by the server like a code */
    checkPasskey: fromPromise<CheckOutput, EntryInput>(notProvided('checkPasskey')),
  },
  guards: {
    isDigit: ({ event }) => event.type === 'digit.input' && /^\d$/.test(event.value.slice(-1)) && event.index >= 0 && event.index < CODE_LENGTH,
    isComplete: ({ context }) => context.digits.every((d) => d !== ''),
    canResend: ({ context }) => context.type !== 'google',
    sendsFirst: ({ context }) => context.type !== 'google' && context.send === true,
    offersRecovery: ({ context }) => context.type === 'google' && context.purpose === 'login',
    offersPasskey: ({ context }) => context.passkey && context.purpose === 'login',
    hasRecoveryCode: ({ context }) => context.recoveryCode.trim() !== '',
    accepted: (_, output: CheckOutput) => output.success,
    disabled: (_, output: CheckOutput) => output.disabled,
  },
  delays: {
    /** the resend link rests this long after a code was sent (the server's own limit is 30 s) */
    resendCooldown: 30_000,
  },
}).createMachine({
  id: 'twoFactorEntry',
  context: ({ input }) => ({ type: input.type, purpose: input.purpose, send: input.send ?? false, passkey: input.passkey === true, digits: empty(), recoveryCode: '', error: null, failures: 0, notice: null, qr: '', secret: '', recoveryCodes: [] }),
  initial: 'editing',
  states: {
    editing: {
      always: { guard: 'isComplete', target: 'checking', meta: { spec: ['001 §4.11', '001 §5.16', '001 §9.11'] } },
      on: {
        'digit.input': {
          guard: 'isDigit',
          meta: { spec: ['001 §5.16'] },
          actions: assign(({ context, event }) => ({
            digits: context.digits.map((d, i) => (i === event.index ? event.value.slice(-1) : d)),
            error: null,
          })),
        },
        'digit.clear': { actions: assign(({ context, event }) => ({ digits: context.digits.map((d, i) => (i === event.index ? '' : d)) })) },
        'code.paste': { actions: assign(({ context, event }) => ({ digits: spread(context.digits, event.text, context.digits.indexOf('') === -1 ? 0 : context.digits.indexOf('')), error: null })) },
        'recovery.toggle': { guard: 'offersRecovery', target: 'recovery', actions: assign({ digits: empty, error: null, notice: null }) },
        'passkey.use': { guard: 'offersPasskey', target: 'passkey' },
      },
      initial: 'start',
      states: {
        /** a code nobody sent yet is sent now; one just sent rests the resend link first */
        start: {
          always: [{ guard: 'sendsFirst', target: 'sending' }, { guard: 'canResend', target: 'cooling' }, { target: 'ready' }],
        },
        ready: {
          on: { 'code.resend': { guard: 'canResend', target: 'sending' } },
        },
        sending: {
          invoke: {
            src: 'resendCode',
            input: ({ context }) => ({ type: context.type, purpose: context.purpose }),
            onDone: { target: 'cooling', actions: assign({ notice: msg('factor.resent'), error: null }) },
            onError: { target: 'ready', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'server_error'), notice: null })) },
          },
        },
        cooling: {
          after: { resendCooldown: 'ready' },
        },
      },
    },
    checking: {
      invoke: {
        src: 'checkCode',
        input: ({ context }) => ({ type: context.type, purpose: context.purpose, code: context.digits.join('') }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => event.output },
            target: 'done',
            actions: assign(({ event }) => ({ error: null, qr: event.output.qr ?? '', secret: event.output.secret ?? '', recoveryCodes: event.output.recoveryCodes ?? [] })),
          },
          {
            guard: { type: 'disabled', params: ({ event }) => event.output },
            target: 'disabled',
            meta: { spec: ['001 §4.12'] },
            actions: assign(({ event }) => ({ digits: empty(), error: msg('factor.locked', event.output.message) })),
          },
          {
            target: 'editing.ready',
            meta: { spec: ['001 §4.12', '001 §8.16'] },
            actions: assign(({ context, event }) => ({
              digits: empty(),
              notice: null,
              failures: context.failures + 1,
              error: msg(event.output.error ?? 'factor.wrong', event.output.message || undefined, event.output.left === undefined ? undefined : { count: event.output.left }),
            })),
          },
        ],
        onError: {
          target: 'editing.ready',
          actions: assign(({ context, event }) => ({ digits: empty(), notice: null, failures: context.failures + 1, error: failureMsg(event.error, 'server_error') })),
        },
      },
    },
    /** a recovery code in place of the authenticator's six digits (sign-in only) */
    recovery: {
      initial: 'typing',
      states: {
        typing: {
          on: {
            'recovery.toggle': { target: '#twoFactorEntry.editing', actions: assign({ recoveryCode: '', error: null }) },
            'recovery.input': { actions: assign(({ event }) => ({ recoveryCode: event.value, error: null })) },
            'recovery.submit': [
              { guard: 'hasRecoveryCode', target: 'checking' },
              { actions: assign(({ context }) => ({ error: msg('factor.recovery_empty'), failures: context.failures + 1 })) },
            ],
          },
        },
        checking: {
          invoke: {
            src: 'checkCode',
            input: ({ context }) => ({ type: context.type, purpose: context.purpose, code: context.recoveryCode.trim(), recovery: true }),
            onDone: [
              { guard: { type: 'accepted', params: ({ event }) => event.output }, target: '#twoFactorEntry.done', actions: assign({ error: null }) },
              {
                guard: { type: 'disabled', params: ({ event }) => event.output },
                target: '#twoFactorEntry.disabled',
                actions: assign(({ event }) => ({ recoveryCode: '', error: msg('factor.locked', event.output.message) })),
              },
              {
                target: 'typing',
                actions: assign(({ context, event }) => ({
                  recoveryCode: '',
                  failures: context.failures + 1,
                  error: msg(event.output.error ?? 'factor.recovery_invalid', event.output.message || undefined, event.output.left === undefined ? undefined : { count: event.output.left }),
                })),
              },
            ],
            onError: { target: 'typing', actions: assign(({ context, event }) => ({ failures: context.failures + 1, error: failureMsg(event.error, 'server_error') })) },
          },
        },
      },
    },
    /** a passkey in place of the code (sign-in): the browser's prompt, then the server's check */
    passkey: {
      entry: assign({ error: null, notice: null }),
      invoke: {
        src: 'checkPasskey',
        input: ({ context }) => ({ type: context.type, purpose: context.purpose }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => event.output }, target: 'done' },
          {
            guard: { type: 'disabled', params: ({ event }) => event.output },
            target: 'disabled',
            actions: assign(({ event }) => ({ digits: empty(), error: msg('factor.locked', event.output.message) })),
          },
          {
            target: 'editing.ready',
            actions: assign(({ context, event }) => ({
              failures: context.failures + 1,
              error: msg(event.output.error ?? 'factor.passkey_invalid', event.output.message || undefined, event.output.left === undefined ? undefined : { count: event.output.left }),
            })),
          },
        ],
        onError: { target: 'editing.ready', actions: assign(({ context, event }) => ({ failures: context.failures + 1, error: failureMsg(event.error, 'factor.passkey_failed') })) },
      },
    },
    /** too many wrong codes: the inputs are off; the parent offers a way out */
    disabled: {},
    done: { type: 'final' },
  },
  output: ({ context }) => ({ ...(context.qr && { qr: context.qr, secret: context.secret }), ...(context.recoveryCodes.length > 0 && { recoveryCodes: context.recoveryCodes }) }),
});
