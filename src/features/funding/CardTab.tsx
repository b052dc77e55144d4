import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { CardFacts } from '../../../machines/card-form/card-form.types';
import { selectSettings, selectUser, sessionActor } from '../../flows/app';
import { describeCard, groupCardNumber } from '../../../core/card-facts';
import { cardFormFlow, cardFormInput, newPaymentKey } from '../../flows/funding';
import { billingCountries, cascadeOf, selectAmountLine, selectCard, selectCardPhase, selectFinishedSteps, selectFunding } from '../../flows/funding-view';
import { inspect } from '../../flows/inspector';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { CascadeLayer } from './CascadeLayer';
import { CascadeSteps } from './CascadePanel';
import { useFundingActor } from './context';
import type { FundingTabProps } from './tabs';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const CURRENCIES = ['USD', 'EUR', 'GBP', 'RUB'];

/** The card and JCB tabs: the card form (spec 001 §3) and the cascade it starts (spec 000 §4). */
export default function CardTab({ tab }: FundingTabProps) {
  const { t } = useT();
  const funding = useFundingActor();
  const user = useSelector(sessionActor, selectUser);
  const settings = useSelector(sessionActor, selectSettings);
  if (!funding || !user || !settings || !funding.getSnapshot().context.options) return <Spinner label={t('funding.loading')} />;
  return <CardForm key={tab} jcb={tab === 'jcb'} />;
}

function CardForm({ jcb }: { jcb: boolean }) {
  const { t, text, lang } = useT();
  const funding = useFundingActor()!;
  const user = useSelector(sessionActor, selectUser)!;
  const settings = useSelector(sessionActor, selectSettings)!;
  const f = useSelector(funding, selectFunding);
  const line = useSelector(funding, selectAmountLine);
  const options = f.options!;
  const actor = useActorRef(cardFormFlow, { input: cardFormInput(user, settings, options.geo, options.currency, jcb, f.demo), inspect });
  const phase = useSelector(actor, selectCardPhase);
  const c = useSelector(actor, selectCard);
  const cascade = useSelector(actor, cascadeOf);
  const finished = useSelector(actor, selectFinishedSteps);
  const countries = useMemo(() => billingCountries(lang), [lang]);
  const [facts, setFacts] = useState<CardFacts>(() => describeCard(''));

  // a cascade dialog sent the trader to another tab (Deposit by Bitcoin, another method)
  useEffect(() => {
    const sub = actor.on('tab.switch', (e) => funding.send({ type: 'tab.select', tab: e.tab }));
    return () => sub.unsubscribe();
  }, [actor, funding]);

  const busy = phase === 'saving' || phase === 'paying' || phase === 'redirected';
  const amount = options.fixedAmount ?? line?.amount ?? '';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    actor.send({
      type: 'card.submit',
      card: describeCard(String(form.get('cnu') ?? '')),
      cvv: String(form.get('cvv') ?? ''),
      payment: { key: newPaymentKey(), amount, currency: options.currency, fixed: f.fixed, bonus: f.bonus && !f.fixed, promo: f.promo.trim(), amountError: options.fixedAmount ? null : (line?.problem ?? null) },
      now: Date.now(),
    });
  };
  const errorFor = (field: string) => (c.error && c.error.field === field ? c.error : null);
  const years = Array.from({ length: 15 }, (_, i) => String(c.year + i));

  if (phase === 'approved') {
    return (
      <section className="card-tab" aria-labelledby="card-done">
        <div className="card-done" role="status">
          <h2 id="card-done">{t('cascade.approved_title')}</h2>
          <p>{t('cascade.approved', { amount: c.result?.amount ?? '', currency: c.result?.currency ?? '' })}</p>
          <CascadeSteps steps={finished} />
          <button type="button" className="button" onClick={() => actor.send({ type: 'result.close' })}>{t('cascade.close')}</button>
        </div>
      </section>
    );
  }

  return (
    <section className="card-tab" aria-labelledby="card-title">
      <h2 id="card-title">{t(jcb ? 'card.title_jcb' : 'card.title')}</h2>
      <p className="muted">{t(jcb ? 'card.accepted_jcb' : 'card.accepted')}</p>
      <form onSubmit={submit} noValidate aria-busy={busy} className="card-form" autoComplete="on">
        <fieldset disabled={busy}>
          <label className="field card-form__wide">
            <span>{t('card.name')}</span>
            <input name="ccname" autoComplete="cc-name" value={c.name} maxLength={64} aria-invalid={errorFor('name') ? true : undefined} onChange={(e) => actor.send({ type: 'field.change', field: 'name', value: e.target.value })} />
          </label>
          <label className="field card-form__wide">
            <span>{t('card.number')}{facts.type && <span className="card-brand">{facts.type}</span>}</span>
            <input
              name="cnu"
              autoComplete="cc-number"
              inputMode="numeric"
              maxLength={23}
              aria-invalid={errorFor('number') ? true : undefined}
              onChange={(e) => {
                const grouped = groupCardNumber(e.target.value);
                if (grouped !== e.target.value && /^[\d\s-]*$/.test(e.target.value)) e.target.value = grouped;
                setFacts(describeCard(e.target.value));
                actor.send({ type: 'secret.change' });
              }}
            />
          </label>
          <div className="card-form__row">
            <label className="field">
              <span>{t('card.month')}</span>
              <select name="emm" autoComplete="cc-exp-month" value={c.expMonth} aria-invalid={errorFor('month') ? true : undefined} onChange={(e) => actor.send({ type: 'field.change', field: 'month', value: e.target.value })}>
                <option value="" disabled>{t('card.month_placeholder')}</option>
                {MONTHS.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </label>
            <label className="field">
              <span>{t('card.year')}</span>
              <select name="eyy" autoComplete="cc-exp-year" value={c.expYear} aria-invalid={errorFor('year') ? true : undefined} onChange={(e) => actor.send({ type: 'field.change', field: 'year', value: e.target.value })}>
                <option value="" disabled>{t('card.year_placeholder')}</option>
                {years.map((y) => <option key={y} value={y}>{y}</option>)}
              </select>
            </label>
            <div className="field">
              <label htmlFor="card-cvv">{t('card.cvv_label')}</label>
              <input id="card-cvv" name="cvv" type="password" autoComplete="cc-csc" inputMode="numeric" maxLength={4} aria-invalid={errorFor('cvv') ? true : undefined} aria-describedby="card-cvv-hint" onChange={() => actor.send({ type: 'secret.change' })} />
              <small id="card-cvv-hint" className="muted">{t('card.cvv_hint')}</small>
            </div>
          </div>
          <div className="card-form__row">
            <label className="field">
              <span>{t('card.country')}</span>
              <select name="cu" autoComplete="country" value={c.country} onChange={(e) => actor.send({ type: 'field.change', field: 'country', value: e.target.value })}>
                {countries.map((x) => <option key={x.iso} value={x.iso}>{x.name}</option>)}
              </select>
            </label>
            <label className="field">
              <span>{t('card.currency')}</span>
              <select name="cur" value={c.currency} onChange={(e) => actor.send({ type: 'field.change', field: 'currency', value: e.target.value })}>
                {[...new Set([options.currency, ...CURRENCIES])].map((x) => <option key={x} value={x}>{x}</option>)}
              </select>
            </label>
          </div>
        </fieldset>
        {c.error && <p key={c.shakes} className="form-error shake" role="alert">{text(c.error.msg)}</p>}
        {!c.error && c.result?.error && phase === 'editing' && (
          <>
            <p className="form-error" role="alert">{text(c.result.error)}</p>
            <CascadeSteps steps={finished} />
          </>
        )}
        {phase === 'saving' && <Spinner label={t('card.saving')} />}
        {phase === 'paying' && cascade && <CascadeLayer cascade={cascade} send={(ev) => actor.send(ev as never)} />}
        <button type="submit" className="button button--wide" disabled={busy}>
          {t('card.submit', { amount, currency: options.currency })}
        </button>
        <p className="muted fund-small">{t('card.never_stored')}</p>
      </form>
    </section>
  );
}
