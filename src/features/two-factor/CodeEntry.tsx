import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useCodeEntry } from '../../flows/two-factor/code-entry.hooks';
import type { EntryRef } from '../../flows/two-factor/two-factor.types';
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
  const code = useCodeEntry(entry);
  const { digits, error, notice, failures, checking, disabled, off, firstEmpty } = code;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // the focus follows the first empty box (and returns to the first one after a failure)
  useEffect(() => {
    if (firstEmpty >= 0 && !checking && !disabled) inputs.current[firstEmpty]?.focus();
  }, [firstEmpty, failures, checking, disabled]);

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && code.backspace(index)) {
      inputs.current[index - 1]?.focus();
      e.preventDefault();
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    code.paste(e.clipboardData.getData('text'));
  };

  return (
    <div className="code-entry">
      <p>{t(code.promptKey)}</p>
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
            onChange={(e) => code.input(i, e.target.value)}
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
      {notice && <p className="form-note" role="status">{text(notice)}</p>}
      {sandboxEmail && code.showsOutbox && (
        <p className="code-entry__sandbox">
          {t('factor.sandbox_outbox')}{' '}
          <a href={`/api/sandbox/outbox?format=text&email=${encodeURIComponent(sandboxEmail)}`} target="_blank" rel="noreferrer">
            {t('factor.sandbox_link')}
          </a>
        </p>
      )}
      {code.resting && <p className="muted code-entry__wait">{t('factor.resend_rests')}</p>}
      <div className="code-entry__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('factor.cancel')}
        </button>
        {code.resendable && (
          <button type="button" className="button button--ghost" disabled={!code.canResend} onClick={code.resend}>
            {t(code.resendLabel)}
          </button>
        )}
      </div>
    </div>
  );
}
