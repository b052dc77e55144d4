import { TicketAbout } from '../../../core/contract/support';
import { useSupportDialog } from '../../flows/support/support.flow';
import { registerMessages, useT } from '../../i18n';
import { messages as uploadMessages } from '../verification/messages';
import { messages } from './messages';
import { NewTicketForm } from './NewTicketForm';
import './support.css';

registerMessages(uploadMessages);
registerMessages(messages);

/**
 * The support dialog (dynamic modal `support_dialog`; spec 002 §2, §9): a new ticket in department
 * '62', about a payment, an invoice or a withdrawal when opened from one; the success is shown and
 * the dialog closes after 3500 ms.
 */
export default function SupportDialog({ about, onClose }: { about?: unknown; onClose: () => void }) {
  const { t } = useT();
  const parsed = TicketAbout.safeParse(about);
  const form = useSupportDialog(parsed.success ? parsed.data : null, onClose);
  return (
    <div className="sp-dialog" data-testid="support-dialog">
      <p className="muted">{t('support.intro')}</p>
      <NewTicketForm form={form} onCancel={form.cancel} />
    </div>
  );
}
