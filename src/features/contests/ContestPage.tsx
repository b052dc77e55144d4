import type { PageProps } from '../../app/page';
import { useContestPage } from '../../flows/contests/contest-page.flow';
import type { ContestCard } from '../../flows/contests/contest-page.connect';
import { formatDateTime } from '../../flows/shared/dates';
import { formatAmount } from '../../flows/shared/money';
import { openLadder } from '../../flows/ladder/ladder-open';
import { registerMessages, useT } from '../../i18n';
import { useTabs } from '../../ui/useTabs';
import { messages } from './messages';
import { prizeWords } from './prize';
import './contests.css';

registerMessages(messages);

/**
 * #/show/contest[/last] (spec 002 §2-3, §8-9): the open contests (tab first) and the
 * last closed ones (tab last), the rule in plain words, a filter box over the rows (weekly 20,
 * weekend 10), the reward by rank, the trader's own row marked.
 */
export default function ContestPage({ add }: PageProps) {
  const { t, text } = useT();
  const page = useContestPage(add === 'last' ? 'last' : 'first');
  // the WAI-ARIA tabs pattern: one Tab stop for the row, arrows, Home and End (src/ui/useTabs.ts)
  const tabs = useTabs({ ids: page.tabIds, selected: page.tab, onSelect: page.selectTab, label: t('contest.tabs'), prefix: 'contest' });
  return (
    <div className="ct" data-testid="contest-page">
      <header className="ct__header">
        <h1>{t('contest.title')}</h1>
        <button type="button" className="button button--ghost" onClick={page.refresh} disabled={page.loading} data-testid="contest-refresh">
          {t('contest.refresh')}
        </button>
        <button type="button" className="button button--ghost" onClick={openLadder} data-testid="contest-my-place">
          {t('nav.ladder')}
        </button>
      </header>
      <p className="ct__rule" data-testid="contest-rule">
        {t('contest.rule')} {t('contest.privacy')}
      </p>
      <div className="ct__tabs" {...tabs.getListProps()}>
        <button className={page.tab === 'first' ? 'ct__tab ct__tab--on' : 'ct__tab'} {...tabs.getTabProps('first')} data-testid="contest-tab-first">
          {t('contest.tab.first')}
        </button>
        <button className={page.tab === 'last' ? 'ct__tab ct__tab--on' : 'ct__tab'} {...tabs.getTabProps('last')} data-testid="contest-tab-last">
          {t('contest.tab.last')}
        </button>
      </div>
      <div className="ct__panel" {...tabs.getPanelProps()}>
        <label className="ct__filter">
          {t('contest.filter')}
          <input type="search" value={page.filter} maxLength={40} onChange={(e) => page.setFilter(e.target.value)} data-testid="contest-filter" />
        </label>
        {page.loading && (
          <p className="muted" {...page.getLoadingProps()}>
            {t('contest.loading')}
          </p>
        )}
        {page.failed && (
          <div className="form-error" {...page.getProblemProps()} data-testid="contest-failed">
            <p>{page.error ? text(page.error) : t('contest.error')}</p>
            <button type="button" className="button" onClick={page.retry}>
              {t('contest.retry')}
            </button>
          </div>
        )}
        {!page.loading && !page.failed && page.contests.length === 0 && <p className="muted">{t(page.tab === 'last' ? 'contest.none.last' : 'contest.none.first')}</p>}
        {page.contests.map((c) => (
          <ContestTable key={c.id} contest={c} />
        ))}
      </div>
    </div>
  );
}

function ContestTable({ contest: c }: { contest: ContestCard }) {
  const { t, lang } = useT();
  const state = c.status === 'closed' ? t('contest.closed') : c.upcoming ? t('contest.upcoming', { start: formatDateTime(c.start) }) : t('contest.open', { end: formatDateTime(c.end) });
  return (
    <section className="ct-card" data-testid={`contest-${c.type}`} data-contest={c.id}>
      <h2>{t(`contest.type.${c.type}`)}</h2>
      <p className="muted">
        {t('contest.window', { start: formatDateTime(c.start), end: formatDateTime(c.end) })} · {state} · {t('contest.participants', { count: c.participants })}
      </p>
      <div className="ct-card__prizes">
        <strong>{t('contest.prizes')}</strong>
        <ul>
          {c.prizes.map((p) => (
            <li key={p.rank} data-prize={p.prize.kind}>
              {t('contest.prize_rank', { rank: p.rank, prize: prizeWords(p.prize, c.currency, t, lang) })}
            </li>
          ))}
        </ul>
      </div>
      {c.total === 0 ? (
        <p className="muted">{t('contest.empty')}</p>
      ) : (
        <>
          <p className="muted" data-testid="contest-count">
            {t('contest.showing', { count: c.rows.length, limit: c.limit })}
          </p>
          {c.rows.length === 0 ? (
            <p className="muted">{t('contest.no_match')}</p>
          ) : (
            <table className="ct-table">
              <thead>
                <tr>
                  <th>{t('contest.col.rank')}</th>
                  <th>{t('contest.col.trader')}</th>
                  <th>{t('contest.col.country')}</th>
                  <th>{t('contest.col.profit')}</th>
                  <th>{t('contest.col.trades')}</th>
                  <th>{t('contest.col.reward')}</th>
                </tr>
              </thead>
              <tbody>
                {c.rows.map((r) => (
                  <Row key={r.rank} row={r} currency={c.currency} />
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {c.own && (
        <table className="ct-table ct-table--own" aria-label={t('contest.your_place')}>
          <tbody>
            <Row row={c.own} currency={c.currency} />
          </tbody>
        </table>
      )}
    </section>
  );
}

function Row({ row: r, currency }: { row: ContestCard['rows'][number]; currency: string }) {
  const { t, lang } = useT();
  return (
    <tr className={r.you ? 'ct-row ct-row--you' : 'ct-row'} data-testid={r.you ? 'contest-own-row' : undefined} data-rank={r.rank}>
      {/* data-label: the column's name beside each value where a phone stacks the row (contests.css) */}
      <td data-label={t('contest.col.rank')}>{r.rank}</td>
      <td data-label={t('contest.col.trader')}>
        <span>
          {r.initials}
          {r.you && <span className="ct-you"> ({t('contest.you')})</span>}
        </span>
      </td>
      <td data-label={t('contest.col.country')}>{r.country}</td>
      <td data-label={t('contest.col.profit')}>{formatAmount(r.profit, currency, lang)}</td>
      <td data-label={t('contest.col.trades')}>{r.trades}</td>
      <td data-label={t('contest.col.reward')}>{r.prize ? prizeWords(r.prize, currency, t, lang) : t('contest.reward.none')}</td>
    </tr>
  );
}
