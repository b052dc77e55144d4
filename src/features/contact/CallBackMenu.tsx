import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
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
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const phone = useRef<HTMLInputElement>(null);
  const { isOpen, onClose } = call;

  // loaded by the first click: open at once
  useEffect(() => call.onOpen(), []); // eslint-disable-line react-hooks/exhaustive-deps

  // open: the phone takes the focus; a click outside closes
  useEffect(() => {
    if (!isOpen) return;
    phone.current?.focus();
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [isOpen, onClose]);

  const escape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !isOpen) return;
    e.stopPropagation();
    onClose();
    button.current?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    call.onSubmit();
  };

  return (
    <div ref={root} className="call-back" onKeyDown={escape}>
      <button
        ref={button}
        type="button"
        className="icon-button call-button"
        data-testid="call-back-button"
        aria-label={t('calls.button')}
        title={t('calls.button')}
        aria-expanded={isOpen}
        aria-controls={`${id}-menu`}
        onClick={call.onToggle}
      >
        <span aria-hidden="true">☎</span>
      </button>
      {isOpen && (
        <div id={`${id}-menu`} className="call-menu" role="dialog" aria-labelledby={`${id}-title`} data-testid="call-back-menu">
          <div className="call-menu__head">
            <h2 id={`${id}-title`}>{t('calls.title')}</h2>
            <button type="button" className="icon-button" aria-label={t('calls.close')} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {call.isForm ? (
            <form onSubmit={submit} noValidate aria-busy={call.isBusy}>
              <p className="muted">{t('calls.intro')}</p>
              <label className="field">
                <span>{t('calls.phone')}</span>
                <input
                  ref={phone}
                  name="phone"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  value={call.phone}
                  onChange={(e) => call.onPhone(e.target.value)}
                  aria-invalid={call.phoneInvalid || undefined}
                  aria-describedby={call.result ? `${id}-result` : `${id}-hint`}
                  readOnly={call.isBusy}
                  data-testid="call-back-phone"
                />
                <small id={`${id}-hint`} className="muted">{t('calls.phone_hint')}</small>
              </label>
              <label className="field">
                <span>{t('calls.time')}</span>
                <select name="time" value={call.time} onChange={(e) => call.onTime(e.target.value)} disabled={call.isBusy} data-testid="call-back-time">
                  {call.times.map((time) => (
                    <option key={time.value} value={time.value}>
                      {t(time.label)}
                    </option>
                  ))}
                </select>
              </label>
              {call.result && (
                <p key={call.shakes} id={`${id}-result`} className="form-error shake" role="alert" data-testid="call-back-result">
                  {text(call.result)}
                </p>
              )}
              <button type="submit" className="button button--wide" disabled={call.isBusy} data-testid="call-back-submit">
                {text(call.submitLabel)}
              </button>
            </form>
          ) : (
            <>
              <p className="call-menu__ok" role="status" data-testid="call-back-result">
                {text(call.result)}
              </p>
              <button type="button" className="button button--ghost button--wide" onClick={call.onAgain}>
                {t('calls.again')}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
