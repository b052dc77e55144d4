import { useEffect, useRef } from 'react';
import type { AmountLineView } from '../../flows/funding/funding.connect';
import { useT } from '../../i18n';
import { formatAmount } from '../../flows/shared/money';
import { formatDecimal } from '../../i18n/number';

/** The deposit amount: typed or picked on the slider steps, the bonus tier and the promo code (spec 000 §9, 001 §3-§4). */
export function AmountLine({ line }: { line: AmountLineView }) {
  const { t, text, lang } = useT();
  // every amount of the line written one way, with its currency (core/format: en "$10,727.00", ru "10 727,00 $")
  const money = (value: string) => formatAmount(value, line.currency, lang);
  const number = (value: string) => formatDecimal(value, lang, 0);
  const ref = useRef<HTMLDivElement>(null);
  const { scrollIntoView, onScrolled } = line;

  useEffect(() => {
    if (!scrollIntoView || !ref.current) return;
    ref.current.scrollIntoView?.({ block: 'center' });
    onScrolled();
  }, [scrollIntoView, onScrolled]);

  return (
    <div className="fund-amount" ref={ref}>
      {line.isLocked ? (
        <p className="fund-amount__fixed" role="note">{t('funding.amount.fixed', { amount: money(line.fixedAmount) })}</p>
      ) : (
        <>
          <label className="field">
            <span>{t('funding.amount.label', { currency: line.currency })}</span>
            <input inputMode="decimal" autoComplete="transaction-amount" {...line.getFieldProps('amount')} />
          </label>
          <p {...line.getHintProps()} className={line.problem ? 'form-error' : 'muted fund-amount__hint'}>
            {line.problem ? text(line.problem) : t('funding.amount.min_hint', { min: money(line.min) })}
          </p>
          <input
            className="fund-amount__slider"
            type="range"
            min={0}
            max={line.steps.length - 1}
            step={1}
            value={line.stepIndex}
            aria-label={t('funding.amount.slider')}
            aria-valuetext={money(line.steps[line.stepIndex]?.value ?? '0')}
            onChange={(e) => line.onSlide(Number(e.target.value))}
          />
          <div className="fund-amount__steps" role="group" aria-label={t('funding.amount.steps')}>
            {line.steps.map((step) => (
              <button key={step.value} className={`fund-chip${step.selected ? ' fund-chip--on' : ''}`} {...line.getStepProps(step)}>
                {step.value}
              </button>
            ))}
          </div>
        </>
      )}
      {!line.hasBonus ? (
        <p className="muted">{t(line.noBonus)}</p>
      ) : (
        <div className="fund-bonus">
          <label className="fund-check">
            <input type="checkbox" checked={line.bonusOn} onChange={(e) => line.onBonus(e.target.checked)} />
            <span>{t('funding.bonus.label')}</span>
          </label>
          {line.tier && (
            <p className={`fund-tier fund-tier--${line.tier.name}${line.bonusOn ? '' : ' fund-tier--off'}`} {...line.getTierProps()}>
              {t(line.promoValue ? 'funding.bonus.tier_promo' : 'funding.bonus.tier', {
                tier: t(`funding.tier.${line.tier.name}`),
                percent: number(line.tier.percent),
                value: money(line.tier.tierValue),
                promo: money(line.promoValue || '0'),
                bonus: money(line.tier.bonus),
              })}
            </p>
          )}
          {line.terms && (
            <p className={`muted fund-small fund-terms${line.bonusOn ? '' : ' fund-tier--off'}`} data-testid="bonus-terms">
              {t('funding.bonus.terms', { turnover: money(line.terms.turnover), multiplier: number(line.terms.multiplier) })}
            </p>
          )}
          {line.promotion && (
            <p className="muted fund-small" data-testid="bonus-promotion">
              {t('funding.promotion.line', { percent: number(line.promotion.percent), max: money(line.promotion.max) })}
            </p>
          )}
          <p className="muted fund-small">
            <a href="#/show/promotions" data-testid="promotions-link">
              {t('funding.promotion.link')}
            </a>
          </p>
          <p className="muted fund-small" data-testid="bonus-cap">
            {t('funding.bonus.max', { percent: number(line.maxBonusPercent), value: money(line.maxBonusValue) })}
            {line.capExample &&
              ` ${t(line.capExample.capped ? 'funding.bonus.max_capped' : 'funding.bonus.max_example', {
                amount: money(line.capExample.amount),
                counted: money(line.capExample.counted),
                bonus: money(line.capExample.bonus),
              })}`}
          </p>
        </div>
      )}
      {line.promoOffered && (
        <form className="fund-promo" {...line.getPromoFormProps()}>
          <label className="field">
            <span>{t('funding.promo.label')}</span>
            <input maxLength={64} autoComplete="off" {...line.getPromoFieldProps()} />
          </label>
          <button className="button button--ghost" {...line.getPromoSubmitProps()}>{t('funding.promo.apply')}</button>
          <p className={line.promoError ? 'form-error' : 'muted'} {...line.getPromoMessageProps()}>
            {line.isPromoChecking ? t('funding.promo.checking') : line.promoError ? text(line.promoError) : line.promoPercent ? t('funding.promo.applied', { percent: number(line.promoPercent) }) : line.promoValue ? t('funding.promo.applied_value', { value: money(line.promoValue) }) : ''}
          </p>
        </form>
      )}
    </div>
  );
}
