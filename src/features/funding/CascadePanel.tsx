import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useDoNotHonor } from '../../flows/funding/do-not-honor.hooks';
import { connectCascade, connectEntropay, type CascadeActor, type CascadeSend, type EntropayActor } from '../../flows/funding/funding.connect';
import { useDailyCardLimit } from '../../flows/funding/funding.hooks';
import type { StepLine } from '../../flows/funding/funding.select';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { processorName } from '../../../core/cascade/processors';
import { useFundingActor } from './context';
import { messages } from './steps/messages';

registerMessages(messages);

/** The running cascade: which processor is tried, the wait for the bank, its dialogs. */
export function CascadePanel({ cascade, send }: { cascade: CascadeActor; send: CascadeSend }) {
  const { t, text } = useT();
  const snapshot = useSelector(cascade, (s) => s);
  const v = connectCascade(snapshot, send);
  const funding = useFundingActor();
  const dnh = useDoNotHonor(funding, send);
  const dailyLimit = useDailyCardLimit(funding);
  const name = processorName(v.processor);

  return (
    <div className="cascade" {...v.getPanelProps()}>
      {v.isChecking && <Spinner label={t('cascade.checking')} />}
      {(v.isTrying || v.isDelaying) && (
        <Spinner label={v.isDelaying ? t('cascade.delaying', { name }) : t('cascade.trying', { n: v.n, total: v.total, name })} />
      )}
      {v.isListening && (
        <div className="cascade__wait">
          <Spinner label={t('cascade.waiting_bank', { name })} />
          <button className="button button--ghost button--small" {...v.getStopProps()}>{t('cascade.stop')}</button>
        </div>
      )}
      {v.isRedirecting && <Spinner label={t('cascade.redirecting')} />}
      {v.isInterrupted && (
        <div className="cascade__box" {...v.getInterruptedProps()}>
          <p className="form-error">{text(v.error)}</p>
          <div className="cascade__buttons">
            <button className="button" {...v.getRetryProps()}>{t('cascade.retry')}</button>
            <button className="button button--ghost" {...v.getCancelProps()}>{t('cascade.cancel')}</button>
          </div>
        </div>
      )}
      {v.isDayLimit && (
        <div className="cascade__box" {...v.getBoxProps('dayLimit')}>
          <h3 {...v.getBoxTitleProps('dayLimit')}>{t('cards.day_limit_title')}</h3>
          <p>{dailyLimit === null ? t('cards.day_limit_reached') : t('cards.day_limit', { limit: dailyLimit })}</p>
          {v.isDayLimitWhy && <p className="muted">{t('cards.why_bitcoin_text')}</p>}
          <div className="cascade__buttons">
            {!v.isDayLimitWhy && <button className="button button--ghost" {...v.getWhyProps()}>{t('cards.why_bitcoin')}</button>}
            <button className="button" {...v.getTabProps('bitcoin')}>{t('cards.deposit_bitcoin')}</button>
            <button className="button button--ghost" {...v.getCloseProps()}>{t('cascade.close')}</button>
          </div>
        </div>
      )}
      {v.isDoNotHonor && (
        <div className="cascade__box" {...v.getBoxProps('doNotHonor')}>
          <h3 {...v.getBoxTitleProps('doNotHonor')}>{t('cascade.dnh.title')}</h3>
          <p>{t('cascade.dnh.text')}</p>
          {dnh.groups.map((g) => (
            <div key={g.group} className="cascade__choices" role="group" aria-label={t(g.title)}>
              <span className="cascade__choices-title">{t(g.title)}</span>
              {g.options.map((o) => (
                <button key={o.tab} type="button" className="button button--ghost button--small" onClick={o.onSelect}>{t(o.label)}</button>
              ))}
            </div>
          ))}
          <div className="cascade__buttons">
            <button className="button" {...v.getCloseProps()}>{t('cascade.close')}</button>
          </div>
        </div>
      )}
      {v.entropay && <EntropayDialog actor={v.entropay} currency={v.currency} />}
      <CascadeSteps steps={v.steps} />
    </div>
  );
}

/**
 * The steps a payment took ("Processor 1 of 5 (Vload): declined by the issuer, trying the next
 * one" / "Processor 2 of 5 (Orange): approved"). Shown while the cascade runs, and by the card
 * tab with `selectFinishedSteps` after it ended, until the trader moves on.
 */
export function CascadeSteps({ steps }: { steps: readonly StepLine[] }) {
  const { t } = useT();
  if (steps.length === 0) return null;
  return (
    <ol className="cascade__log" aria-label={t('cascade.steps')} data-testid="cascade-steps">
      {steps.map((line, i) => (
        <li key={`${line.processor}-${i}`} className={`cascade__log-${line.result}`}>
          {t(line.key, { n: line.n, total: line.total, name: processorName(line.processor) })}
        </li>
      ))}
    </ol>
  );
}

/** Entropay's start dialog and its CVV dialog; the CVV goes with the event only. */
function EntropayDialog({ actor, currency }: { actor: EntropayActor; currency: string }) {
  const { t, text, lang } = useT();
  const snapshot = useSelector(actor, (s) => s);
  const e = connectEntropay(snapshot, actor.send, currency, lang);
  const [cvv, setCvv] = useState('');
  const typed = { value: cvv, onValue: setCvv };
  if (e.isStart) {
    return (
      <div className="cascade__box" {...e.getBoxProps('start')}>
        <h3 {...e.getBoxTitleProps('start')}>{t('entropay.title')}</h3>
        <p>{t('entropay.start', { amount: e.amountText })}</p>
        <div className="cascade__buttons">
          <button className="button" {...e.getConfirmProps()}>{t('entropay.confirm')}</button>
          <button className="button button--ghost" {...e.getRejectProps()}>{t('entropay.reject')}</button>
        </div>
      </div>
    );
  }
  if (!e.isCvv) return <Spinner label={t('common.loading')} />;
  // not a <form>: the dialog sits inside the card form (CardTab), and a form nested in a form
  // submitted the page itself (a full reload) instead of sending the CVV; Enter sends it too
  return (
    <div className="cascade__box" {...e.getBoxProps('cvv')}>
      <h3 {...e.getBoxTitleProps('cvv')}>{t('entropay.cvv_title')}</h3>
      <label className="field">
        <span>{t('card.cvv_label')}</span>
        <input inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...e.getCvvFieldProps(typed)} />
      </label>
      {e.error && <p key={e.shakes} className="form-error shake" {...e.getCvvErrorProps()}>{text(e.error)}</p>}
      <div className="cascade__buttons">
        <button className="button" {...e.getCvvSendProps(typed)}>{t('entropay.send')}</button>
        <button className="button button--ghost" {...e.getRejectProps()}>{t('entropay.reject')}</button>
      </div>
    </div>
  );
}
