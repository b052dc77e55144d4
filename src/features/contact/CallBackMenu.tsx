import { useEffect, useRef } from 'react';
import { useCallBack } from '../../flows/contact/call-back.flow';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import './call-back.css';

registerMessages(messages);

/**
 * The call-back dropdown (spec 000 §2, §5, §8): the phone and a preferred time, then
 * calls.server_success or the refusal with the phone kept. It opens on mount (the first click
 * loaded it); the button, Escape and a click outside close it.
 */
export default function CallBackMenu() {
  const { t, text } = useT();
  const call = useCallBack();
  const root = useRef<HTMLDivElement>(null);
  const { isOpen, onClose } = call;

  // loaded by the first click: open at once
  useEffect(() => call.onOpen(), []); // eslint-disable-line react-hooks/exhaustive-deps

  // open: a click outside closes
  useEffect(() => {
    if (!isOpen) return;
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [isOpen, onClose]);

  return (
    <div ref={root} className="call-back" {...call.getRootProps()}>
      <button {...call.getTriggerProps()} className="icon-button call-button" data-testid="call-back-button" aria-label={t('calls.button')} title={t('calls.button')}>
        <span aria-hidden="true">☎</span>
      </button>
      {isOpen && (
        <div {...call.getMenuProps()} className="call-menu" data-testid="call-back-menu">
          <div className="call-menu__head">
            <h2 {...call.getTitleProps()}>{t('calls.title')}</h2>
            <button {...call.getCloseProps()} className="icon-button" aria-label={t('calls.close')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {call.isForm ? (
            <form {...call.getFormProps()}>
              <p className="muted">{t('calls.intro')}</p>
              <label className="field">
                <span>{t('calls.phone')}</span>
                <input {...call.getPhoneProps()} type="tel" autoComplete="tel" inputMode="tel" data-testid="call-back-phone" />
                <small {...call.getHintProps()} className="muted">
                  {t('calls.phone_hint')}
                </small>
              </label>
              <label className="field">
                <span>{t('calls.time')}</span>
                <select {...call.getTimeProps()} data-testid="call-back-time">
                  {call.times.map((time) => (
                    <option key={time.value} value={time.value}>
                      {t(time.label)}
                    </option>
                  ))}
                </select>
              </label>
              {call.result && (
                <p key={call.shakes} {...call.getResultProps()} className="form-error shake" data-testid="call-back-result">
                  {text(call.result)}
                </p>
              )}
              <button {...call.getSubmitProps()} className="button button--wide" data-testid="call-back-submit">
                {text(call.submitLabel)}
              </button>
            </form>
          ) : (
            <>
              <p {...call.getSuccessProps()} className="call-menu__ok" data-testid="call-back-result">
                {text(call.result)}
              </p>
              <button {...call.getAgainProps()} className="button button--ghost button--wide">
                {t('calls.again')}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
