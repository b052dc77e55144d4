import { useTraderLimits } from '../../flows/limits/limits.flow';
import { registerMessages, useT } from '../../i18n';
import { LimitRow } from './LimitRow';
import { RealityCheckSection } from './RealityCheckSection';
import { SessionLimitSection } from './SessionLimitSection';
import { messages } from './messages';
import './limits.css';

registerMessages(messages);

/** #/show/limits (issue 30 §1, §2): the limits the trader sets on themselves: deposit, stake and loss limits, the session time, and the reality check. */
export default function LimitsPage() {
  const { t, text, lang } = useT();
  const page = useTraderLimits(lang);
  return (
    <div className="limits" data-testid="limits-page">
      <h1>{t('limits.title')}</h1>
      {page.loading && <p {...page.getLoadingProps()} className="muted">{t('limits.loading')}</p>}
      {page.loadFailed && (
        <div {...page.getProblemProps()} className="form-error" data-testid="limits-load-failed">
          <p>{text(page.error)}</p>
          <button {...page.getRetryProps()} className="button button--small">
            {t('limits.retry')}
          </button>
        </div>
      )}
      {page.ready && (
        <section {...page.getSectionProps()} className="panel limits__panel" data-testid="deposit-limits">
          <h2 {...page.getSectionTitleProps()}>{t('limits.deposit.title')}</h2>
          <p className="muted">{t('limits.intro', { currency: page.currency })}</p>
          <p className="limits__rule" data-testid="limits-rule">
            {t('limits.rule', { count: page.coolingOffHours })}
          </p>
          <ul className="limits__rows">
            {page.rows.map((row) => (
              <LimitRow key={row.id} page={page} row={row} />
            ))}
          </ul>
        </section>
      )}
      {page.ready && page.stakeRows.length > 0 && (
        <section {...page.getSectionProps('stake')} className="panel limits__panel" data-testid="stake-limits">
          <h2 {...page.getSectionTitleProps('stake')}>{t('limits.stake.title')}</h2>
          <p className="muted">{t('limits.stake.intro', { currency: page.currency })}</p>
          <ul className="limits__rows">
            {page.stakeRows.map((row) => (
              <LimitRow key={row.id} page={page} row={row} />
            ))}
          </ul>
        </section>
      )}
      {page.ready && page.lossRows.length > 0 && (
        <section {...page.getSectionProps('loss')} className="panel limits__panel" data-testid="loss-limits">
          <h2 {...page.getSectionTitleProps('loss')}>{t('limits.loss.title')}</h2>
          <p className="muted">{t('limits.loss.intro', { currency: page.currency })}</p>
          <ul className="limits__rows">
            {page.lossRows.map((row) => (
              <LimitRow key={row.id} page={page} row={row} />
            ))}
          </ul>
        </section>
      )}
      <SessionLimitSection />
      <RealityCheckSection />
    </div>
  );
}
