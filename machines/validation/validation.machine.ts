import { assign, fromPromise, setup } from 'xstate';
import { failureMsg, isCallFailure } from '../../core/failure';
import { msg } from '../../core/message';
import { MAX_VALIDATION_TRIES } from '../../core/validation-tries';
import { notProvided } from '../shared/not-provided';
import type { AttemptOutput, ValidationContext, ValidationEvent, ValidationInput } from './validation.types';

/** spec 002 §9: max validation tries, as the server counts them */
export { MAX_VALIDATION_TRIES };

/**
 * Transaction validation (spec 002 §2, §4, §8): already validated goes home at once; with all
 * MAX_VALIDATION_TRIES attempts used the max-tries state shows. A wrong value resets the input and shows the
 * attempts left; none left locks. Success sets the flag and goes home. The server counts the
 * attempts (the limit holds whatever the page does).
 */
export const validationMachine = setup({
  types: {} as { context: ValidationContext; events: ValidationEvent; input: ValidationInput },
  actors: {
    attemptValidation: fromPromise<AttemptOutput, { value: string }>(notProvided('attemptValidation')),
  },
  actions: {
    /** app effect: reload the user (tr_success) */
    validated: () => {},
    /** app effect: to #/home */
    goHome: () => {},
  },
  guards: {
    alreadyValidated: (_, params: { success: boolean }) => params.success,
    noAttemptsLeft: (_, params: { attempts: number }) => MAX_VALIDATION_TRIES - params.attempts <= 0,
    isEmpty: ({ context }) => context.value.trim() === '',
    succeeded: (_, output: AttemptOutput) => output.return,
    isRefusal: (_, error: unknown) => isCallFailure(error) && error.kind === 'http' && error.status >= 400 && error.status < 500,
  },
}).createMachine({
  id: 'validation',
  context: ({ input }) => ({ success: input.success, value: '', attempts: input.attempts, error: null, resets: 0 }),
  initial: 'boot',
  states: {
    boot: {
      always: [
        { guard: { type: 'alreadyValidated', params: ({ context }) => ({ success: context.success }) }, target: 'home', meta: { spec: ['002 §4.23'] } },
        { guard: { type: 'noAttemptsLeft', params: ({ context }) => ({ attempts: context.attempts }) }, target: 'maxTries', meta: { spec: ['002 §4.22', '002 §9.2'] } },
        { target: 'editing' },
      ],
    },
    editing: {
      on: {
        'value.change': { actions: assign(({ event }) => ({ value: event.value.slice(0, 64), error: null })) },
        'value.submit': [{ guard: 'isEmpty', actions: assign({ error: msg('validation.enter_value') }) }, { target: 'checking' }],
      },
    },
    checking: {
      invoke: {
        src: 'attemptValidation',
        input: ({ context }) => ({ value: context.value.trim() }),
        onDone: [
          { guard: { type: 'succeeded', params: ({ event }) => event.output }, target: 'success', meta: { spec: ['002 §4.23'] }, actions: assign(({ event }) => ({ success: true, attempts: event.output.attemps, error: null })) },
          { guard: { type: 'noAttemptsLeft', params: ({ event }) => ({ attempts: event.output.attemps }) }, target: 'maxTries', meta: { spec: ['002 §4.22', '002 §4.24', '002 §9.2'] }, actions: assign(({ event }) => ({ attempts: event.output.attemps, value: '' })) },
          {
            target: 'editing',
            meta: { spec: ['002 §4.24'] },
            actions: assign(({ context, event }) => ({
              attempts: event.output.attemps,
              value: '',
              resets: context.resets + 1,
              error: msg('validation.wrong', undefined, { count: MAX_VALIDATION_TRIES - event.output.attemps }),
            })),
          },
        ],
        onError: [
          { guard: { type: 'isRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'editing', meta: { spec: ['002 §8.6'] }, actions: assign(({ event }) => ({ error: failureMsg(event.error, 'validation.failed') })) },
          { target: 'editing', meta: { spec: ['002 §8.6'] }, actions: assign({ error: msg('validation.failed') }) },
        ],
      },
    },
    success: {
      entry: 'validated',
      always: { target: 'home', meta: { spec: ['002 §4.23'] } },
    },
    /** five attempts used: locked (the server refuses more) */
    maxTries: { type: 'final' },
    home: { type: 'final', entry: 'goHome' },
  },
});
