import { welcomeMachine } from './welcome.machine';
import type { BlockFacts } from '../trading-block/trading-block.types';
import type { MachineModel } from '../../machine-kit/types';

const fresh: BlockFacts = { verified: false, deposited: false, last_count: 0, signed: false };
const deposited: BlockFacts = { ...fresh, deposited: true, signed: true };
const blocked: BlockFacts = { ...fresh, deposited: true };

/** Welcome: no `first`, seen before, shown (with and without Deposit), waiting under the trading block, closed or to funding. */
export const welcomeModel: MachineModel = {
  machine: welcomeMachine,
  inputs: [
    { userId: '1', first: true, seen: false, facts: fresh },
    { userId: '1', first: true, seen: false, facts: deposited },
    { userId: '1', first: true, seen: false, facts: blocked },
    { userId: '1', first: true, seen: true, facts: fresh },
    { userId: '1', first: false, seen: false, facts: fresh },
  ],
  events: {
    'user.changed': [{ facts: fresh }, { facts: deposited }, { facts: blocked }],
  },
  maxDepth: 4,
};
