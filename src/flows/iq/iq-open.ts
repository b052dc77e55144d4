import { msg } from '../../../core/message';
import { modalActor } from '../shell/app.flow';

/** the dynamic modal's name (src/features/shell/dynamic-modals.ts) */
export const IQ_DIALOG = 'iq_mining';

let opened = 0;

/** Opens IQ mining (its terms first). Tiny: the dialog, its machine and texts load with the modal. */
export function openIqMining(): void {
  opened += 1;
  modalActor.send({ type: 'modal.open', request: { id: `iq-${opened}`, kind: 'dynamic', name: IQ_DIALOG, title: msg('nav.iq'), props: {} } });
}
