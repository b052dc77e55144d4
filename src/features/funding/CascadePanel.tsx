import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { AnyActorRef } from 'xstate';
import { selectCascadeView, selectEntropay, type StepLine } from '../../flows/funding-view';
import { registerMessages, useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { messages } from './steps/messages';

registerMessages(messages);

const NAMES: Record<string, string> = {
  PFS: 'PFS', ORANGE: 'Orange', ORANGE_NOT3D: 'Orange (non-3-D)', CONCEPT: 'PayConcept', FRAUD: 'Fraud check', ZOOM: 'Zoom',
  EZPAY: 'EZPAY', ENTROPAY: 'Entropay', SHAPE: 'Shape', VLOAD: 'Vload', MEIKO: 'Meiko',
};
export const processorName = (p: string): string => NAMES[p] ?? p;

/** The running cascade: which processor is tried, the wait for the bank, its dialogs. */
export function CascadePanel({ cascade, send }: { cascade: AnyActorRef; send: (event: { type: string; tab?: string }) => void }) {
  const { t, text } = useT();
  const view = useSelector(cascade, (s) => selectCascadeView(s as never));
  if (!view) return null;
  const name = processorName(view.processor);

  return (
    <div className="cascade" aria-live="polite">
      {view.step === 'checking' && <Spinner label={t('cascade.checking')} />}
      {(view.step === 'trying' || view.step === 'delaying') && (
        <Spinner label={view.step === 'delaying' ? t('cascade.delaying', { name }) : t('cascade.trying', { n: view.n, total: view.total, name })} />
      )}
      {view.step === 'listening' && (
        <div className="cascade__wait">
          <Spinner label={t('cascade.waiting_bank', { name })} />
          <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'listen.stop' })}>{t('cascade.stop')}</button>
        </div>
      )}
      {view.step === 'redirecting' && <Spinner label={t('cascade.redirecting')} />}
      {view.step === 'interrupted' && (
        <div className="cascade__box" role="alert">
          <p className="form-error">{text(view.error ?? { key: 'cascade.response_error' })}</p>
          <div className="cascade__buttons">
            <button type="button" className="button" onClick={() => send({ type: 'payment.retry' })}>{t('cascade.retry')}</button>
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'payment.cancel' })}>{t('cascade.cancel')}</button>
          </div>
        </div>
      )}
      {(view.step === 'dayLimit' || view.step === 'dayLimitWhy') && (
        <div className="cascade__box" role="alertdialog" aria-labelledby="cascade-day-title">
          <h3 id="cascade-day-title">{t('cards.day_limit_title')}</h3>
          <p>{t('cards.day_limit')}</p>
          {view.step === 'dayLimitWhy' && <p className="muted">{t('cards.why_bitcoin_text')}</p>}
          <div className="cascade__buttons">
            {view.step === 'dayLimit' && <button type="button" className="button button--ghost" onClick={() => send({ type: 'dialog.why' })}>{t('cards.why_bitcoin')}</button>}
            <button type="button" className="button" onClick={() => send({ type: 'dialog.tab', tab: 'bitcoin' })}>{t('cards.deposit_bitcoin')}</button>
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'dialog.close' })}>{t('cascade.close')}</button>
          </div>
        </div>
      )}
      {view.step === 'doNotHonor' && (
        <div className="cascade__box" role="alertdialog" aria-labelledby="cascade-dnh-title">
          <h3 id="cascade-dnh-title">{t('cascade.dnh.title')}</h3>
          <p>{t('cascade.dnh.text')}</p>
          <div className="cascade__buttons">
            <button type="button" className="button" onClick={() => send({ type: 'dialog.tab', tab: 'bitcoin' })}>{t('funding.tab.bitcoin')}</button>
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'dialog.tab', tab: 'bank' })}>{t('funding.tab.bank')}</button>
            <button type="button" className="button button--ghost" onClick={() => send({ type: 'dialog.close' })}>{t('cascade.close')}</button>
          </div>
        </div>
      )}
      {view.step === 'entropay' && view.entropay && <EntropayDialog actor={view.entropay} />}
      <CascadeSteps steps={view.steps} />
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
function EntropayDialog({ actor }: { actor: AnyActorRef }) {
  const { t, text } = useT();
  const e = useSelector(actor, (s) => selectEntropay(s as never));
  const [cvv, setCvv] = useState('');
  if (e.dialog === 'start') {
    return (
      <div className="cascade__box" role="alertdialog" aria-labelledby="entro-title">
        <h3 id="entro-title">{t('entropay.title')}</h3>
        <p>{t('entropay.start', { amount: e.amount })}</p>
        <div className="cascade__buttons">
          <button type="button" className="button" onClick={() => actor.send({ type: 'entropay.confirm' })}>{t('entropay.confirm')}</button>
          <button type="button" className="button button--ghost" onClick={() => actor.send({ type: 'entropay.reject' })}>{t('entropay.reject')}</button>
        </div>
      </div>
    );
  }
  if (e.dialog !== 'cvv') return <Spinner label={t('common.loading')} />;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    actor.send({ type: 'cvv.submit', cvv });
    setCvv('');
  };
  return (
    <form className="cascade__box" onSubmit={submit} aria-labelledby="entro-cvv-title">
      <h3 id="entro-cvv-title">{t('entropay.cvv_title')}</h3>
      <label className="field">
        <span>{t('card.cvv_label')}</span>
        <input value={cvv} inputMode="numeric" autoComplete="cc-csc" maxLength={4} onChange={(ev) => { setCvv(ev.target.value.replace(/\D/g, '')); actor.send({ type: 'cvv.change' }); }} />
      </label>
      {e.error && <p key={e.shakes} className="form-error shake" role="alert">{text(e.error)}</p>}
      <div className="cascade__buttons">
        <button type="submit" className="button" disabled={e.sending}>{t('entropay.send')}</button>
        <button type="button" className="button button--ghost" onClick={() => actor.send({ type: 'entropay.reject' })}>{t('entropay.reject')}</button>
      </div>
    </form>
  );
}
