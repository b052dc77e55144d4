import { useEffect, useRef, type FormEvent } from 'react';
import { useValidation, useValidationKey } from '../../flows/security/security.flow';
import { MAX_VALIDATION_TRIES } from '../../../core/validation-tries';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import '../withdrawal/withdrawal.css';

registerMessages(messages);

/** #/sw/validate (spec 002 §2, §4): the validation value, at most 5 attempts. */
export default function ValidatePage() {
  // a validation finished elsewhere (another tab, a reload still in flight) starts the page again: home
  return <Validation key={useValidationKey()} />;
}

function Validation() {
  const { t, text } = useT();
  const validation = useValidation();
  const { value, error, resets, checking } = validation;
  const input = useRef<HTMLInputElement>(null);

  // a wrong value clears the input and puts the focus back
  useEffect(() => {
    if (resets > 0) input.current?.focus();
  }, [resets]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    validation.submit();
  };
  return (
    <section className="panel validate" aria-labelledby="validate-title">
      <h1 id="validate-title">{t('validate.title')}</h1>
      {validation.maxTries ? (
        <p className="form-error" role="alert" data-testid="max-tries">
          {t('validate.max_tries', { max: MAX_VALIDATION_TRIES })}
        </p>
      ) : validation.validated ? (
        <p role="status">{t('validate.done')}</p>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={checking}>
          <p className="muted">{t('validate.body')}</p>
          <label className="field">
            <span>{t('validate.value')}</span>
            <input
              ref={input}
              name="value"
              autoComplete="off"
              value={value}
              onChange={(e) => validation.change(e.target.value)}
              disabled={checking}
            />
          </label>
          <p className="muted" data-testid="attempts-left">
            {t('validate.left', { count: validation.attemptsLeft })}
          </p>
          {error && (
            <p key={resets} className="form-error shake" role="alert">
              {text(error)}
            </p>
          )}
          <button type="submit" className="button" disabled={checking}>
            {t(validation.submitLabel)}
          </button>
          {validation.sandboxOutbox && (
            <p className="sandbox-note">
              {t('validate.sandbox')}{' '}
              <a href={validation.sandboxOutbox} target="_blank" rel="noreferrer">
                {t('validate.sandbox_link')}
              </a>
            </p>
          )}
        </form>
      )}
    </section>
  );
}
