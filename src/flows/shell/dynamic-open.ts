import { msg } from '../../../core/message';
import { modalActor } from './app.flow';

/**
 * The dynamic modals of the registry (src/features/shell/dynamic-modals.ts) that are opened by
 * name with only a title (spec 000 §2): add-account, the bitcoin explanation. Their titles are core
 * texts, so the title shows in the trader's language before the modal's chunk has loaded.
 */
export const DYNAMIC_TITLES = {
  add_account: 'modal.add_account',
  bitcoin_explanation: 'modal.bitcoin_explanation',
} as const;

export type SimpleDynamicModal = keyof typeof DYNAMIC_TITLES;

let opened = 0;

export function openDynamicModal(name: SimpleDynamicModal): void {
  opened += 1;
  modalActor.send({ type: 'modal.open', request: { id: `${name}-${opened}`, kind: 'dynamic', name, title: msg(DYNAMIC_TITLES[name]), props: {} } });
}
