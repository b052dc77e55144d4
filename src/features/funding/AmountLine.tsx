import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { fundingFlow } from '../../flows/funding';
import { selectAmountLine, selectAmountLocked, selectFunding, selectPromoChecking } from '../../flows/funding-view';
import { useT } from '../../i18n';
import { formatDecimal } from '../../i18n/number';

/** The deposit amount: typed or picked on the slider steps, the bonus tier and the promo code (spec 000 §9, 001 §3-§4). */
export function AmountLine({ actor }: { actor: ActorRefFrom<typeof fundingFlow> }) {
  const { t, text, lang } = useT();
  // every amount of the line in one format: the language's (10 727,00 in Russian)
  const money = (value: string) => formatDecimal(value, lang);
  const number = (value: string) => formatDecimal(value, lang, 0);
  const c = useSelector(actor, selectFunding);
  const line = useSelector(actor, selectAmountLine);
  const locked = useSelector(actor, selectAmountLocked);
  const checking = useSelector(actor, selectPromoChecking);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!c.scrollToAmount || !ref.current) return;
    ref.current.scrollIntoView?.({ block: 'center' });
    actor.send({ type: 'amount.scrolled' });
  }, [c.scrollToAmount, actor]);

  if (!line || !c.options) return null;
  const o = c.options;
  const stepIndex = Math.max(0, line.steps.findIndex((s) => s === line.amount));
  return (
    <div className="fund-amount" ref={ref}>
      {locked ? (
        <p className="fund-amount__fixed" role="note">{t('funding.amount.fixed', { amount: number(o.fixedAmount ?? '0'), currency: o.currency })}</p>
      ) : (
        <>
          <label className="field">
            <span>{t('funding.amount.label', { currency: o.currency })}</span>
            <input
              name="amount"
              inputMode="decimal"
              autoComplete="transaction-amount"
              value={c.amount}
              aria-invalid={line.problem ? true : undefined}
              aria-describedby="fund-amount-hint"
              onChange={(e) => actor.send({ type: 'amount.change', value: e.target.value })}
            />
          </label>
          <p id="fund-amount-hint" className={line.problem ? 'form-error' : 'muted fund-amount__hint'}>
            {line.problem ? text(line.problem) : t('funding.amount.min_hint', { min: number(line.min), currency: o.currency })}
          </p>
          <input
            className="fund-amount__slider"
            type="range"
            min={0}
            max={line.steps.length - 1}
            step={1}
            value={stepIndex}
            aria-label={t('funding.amount.slider')}
            aria-valuetext={`${line.steps[stepIndex]} ${o.currency}`}
            onChange={(e) => actor.send({ type: 'amount.step', value: line.steps[Number(e.target.value)] })}
          />
          <div className="fund-amount__steps" role="group" aria-label={t('funding.amount.steps')}>
            {line.steps.map((step) => (
              <button key={step} type="button" className={`fund-chip${step === line.amount ? ' fund-chip--on' : ''}`} aria-pressed={step === line.amount} onClick={() => actor.send({ type: 'amount.step', value: step })}>
                {step}
              </button>
            ))}
          </div>
        </>
      )}
      {c.fixed ? (
        <p className="muted">{t('funding.bonus.none')}</p>
      ) : (
        <div className="fund-bonus">
          <label className="fund-check">
            <input type="checkbox" checked={c.bonus} onChange={(e) => actor.send({ type: 'bonus.toggle', on: e.target.checked })} />
            <span>{t('funding.bonus.label')}</span>
          </label>
          {line.tier && (
            <p className={`fund-tier fund-tier--${line.tier.tier}${c.bonus ? "" : " fund-tier--off"}`} aria-live="polite">
              {t('funding.bonus.tier', {
                tier: t(`funding.tier.${line.tier.tier}`),
                percent: number(line.tier.percent),
                value: money(o.tiers.find((x) => x.name === line.tier!.tier)?.value ?? '0'),
                bonus: money(line.tier.value),
                currency: o.currency,
              })}
            </p>
          )}
          <p className="muted fund-small">{t('funding.bonus.max', { percent: number(o.maxBonusPercent), value: money(o.maxBonusValue), currency: o.currency })}</p>
        </div>
      )}
      <form
        className="fund-promo"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'promo.apply' });
        }}
      >
        <label className="field">
          <span>{t('funding.promo.label')}</span>
          <input name="promo" value={c.promo} maxLength={64} autoComplete="off" onChange={(e) => actor.send({ type: 'promo.change', value: e.target.value })} />
        </label>
        <button type="submit" className="button button--ghost" disabled={checking}>{t('funding.promo.apply')}</button>
        <p className={c.promoError ? 'form-error' : 'muted'} role={c.promoError ? 'alert' : undefined} aria-live="polite">
          {checking ? t('funding.promo.checking') : c.promoError ? text(c.promoError) : c.promoPercent !== '0' ? t('funding.promo.applied', { percent: number(c.promoPercent) }) : ''}
        </p>
      </form>
    </div>
  );
}
