import type { TicketAbout } from '../../../core/contract/support';
import { openSupportDialog } from '../../flows/support/support-open';
import { registerMessages, useT } from '../../i18n';
import { messages } from './ask/messages';

registerMessages(messages);

/**
 * "Ask about this payment": a small link that opens the support dialog with the
 * object's id. Tiny on purpose: the dialog's code loads with the modal.
 */
export function AskSupport({ about }: { about: TicketAbout }) {
  const { t } = useT();
  return (
    <button type="button" className="link-button sp-ask" onClick={() => openSupportDialog(about)} data-testid="support-ask" data-about={`${about.kind}:${about.id}`}>
      {t(about.kind === 'withdrawal' ? 'support.ask_withdrawal' : 'support.ask')}
    </button>
  );
}
