import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CHAT_COLUMN_MIN_WIDTH, useChat, useTips, useWindowSize } from '../../flows/chat/chat.flow';
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
  const page = useWindowSize();
  const titleId = useId();
  const slot = useChatSlot(!visitor);
  const panelRef = useRef<HTMLElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  // opened by the person's own click (the visitor's panel is mounted by one): focus goes into the panel
  const focusPanel = useRef(visitor);
  // closed or minimised from inside the panel: focus goes back to the launcher
  const focusLauncher = useRef(false);
  useEffect(() => {
    if (!chat.open || !focusPanel.current) return;
    focusPanel.current = false;
    panelRef.current?.focus();
  }, [chat.open]);
  useEffect(() => {
    if (chat.open || !focusLauncher.current) return;
    focusLauncher.current = false;
    launcherRef.current?.focus();
  }, [chat.open]);
  const openByHand = () => {
    focusPanel.current = true;
    chat.openPanel();
  };
  const closeByHand = () => {
    focusLauncher.current = panelRef.current?.contains(document.activeElement) ?? false;
    chat.close();
  };
  const minimiseByHand = () => {
    focusLauncher.current = panelRef.current?.contains(document.activeElement) ?? false;
    chat.minimise();
  };
  /** Escape inside the panel closes it (a dialog opened from it, the tip's question, handles its own) */
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented || !e.currentTarget.contains(e.target as Node)) return;
    e.preventDefault();
    closeByHand();
  };
  // open at its normal size on a wide screen: its own column, the page beside it reflows (nothing covered)
  const column = !chat.hidden && !chat.closed && !minimised && size === 'normal' && page.width >= CHAT_COLUMN_MIN_WIDTH;
  useEffect(() => {
    document.body.classList.toggle('with-chat-column', column);
    return () => document.body.classList.remove('with-chat-column');
  }, [column]);

  if (chat.hidden) return null;
  const title = hostName ? t('chat.title', { host: hostName }) : t('chat.title_plain');

  // minimised keeps the conversation and a tip on its way alive, only hidden
  const panel = chat.closed ? null : (
    <section
      ref={panelRef}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className={minimised ? 'chat chat--minimised' : `chat chat--open chat--${size}${column ? ' chat--column' : ''}`}
      aria-labelledby={titleId}
      hidden={minimised}
      style={minimised || column ? undefined : { height: chat.height(page) }}
      data-testid={minimised ? undefined : 'chat-panel'}
      data-size={size}
    >
      {minimised ? null : (
        <header className="chat__header">
          <div className="chat__heading">
            <h2 id={titleId} className="chat__title">{title}</h2>
            {connection?.sandbox && (
              <span className="chat__sandbox" role="note" title={t('chat.sandbox')} aria-label={t('chat.sandbox')}>
                {t('chat.sandbox_tag')}
              </span>
            )}
          </div>
          <div className="chat__actions">
            <button type="button" className="icon-button" aria-label={t('chat.minimise')} onClick={minimiseByHand}>
              <span aria-hidden="true">–</span>
            </button>
            {chat.maximised ? (
              <button type="button" className="icon-button" aria-label={t('chat.restore')} onClick={chat.restore}>
                <span aria-hidden="true">❐</span>
              </button>
            ) : (
              <button type="button" className="icon-button" aria-label={t('chat.maximise')} onClick={chat.maximise}>
                <span aria-hidden="true">□</span>
              </button>
            )}
            <button type="button" className="icon-button" aria-label={t('chat.close')} onClick={closeByHand}>
              ×
            </button>
          </div>
        </header>
      )}
      <div className="chat__body" hidden={minimised}>
        {failed ? (
          <div className="chat__problem" role="alert">
            <p>{text(error)}</p>
            <button type="button" className="button button--small" onClick={chat.retry}>
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
    const toggle = (
      <ChatLauncher variant="visitor" ref={launcherRef} expanded={chat.open} minimised={minimised} title={title} onClick={chat.open ? chat.close : openByHand} />
    );
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
      <ChatLauncher variant={slot ? 'header' : 'floating'} ref={launcherRef} minimised={minimised} title={title} onClick={openByHand} />
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
  const { value, amountText: amount, error, busy, currency } = tips;
  const inputId = useId();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    tips.submit();
  };
  return (
    <div className="tips">
      <form className="tips__form" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="tips__label">
          {t('tips.amount_label', { currency })}
        </label>
        <div className="tips__row">
          <input
            id={inputId}
            className="tips__input"
            inputMode="decimal"
            autoComplete="off"
            value={value}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => tips.change(e.target.value)}
          />
          <button type="submit" className="button button--small" disabled={busy}>
            {t('tips.send')}
          </button>
        </div>
      </form>
      {error && (
        <p className="tips__error" id={errorId} role="alert">
          {text(error)}
        </p>
      )}
      {tips.waiting && (
        <div className="tips__wait" role="status">
          <span>{t('tips.wait', { amount })}</span>
          <span className="tips__progress" aria-hidden="true" />
          <button type="button" className="button button--ghost button--small" onClick={tips.cancel}>
            {t('tips.stop')}
          </button>
        </div>
      )}
      {tips.sending && (
        <div className="tips__wait" role="status">
          <Spinner label={t('tips.sending')} />
        </div>
      )}
      {tips.thanks && (
        <div className="tips__thanks" role="status">
          <span>{text(tips.thanks)}</span>
          <button type="button" className="icon-button" aria-label={t('tips.dismiss')} onClick={tips.dismiss}>
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
