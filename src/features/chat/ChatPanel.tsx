import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useChat, useTips } from '../../flows/chat/chat.flow';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { ChatLauncher } from '../chat-launcher/ChatLauncher';
import './chat.css';
import { messages } from './messages';

registerMessages(messages);

/** The id of the trading header's chat slot (src/features/trading/AccountBar.tsx). */
const CHAT_SLOT_ID = 'topbar-chat';

/**
 * The header's chat slot once it is in the page: the launcher goes there, beside the balance,
 * so it never sits over a form field; without a header it floats at the bottom corner.
 */
function useChatSlot(enabled: boolean): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!enabled) return;
    // the header is committed with this panel: look for its slot right after
    const frame = requestAnimationFrame(() => setSlot(document.getElementById(CHAT_SLOT_ID)));
    return () => cancelAnimationFrame(frame);
  }, [enabled]);
  return slot;
}

function InSlot({ slot, children }: { slot: HTMLElement | null; children: ReactNode }) {
  return slot ? createPortal(children, slot) : <>{children}</>;
}

/**
 * The chat panel of the trading shell (spec 001 §4, 002 §4): launcher, minimised bar, or the open
 * panel with the provider and tips. `visitor`: the chat of the public pages, login and register
 * (001 §6), mounted by the launcher's click (src/features/chat-launcher/VisitorChat.tsx): it opens
 * at once, its launcher stays in the page's header as a toggle, the panel goes to the end of the
 * body, and a guest (no token) gets no tips.
 */
export function ChatPanel({ visitor = false }: { visitor?: boolean }) {
  const { t, text, lang } = useT();
  const chat = useChat({ visitor });
  const { size, failed, error, connection, hostName, minimised } = chat;
  const slot = useChatSlot(!visitor);
  const { column } = chat;
  // before the paint: the page is laid out beside the column in the same frame the column appears
  useLayoutEffect(() => {
    document.body.classList.toggle('with-chat-column', column);
    return () => document.body.classList.remove('with-chat-column');
  }, [column]);

  if (chat.hidden) return null;
  const title = hostName ? t('chat.title', { host: hostName }) : t('chat.title_plain');

  // minimised keeps the conversation and a tip on its way alive, only hidden
  const panel = chat.closed ? null : (
    <section
      {...chat.getPanelProps()}
      className={minimised ? 'chat chat--minimised' : `chat chat--open chat--${size}${column ? ' chat--column' : ''}`}
      style={minimised || column ? undefined : { height: chat.panelHeight }}
      data-testid={minimised ? undefined : 'chat-panel'}
      data-size={size}
    >
      {minimised ? null : (
        <header className="chat__header">
          <div className="chat__heading">
            <h2 {...chat.getTitleProps()} className="chat__title">{title}</h2>
            {connection?.sandbox && (
              <span className="chat__sandbox" role="note" title={t('chat.sandbox')} aria-label={t('chat.sandbox')}>
                {t('chat.sandbox_tag')}
              </span>
            )}
          </div>
          <div className="chat__actions">
            <button {...chat.getMinimiseProps()} className="icon-button" aria-label={t('chat.minimise')}>
              <span aria-hidden="true">–</span>
            </button>
            {chat.maximised ? (
              <button {...chat.getRestoreProps()} className="icon-button" aria-label={t('chat.restore')}>
                <span aria-hidden="true">❐</span>
              </button>
            ) : (
              <button {...chat.getMaximiseProps()} className="icon-button" aria-label={t('chat.maximise')}>
                <span aria-hidden="true">□</span>
              </button>
            )}
            <button {...chat.getCloseProps()} className="icon-button" aria-label={t('chat.close')}>
              ×
            </button>
          </div>
        </header>
      )}
      <div className="chat__body" hidden={minimised}>
        {failed ? (
          <div className="chat__problem" {...chat.getProblemProps()}>
            <p>{text(error)}</p>
            <button {...chat.getRetryProps()} className="button button--small">
              {t('chat.retry')}
            </button>
          </div>
        ) : connection ? (
          <iframe className="chat__frame" title={t('chat.frame_title', { host: hostName })} src={chat.frameSrc(lang)} />
        ) : (
          <div className="chat__problem">
            <Spinner label={t('chat.connecting')} />
          </div>
        )}
      </div>
      {connection && !chat.guest && (
        <div hidden={minimised}>
          <Tips host={connection.host} />
        </div>
      )}
      {connection && chat.guest && (
        <p className="chat__guest" hidden={minimised} data-testid="chat-guest">
          {t('chat.guest')}
        </p>
      )}
    </section>
  );

  // the visitor's launcher: always in the page's header, a toggle for the panel
  if (visitor) {
    const toggle = <ChatLauncher variant="visitor" button={chat.getLauncherProps(true)} minimised={minimised} title={title} />;
    return (
      <>
        {toggle}
        {panel && createPortal(panel, document.body)}
      </>
    );
  }
  // closed or minimised: the launcher in the header (minimised keeps the panel alive, hidden)
  const launcher = (
    <InSlot slot={slot}>
      <ChatLauncher variant={slot ? 'header' : 'floating'} button={chat.getLauncherProps(false)} minimised={minimised} title={title} />
    </InSlot>
  );
  if (chat.closed) return launcher;

  return (
    <>
      {minimised && launcher}
      {panel}
    </>
  );
}

/** Tips to the host under the conversation (spec 000 §4-§9, README rule 5). */
function Tips({ host }: { host: { id: string; name: string } }) {
  const { t, text, lang } = useT();
  const tips = useTips(host.id, lang);
  const { amountText: amount, error, currency } = tips;
  return (
    <div className="tips">
      <form {...tips.getFormProps()} className="tips__form">
        <label {...tips.getLabelProps()} className="tips__label">
          {t('tips.amount_label', { currency })}
        </label>
        <div className="tips__row">
          <input {...tips.getFieldProps()} className="tips__input" inputMode="decimal" autoComplete="off" />
          <button {...tips.getSubmitProps()} className="button button--small">
            {t('tips.send')}
          </button>
        </div>
      </form>
      {error && (
        <p {...tips.getErrorProps()} className="tips__error">
          {text(error)}
        </p>
      )}
      {tips.waiting && (
        <div {...tips.getStatusProps()} className="tips__wait">
          <span>{t('tips.wait', { amount })}</span>
          <span className="tips__progress" aria-hidden="true" />
          <button {...tips.getStopProps()} className="button button--ghost button--small">
            {t('tips.stop')}
          </button>
        </div>
      )}
      {tips.sending && (
        <div {...tips.getStatusProps()} className="tips__wait">
          <Spinner label={t('tips.sending')} />
        </div>
      )}
      {tips.thanks && (
        <div {...tips.getStatusProps()} className="tips__thanks">
          <span>{text(tips.thanks)}</span>
          <button {...tips.getDismissProps()} className="icon-button" aria-label={t('tips.dismiss')}>
            ×
          </button>
        </div>
      )}
      {tips.confirming && (
        <Modal
          title={t('tips.confirm_title')}
          variant="warning"
          onClose={tips.cancel}
          closeLabel={t('tips.confirm_no')}
          footer={
            <>
              <button type="button" className="button button--ghost" onClick={tips.cancel}>
                {t('tips.confirm_no')}
              </button>
              <button type="button" className="button" data-autofocus onClick={tips.confirm}>
                {t('tips.confirm_yes', { amount })}
              </button>
            </>
          }
        >
          <p data-testid="tip-confirm-text">{t('tips.confirm_text', { amount, host: host.name })}</p>
        </Modal>
      )}
    </div>
  );
}
