import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { selectSettings, selectUser, sessionActor } from '../../flows/app';
import { inspect } from '../../flows/inspector';
import { validationFlow } from '../../flows/security';
import { selectAttemptsLeft, selectResets, selectValidationError, selectValidationStep, selectValidationValue } from '../../flows/security-view';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import '../withdrawal/withdrawal.css';

registerMessages(messages);

/** #/sw/validate (spec 002 §2, §4): the validation value, at most 5 attempts. */
export default function ValidatePage() {
  const success = useSelector(sessionActor, (s) => selectUser(s)?.tr_success ?? false);
  // a validation finished elsewhere (another tab, a reload still in flight) starts the page again: home
  return <Validation key={String(success)} />;
}

function Validation() {
  const { t, text } = useT();
  const user = useSelector(sessionActor, selectUser);
  const sandbox = useSelector(sessionActor, (s) => selectSettings(s)?.sandbox ?? false);
  const actor = useActorRef(validationFlow, { input: { success: user?.tr_success ?? false, attempts: user?.tr_attemps ?? 0 }, inspect });
  const step = useSelector(actor, selectValidationStep);
  const value = useSelector(actor, selectValidationValue);
  const error = useSelector(actor, selectValidationError);
  const left = useSelector(actor, selectAttemptsLeft);
  const resets = useSelector(actor, selectResets);
  const input = useRef<HTMLInputElement>(null);

  // a wrong value clears the input and puts the focus back
  useEffect(() => {
    if (resets > 0) input.current?.focus();
  }, [resets]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    actor.send({ type: 'value.submit' });
  };
  return (
    <section className="panel validate" aria-labelledby="validate-title">
      <h1 id="validate-title">{t('validate.title')}</h1>
      {step === 'maxTries' ? (
        <p className="form-error" role="alert" data-testid="max-tries">
          {t('validate.max_tries')}
        </p>
      ) : step === 'home' ? (
        <p role="status">{t('validate.done')}</p>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={step === 'checking'}>
          <p className="muted">{t('validate.body')}</p>
          <label className="field">
            <span>{t('validate.value')}</span>
            <input
              ref={input}
              name="value"
              autoComplete="off"
              value={value}
              onChange={(e) => actor.send({ type: 'value.change', value: e.target.value })}
              disabled={step === 'checking'}
            />
          </label>
          <p className="muted" data-testid="attempts-left">
            {t('validate.left', { left })}
          </p>
          {error && (
            <p key={resets} className="form-error shake" role="alert">
              {text(error)}
            </p>
          )}
          <button type="submit" className="button" disabled={step === 'checking'}>
            {step === 'checking' ? t('validate.checking') : t('validate.submit')}
          </button>
          {sandbox && user && (
            <p className="sandbox-note">
              {t('validate.sandbox')}{' '}
              <a href={`/api/sandbox/outbox?format=text&email=${encodeURIComponent(user.email)}`} target="_blank" rel="noreferrer">
                {t('validate.sandbox_link')}
              </a>
            </p>
          )}
        </form>
      )}
    </section>
  );
}
