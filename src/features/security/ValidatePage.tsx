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
  const { error, resets } = validation;
  return (
    <section className="panel validate" {...validation.getRegionProps()}>
      <h1 {...validation.getTitleProps()}>{t('validate.title')}</h1>
      {validation.maxTries ? (
        <p className="form-error" data-testid="max-tries" {...validation.getMaxTriesProps()}>
          {t('validate.max_tries', { max: MAX_VALIDATION_TRIES })}
        </p>
      ) : validation.validated ? (
        <p {...validation.getDoneProps()}>{t('validate.done')}</p>
      ) : (
        <form {...validation.getFormProps()}>
          <p className="muted">{t('validate.body')}</p>
          <label className="field">
            <span>{t('validate.value')}</span>
            <input autoComplete="off" {...validation.getFieldProps('value')} />
          </label>
          <p className="muted" data-testid="attempts-left">
            {t('validate.left', { count: validation.attemptsLeft })}
          </p>
          {error && (
            <p key={resets} className="form-error shake" {...validation.getErrorProps()}>
              {text(error)}
            </p>
          )}
          <button className="button" {...validation.getSubmitProps()}>
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
