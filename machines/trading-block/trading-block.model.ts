import { tradingBlockMachine } from './trading-block.machine';
import type { BlockFacts } from './trading-block.types';
import type { MachineModel } from '../../machine-kit/types';

const blocked: BlockFacts = { verified: false, deposited: true, last_count: 0, signed: false };
const open: BlockFacts = { verified: true, deposited: true, last_count: 0, signed: false };

/** Trading block: the rule, the modal reopened by clicks up to the limit, the signature child saved, the user changing. */
export const tradingBlockModel: MachineModel = {
  machine: tradingBlockMachine,
  inputs: [{ facts: blocked }, { facts: blocked, reopens: 9 }, { facts: open }],
  events: {
    'user.changed': [{ facts: open }, { facts: { ...blocked, deposited: false, last_count: 2 } }],
  },
  actors: {
    // the drawn signature (machines/signature, its own model): here only its saved outcome
    signature: [{ output: { documentId: 'doc-1' } }],
  },
  maxDepth: 5,
};
