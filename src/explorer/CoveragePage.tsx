import { useSelector } from '@xstate/react';
import type { CoverageCount } from '../../machines/explorer/explorer.types';
import { useT } from '../i18n';
import { useMoreCoverage } from './more-coverage';
import { hrefs } from './route';
import { useServices } from './services';

const pct = (c: CoverageCount) => (c.total ? Math.floor((100 * c.covered.length) / c.total) : 100);

function Count({ c }: { c: CoverageCount }) {
  const p = pct(c);
  return (
    <span className={p === 100 ? 'x-ok' : 'x-bad'}>
      {c.covered.length}/{c.total} <span className="x-muted">({p}%)</span>
    </span>
  );
}

/** The per-machine table of docs/coverage/machines.json; each row links to its diagram with the overlay. */
export function CoverageTable() {
  const { t, text, lang } = useT();
  const { page, catalog } = useServices();
  const report = useSelector(page, (s) => s.context.coverage);
  const error = useSelector(page, (s) => s.context.coverageError);
  const more = useMoreCoverage();
  if (!report) {
    return error ? (
      <div className="x-alert" role="alert">
        {text(error)}{' '}
        <button type="button" className="x-btn" onClick={() => page.send({ type: 'coverage.retry' })}>
          {t('common.retry')}
        </button>
      </div>
    ) : (
      <p className="x-muted">{t('common.loading')}</p>
    );
  }
  const ids = [...catalog.map((e) => e.id), ...Object.keys(report.machines).filter((id) => !catalog.some((e) => e.id === id))];
  const date = new Date(report.generatedAt);
  return (
    <>
      <p className="x-muted x-small">{t('explorer.coverage.generated', { date: Number.isNaN(date.getTime()) ? report.generatedAt : date.toLocaleString(lang) })}</p>
      <div className="x-table-wrap">
        <table className="x-table" data-testid="coverage-table">
          <thead>
            <tr>
              <th scope="col">{t('explorer.coverage.machine')}</th>
              <th scope="col">{t('explorer.coverage.paths')}</th>
              <th scope="col">{t('explorer.coverage.states')}</th>
              <th scope="col">{t('explorer.coverage.transitions')}</th>
              <th scope="col">{t('explorer.coverage.ui_transitions')}</th>
              <th scope="col">{t('explorer.coverage.mutation')}</th>
              <th scope="col">{t('explorer.coverage.result')}</th>
            </tr>
          </thead>
          <tbody>
            {ids.map((id) => {
              const m = report.machines[id];
              const ui = more?.ui?.machines[id];
              const mutation = more?.mutation?.machines[id];
              return (
                <tr key={id} data-machine={id}>
                  <th scope="row">
                    <a href={hrefs.machine(id, 'coverage')}>
                      <code>{id}</code>
                    </a>
                  </th>
                  <td>{m ? m.paths : '–'}</td>
                  <td>{m ? <Count c={m.states} /> : '–'}</td>
                  <td>{m ? <Count c={m.transitions} /> : '–'}</td>
                  <td data-testid="ui-cell">
                    {ui ? (
                      <>
                        <Count c={ui.transitions} />
                        {ui.reasons && Object.keys(ui.reasons).length > 0 && <span className="x-muted x-small"> {t('explorer.coverage.reasons', { count: Object.keys(ui.reasons).length })}</span>}
                      </>
                    ) : (
                      <span className="x-muted">{t('explorer.coverage.unmeasured')}</span>
                    )}
                  </td>
                  <td data-testid="mutation-cell">
                    {mutation ? (
                      <span className={mutation.score >= 80 ? 'x-ok' : 'x-bad'} title={t('explorer.coverage.mutation_detail', { killed: mutation.killed, total: mutation.total, survived: mutation.survived })}>
                        {mutation.score.toFixed(1)}%
                      </span>
                    ) : (
                      <span className="x-muted">{t('explorer.coverage.unmeasured')}</span>
                    )}
                  </td>
                  <td>
                    {!m ? (
                      <span className="x-muted">{t('explorer.coverage.absent')}</span>
                    ) : m.ok ? (
                      <span className="x-ok">{t('explorer.coverage.ok')}</span>
                    ) : (
                      <span className="x-bad">{t('explorer.coverage.below')}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function CoveragePage() {
  const { t } = useT();
  return (
    <section className="x-page" aria-labelledby="coverage-title">
      <h1 id="coverage-title">{t('explorer.coverage.title')}</h1>
      <p>
        <a href={hrefs.spec} data-testid="spec-link">
          {t('explorer.spec.link')}
        </a>
      </p>
      <CoverageTable />
    </section>
  );
}
