import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useDoNotHonor } from '../../flows/funding/do-not-honor.hooks';
import { connectCascade, connectEntropay } from '../../flows/funding/funding.connect';
import { useDailyCardLimit } from '../../flows/funding/funding.hooks';
import type { StepLine } from '../../flows/funding/funding.select';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { processorName } from '../../../core/cascade/processors';
import { useFundingActor } from './context';
import { messages } from './steps/messages';

registerMessages(messages);


/** The running cascade: which processor is tried, the wait for the bank, its dialogs. */
export function CascadePanel({ cascade, send }: { cascade: AnyActorRef; send: (event: { type: string; tab?: string }) => void }) {
  const { t, text } = useT();
  const snapshot = useSelector(cascade, (s) => s);
  const v = connectCascade(snapshot, send);
  const funding = useFundingActor();
  const dnh = useDoNotHonor(funding, send);
  const dailyLimit = useDailyCardLimit(funding);
  const name = processorName(v.processor);

  return (
    <div className="cascade" aria-live="polite">
      {v.isChecking && <Spinner label={t('cascade.checking')} />}
      {(v.isTrying || v.isDelaying) && (
        <Spinner label={v.isDelaying ? t('cascade.delaying', { name }) : t('cascade.trying', { n: v.n, total: v.total, name })} />
      )}
      {v.isListening && (
        <div className="cascade__wait">
          <Spinner label={t('cascade.waiting_bank', { name })} />
          <button type="button" className="button button--ghost button--small" onClick={v.onStop}>{t('cascade.stop')}</button>
        </div>
      )}
      {v.isRedirecting && <Spinner label={t('cascade.redirecting')} />}
      {v.isInterrupted && (
        <div className="cascade__box" role="alert">
          <p className="form-error">{text(v.error)}</p>
          <div className="cascade__buttons">
            <button type="button" className="button" onClick={v.onRetry}>{t('cascade.retry')}</button>
            <button type="button" className="button button--ghost" onClick={v.onCancel}>{t('cascade.cancel')}</button>
          </div>
        </div>
      )}
      {v.isDayLimit && (
        <div className="cascade__box" role="group" aria-labelledby="cascade-day-title">
          <h3 id="cascade-day-title">{t('cards.day_limit_title')}</h3>
          <p>{dailyLimit === null ? t('cards.day_limit_reached') : t('cards.day_limit', { limit: dailyLimit })}</p>
          {v.isDayLimitWhy && <p className="muted">{t('cards.why_bitcoin_text')}</p>}
          <div className="cascade__buttons">
            {!v.isDayLimitWhy && <button type="button" className="button button--ghost" onClick={v.onWhy}>{t('cards.why_bitcoin')}</button>}
            <button type="button" className="button" onClick={() => v.onTab('bitcoin')}>{t('cards.deposit_bitcoin')}</button>
            <button type="button" className="button button--ghost" onClick={v.onClose}>{t('cascade.close')}</button>
          </div>
        </div>
      )}
      {v.isDoNotHonor && (
        <div className="cascade__box" role="group" aria-labelledby="cascade-dnh-title">
          <h3 id="cascade-dnh-title">{t('cascade.dnh.title')}</h3>
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
            <button type="button" className="button" onClick={v.onClose}>{t('cascade.close')}</button>
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
function EntropayDialog({ actor, currency }: { actor: AnyActorRef; currency: string }) {
  const { t, text, lang } = useT();
  const snapshot = useSelector(actor, (s) => s);
  const e = connectEntropay(snapshot, actor.send, currency, lang);
  const [cvv, setCvv] = useState('');
  if (e.isStart) {
    return (
      <div className="cascade__box" role="group" aria-labelledby="entro-title">
        <h3 id="entro-title">{t('entropay.title')}</h3>
        <p>{t('entropay.start', { amount: e.amountText })}</p>
        <div className="cascade__buttons">
          <button type="button" className="button" onClick={e.onConfirm}>{t('entropay.confirm')}</button>
          <button type="button" className="button button--ghost" onClick={e.onReject}>{t('entropay.reject')}</button>
        </div>
      </div>
    );
  }
  if (!e.isCvv) return <Spinner label={t('common.loading')} />;
  // not a <form>: the dialog sits inside the card form (CardTab), and a form nested in a form
  // submitted the page itself (a full reload) instead of sending the CVV; Enter sends it too
  const submit = () => {
    e.onCvvSubmit(cvv);
    setCvv('');
  };
  return (
    <div className="cascade__box" role="group" aria-labelledby="entro-cvv-title">
      <h3 id="entro-cvv-title">{t('entropay.cvv_title')}</h3>
      <label className="field">
        <span>{t('card.cvv_label')}</span>
        <input
          value={cvv}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          onChange={(ev) => { setCvv(ev.target.value.replace(/\D/g, '')); e.onCvvChange(); }}
          onKeyDown={(ev) => {
            if (ev.key !== 'Enter') return;
            // the card form around must not take the Enter as its own submit
            ev.preventDefault();
            if (!e.isSending) submit();
          }}
        />
      </label>
      {e.error && <p key={e.shakes} className="form-error shake" role="alert">{text(e.error)}</p>}
      <div className="cascade__buttons">
        <button type="button" className="button" disabled={e.isSending} onClick={submit}>{t('entropay.send')}</button>
        <button type="button" className="button button--ghost" onClick={e.onReject}>{t('entropay.reject')}</button>
      </div>
    </div>
  );
}
