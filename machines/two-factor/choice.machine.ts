import { assign, fromPromise, setup } from 'xstate';
import { failureMsg } from '../../core/failure';
import { msg, type Msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import { twoFactorEntryMachine } from './entry.machine';
import type { ChoiceContext, ChoiceEvent, ChoiceInput, FactorType, SetFactorOutput } from './two-factor.types';

/**
 * Choosing the two-factor method (spec 002 §3, §4): email, google or sms, one at a time
 * (choosing one clears the others). With a method already on, its code is asked first. Every
 * method is proven before it is saved: the code sent by email (or SMS); google starts with the
 * email code too, then shows a new TOTP secret as a QR code and text, and the first code from
 * the app saves it. Success shows 'Saving Successfully'; a failure toasts the server message.
 * Saving google answers its recovery codes (issue 31 §4): they stay on screen, once, until the
 * trader says they are saved (and may save them as a file first). A change asks whether to sign
 * out the trader's other devices (issue 31 §2; ticked by default); the server carries it out when
 * the change is saved.
 */
export const twoFactorChoiceMachine = setup({
  types: {} as { context: ChoiceContext; events: ChoiceEvent; input: ChoiceInput; children: { factor: 'twoFactorEntry' } },
  actors: {
    setFactor: fromPromise<SetFactorOutput, { type: FactorType; state: boolean; endOthers: boolean }>(notProvided('setFactor')),
    twoFactorEntry: twoFactorEntryMachine,
  },
  actions: {
    /** app effect: a toast */
    notify: (_, _params: { text: Msg; kind: 'success' | 'error' }) => {},
    /** app effect: reload the current user (its two_factor changed) */
    factorSaved: () => {},
    /** app effect: the codes on screen saved as a .txt file made in the browser */
    saveCodes: (_, _params: { codes: string[] }) => {},
  },
  guards: {
    changesNothing: ({ context, event }) =>
      event.type === 'method.choose' && (event.enable ? event.method === context.current : event.method !== context.current),
    hasCurrent: ({ context }) => context.current !== '',
    isDone: (_, output: SetFactorOutput) => output.success && output.next === 'done',
    sentCode: (_, output: SetFactorOutput) => output.success && output.next === 'code',
    showsSecret: (_, output: { qr?: string }) => !!output.qr,
    hasCodes: ({ context }) => context.recoveryCodes.length > 0,
  },
}).createMachine({
  id: 'twoFactorChoice',
  context: ({ input }) => ({ current: input.current, target: null, enable: true, channel: null, qr: '', secret: '', recoveryCodes: [], endOthers: true }),
  initial: 'idle',
  on: {
    'method.sync': { actions: assign(({ event }) => ({ current: event.current })) },
  },
  states: {
    idle: {
      entry: assign({ target: null, channel: null, qr: '', secret: '', recoveryCodes: [] }),
      on: {
        'endOthers.set': { actions: assign(({ event }) => ({ endOthers: event.value })) },
        'method.choose': [
          { guard: 'changesNothing' },
          { guard: 'hasCurrent', target: 'confirmingCurrent', meta: { spec: ['002 §4.8', '002 §4.9'] }, actions: assign(({ event }) => ({ target: event.method, enable: event.enable })) },
          { target: 'requesting', meta: { spec: ['002 §4.8'] }, actions: assign(({ event }) => ({ target: event.method, enable: event.enable })) },
        ],
      },
    },
    /** the method on now is proven first */
    confirmingCurrent: {
      invoke: {
        id: 'factor',
        src: 'twoFactorEntry',
        // nothing has sent a code for this step yet: the entry sends it
        input: ({ context }) => ({ type: context.current as FactorType, purpose: 'change' as const, send: true }),
        onDone: { target: 'requesting', meta: { spec: ['002 §4.9'] } },
      },
      on: { 'factor.cancel': 'idle' },
    },
    requesting: {
      invoke: {
        src: 'setFactor',
        input: ({ context }) => ({ type: context.target as FactorType, state: context.enable, endOthers: context.endOthers }),
        onDone: [
          { guard: { type: 'isDone', params: ({ event }) => event.output }, target: 'saved', meta: { spec: ['002 §4.8', '002 §4.10'] } },
          { guard: { type: 'sentCode', params: ({ event }) => event.output }, target: 'enteringCode', meta: { spec: ['002 §4.9'] }, actions: assign(({ event }) => ({ channel: event.output.channel ?? 'email' })) },
          { target: 'idle', meta: { spec: ['002 §8.2'] }, actions: { type: 'notify', params: ({ event }) => ({ text: msg('factor.save_failed', event.output.message || undefined), kind: 'error' }) } },
        ],
        onError: { target: 'idle', meta: { spec: ['002 §8.2'] }, actions: { type: 'notify', params: ({ event }) => ({ text: failureMsg(event.error, 'server_error'), kind: 'error' }) } },
      },
    },
    /** the email (or SMS) code of the setup; for google it returns the new secret */
    enteringCode: {
      invoke: {
        id: 'factor',
        src: 'twoFactorEntry',
        input: ({ context }) => ({ type: context.channel ?? 'email', purpose: 'setup' as const }),
        onDone: [
          { guard: { type: 'showsSecret', params: ({ event }) => event.output }, target: 'google', meta: { spec: ['002 §4.9'] }, actions: assign(({ event }) => ({ qr: event.output.qr ?? '', secret: event.output.secret ?? '' })) },
          { target: 'saved', meta: { spec: ['002 §4.10'] } },
        ],
      },
      on: { 'factor.cancel': 'idle' },
    },
    /** the google modal: QR and secret, and the first code from the app */
    google: {
      invoke: {
        id: 'factor',
        src: 'twoFactorEntry',
        input: { type: 'google' as const, purpose: 'setup' as const },
        onDone: { target: 'saved', meta: { spec: ['002 §4.9', '002 §4.10'] }, actions: assign(({ event }) => ({ recoveryCodes: event.output.recoveryCodes ?? [] })) },
      },
      on: { 'factor.cancel': 'idle' },
    },
    saved: {
      entry: [
        assign(({ context }) => ({ current: context.enable ? (context.target ?? '') : '' })),
        { type: 'notify', params: { text: msg('factor.saved'), kind: 'success' } },
        'factorSaved',
      ],
      always: [{ guard: 'hasCodes', target: 'showingCodes' }, { target: 'idle' }],
    },
    /** the authenticator's recovery codes, shown once */
    showingCodes: {
      on: {
        'codes.download': { actions: { type: 'saveCodes', params: ({ context }) => ({ codes: context.recoveryCodes }) } },
        'codes.saved': 'idle',
      },
    },
  },
});
