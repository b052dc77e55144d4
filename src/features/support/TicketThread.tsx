import type { ActorRefFrom } from 'xstate';
import { formatDateTime } from '../../flows/shared/dates';
import { useTicketThread, type ticketThreadFlow } from '../../flows/support/support.flow';
import { useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { AttachmentField } from './AttachmentField';
import { MessageText } from './MessageText';

/** One ticket as a thread: the trader's and the agent's messages with times and attachments, the reply box, close. */
export function TicketThread({ thread, onBack }: { thread: ActorRefFrom<typeof ticketThreadFlow>; onBack: () => void }) {
  const { t, text } = useT();
  const view = useTicketThread(thread);
  return (
    <section {...view.getRegionProps()} className="sp-thread" data-testid="support-thread">
      <p>
        <button type="button" className="link-button" onClick={onBack} data-testid="support-back">
          ← {t('support.back')}
        </button>
      </p>
      {view.loading && <p className="muted">{t('support.thread.loading')}</p>}
      {view.error && (
        <p {...view.getProblemProps()} className="form-error">
          {text(view.error)}{' '}
          {view.failed && (
            <button {...view.getRetryProps()} className="button button--small">
              {t('support.retry')}
            </button>
          )}
        </p>
      )}
      {view.status && (
        <>
          <header className="sp-thread__head">
            <h2>{view.subject}</h2>
            <span className="sp-status" data-testid="support-thread-status" data-status={view.statusId ?? undefined}>
              {text(view.status)}
            </span>
            {view.canClose && (
              <button type="button" className="button button--ghost button--small" onClick={view.askClose} data-testid="support-close">
                {t('support.close')}
              </button>
            )}
          </header>
          {view.closeError && (
            <p {...view.getProblemProps()} className="form-error" data-testid="support-close-error">
              {text(view.closeError)}
            </p>
          )}
          <ol {...view.getMessagesProps()} className="sp-thread__messages">
            {view.messages.map((m) => (
              <li key={m.id} className={m.mine ? 'sp-msg sp-msg--mine' : 'sp-msg sp-msg--agent'} data-testid="support-message" data-author={m.mine ? 'trader' : 'agent'}>
                <div className="sp-msg__meta">
                  <strong>{m.mine ? t('support.thread.you') : m.name || t('support.thread.agent')}</strong>{' '}
                  <time className="muted small" dateTime={m.time}>
                    {formatDateTime(m.time)}
                  </time>
                </div>
                <MessageText parts={m.parts} />
                {m.attachments.length > 0 && (
                  <ul className="sp-msg__files" aria-label={t('support.thread.attachments')}>
                    {m.attachments.map((a) => (
                      <li key={a.id}>
                        <a href={a.href} target="_blank" rel="noopener noreferrer" data-testid="support-attachment-link">
                          {a.name}
                        </a>{' '}
                        <span className="muted small">{a.size}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          {view.closed && <p className="muted">{t('support.thread.closed_note')}</p>}
          {view.reopened && (
            <p {...view.getReopenedProps()} className="sp-success">
              {text(view.reopened)}
            </p>
          )}
          <form {...view.getReplyFormProps()} className="sp-form sp-reply" data-testid="support-reply">
            <label>
              {t('support.reply.label')}
              <textarea {...view.getReplyProps()} rows={4} data-testid="support-reply-text" />
            </label>
            <AttachmentField api={view} files={view.files} testId="support-reply-attachment-input" />
            {view.replyError && (
              <p {...view.getReplyErrorProps()} className="form-error" data-testid="support-reply-error">
                {text(view.replyError)}{' '}
                {view.canRetryReply && (
                  <button type="button" className="button button--small" onClick={view.retryReply} data-testid="support-reply-retry">
                    {t('support.reply.retry')}
                  </button>
                )}
              </p>
            )}
            <div className="sp-form__actions">
              <button {...view.getReplySubmitProps()} className="button" data-testid="support-reply-send">
                {t(view.sending ? 'support.reply.sending' : 'support.reply.send')}
              </button>
            </div>
          </form>
        </>
      )}
      {(view.asking || view.closing) && (
        <Modal
          title={t('support.close.title')}
          variant="warning"
          onClose={view.no}
          closeLabel={t('common.close')}
          footer={
            <>
              <button type="button" className="button button--ghost" disabled={view.closing} onClick={view.no} data-testid="support-close-no">
                {t('common.no')}
              </button>
              <button type="button" className="button" data-autofocus disabled={view.closing} onClick={view.yes} data-testid="support-close-yes">
                {t('common.yes')}
              </button>
            </>
          }
        >
          <p>{t('support.close.question')}</p>
        </Modal>
      )}
    </section>
  );
}
