import type { MachineModel } from '../../machine-kit/types';
import { notMeMachine } from './not-me.machine';

/** "This wasn't me": confirmed (the reset link sent, or limited just now), cancelled, refused (the link was used) or lost, then confirmed again. */
export const notMeModel: MachineModel = {
  machine: notMeMachine,
  input: { token: 'k'.repeat(43) },
  events: {
    'notMe.confirm': [{}],
    'notMe.cancel': [{}],
  },
  actors: {
    secure: [
      { output: { ended: 2, resetSent: true, message: 'Every session of your account was signed out, and we emailed you a link to choose a new password.' } },
      { error: { kind: 'http', status: 410, error: 'not_me.link', message: 'This link is no longer valid.' } },
      { error: { kind: 'network' } },
    ],
  },
  maxDepth: 5,
};
