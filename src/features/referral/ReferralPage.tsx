import type { ReferralProgram } from '../../../core/contract/referral';
import { useReferralLink, useReferralPage, useReferralStats, useReferralTransfer } from '../../flows/referral/referral.flow';
import { formatAmount } from '../../flows/shared/money';
import { registerMessages, useT } from '../../i18n';
import { CopyButton } from '../crypto/CopyButton';
import { messages } from './messages';
import './referral.css';

registerMessages(messages);

type PageApi = ReturnType<typeof useReferralPage>;

function LinkForm({ linkRef }: { linkRef: NonNullable<PageApi['linkRef']> }) {
  const { t, text } = useT();
  const form = useReferralLink(linkRef);
  return (
    <form className="ref-form" {...form.getFormProps()} data-testid="referral-link-form">
      <label>
        {t('referral.link.name')}
        <input {...form.getFieldProps('name')} maxLength={100} data-testid="referral-link-name" />
      </label>
      <label>
        {t('referral.link.landing')}
        <select {...form.getFieldProps('landing')} data-testid="referral-link-landing">
          <option value="">{t('referral.link.choose')}</option>
          {form.landings.map((l) => (
            <option key={l} value={l}>
              {t(`referral.landing.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <button className="button" {...form.getSubmitProps()} data-testid="referral-link-submit">
        {t(form.saving ? 'referral.link.saving' : 'referral.link.submit')}
      </button>
      {form.error && (
        <p className="error" {...form.getErrorProps()} data-testid="referral-link-error">
          {text(form.error)}
        </p>
      )}
      {form.saved && (
        <p className="ok" {...form.getSavedProps()}>
          {t('referral.link.saved')}
        </p>
      )}
    </form>
  );
}

function Transfer({ transferRef, program }: { transferRef: NonNullable<PageApi['transferRef']>; program: ReferralProgram }) {
  const { t, text, lang } = useT();
  const form = useReferralTransfer(transferRef);
  if (!program.account) return <p className="muted">{t('referral.transfer.no_account')}</p>;
  return (
    <form className="ref-form" {...form.getFormProps()} data-testid="referral-transfer-form">
      <label>
        {t('referral.transfer.amount', { currency: program.balance.currency })}
        <input {...form.getAmountProps()} inputMode="numeric" data-testid="referral-transfer-amount" />
      </label>
      <button className="button" {...form.getSubmitProps()} data-testid="referral-transfer-submit">
        {t(form.sending ? 'referral.transfer.sending' : 'referral.transfer.submit')}
      </button>
      {form.error && (
        <p className="error" {...form.getErrorProps()} data-testid="referral-transfer-error">
          {text(form.error)}
        </p>
      )}
      {form.done && (
        <p className="ok" {...form.getDoneProps()} data-testid="referral-transfer-done">
          {t('referral.transfer.done', { amount: formatAmount(form.done.amount, form.done.balance.currency, lang) })}
        </p>
      )}
    </form>
  );
}

function Stats({ statsRef, program }: { statsRef: NonNullable<PageApi['statsRef']>; program: ReferralProgram }) {
  const { t, text, lang } = useT();
  const s = useReferralStats(statsRef);
  const nameOf = (id: string, name: string) => (id === program.refferal ? t('referral.stats.program') : name);
  return (
    <section className="ref-section" {...s.getRegionProps()} data-testid="referral-stats">
      <h2 {...s.getTitleProps()}>{t('referral.stats.title')}</h2>
      <form className="ref-filter" {...s.getFormProps()}>
        <label>
          {t('referral.stats.from')}
          <input type="date" value={s.from} onChange={(e) => s.onFrom(e.target.value)} data-testid="referral-stats-from" />
        </label>
        <label>
          {t('referral.stats.to')}
          <input type="date" value={s.to} onChange={(e) => s.onTo(e.target.value)} data-testid="referral-stats-to" />
        </label>
        <label>
          {t('referral.stats.link')}
          <select value={s.link} onChange={(e) => s.onLink(e.target.value)} data-testid="referral-stats-link">
            <option value="">{t('referral.stats.all')}</option>
            <option value={program.refferal}>{t('referral.stats.program')}</option>
            {program.links.map((l) => (
              <option key={l.id} value={l.id}>
                {l.link_name}
              </option>
            ))}
          </select>
        </label>
        <button className="button" {...s.getApplyProps()} data-testid="referral-stats-apply">
          {t('referral.stats.apply')}
        </button>
      </form>
      {s.loading && <p className="muted">{t('referral.stats.loading')}</p>}
      {s.error && (
        <p className="error" {...s.getProblemProps()}>
          {text(s.error)}
        </p>
      )}
      {s.stats && (
        <>
          <p data-testid="referral-stats-total">
            {t('referral.stats.visits', { count: s.stats.total.visits })} · {t('referral.stats.registrations', { count: s.stats.total.registrations })} ·{' '}
            {t('referral.stats.deposits', { count: s.stats.total.first_deposits })}
          </p>
          <table className="ref-table">
            <thead>
              <tr>
                <th scope="col">{t('referral.stats.col.link')}</th>
                <th scope="col">{t('referral.stats.col.visits')}</th>
                <th scope="col">{t('referral.stats.col.registrations')}</th>
                <th scope="col">{t('referral.stats.col.deposits')}</th>
                <th scope="col">{t('referral.stats.col.commission')}</th>
              </tr>
            </thead>
            <tbody>
              {s.stats.rows.map((r) => (
                <tr key={r.id} data-testid="referral-stats-row" data-link={r.id}>
                  <th scope="row">{nameOf(r.id, r.link_name)}</th>
                  <td data-testid="stat-visits">{r.visits}</td>
                  <td data-testid="stat-registrations">{r.registrations}</td>
                  <td data-testid="stat-deposits">{r.first_deposits}</td>
                  <td data-testid="stat-commission">{r.commission.map((c) => formatAmount(c.amount, c.currency, lang)).join(', ') || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className="muted">{t('referral.stats.note')}</p>
    </section>
  );
}

/**
 * #/show/referral (001 §3, §5-7): the trader's referral link, the referral balance and
 * its transfer to the trading account, affiliate links (name and landing page), the statistics
 * (visits, registrations, first deposits, commission) by dates and link, and the banners.
 */
export default function ReferralPage() {
  const { t, text, lang } = useT();
  const page = useReferralPage(lang);
  const p = page.program;
  return (
    <section className="panel ref" {...page.getRegionProps()} data-testid="referral-page">
      <h1 {...page.getTitleProps()}>{t('referral.title')}</h1>
      {page.loading && <p className="muted">{t('referral.loading')}</p>}
      {page.failed && (
        <p {...page.getProblemProps()}>
          {text(page.error)}{' '}
          <button type="button" className="button button--ghost button--small" onClick={page.retry}>
            {t('referral.retry')}
          </button>
        </p>
      )}
      {page.shown && p && (
        <>
          <p className="muted">{t('referral.intro', { percent: p.commission_percent })}</p>
          <section className="ref-section" {...page.getSectionProps('link')}>
            <h2 {...page.getSectionTitleProps('link')}>{t('referral.your_link')}</h2>
            <p className="ref-href">
              <code data-testid="referral-program-href">{p.link_href}</code> <CopyButton text={p.link_href} label={t('referral.copy')} done="referral.copied" />
            </p>
          </section>
          <section className="ref-section" {...page.getSectionProps('balance')}>
            <h2 {...page.getSectionTitleProps('balance')}>{t('referral.balance')}</h2>
            <p className="ref-balance" data-testid="referral-balance">
              {formatAmount(p.balance.amount, p.balance.currency, lang)}
            </p>
            {p.balances.length > 1 && (
              <p className="muted">
                {t('referral.balance_more', {
                  amounts: p.balances
                    .filter((b) => b.currency !== p.balance.currency)
                    .map((b) => formatAmount(b.amount, b.currency, lang))
                    .join(', '),
                })}
              </p>
            )}
            <h3>{t('referral.transfer.title')}</h3>
            {page.transferRef && <Transfer transferRef={page.transferRef} program={p} />}
          </section>
          <section className="ref-section" {...page.getSectionProps('links')}>
            <h2 {...page.getSectionTitleProps('links')}>
              {t('referral.links.title')} <span className="muted">({t('referral.links.count', { count: p.links.length })})</span>
            </h2>
            {page.linkRef && <LinkForm linkRef={page.linkRef} />}
            {p.links.length === 0 ? (
              <p className="muted">{t('referral.links.empty')}</p>
            ) : (
              <ul className="ref-links">
                {p.links.map((l) => (
                  <li key={l.id} data-testid="referral-link" data-link={l.id}>
                    <strong>{l.link_name}</strong> <span className="muted">{t(`referral.landing.${l.landing}`)}</span>
                    <br />
                    <code data-testid="referral-link-href">{l.link_href}</code> <CopyButton text={l.link_href} label={t('referral.copy')} done="referral.copied" />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {page.statsRef && <Stats statsRef={page.statsRef} program={p} />}
          <section className="ref-section" {...page.getSectionProps('materials')}>
            <h2 {...page.getSectionTitleProps('materials')}>{t('referral.materials.title')}</h2>
            <p className="muted">{t('referral.materials.intro')}</p>
            <ul className="ref-materials">
              {p.materials.map((m) => (
                <li key={m.id}>
                  <a href={m.extend} download data-testid="referral-material">
                    {t('referral.materials.download', { size: m.size })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
