import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { MachineCoverage } from '../../machines/explorer/explorer.types';
import { useT } from '../i18n';
import type { CatalogEntry } from './catalog';
import { DiagramCanvas } from './DiagramCanvas';
import type { Highlight } from './overlay';
import { hrefs, type Mode } from './route';
import { useServices } from './services';
import { StepPanel } from './StepPanel';

const shallowEqual = <T extends Record<string, unknown>>(a: T, b: T) => Object.keys(a).every((k) => Object.is(a[k], b[k]));

type DiagramStatus = 'none' | 'loading' | 'ready' | 'failed';
const DIAGRAM_STATES: readonly DiagramStatus[] = ['ready', 'failed', 'loading', 'none'];
/** Which diagram state the page is in, read with `matches` (no cast of the state value). */
const diagramStatus = (s: { matches: (value: { diagram: DiagramStatus }) => boolean }): DiagramStatus =>
  DIAGRAM_STATES.find((state) => s.matches({ diagram: state })) ?? 'none';

/** Opens `id` in the page actor (one diagram at a time) and returns what the diagram area shows. */
export function useDiagram(id: string | undefined) {
  const { page } = useServices();
  useEffect(() => {
    if (id && page.getSnapshot().context.machineId !== id) page.send({ type: 'machine.open', id });
  }, [id, page]);
  return useSelector(
    page,
    (s) => ({
      status: s.context.machineId !== id ? 'loading' : diagramStatus(s),
      diagram: s.context.machineId === id ? s.context.diagram : null,
      error: s.context.diagramError,
    }),
    shallowEqual,
  );
}

/** The diagram area: the canvas, or laying out, or why it failed. */
export function DiagramArea({ id, highlight }: { id: string; highlight: Highlight }) {
  const { t, text } = useT();
  const { page } = useServices();
  const { status, diagram, error } = useDiagram(id);
  if (status === 'failed') {
    return (
      <div className="x-empty" role="alert">
        <p>{text(error)}</p>
        <button type="button" className="x-btn" onClick={() => page.send({ type: 'diagram.retry' })}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!diagram) return <p className="x-empty" aria-busy="true">{t('explorer.loading')}</p>;
  return (
    <>
      <DiagramCanvas diagram={diagram} highlight={highlight} />
      <p className="x-muted x-small x-layout-info" data-testid="layout-info" data-source={diagram.source}>
        {t('explorer.layout_info', {
          layoutMs: Math.round(diagram.layoutMs),
          source: t(`explorer.source.${diagram.source}`),
          renderMs: diagram.renderMs.toFixed(1),
          width: Math.round(diagram.width),
          height: Math.round(diagram.height),
        })}
      </p>
    </>
  );
}

function About({ entry }: { entry: CatalogEntry }) {
  const { t } = useT();
  return (
    <div className="x-about">
      <h3>{t('explorer.about.purpose')}</h3>
      <p>{entry.purpose}</p>
      <h3>{t('explorer.about.events')}</h3>
      {entry.events.length ? (
        <ul className="x-chips">
          {entry.events.map((e) => (
            <li key={e}>
              <code>{e}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="x-muted">{t('explorer.about.no_events')}</p>
      )}
      <h3>{t('explorer.about.states')}</h3>
      <ul className="x-chips">
        {entry.states.map((s) => (
          <li key={s}>
            <code>{s}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Legend({ items }: { items: Array<'active' | 'taken' | 'covered' | 'uncovered'> }) {
  const { t } = useT();
  return (
    <ul className="x-legend">
      {items.map((i) => (
        <li key={i}>
          <span className={`x-swatch x-swatch--${i}`} aria-hidden="true" /> {t(`explorer.legend.${i}`)}
        </li>
      ))}
    </ul>
  );
}

function CoveragePanel({ id, coverage }: { id: string; coverage: MachineCoverage | undefined }) {
  const { t, text } = useT();
  const { page } = useServices();
  const error = useSelector(page, (s) => s.context.coverageError);
  if (!coverage) return <p className="x-muted">{error ? text(error) : t('explorer.coverage.absent')}</p>;
  const pct = (c: MachineCoverage['states']) => (c.total ? Math.floor((100 * c.covered.length) / c.total) : 100);
  const uncovered = [...coverage.states.uncovered, ...coverage.transitions.uncovered];
  return (
    <div className="x-coverage-panel" data-testid="coverage-panel" data-machine={id}>
      <Legend items={['covered', 'uncovered']} />
      <dl className="x-facts">
        <dt>{t('explorer.coverage.paths')}</dt>
        <dd>{coverage.paths}</dd>
        <dt>{t('explorer.coverage.states')}</dt>
        <dd>
          {coverage.states.covered.length}/{coverage.states.total} ({pct(coverage.states)}%)
        </dd>
        <dt>{t('explorer.coverage.transitions')}</dt>
        <dd>
          {coverage.transitions.covered.length}/{coverage.transitions.total} ({pct(coverage.transitions)}%)
        </dd>
      </dl>
      {uncovered.length ? (
        <>
          <h3>{t('explorer.coverage.uncovered')}</h3>
          <ul className="x-uncovered">
            {uncovered.map((u) => (
              <li key={u}>
                <code>{u}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="x-note">{t('explorer.coverage.all')}</p>
      )}
    </div>
  );
}

const MODES: Mode[] = ['diagram', 'step', 'coverage'];

export function MachinePage({ id, mode }: { id: string; mode: Mode }) {
  const { t } = useT();
  const { find, page, step } = useServices();
  const entry = find(id);
  const coverage = useSelector(page, (s) => s.context.coverage?.machines[id]);
  const stepView = useSelector(step, (s) => (s.context.machineId === id ? s.context.view : null));

  const highlight = useMemo<Highlight>(() => {
    if (mode === 'step' && stepView) return { active: stepView.active, taken: stepView.taken };
    if (mode === 'coverage' && coverage) return { coverage };
    return {};
  }, [mode, stepView, coverage]);

  return (
    <section className="x-machine" aria-labelledby="machine-title">
      <header className="x-machine__head">
        <div>
          <h1 id="machine-title">
            <code>{id}</code>
          </h1>
          {entry && <p className="x-muted x-purpose">{entry.purpose}</p>}
        </div>
        <nav className="x-tabs" aria-label={t('explorer.modes')}>
          {MODES.map((m) => (
            <a key={m} href={hrefs.machine(id, m)} className="x-tab" aria-current={m === mode ? 'page' : undefined}>
              {t(`explorer.mode.${m}`)}
            </a>
          ))}
        </nav>
      </header>
      <div className="x-machine__body">
        <div className="x-machine__diagram">
          <DiagramArea id={id} highlight={highlight} />
          {mode === 'step' && <Legend items={['active', 'taken']} />}
        </div>
        {entry && (
          <aside className="x-panel" aria-label={t(`explorer.mode.${mode}`)}>
            {mode === 'step' ? <StepPanel entry={entry} /> : mode === 'coverage' ? <CoveragePanel id={id} coverage={coverage} /> : <About entry={entry} />}
          </aside>
        )}
      </div>
    </section>
  );
}
