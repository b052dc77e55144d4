import { useMemo, useState } from 'react';
import type { CardFacts } from '../../../core/card-facts';
import { describeCard } from '../../../core/card-facts';
import { billingCountries } from '../../flows/funding/funding.select';
import { useCardForm, useFundingView, type FundingActor } from '../../flows/funding/funding.hooks';
import { useT } from '../../i18n';
import { Spinner } from '../../ui/Spinner';
import { CascadeLayer } from './CascadeLayer';
import { CascadeSteps } from './CascadePanel';
import { useFundingActor } from './context';
import type { FundingTabProps } from './tab-props';

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
  if (!card || !page.deposit) return <Spinner label={t('funding.loading')} />;
  const c = card;
  const deposit = page.deposit;
  const jcb = c.isJcb;

  if (c.approved) {
    return (
      <section className="card-tab" {...c.getRegionProps()}>
        <div className="card-done" {...c.getDoneProps()}>
          <h2 {...c.getTitleProps()}>{t('cascade.approved_title')}</h2>
          <p>{t('cascade.approved', { amount: c.approved.text })}</p>
          <CascadeSteps steps={c.finishedSteps} />
          <button className="button" {...c.getResultCloseProps()}>{t('cascade.close')}</button>
        </div>
      </section>
    );
  }

  return (
    <section className="card-tab" {...c.getRegionProps()}>
      <h2 {...c.getTitleProps()}>{t(jcb ? 'card.title_jcb' : 'card.title')}</h2>
      <p className="muted">{t(jcb ? 'card.accepted_jcb' : 'card.accepted')}</p>
      {page.cardLimit && (
        <p className={page.cardLimit.left > 0 ? 'muted' : 'form-note'} data-testid="card-limit">
          {page.cardLimit.left > 0 ? t('card.limit_left', { count: page.cardLimit.left, limit: page.cardLimit.limit }) : t('card.limit_reached', { limit: page.cardLimit.limit })}
        </p>
      )}
      <form className="card-form" autoComplete="on" {...c.getFormProps()}>
        <fieldset disabled={c.isBusy}>
          <label className="field card-form__wide" {...c.getLabelProps('name')}>
            <span>{t('card.name')}</span>
            <input autoComplete="cc-name" maxLength={64} {...c.getFieldProps('name')} />
          </label>
          <label className="field card-form__wide" {...c.getLabelProps('number')}>
            <span>{t('card.number')}{facts.type && <span className="card-brand">{facts.type}</span>}</span>
            <input autoComplete="cc-number" inputMode="numeric" maxLength={23} {...c.getFieldProps('number', { onTyped: (typed) => setFacts(describeCard(typed)) })} />
          </label>
          <div className="card-form__row">
            <label className="field" {...c.getLabelProps('month')}>
              <span>{t('card.month')}</span>
              <select autoComplete="cc-exp-month" {...c.getFieldProps('month')}>
                <option value="" disabled>{t('card.month_placeholder')}</option>
                {MONTHS.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </label>
            <label className="field" {...c.getLabelProps('year')}>
              <span>{t('card.year')}</span>
              <select autoComplete="cc-exp-year" {...c.getFieldProps('year')}>
                <option value="" disabled>{t('card.year_placeholder')}</option>
                {c.years.map((y) => <option key={y} value={y}>{y}</option>)}
              </select>
            </label>
            <div className="field">
              <label {...c.getLabelProps('cvv')}>{t('card.cvv_label')}</label>
              <input type="password" autoComplete="cc-csc" inputMode="numeric" maxLength={4} {...c.getFieldProps('cvv')} />
              <small className="muted" {...c.getHintProps('cvv')}>{t('card.cvv_hint')}</small>
            </div>
          </div>
          <div className="card-form__row">
            <label className="field" {...c.getLabelProps('country')}>
              <span>{t('card.country')}</span>
              <select autoComplete="country" {...c.getFieldProps('country')}>
                {countries.map((x) => <option key={x.iso} value={x.iso}>{x.name}</option>)}
              </select>
            </label>
            <label className="field" {...c.getLabelProps('currency')}>
              <span>{t('card.currency')}</span>
              <select {...c.getFieldProps('currency')}>
                {[...new Set([deposit.currency, ...CURRENCIES])].map((x) => <option key={x} value={x}>{x}</option>)}
              </select>
            </label>
          </div>
        </fieldset>
        {c.error && <p key={c.error.shakes} className="form-error shake" {...c.getErrorProps()}>{text(c.error.text)}</p>}
        <div className="card-status" aria-label={t('card.status')} data-testid="card-status" {...c.getStatusProps()}>
          {c.resultError && (
            <>
              <p className="form-error" {...c.getResultErrorProps()}>{text(c.resultError)}</p>
              <CascadeSteps steps={c.finishedSteps} />
            </>
          )}
          {c.isSaving && <Spinner label={t('card.saving')} />}
          {c.cascade && <CascadeLayer cascade={c.cascade} send={c.sendCascade} />}
        </div>
        <button className="button button--wide" {...c.getSubmitProps()}>
          {t('card.submit', { amount: deposit.text })}
        </button>
        <p className="muted fund-small">{t('card.never_stored')}</p>
      </form>
    </section>
  );
}
