import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { CascadeFunnel, MachineFunnel } from '../../core/contract/funnel';
import { FUNNEL_COHORTS, FUNNEL_DEVICES, FUNNEL_LANGS } from '../../core/funnel';
import type { FunnelFilter } from '../../machines/explorer/funnel.types';
import { useT } from '../i18n';
import { dwellText, formatCount, formatShare } from './funnel-format';
import { funnelByState, targetOfFilter } from './funnel-view';
import { hrefs } from './route';
import { transitionWords } from './transition-text';
import type { Highlight } from './overlay';
import { useFunnel } from './use-funnel';
import { useServices } from './services';

type Status = 'idle' | 'loading' | 'ready' | 'failed' | 'invalid';
const STATUSES: readonly Status[] = ['loading', 'ready', 'failed', 'invalid', 'idle'];

/**
 * The funnel tab (issue 34 §4): the range and segment (kept in the address, so the view is its
 * link), then what the server counted: the transitions per day, each state's exits with the share
 * of each way out and its median time, and for the card cascade where deposits fail, per
 * processor and reason. The diagram beside it paints the same counts (MachinePage).
 */
export function FunnelPanel({ id, target, onHighlight }: { id: string; target: string | undefined; onHighlight: (h: Highlight['funnel']) => void }) {
  const { t, text, lang } = useT();
  const highlight = useFunnel(id, target, true);
  useEffect(() => {
    onHighlight(highlight);
    return () => onHighlight(undefined);
  }, [highlight, onHighlight]);
  const { funnel, find } = useServices();
  const view = useSelector(funnel, (s) => ({ status: STATUSES.find((x) => s.matches(x)) ?? 'idle', ctx: s.context }), (a, b) => a.status === b.status && a.ctx === b.ctx);
  const { status, ctx } = view;
  const filter = ctx.filter;
  const data = ctx.machineId === id ? ctx.data : null;
  const change = (patch: Partial<FunnelFilter>) => {
    window.location.hash = hrefs.funnel(id, targetOfFilter({ ...filter, ...patch }));
  };
  const rangeError = ctx.rangeError;
  /** a transition as the diagram writes it (`done: startProcessor [else]`) */
  const words = (transitionId: string): string => {
    const machine = find(id)?.machine;
    const w = machine ? transitionWords(machine, transitionId) : null;
    return w ? `${w.event}${w.guard ? ` [${w.guard}]` : ''}` : (transitionId.split(':')[1] ?? transitionId);
  };
  const errorId = 'funnel-range-error';
  const countries = [...new Set([...(data?.machine.countries ?? []), ...(filter.country ? [filter.country] : [])])].sort();
  const select = (name: 'lang' | 'device' | 'cohort', values: readonly string[]) => (
    <label className="x-field">
      <span>{t(`explorer.funnel.${name}`)}</span>
      <select value={filter[name]} onChange={(e) => change({ [name]: e.target.value } as Partial<FunnelFilter>)} data-testid={`funnel-${name}`}>
        <option value="">{t('explorer.funnel.any')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`explorer.funnel.${name}.${v}`)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="x-funnel" data-testid="funnel-panel" data-status={status}>
      <form className="x-funnel__filter" aria-labelledby="funnel-filter-title" onSubmit={(e) => e.preventDefault()}>
        <h3 id="funnel-filter-title">{t('explorer.funnel.filter')}</h3>
        <div className="x-funnel__fields">
          {(['from', 'to'] as const).map((name) => (
            <label key={name} className="x-field">
              <span>{t(`explorer.funnel.${name}`)}</span>
              <input
                type="date"
                value={filter[name]}
                onChange={(e) => change({ [name]: e.target.value })}
                aria-invalid={rangeError?.field === name || undefined}
                aria-describedby={rangeError?.field === name ? errorId : undefined}
                data-testid={`funnel-${name}`}
              />
            </label>
          ))}
          <label className="x-field">
            <span>{t('explorer.funnel.country')}</span>
            <select value={filter.country} onChange={(e) => change({ country: e.target.value })} data-testid="funnel-country">
              <option value="">{t('explorer.funnel.any')}</option>
              {countries.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          {select('lang', FUNNEL_LANGS)}
          {select('device', FUNNEL_DEVICES)}
          {select('cohort', FUNNEL_COHORTS)}
        </div>
        {rangeError && (
          <p className="x-alert" role="alert" id={errorId}>
            {text(rangeError.message)}
          </p>
        )}
        <p className="x-muted x-small">{t('explorer.funnel.address')}</p>
      </form>
      {status === 'failed' && (
        <div className="x-alert" role="alert">
          <p>{text(ctx.error)}</p>
          <button type="button" className="x-btn" onClick={() => funnel.send({ type: 'funnel.retry' })}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {status === 'loading' && (
        <p className="x-muted" aria-busy="true" role="status">
          {t('explorer.funnel.loading')}
        </p>
      )}
      {data?.cascade && <CascadeTable cascade={data.cascade} />}
      {data && <MachineCounts funnel={data.machine} words={words} />}
      <span className="x-visually-hidden" aria-live="polite">
        {status === 'ready' && data ? t('explorer.funnel.total', { count: formatCount(data.machine.total, lang) }) : ''}
      </span>
    </div>
  );
}

function MachineCounts({ funnel, words }: { funnel: MachineFunnel; words: (transitionId: string) => string }) {
  const { t, lang } = useT();
  // a state's id without its machine's (`cascade.deciding` → `deciding`)
  const short = (stateId: string) => (stateId.startsWith(`${funnel.machine}.`) ? stateId.slice(funnel.machine.length + 1) : stateId);
  if (funnel.total === 0) return <p className="x-muted" data-testid="funnel-empty">{t('explorer.funnel.empty')}</p>;
  const max = Math.max(1, ...funnel.series.map((s) => s.count));
  const hourly = funnel.from === funnel.to;
  const when = (at: string) => (hourly ? at.slice(11, 16) : at.slice(5, 10));
  return (
    <section aria-labelledby="funnel-total" data-testid="funnel-counts">
      <h3 id="funnel-total" data-testid="funnel-total" data-total={funnel.total}>
        {t('explorer.funnel.total', { count: formatCount(funnel.total, lang) })}
      </h3>
      <p className="x-muted x-small">{t(hourly ? 'explorer.funnel.per_hour' : 'explorer.funnel.per_day')}</p>
      <ol className="x-funnel__series" data-testid="funnel-series">
        {funnel.series.map((s) => (
          <li key={s.at} title={t('explorer.funnel.bar', { at: when(s.at), count: formatCount(s.count, lang) })}>
            <span className="x-funnel__bar" style={{ blockSize: `${Math.round((100 * s.count) / max)}%` }} />
            <span className="x-visually-hidden">{t('explorer.funnel.bar', { at: when(s.at), count: formatCount(s.count, lang) })}</span>
          </li>
        ))}
      </ol>
      <h3 id="funnel-states-title">{t('explorer.funnel.by_state')}</h3>
      <ol className="x-funnel__states" aria-labelledby="funnel-states-title" data-testid="funnel-states">
        {funnelByState(funnel).map((row) => (
          <li key={row.id} data-state={row.id} data-exits={row.exits}>
            <p className="x-funnel__state">
              <code>{short(row.id)}</code>
              <span className="x-muted x-small">
                {t('explorer.funnel.col.left')} {formatCount(row.exits, lang)} · {t('explorer.funnel.col.median')} {dwellText(row.median, lang, t)}
              </span>
            </p>
            <ul className="x-funnel__ways">
              {row.out.map((o) => (
                <li key={o.id} data-transition={o.id} data-to={o.to} data-count={o.count}>
                  <span className="x-funnel__way">
                    <code>{words(o.id)}</code> → <code>{o.to ? short(o.to) : '·'}</code>
                  </span>
                  <span className="x-funnel__share" aria-hidden="true">
                    <span style={{ inlineSize: `${Math.round(100 * o.share)}%` }} />
                  </span>
                  <span className="x-funnel__n">
                    {formatCount(o.count, lang)} · {formatShare(o.share, lang)}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

function CascadeTable({ cascade }: { cascade: CascadeFunnel }) {
  const { t, lang } = useT();
  // voided and open attempts are rare: their columns only when some processor has one
  const columns = (['processor', 'attempts', 'approved', 'declined', 'voided', 'open'] as const).filter((c) => (c !== 'voided' && c !== 'open') || cascade.processors.some((p) => p[c] > 0));
  const reasons = cascade.processors.flatMap((p) => p.reasons.map((r) => ({ processor: p.processor, ...r }))).sort((a, b) => b.count - a.count || (a.processor < b.processor ? -1 : 1));
  return (
    <section aria-labelledby="funnel-cascade-title" data-testid="funnel-cascade">
      <h3 id="funnel-cascade-title">{t('explorer.funnel.cascade.title')}</h3>
      {cascade.ignored.length > 0 && <p className="x-note">{t('explorer.funnel.cascade.ignored')}</p>}
      {cascade.payments.length === 0 ? (
        <p className="x-muted">{t('explorer.funnel.cascade.none')}</p>
      ) : (
        <>
          <h4>{t('explorer.funnel.cascade.payments')}</h4>
          <dl className="x-facts" data-testid="funnel-payments">
            {cascade.payments.map((p) => (
              <div key={p.status} className="x-funnel__fact" data-status={p.status} data-count={p.count}>
                <dt>{t(`explorer.funnel.cascade.status.${p.status}`)}</dt>
                <dd>{formatCount(p.count, lang)}</dd>
              </div>
            ))}
          </dl>
          <div className="x-table-wrap" tabIndex={0} role="region" aria-labelledby="funnel-cascade-title">
            <table className="x-table x-funnel__table" data-testid="funnel-processors">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col">
                      {t(`explorer.funnel.cascade.col.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {cascade.processors.map((p) => (
                  <tr key={p.processor} data-processor={p.processor} data-approved={p.approved} data-declined={p.declined}>
                    <th scope="row">{p.processor}</th>
                    {columns.slice(1).map((c) => (
                      <td key={c}>{formatCount(p[c as Exclude<typeof c, 'processor'>], lang)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {reasons.length > 0 && (
            <>
              <h4 id="funnel-reasons-title">{t('explorer.funnel.cascade.col.reasons')}</h4>
              <div className="x-table-wrap" tabIndex={0} role="region" aria-labelledby="funnel-reasons-title">
                <table className="x-table x-funnel__table" data-testid="funnel-reasons">
                  <thead>
                    <tr>
                      <th scope="col">{t('explorer.funnel.cascade.col.processor')}</th>
                      <th scope="col">{t('explorer.funnel.cascade.col.code')}</th>
                      <th scope="col">{t('explorer.funnel.cascade.col.declined')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {reasons.map((r) => (
                      <tr key={`${r.processor} ${r.code}`} data-processor={r.processor} data-code={r.code} data-count={r.count}>
                        <th scope="row">{r.processor}</th>
                        <td>
                          <code>{r.code || '—'}</code> {r.message}
                        </td>
                        <td>{formatCount(r.count, lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </section>
  );
}
