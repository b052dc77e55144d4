import { useSelector } from '@xstate/react';
import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  selectCanResend,
  selectChecking,
  selectDigits,
  selectDisabled,
  selectEntryError,
  selectEntryNotice,
  selectFactorType,
  selectFailures,
  selectResending,
  selectResendResting,
  type EntryRef,
} from '../../flows/two-factor-view';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import './code-entry.css';

registerMessages(messages);

interface CodeEntryProps {
  entry: EntryRef;
  onCancel: () => void;
  /** sandbox mode: where testers read emailed codes */
  sandboxEmail?: string;
}

/**
 * Six single-digit inputs (spec 001 §4, §5): numeric only, the focus moves on by itself, a
 * pasted code fills all six, the sixth digit submits. A failure clears the inputs, shows the
 * message and puts the focus back on the first one.
 */
export function CodeEntry({ entry, onCancel, sandboxEmail }: CodeEntryProps) {
  const { t, text } = useT();
  const digits = useSelector(entry, selectDigits);
  const error = useSelector(entry, selectEntryError);
  const notice = useSelector(entry, selectEntryNotice);
  const failures = useSelector(entry, selectFailures);
  const checking = useSelector(entry, selectChecking);
  const disabled = useSelector(entry, selectDisabled);
  const canResend = useSelector(entry, selectCanResend);
  const resending = useSelector(entry, selectResending);
  const resting = useSelector(entry, selectResendResting);
  const type = useSelector(entry, selectFactorType);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // the focus follows the first empty box (and returns to the first one after a failure)
  const firstEmpty = digits.indexOf('');
  useEffect(() => {
    if (firstEmpty >= 0 && !checking && !disabled) inputs.current[firstEmpty]?.focus();
  }, [firstEmpty, failures, checking, disabled]);

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && digits[index] === '' && index > 0) {
      entry.send({ type: 'digit.clear', index: index - 1 });
      inputs.current[index - 1]?.focus();
      e.preventDefault();
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    entry.send({ type: 'code.paste', text: e.clipboardData.getData('text') });
  };
  const off = checking || disabled;

  return (
    <div className="code-entry">
      <p>{t(`factor.prompt.${type}`)}</p>
      <div className="code-entry__digits" role="group" aria-label={t('factor.title')}>
        {digits.map((digit, i) => (
          <input
            key={i}
            ref={(el) => {
              inputs.current[i] = el;
            }}
            className="code-entry__digit"
            value={digit}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={1}
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={t('factor.digit', { n: i + 1 })}
            disabled={off}
            onChange={(e) => {
              const value = e.target.value;
              if (value.replace(/\D/g, '').length > 1) entry.send({ type: 'code.paste', text: value });
              else if (value === '') entry.send({ type: 'digit.clear', index: i });
              else entry.send({ type: 'digit.input', index: i, value });
            }}
            onKeyDown={onKeyDown(i)}
            onPaste={onPaste}
          />
        ))}
      </div>
      {checking && <p className="muted" role="status">{t('factor.checking')}</p>}
      {error && (
        <p key={failures} className="form-error shake" role="alert">
          {text(error)}
        </p>
      )}
      {notice && !error && <p className="form-note" role="status">{text(notice)}</p>}
      {sandboxEmail && type !== 'google' && (
        <p className="code-entry__sandbox">
          {t('factor.sandbox_outbox')}{' '}
          <a href={`/api/sandbox/outbox?format=text&email=${encodeURIComponent(sandboxEmail)}`} target="_blank" rel="noreferrer">
            {t('factor.sandbox_link')}
          </a>
        </p>
      )}
      {resting && type !== 'google' && !disabled && <p className="muted code-entry__wait">{t('factor.resend_rests')}</p>}
      <div className="code-entry__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('factor.cancel')}
        </button>
        {type !== 'google' && (
          <button type="button" className="button button--ghost" disabled={!canResend || disabled} onClick={() => entry.send({ type: 'code.resend' })}>
            {resending ? t('factor.resending') : t('factor.resend')}
          </button>
        )}
      </div>
    </div>
  );
}
