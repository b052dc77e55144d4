import type { TicketAbout } from '../../../core/contract/support';
import { msg } from '../../../core/message';
import { modalActor } from '../shell/app.flow';

/** the dynamic modal's name (src/features/shell/dynamic-modals.ts) */
export const SUPPORT_DIALOG = 'support_dialog';

let opened = 0;

/**
 * Opens the support dialog (a new ticket, department '62'), about a payment, an invoice or a
 * withdrawal when given ("Ask about this payment"). Tiny on purpose: the pages that offer the link
 * import only this; the dialog's code loads with the modal.
 */
export function openSupportDialog(about?: TicketAbout): void {
  opened += 1;
  modalActor.send({
    type: 'modal.open',
    request: { id: `support-${opened}`, kind: 'dynamic', name: SUPPORT_DIALOG, title: msg('support.dialog.title'), props: about ? { about } : {} },
  });
}
