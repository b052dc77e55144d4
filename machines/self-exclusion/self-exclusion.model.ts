import type { MachineModel } from '../../machine-kit/types';
import { kindOfChoice, type ExclusionChoice } from '../../core/self-exclusion';
import { endOf, selfExclusionMachine } from './self-exclusion.machine';

const http = (status: number, error: string, message = '', fields?: Record<string, string>) => ({ kind: 'http', status, error, message, ...(fields && { fields }) });

/** the page's clock when the trader goes on to confirm */
export const NOW = Date.parse('2026-12-01T10:00:00.000Z');

/** the server's answer for a choice made a minute after NOW: its kind and end by core's rule */
export const inForce = (choice: ExclusionChoice) => ({ kind: kindOfChoice(choice), until: endOf(choice, NOW + 60_000) });

const isChoice = (choice: string) => (input: unknown) => (input as { choice?: string }).choice === choice;

/**
 * Taking a break: a timeout (24 hours) or a self-exclusion (6 months) picked, or none (refused);
 * the confirmation with or without a password, back to the choices; in force (the server's end of
 * the choice sent), or refused: a wrong password (marked), a choice the server does not offer,
 * too many tries, a lost connection, a server error (each with "Try again").
 */
export const selfExclusionModel: MachineModel = {
  machine: selfExclusionMachine,
  events: {
    'choice.pick': [{ choice: '24h' }, { choice: '6m' }],
    'choice.continue': [{ now: NOW }],
    'exclusion.confirm': [{ password: 'Sandbox-1234abcd1' }, { password: '' }],
  },
  actors: {
    exclude: [
      { output: inForce('24h'), when: isChoice('24h') },
      { output: inForce('6m'), when: isChoice('6m') },
      { error: http(401, 'exclusion.password', 'The password is not right.', { password: 'exclusion.password' }) },
      { error: http(400, 'exclusion.choice', 'Choose one of the periods offered.') },
      { error: http(429, 'login.locked', 'Too many failed attempts. Try again in 15 minutes.') },
      { error: { kind: 'network' } },
      { error: http(500, 'server_error', 'Something went wrong.') },
    ],
  },
  maxDepth: 8,
};
