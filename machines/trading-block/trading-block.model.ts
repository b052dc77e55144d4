import { tradingBlockMachine } from './trading-block.machine';
import type { BlockFacts } from './trading-block.types';
import type { MachineModel } from '../../machine-kit/types';

const blocked: BlockFacts = { verified: false, deposited: true, last_count: 0, signed: false };
const open: BlockFacts = { verified: true, deposited: true, last_count: 0, signed: false };

/** Trading block: the rule, the modal reopened by clicks up to the limit, signing (refused, failed, done), the user changing. */
export const tradingBlockModel: MachineModel = {
  machine: tradingBlockMachine,
  inputs: [{ facts: blocked }, { facts: blocked, reopens: 9 }, { facts: open }],
  events: {
    'user.changed': [{ facts: open }, { facts: { ...blocked, deposited: false, last_count: 2 } }],
    'sign.submit': [
      { name: 'Sandbox Trader', agree: true },
      { name: 'Sandbox Trader', agree: false },
      { name: ' ', agree: true },
    ],
  },
  actors: {
    sign: [{ output: { ok: true } }, { error: { kind: 'http', status: 400, error: 'sign.name', message: 'Type your full name.' } }, { error: { kind: 'network' } }],
  },
  maxDepth: 5,
};
