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
  const { digits, error, notice, failures, checking } = code;

  if (code.recovery) return <RecoveryEntry code={code} onCancel={onCancel} />;

  return (
    <div className="code-entry">
      <p>{t(code.promptKey)}</p>
      <div className="code-entry__digits" {...code.getGroupProps()} aria-label={t('factor.title')}>
        {digits.map((_digit, i) => (
          <input
            key={i}
            {...code.getDigitProps(i)}
            className="code-entry__digit"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={1}
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            aria-label={t('factor.digit', { n: i + 1 })}
          />
        ))}
      </div>
      {checking && <p className="muted" {...code.getCheckingProps()}>{t('factor.checking')}</p>}
      {error && (
        <p key={failures} className="form-error shake" {...code.getErrorProps()}>
          {text(error)}
        </p>
      )}
      {notice && <p className="form-note" {...code.getNoticeProps()}>{text(notice)}</p>}
      {sandboxEmail && code.showsOutbox && (
        <p className="code-entry__sandbox">
          {t('factor.sandbox_outbox')}{' '}
          <a href={`/api/sandbox/outbox?format=text&email=${encodeURIComponent(sandboxEmail)}`} target="_blank" rel="noreferrer">
            {t('factor.sandbox_link')}
          </a>
        </p>
      )}
      {code.resting && <p className="muted code-entry__wait">{t('factor.resend_rests')}</p>}
      {code.recoveryOffered && (
        <p className="code-entry__switch">
          <button className="link-button" {...code.getRecoveryToggleProps()}>
            {t(code.recoveryToggleLabel)}
          </button>
        </p>
      )}
      {code.passkeyOffered && (
        <p className="code-entry__switch">
          <button className="link-button" {...code.getPasskeyProps()}>
            {t(code.passkeyLabel)}
          </button>
        </p>
      )}
      <div className="code-entry__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('factor.cancel')}
        </button>
        {code.resendable && (
          <button className="button button--ghost" {...code.getResendProps()}>
            {t(code.resendLabel)}
          </button>
        )}
      </div>
    </div>
  );
}

/** A recovery code in place of the authenticator's six digits (sign-in only, issue 31 §4). */
function RecoveryEntry({ code, onCancel }: { code: ReturnType<typeof useCodeEntry>; onCancel: () => void }) {
  const { t, text } = useT();
  return (
    <form className="code-entry code-entry--recovery" {...code.getRecoveryFormProps()}>
      <p>{t('factor.recovery_prompt')}</p>
      <label className="field" {...code.getRecoveryLabelProps()}>
        <span>{t('factor.recovery_label')}</span>
        <input className="code-entry__recovery" {...code.getRecoveryFieldProps()} autoComplete="off" autoCapitalize="none" spellCheck={false} />
      </label>
      {code.error && (
        <p key={code.failures} className="form-error shake" {...code.getRecoveryErrorProps()}>
          {text(code.error)}
        </p>
      )}
      <div className="code-entry__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('factor.cancel')}
        </button>
        <button className="button" {...code.getRecoverySubmitProps()}>
          {t(code.recoverySubmitLabel)}
        </button>
      </div>
      <p className="code-entry__switch">
        <button className="link-button" {...code.getRecoveryToggleProps()}>
          {t(code.recoveryToggleLabel)}
        </button>
      </p>
    </form>
  );
}
