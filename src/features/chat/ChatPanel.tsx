import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { selectSettings, selectUser, sessionActor } from '../../flows/app';
import { chatAutoOpened, chatFlow, chatHiddenOn, tipsFlow } from '../../flows/chat';
import {
  chatPanelHeight,
  selectChatConnection,
  selectChatError,
  selectChatFailed,
  selectChatPanel,
  selectChatSize,
  selectTipAmount,
  selectTipError,
  selectTipMessage,
  selectTipsPhase,
  selectTipValue,
  selectTipCurrency,
} from '../../flows/chat-view';
import { inspect } from '../../flows/inspector';
import { registerMessages, useT } from '../../i18n';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import './chat.css';
import { messages } from './messages';

registerMessages(messages);

const NO_PATHS: string[] = [];
const here = () => window.location.pathname + window.location.hash;
/** below this width the open panel covers the page */
const SIDE_PANEL_MIN_WIDTH = 900;
/**
 * The once-per-browser auto-open (spec 002 §4) happens beside the trading platform on a screen
 * wide enough for the panel: over a deposit or withdrawal form, or on a phone, it would cover
 * what the trader came to do. Elsewhere the launcher stays, and the once is not used up.
 */
const autoOpenHere = () => /^#?\/?(home)?$/.test(window.location.hash) && window.innerWidth >= SIDE_PANEL_MIN_WIDTH;

function useWindowSize() {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** The id of the trading header's chat slot (src/features/trading/AccountBar.tsx). */
const CHAT_SLOT_ID = 'topbar-chat';

/**
 * The header's chat slot once it is in the page: the launcher goes there, beside the balance,
 * so it never sits over a form field; without a header it floats at the bottom corner.
 */
function useChatSlot(): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    // the header is committed with this panel: look for its slot right after
    const frame = requestAnimationFrame(() => setSlot(document.getElementById(CHAT_SLOT_ID)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return slot;
}

function InSlot({ slot, children }: { slot: HTMLElement | null; children: ReactNode }) {
  return slot ? createPortal(children, slot) : <>{children}</>;
}

/** The chat panel of the trading shell (spec 001 §4, 002 §4): launcher, minimised bar, or the open panel with the provider and tips. */
export function ChatPanel() {
  const { t, text, lang } = useT();
  const hiddenPaths = useSelector(sessionActor, (s) => selectSettings(s)?.chatHiddenPaths ?? NO_PATHS);
  const chat = useActorRef(chatFlow, { input: { autoOpened: chatAutoOpened() || !autoOpenHere(), hidden: chatHiddenOn(here(), hiddenPaths) }, inspect });
  const panel = useSelector(chat, selectChatPanel);
  const size = useSelector(chat, selectChatSize);
  const failed = useSelector(chat, selectChatFailed);
  const error = useSelector(chat, selectChatError);
  const connection = useSelector(chat, selectChatConnection);
  const page = useWindowSize();
  const titleId = useId();
  const slot = useChatSlot();

  useEffect(() => {
    const onMove = () => chat.send({ type: 'chat.path', hidden: chatHiddenOn(here(), hiddenPaths) });
    onMove();
    window.addEventListener('hashchange', onMove);
    return () => window.removeEventListener('hashchange', onMove);
  }, [chat, hiddenPaths]);

  if (panel === 'hidden') return null;
  const hostName = connection?.host.name ?? '';
  const title = hostName ? t('chat.title', { host: hostName }) : t('chat.title_plain');

  // closed or minimised: the launcher in the header (minimised keeps the panel alive, hidden)
  const launcher = (
    <InSlot slot={slot}>
      <button
        type="button"
        className={`chat-launcher${slot ? ' chat-launcher--header' : ''}`}
        onClick={() => chat.send({ type: 'chat.open' })}
        aria-label={t('chat.open')}
        title={panel === 'minimised' ? title : undefined}
        data-testid={panel === 'minimised' ? 'chat-minimised' : undefined}
      >
        <svg className="chat-launcher__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-4.4 3.3A.4.4 0 0 1 4 20V5a1 1 0 0 1 1-1z" />
        </svg>
        <span className="chat-launcher__text">{t('chat.launcher')}</span>
        {panel === 'minimised' && <span className="chat-launcher__dot" aria-hidden="true" />}
      </button>
    </InSlot>
  );
  if (panel === 'closed') return launcher;

  const frameSrc = connection
    ? `${connection.url}/widget#${new URLSearchParams({ lang, ...(connection.token ? { token: connection.token } : {}) }).toString()}`
    : '';
  // minimised keeps the conversation and a tip on its way alive, only hidden
  const minimised = panel === 'minimised';
  return (
    <>
    {minimised && launcher}
    <section
      className={minimised ? 'chat chat--minimised' : `chat chat--open chat--${size}`}
      aria-labelledby={titleId}
      hidden={minimised}
      style={minimised ? undefined : { height: chatPanelHeight(size, page) }}
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
            <button type="button" className="icon-button" aria-label={t('chat.minimise')} onClick={() => chat.send({ type: 'chat.minimise' })}>
              <span aria-hidden="true">–</span>
            </button>
            {size === 'maximised' ? (
              <button type="button" className="icon-button" aria-label={t('chat.restore')} onClick={() => chat.send({ type: 'chat.restore' })}>
                <span aria-hidden="true">❐</span>
              </button>
            ) : (
              <button type="button" className="icon-button" aria-label={t('chat.maximise')} onClick={() => chat.send({ type: 'chat.maximise' })}>
                <span aria-hidden="true">□</span>
              </button>
            )}
            <button type="button" className="icon-button" aria-label={t('chat.close')} onClick={() => chat.send({ type: 'chat.close' })}>
              ×
            </button>
          </div>
        </header>
      )}
      <div className="chat__body" hidden={minimised}>
        {failed ? (
          <div className="chat__problem" role="alert">
            <p>{text(error)}</p>
            <button type="button" className="button button--small" onClick={() => chat.send({ type: 'chat.retry' })}>
              {t('chat.retry')}
            </button>
          </div>
        ) : connection ? (
          <iframe className="chat__frame" title={t('chat.frame_title', { host: hostName })} src={frameSrc} />
        ) : (
          <div className="chat__problem">
            <Spinner label={t('chat.connecting')} />
          </div>
        )}
      </div>
      {connection && (
        <div hidden={minimised}>
          <Tips host={connection.host} />
        </div>
      )}
    </section>
    </>
  );
}

/** Tips to the host under the conversation (spec 000 §4-§9, README rule 5). */
function Tips({ host }: { host: { id: string; name: string } }) {
  const { t, text } = useT();
  const tips = useActorRef(tipsFlow, { input: { host: host.id }, inspect });
  const phase = useSelector(tips, selectTipsPhase);
  const value = useSelector(tips, selectTipValue);
  const amount = useSelector(tips, selectTipAmount);
  const message = useSelector(tips, selectTipMessage);
  const error = useSelector(tips, selectTipError);
  const currency = useSelector(sessionActor, (s) => selectTipCurrency(selectUser(s)));
  const inputId = useId();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    tips.send({ type: 'tip.submit' });
  };
  const busy = phase === 'waiting' || phase === 'sending' || phase === 'confirming';
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
            onChange={(e) => tips.send({ type: 'tip.change', value: e.target.value })}
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
      {phase === 'waiting' && (
        <div className="tips__wait" role="status">
          <span>{t('tips.wait', { amount, currency })}</span>
          <span className="tips__progress" aria-hidden="true" />
          <button type="button" className="button button--ghost button--small" onClick={() => tips.send({ type: 'tip.cancel' })}>
            {t('tips.stop')}
          </button>
        </div>
      )}
      {phase === 'sending' && (
        <div className="tips__wait" role="status">
          <Spinner label={t('tips.sending')} />
        </div>
      )}
      {phase === 'thanked' && message && (
        <div className="tips__thanks" role="status">
          <span>{text(message)}</span>
          <button type="button" className="icon-button" aria-label={t('tips.dismiss')} onClick={() => tips.send({ type: 'tip.dismiss' })}>
            ×
          </button>
        </div>
      )}
      {phase === 'confirming' && (
        <Modal
          title={t('tips.confirm_title')}
          variant="warning"
          onClose={() => tips.send({ type: 'tip.cancel' })}
          closeLabel={t('tips.confirm_no')}
          footer={
            <>
              <button type="button" className="button button--ghost" onClick={() => tips.send({ type: 'tip.cancel' })}>
                {t('tips.confirm_no')}
              </button>
              <button type="button" className="button" data-autofocus onClick={() => tips.send({ type: 'tip.confirm' })}>
                {t('tips.confirm_yes', { amount, currency })}
              </button>
            </>
          }
        >
          <p data-testid="tip-confirm-text">{t('tips.confirm_text', { amount, currency, host: host.name })}</p>
        </Modal>
      )}
    </div>
  );
}
