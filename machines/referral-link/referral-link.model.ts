import { referralLinkMachine } from './referral-link.machine';
import type { MachineModel } from '../../machine-kit/types';
import { referralProgram } from '../referral-page/referral-page.model';

/** A link: refused without a name or page, saved, refused by the server, edited again. */
export const referralLinkModel: MachineModel = {
  machine: referralLinkMachine,
  events: {
    'name.change': [{ value: 'Blog' }, { value: '' }],
    'landing.change': [{ value: 'about' }],
  },
  actors: {
    save: [{ output: referralProgram }, { error: { kind: 'http', status: 409, error: 'referral.too_many_links', message: 'At most 50 links.' } }],
  },
  maxDepth: 5,
};
