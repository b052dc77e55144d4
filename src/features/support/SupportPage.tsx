import type { ActorRefFrom } from 'xstate';
import type { PageProps } from '../../app/page';
import { useNewTicket, useSupportPage, type newTicketFlow } from '../../flows/support/support.flow';
import { registerMessages, useT } from '../../i18n';
import { messages as uploadMessages } from '../verification/messages';
import { messages } from './messages';
import { NewTicketForm } from './NewTicketForm';
import { TicketList } from './TicketList';
import { TicketThread } from './TicketThread';
import './support.css';

registerMessages(uploadMessages);
registerMessages(messages);

function Compose({ compose, onCancel }: { compose: ActorRefFrom<typeof newTicketFlow>; onCancel: () => void }) {
  const { t } = useT();
  const form = useNewTicket(compose);
  return (
    <section {...form.getSectionProps()} className="sp-compose">
      <h2 {...form.getSectionTitleProps()}>{t('support.new.title')}</h2>
      <NewTicketForm form={form} onCancel={onCancel} />
    </section>
  );
}

/**
 * #/show/support[/{id}] (spec 002 §2-4): support init (retried), the ticket list, a new
 * ticket (department '27') and one ticket as a thread with its reply box and close.
 */
export default function SupportPage({ add }: PageProps) {
  const { t, text } = useT();
  const page = useSupportPage(add || null);
  return (
    <div className="sp" data-testid="support-page">
      <header className="sp__header">
        <h1>{t('support.title')}</h1>
        {page.ready && (
          <button type="button" className="button" onClick={page.newTicket} data-testid="support-new">
            {t('support.new')}
          </button>
        )}
      </header>
      <p className="muted">
        {t('support.intro')} {t('support.complaint')}{' '}
        <a href="#/show/complaints" data-testid="support-complaint-link">
          {t('nav.complaints')}
        </a>
      </p>
      {page.starting && (
        <p className="muted" {...page.getStartingProps()} data-testid="support-starting">
          {t('support.starting')}
        </p>
      )}
      {page.failed && (
        <div className="form-error" {...page.getProblemProps()} data-testid="support-init-failed">
          <p>{page.error && text(page.error)}</p>
          <button type="button" className="button" onClick={page.retry}>
            {t('support.retry')}
          </button>
        </div>
      )}
      {page.ready && (
        <div className="sp__body">
          {page.listRef && <TicketList list={page.listRef} openId={page.openId} onOpen={page.open} />}
          <div className="sp__main">
            {page.composing && page.composeRef && <Compose compose={page.composeRef} onCancel={page.back} />}
            {page.viewing && page.threadRef && <TicketThread key={page.openId ?? ''} thread={page.threadRef} onBack={page.back} />}
          </div>
        </div>
      )}
    </div>
  );
}
