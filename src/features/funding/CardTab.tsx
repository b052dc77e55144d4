import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { CardFacts } from '../../../core/card-facts';
import { describeCard, groupCardNumber } from '../../../core/card-facts';
import { billingCountries } from '../../flows/funding/funding.select';
import { useCardForm, useFundingView, type FundingActor } from '../../flows/funding/funding.hooks';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { useFocusWhen } from '../../ui/useFocusWhen';
import { CascadeLayer } from './CascadeLayer';
import { CascadeSteps } from './CascadePanel';
import { useFundingActor } from './context';
import type { FundingTabProps } from './tabs';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const CURRENCIES = ['USD', 'EUR', 'GBP', 'RUB'];

/** The card and JCB tabs: the card form the funding page invoked (spec 001 §3) and the cascade it starts (spec 000 §4). */
export default function CardTab(_props: FundingTabProps) {
  const { t } = useT();
  const funding = useFundingActor();
  if (!funding) return <Spinner label={t('funding.loading')} />;
  return <CardForm funding={funding} />;
}

function CardForm({ funding }: { funding: FundingActor }) {
  const { t, text, lang } = useT();
  const page = useFundingView(funding, lang);
  const card = useCardForm(funding, lang);
  const countries = useMemo(() => billingCountries(lang), [lang]);
  // what the typed number is (type, grouping): shown as typed, never sent anywhere from here
  const [facts, setFacts] = useState<CardFacts>(() => describeCard(''));
  // once the form is sent the focus goes to the payment's status, then to the result (issue 27)
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useFocusWhen(statusRef, card?.isBusy ?? false, formRef);
  useFocusWhen(doneRef, Boolean(card?.approved), formRef);
  if (!card || !page.deposit) return <Spinner label={t('funding.loading')} />;
  const c = card;
  const deposit = page.deposit;
  const jcb = c.isJcb;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    c.onSubmit({ number: String(form.get('cnu') ?? ''), cvv: String(form.get('cvv') ?? '') });
  };
  const invalid = (field: Parameters<typeof c.isInvalid>[0]) => (c.isInvalid(field) ? true : undefined);

  if (c.approved) {
    return (
      <section className="card-tab" aria-labelledby="card-done">
        <div className="card-done" role="status" ref={doneRef} tabIndex={-1}>
          <h2 id="card-done">{t('cascade.approved_title')}</h2>
          <p>{t('cascade.approved', { amount: c.approved.text })}</p>
          <CascadeSteps steps={c.finishedSteps} />
          <button type="button" className="button" onClick={c.onResultClose}>{t('cascade.close')}</button>
        </div>
      </section>
    );
  }

  return (
    <section className="card-tab" aria-labelledby="card-title">
      <h2 id="card-title">{t(jcb ? 'card.title_jcb' : 'card.title')}</h2>
      <p className="muted">{t(jcb ? 'card.accepted_jcb' : 'card.accepted')}</p>
      {page.cardLimit && (
        <p className={page.cardLimit.left > 0 ? 'muted' : 'form-note'} data-testid="card-limit">
          {page.cardLimit.left > 0 ? t('card.limit_left', { count: page.cardLimit.left, limit: page.cardLimit.limit }) : t('card.limit_reached', { limit: page.cardLimit.limit })}
        </p>
      )}
      <form ref={formRef} onSubmit={submit} noValidate aria-busy={c.isBusy} className="card-form" autoComplete="on">
        <fieldset disabled={c.isBusy}>
          <label className="field card-form__wide">
            <span>{t('card.name')}</span>
            <input name="ccname" autoComplete="cc-name" value={c.fields.name} maxLength={64} aria-invalid={invalid('name')} onChange={(e) => c.onField('name', e.target.value)} />
          </label>
          <label className="field card-form__wide">
            <span>{t('card.number')}{facts.type && <span className="card-brand">{facts.type}</span>}</span>
            <input
              name="cnu"
              autoComplete="cc-number"
              inputMode="numeric"
              maxLength={23}
              aria-invalid={invalid('number')}
              onChange={(e) => {
                const grouped = groupCardNumber(e.target.value);
                if (grouped !== e.target.value && /^[\d\s-]*$/.test(e.target.value)) e.target.value = grouped;
                setFacts(describeCard(e.target.value));
                c.onSecretChange();
              }}
            />
          </label>
          <div className="card-form__row">
            <label className="field">
              <span>{t('card.month')}</span>
              <select name="emm" autoComplete="cc-exp-month" value={c.fields.month} aria-invalid={invalid('month')} onChange={(e) => c.onField('month', e.target.value)}>
                <option value="" disabled>{t('card.month_placeholder')}</option>
                {MONTHS.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </label>
            <label className="field">
              <span>{t('card.year')}</span>
              <select name="eyy" autoComplete="cc-exp-year" value={c.fields.year} aria-invalid={invalid('year')} onChange={(e) => c.onField('year', e.target.value)}>
                <option value="" disabled>{t('card.year_placeholder')}</option>
                {c.years.map((y) => <option key={y} value={y}>{y}</option>)}
              </select>
            </label>
            <div className="field">
              <label htmlFor="card-cvv">{t('card.cvv_label')}</label>
              <input id="card-cvv" name="cvv" type="password" autoComplete="cc-csc" inputMode="numeric" maxLength={4} aria-invalid={invalid('cvv')} aria-describedby="card-cvv-hint" onChange={c.onSecretChange} />
              <small id="card-cvv-hint" className="muted">{t('card.cvv_hint')}</small>
            </div>
          </div>
          <div className="card-form__row">
            <label className="field">
              <span>{t('card.country')}</span>
              <select name="cu" autoComplete="country" value={c.fields.country} onChange={(e) => c.onField('country', e.target.value)}>
                {countries.map((x) => <option key={x.iso} value={x.iso}>{x.name}</option>)}
              </select>
            </label>
            <label className="field">
              <span>{t('card.currency')}</span>
              <select name="cur" value={c.fields.currency} onChange={(e) => c.onField('currency', e.target.value)}>
                {[...new Set([deposit.currency, ...CURRENCIES])].map((x) => <option key={x} value={x}>{x}</option>)}
              </select>
            </label>
          </div>
        </fieldset>
        {c.error && <p key={c.error.shakes} className="form-error shake" role="alert">{text(c.error.text)}</p>}
        <div className="card-status" ref={statusRef} tabIndex={-1} role="group" aria-label={t('card.status')} data-testid="card-status">
          {c.resultError && (
            <>
              <p className="form-error" role="alert">{text(c.resultError)}</p>
              <CascadeSteps steps={c.finishedSteps} />
            </>
          )}
          {c.isSaving && <Spinner label={t('card.saving')} />}
          {c.cascade && <CascadeLayer cascade={c.cascade} send={c.sendCascade} />}
        </div>
        <button type="submit" className="button button--wide" disabled={c.isBusy}>
          {t('card.submit', { amount: deposit.text })}
        </button>
        <p className="muted fund-small">{t('card.never_stored')}</p>
      </form>
    </section>
  );
}
