import { msg } from '../../../core/message';
import { modalActor } from '../shell/app.flow';

/** the dynamic modal's name (src/features/shell/dynamic-modals.ts) */
export const LADDER_DIALOG = 'ladder';

let opened = 0;

/** Opens the ladder (the trader's place in the running weekly contest). Tiny: the dialog loads with the modal. */
export function openLadder(): void {
  opened += 1;
  modalActor.send({ type: 'modal.open', request: { id: `ladder-${opened}`, kind: 'dynamic', name: LADDER_DIALOG, title: msg('nav.ladder'), props: {} } });
}
