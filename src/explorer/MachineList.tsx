import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useT } from '../i18n';
import { purposeIn, searchCatalog } from './catalog';
import { hrefs, type Mode } from './route';
import { useServices } from './services';

/** The search box and the list of every machine, each linking to its diagram. */
export function MachineList({ query, onQuery, current, mode }: { query: string; onQuery: (q: string) => void; current?: string; mode?: Mode }) {
  const { t, lang } = useT();
  const { catalog, page } = useServices();
  const coverage = useSelector(page, (s) => s.context.coverage);
  const shown = useMemo(() => searchCatalog(catalog, query), [catalog, query]);
  return (
    <div className="x-list">
      <label className="x-search">
        <span className="x-visually-hidden">{t('explorer.search_label')}</span>
        <input type="search" value={query} placeholder={t('explorer.search')} aria-label={t('explorer.search')} onChange={(e) => onQuery(e.target.value)} />
      </label>
      <p className="x-muted x-small" aria-live="polite">
        {t('explorer.count', { shown: shown.length, total: catalog.length })}
      </p>
      {shown.length === 0 && <p className="x-note">{t('explorer.no_match', { query })}</p>}
      <ul className="x-machines" data-testid="machine-list">
        {shown.map((e) => {
          const cov = coverage?.machines[e.id];
          return (
            <li key={e.id}>
              <a className="x-machine-link" href={hrefs.machine(e.id, mode === 'diagram' ? undefined : mode)} aria-current={e.id === current ? 'page' : undefined} data-machine={e.id}>
                <span className="x-machine-link__top">
                  <code>{e.id}</code>
                  {cov && <span className={cov.ok ? 'x-pill x-pill--ok' : 'x-pill x-pill--bad'}>{cov.ok ? '100%' : '<100%'}</span>}
                </span>
                <span className="x-machine-link__purpose">{purposeIn(e, lang)}</span>
                <span className="x-muted x-small">{[t('explorer.count.states', { count: e.stateCount }), t('explorer.count.transitions', { count: e.transitions }), t('explorer.count.events', { count: e.events.length })].join(' · ')}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
