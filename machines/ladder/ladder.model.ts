import type { MachineModel } from '../../machine-kit/types';
import { ladderMachine } from './ladder.machine';

const ladder = { url: '#/show/contest', state: 'none', contest: null, participants: 0, rank: null, figure: null, above: null, toMoveUp: null };

/** The ladder: loads or fails (retry), shown and read again. */
export const ladderModel: MachineModel = {
  machine: ladderMachine,
  actors: { load: [{ output: ladder }, { error: { kind: 'network' } }] },
  maxDepth: 5,
};
