import { assign, fromPromise, setup } from 'xstate';
import { isLinkFilled, LINK_REQUIRED, type ReferralProgram } from '../../core/contract/referral';
import { failureMsg } from '../../core/failure';
import { msg } from '../../core/message';
import { notProvided } from '../shared/not-provided';
import type { ReferralLinkContext, ReferralLinkEvent } from './referral-link.types';

/**
 * A new affiliate link (001 §5, §6): a name and a landing page of the public site, else
 * 'Please fill Link name and chose Landing page' without a call; saving; saved (the form clears,
 * the page gets the program with the new link through the `saved` action) or refused by the server.
 */
export const referralLinkMachine = setup({
  types: {} as { context: ReferralLinkContext; events: ReferralLinkEvent },
  actors: {
    save: fromPromise<ReferralProgram, { link_name: string; landing: string }>(notProvided('save')),
  },
  actions: {
    /** to the page when composed: the program with the new link */
    saved: () => {},
  },
  guards: {
    filled: ({ context }) => isLinkFilled(context.name, context.landing),
  },
}).createMachine({
  id: 'referralLink',
  context: { name: '', landing: '', error: null, program: null },
  initial: 'editing',
  on: {
    'name.change': { target: '.editing', actions: assign(({ event }) => ({ name: event.value.slice(0, 400), error: null })) },
    'landing.change': { target: '.editing', actions: assign(({ event }) => ({ landing: event.value, error: null })) },
  },
  states: {
    editing: {
      on: {
        submit: [
          { guard: 'filled', target: 'saving' },
          { target: 'refused', meta: { spec: ['001 §5.11'] }, actions: assign({ error: msg('referral.link_required', LINK_REQUIRED) }) },
        ],
      },
    },
    /** the spec's message, or the server's refusal; editing again clears it */
    refused: {},
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ link_name: context.name.trim(), landing: context.landing }),
        onDone: { target: 'saved', actions: [assign(({ event }) => ({ program: event.output, name: '', landing: '', error: null })), 'saved'] },
        onError: { target: 'refused', actions: assign(({ event }) => ({ error: failureMsg(event.error, 'referral.save_failed') })) },
      },
    },
    /** 'Link created'; typing starts the next one */
    saved: {},
  },
});
