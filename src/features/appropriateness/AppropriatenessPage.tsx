import { useAppropriateness } from '../../flows/appropriateness/appropriateness.flow';
import type { AppropriatenessApi } from '../../flows/appropriateness/appropriateness.connect';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { messages } from './messages';
import './appropriateness.css';

registerMessages(messages);

/** The questions: one radio group each, Send once every one is answered. */
function Questions({ page }: { page: AppropriatenessApi }) {
  const { t, text } = useT();
  return (
    <section {...page.getFormRegionProps()} className="panel appr__panel">
      <h2 {...page.getFormTitleProps()}>{t('appropriateness.questions')}</h2>
      <form {...page.getFormProps()} data-testid="appr-form">
        {page.questions.map((q) => (
          <fieldset key={q.id} {...page.getQuestionProps(q.id)} className="appr__question">
            <legend {...page.getQuestionTitleProps(q.id)}>
              <span className="appr__number">{text(q.number)}</span>
              <span className="appr__text">{text(q.text)}</span>
            </legend>
            <div className="appr__options">
              {q.options.map((o) => (
                <label key={o.id} {...page.getOptionLabelProps(q.id, o.id)} className="appr__option">
                  <input {...page.getOptionProps(q.id, o.id)} />
                  <span>{text(o.text)}</span>
                </label>
              ))}
            </div>
            {q.error && (
              <p key={page.shakes} {...page.getQuestionErrorProps(q.id)} className="appr__error" data-testid={`appr-error-${q.id}`}>
                {text(q.error)}
              </p>
            )}
          </fieldset>
        ))}
        {page.missing && (
          <p className="appr__error" data-testid="appr-missing">
            {text(page.missing)}
          </p>
        )}
        {page.error && (
          <p key={page.shakes} {...page.getFailureProps()} className="form-error shake" data-testid="appr-call-error">
            {text(page.error)}
          </p>
        )}
        <div className="appr__actions">
          <button {...page.getSubmitProps()} className="button" data-testid="appr-submit">
            {text(page.submitLabel)}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A failed test: the risk warning, the score, the cool-down; after it, answer again or accept the risk. */
function Warning({ page }: { page: AppropriatenessApi }) {
  const { t, text } = useT();
  return (
    <section {...page.getWarningRegionProps()} className="panel appr__panel appr__warning">
      <h2 {...page.getWarningTitleProps()}>{t('appropriateness.failed.title')}</h2>
      <p className="appr__warning-text">{t('appropriateness.failed.warning')}</p>
      <p data-testid="appr-score">{text(page.scoreMessage)}</p>
      <p data-testid="appr-cooldown">{text(page.cooldownMessage)}</p>
      {!page.ready && (
        <div className="appr__actions">
          <button {...page.getReloadProps()} className="button button--ghost" data-testid="appr-check">
            {t('appropriateness.check_again')}
          </button>
        </div>
      )}
      {page.ready && (
        <>
          <div className="appr__actions">
            <button {...page.getRetryProps()} className="button" data-testid="appr-retry">
              {t('appropriateness.retry')}
            </button>
          </div>
          <form {...page.getAcceptFormProps()} data-testid="appr-accept-form">
            <fieldset className="appr__accept">
              <legend>{t('appropriateness.accept.legend')}</legend>
              <label {...page.getUnderstoodLabelProps()} className="appr__check">
                <input {...page.getUnderstoodProps()} data-testid="appr-understood" />
                <span>{t('appropriateness.accept.understood')}</span>
              </label>
              {page.understoodError && (
                <p key={page.shakes} {...page.getUnderstoodErrorProps()} className="appr__error">
                  {text(page.understoodError)}
                </p>
              )}
              {page.error && (
                <p key={page.shakes} {...page.getAcceptFailureProps()} className="form-error shake" data-testid="appr-accept-error">
                  {text(page.error)}
                </p>
              )}
              <div className="appr__actions">
                <button {...page.getAcceptProps()} className="button button--ghost" data-testid="appr-accept">
                  {text(page.acceptLabel)}
                </button>
              </div>
            </fieldset>
          </form>
        </>
      )}
    </section>
  );
}

/** #/show/appropriateness (issue 30 §6): the knowledge questionnaire before the first real-money trade. */
export default function AppropriatenessPage() {
  const { t, text, lang } = useT();
  const page = useAppropriateness(lang);
  return (
    <div className="appr" data-testid="appr-page">
      <h1>{t('appropriateness.title')}</h1>
      {page.loading && <Spinner label={t('appropriateness.loading')} />}
      {page.loadFailed && (
        <div {...page.getLoadFailedProps()} className="panel appr__panel" data-testid="appr-load-failed">
          <p>{t('appropriateness.load_failed')}</p>
          <button {...page.getReloadProps()} className="button" data-testid="appr-reload">
            {t('appropriateness.try_load')}
          </button>
        </div>
      )}
      {page.notRequired && (
        <p className="appr__intro" data-testid="appr-not-required">
          {t('appropriateness.not_required')}
        </p>
      )}
      {page.answering && (
        <>
          <p className="appr__intro" data-testid="appr-intro">
            {text(page.intro)}
          </p>
          <Questions page={page} />
        </>
      )}
      {page.passed && (
        <div {...page.getDoneProps()} className="panel appr__panel appr__done" data-testid="appr-passed">
          <h2>{t('appropriateness.passed.title')}</h2>
          <p>{text(page.passedMessage)}</p>
          <a className="button" href={page.tradingHref} data-testid="appr-to-trading">
            {t('appropriateness.to_trading')}
          </a>
        </div>
      )}
      {page.failed && <Warning page={page} />}
      {page.accepted && (
        <div {...page.getDoneProps()} className="panel appr__panel appr__done" data-testid="appr-accepted">
          <h2>{t('appropriateness.accepted.title')}</h2>
          <p>{text(page.acceptedMessage)}</p>
          <a className="button" href={page.tradingHref} data-testid="appr-to-trading">
            {t('appropriateness.to_trading')}
          </a>
        </div>
      )}
    </div>
  );
}
