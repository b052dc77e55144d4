import { useSelector } from '@xstate/react';
import { IQ_QUESTIONS } from '../../../core/contract/iq';
import { selectUser, sessionActor } from '../../flows/shell/app.flow';
import { useIqMining } from '../../flows/iq/iq-mining.flow';
import { formatAmount } from '../../flows/shared/money';
import { iqRewardFor } from '../../flows/iq/iq-mining.connect';
import { registerMessages, useT } from '../../i18n';
import { messages } from './messages';
import './iq.css';

registerMessages(messages);

/**
 * IQ mining (dynamic modal `iq_mining`; spec 001 §2, §7 /api/iq/start, /api/iq/next): the terms
 * first, then one question at a time, each checked on the server, the right answer explained
 * after each; the result says whether the reward was credited. The server holds the state: a
 * reload continues where it was.
 */
export function IqDialog(_props: { onClose: () => void }) {
  const { t, text, lang } = useT();
  const iq = useIqMining(lang);
  const currency = useSelector(sessionActor, selectUser)?.currency ?? null;
  const reward = iq.reward ?? (currency ? { amount: iqRewardFor(currency) ?? '', currency } : null);
  return (
    <div className="iq" data-testid="iq" {...iq.getRootProps()}>
      {iq.isIntro && (
        <div data-testid="iq-terms">
          <p>{t('iq.terms', { count: IQ_QUESTIONS })}</p>
          {reward?.amount && <p>{t('iq.terms.reward', { count: IQ_QUESTIONS, amount: formatAmount(reward.amount, reward.currency, lang) })}</p>}
          <p>{t('iq.terms.wrong')}</p>
          <p className="muted">{t('iq.terms.bonus')}</p>
          <button type="button" className="button" onClick={iq.start} data-testid="iq-start">
            {t('iq.start')}
          </button>
        </div>
      )}
      {iq.isStarting && <p className="muted" {...iq.getStartingProps()}>{t('iq.starting')}</p>}
      {iq.feedback && (iq.isQuestion || iq.isAnswering || iq.isResult) && (
        <div className={iq.feedback.correct ? 'iq__feedback iq__feedback--right' : 'iq__feedback iq__feedback--wrong'} {...iq.getFeedbackProps()} data-testid="iq-feedback" data-correct={iq.feedback.correct}>
          <p>
            <strong>{iq.feedback.correct ? t('iq.right') : t('iq.wrong', { answer: iq.feedback.rightText })}</strong>
          </p>
          <p>{iq.feedback.explanation}</p>
        </div>
      )}
      {(iq.isQuestion || iq.isAnswering) && iq.question && (
        <fieldset className="iq__question" data-testid="iq-question" data-n={iq.question.n} disabled={iq.isAnswering}>
          <legend className="muted">{t('iq.question', { n: iq.question.n, total: iq.question.total })}</legend>
          <p className="iq__text" {...iq.getQuestionTextProps()}>
            {iq.question.text}
          </p>
          <ul className="iq__options">
            {iq.question.options.map((o) => (
              <li key={o.id}>
                <button type="button" className="button button--ghost iq__option" onClick={() => iq.answer(o.id)} data-testid="iq-option" data-id={o.id}>
                  {o.text}
                </button>
              </li>
            ))}
          </ul>
          {iq.isAnswering && <p className="muted" {...iq.getSendingProps()}>{t('iq.sending')}</p>}
          {!iq.earnable && <p className="muted" data-testid="iq-lost">{t('iq.lost')}</p>}
        </fieldset>
      )}
      {iq.isResult && iq.result && (
        <p className="iq__result" data-testid="iq-result" data-rewarded={iq.result.rewarded}>
          <strong>
            {iq.result.rewarded && iq.reward
              ? t('iq.result.rewarded', { total: iq.result.total, amount: formatAmount(iq.reward.amount, iq.reward.currency, lang) })
              : t('iq.result.not', { right: iq.result.right, total: iq.result.total })}
          </strong>
        </p>
      )}
      {iq.isFailed && (
        <div className="form-error" {...iq.getProblemProps()} data-testid="iq-failed">
          <p>{iq.error ? text(iq.error) : t('iq.failed')}</p>
          <button type="button" className="button" onClick={iq.retry}>
            {t('iq.retry')}
          </button>
        </div>
      )}
    </div>
  );
}

export default IqDialog;
