import type { MachineModel } from '../../machine-kit/types';
import { termsAcceptanceMachine } from './terms-acceptance.machine';

const doc = (document: string, version: number, accepted: number) => ({ document, version, effective: '2026-11-30', accepted });
const outdated = { documents: [doc('client_agreement', 2, 1), doc('risk_disclosure', 1, 1), doc('privacy_notice', 1, 1)], outdated: ['client_agreement'] };
const current = { documents: [doc('client_agreement', 2, 2), doc('risk_disclosure', 1, 1), doc('privacy_notice', 1, 1)], outdated: [] };
const http = (status: number, error: string) => ({ kind: 'http', status, error, message: '' });

/**
 * Asked again after a new version: read (outdated, current, failed), the dialog through the
 * arbiter or the Documents page at once, accepted, a version published meanwhile (re-read and
 * shown), a failed acceptance, Later and a recheck.
 */
export const termsAcceptanceModel: MachineModel = {
  machine: termsAcceptanceMachine,
  inputs: [{}, { page: true }],
  maxDepth: 6,
  events: {
    'attention.granted': [{}],
    accept: [{}],
    later: [{}],
    retry: [{}],
    recheck: [{}],
  },
  actors: {
    readStatus: [{ output: outdated }, { output: current }, { error: { kind: 'network' } }],
    accept: [{ output: current }, { error: http(409, 'legal.outdated') }, { error: http(500, 'server') }],
  },
};
