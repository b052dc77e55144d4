import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { MachineCoverage } from '../../machines/explorer/explorer.types';
import { useT } from '../i18n';
import { purposeIn, type CatalogEntry } from './catalog';
import { DiagramCanvas } from './DiagramCanvas';
import type { Highlight } from './overlay';
import { uiStatus, useMoreCoverage } from './more-coverage';
import { hrefs, type Mode } from './route';
import type { PathTarget } from './path-text';

/** path mode (its panel and, on the first search, the traversal) loads only when opened */
const PathPanel = lazy(() => import('./PathPanel').then((m) => ({ default: m.PathPanel })));
/** the funnel tab loads only when opened */
const FunnelPanel = lazy(() => import('./FunnelPanel').then((m) => ({ default: m.FunnelPanel })));
/** rules mode and the diagram's rule marks: the core tables load only with a machine that reads them */
const RulesPanel = lazy(() => import('./RulesPanel').then((m) => ({ default: m.RulesPanel })));
import type { MachineRules } from './rules-view';
import { transitionText } from './transition-text';

/** The rule tables machine `id` reads (undefined while they load). */
function useMachineRules(id: string): MachineRules | undefined {
  const { catalog } = useServices();
  const [info, setInfo] = useState<{ id: string; rules: MachineRules }>();
  useEffect(() => {
    let live = true;
    void import('./rules-view').then((m) => live && setInfo({ id, rules: m.machineRules(catalog, id) }));
    return () => {
      live = false;
    };
  }, [catalog, id]);
  return info?.id === id ? info.rules : undefined;
}
const targetOf = (id: string): PathTarget => (id.includes(':') ? { kind: 'transition', id } : { kind: 'state', id });
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
export function DiagramArea({ id, highlight, onPick }: { id: string; highlight: Highlight; onPick?: (target: PathTarget) => void }) {
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
      <DiagramCanvas diagram={diagram} highlight={highlight} onPick={onPick} />
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
  const { t, lang } = useT();
  return (
    <div className="x-about">
      <h3>{t('explorer.about.purpose')}</h3>
      <p>{purposeIn(entry, lang)}</p>
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

export function Legend({ items }: { items: Array<'active' | 'taken' | 'covered' | 'ui_gap' | 'uncovered' | 'ruled' | 'funnel' | 'funnel_none'> }) {
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
  const { page, find } = useServices();
  const machine = find(id)?.machine;
  const on = t('explorer.coverage.on');
  const error = useSelector(page, (s) => s.context.coverageError);
  const more = useMoreCoverage();
  if (!coverage) return <p className="x-muted">{error ? text(error) : t('explorer.coverage.absent')}</p>;
  const pct = (c: MachineCoverage['states']) => (c.total ? Math.floor((100 * c.covered.length) / c.total) : 100);
  const ui = more?.ui?.machines[id];
  const mutation = more?.mutation?.machines[id];
  const transitions = [...coverage.transitions.covered, ...coverage.transitions.uncovered];
  const mark = { covered: '✓', uncovered: '✗', reason: '–', unmeasured: '·' } as const;
  return (
    <div className="x-coverage-panel" data-testid="coverage-panel" data-machine={id}>
      <Legend items={ui ? ['covered', 'ui_gap', 'uncovered'] : ['covered', 'uncovered']} />
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
        <dt>{t('explorer.coverage.ui_transitions')}</dt>
        <dd data-testid="ui-total">{ui ? `${ui.transitions.covered.length}/${ui.transitions.total} (${pct(ui.transitions)}%)` : t('explorer.coverage.unmeasured')}</dd>
        <dt>{t('explorer.coverage.mutation')}</dt>
        <dd data-testid="mutation-score">
          {mutation ? t('explorer.coverage.mutation_detail', { killed: mutation.killed, total: mutation.total, survived: mutation.survived }) + ` · ${mutation.score.toFixed(1)}%` : t('explorer.coverage.unmeasured')}
        </dd>
      </dl>
      <h3>{t('explorer.coverage.per_transition')}</h3>
      <ul className="x-transitions" data-testid="transition-coverage">
        {transitions.map((tr) => {
          const model = coverage.transitions.covered.includes(tr);
          const u = uiStatus(ui, tr);
          return (
            <li key={tr} data-transition={tr} data-ui={u.kind} title={tr}>
              <span className="x-transition-name">{machine ? transitionText(machine, tr, on) : tr}</span>
              <span className="x-small">
                <span className={model ? 'x-ok' : 'x-bad'}>
                  {t('explorer.coverage.model')} {model ? '✓' : '✗'}
                </span>
                {' · '}
                <span className={u.kind === 'covered' ? 'x-ok' : u.kind === 'uncovered' ? 'x-bad' : 'x-muted'}>
                  {t('explorer.coverage.ui')} {mark[u.kind]} {u.reason ?? t(`explorer.coverage.ui_${u.kind}`)}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      {mutation && mutation.survivors.length > 0 && (
        <>
          <h3>{t('explorer.coverage.survivors')}</h3>
          <ul className="x-uncovered" data-testid="survivors">
            {mutation.survivors.map((m, i) => (
              <li key={i}>
                <code>
                  {m.file}:{m.line}
                </code>{' '}
                {m.mutator} → <code>{m.replacement}</code>
                {m.reason && <span className="x-muted"> — {m.reason}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {coverage.states.uncovered.length > 0 && (
        <>
          <h3>{t('explorer.coverage.uncovered')}</h3>
          <ul className="x-uncovered">
            {coverage.states.uncovered.map((u) => (
              <li key={u}>
                <code>{u}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {coverage.states.uncovered.length === 0 && coverage.transitions.uncovered.length === 0 && <p className="x-note">{t('explorer.coverage.all')}</p>}
    </div>
  );
}

const MODES: Mode[] = ['diagram', 'step', 'path', 'coverage', 'funnel', 'rules'];
/** machines whose funnel question is the card cascade's: a link to where deposits fail */
const DEPOSIT_MACHINES = new Set(['funding', 'cardForm', 'quickTopup']);

export function MachinePage({ id, mode, target }: { id: string; mode: Mode; target?: string }) {
  const { t, lang } = useT();
  const { find, page, step } = useServices();
  const entry = find(id);
  const coverage = useSelector(page, (s) => s.context.coverage?.machines[id]);
  const stepView = useSelector(step, (s) => (s.context.machineId === id ? s.context.view : null));
  const ruleInfo = useMachineRules(id);
  const hasRules = (ruleInfo?.rules.length ?? 0) > 0;
  const more = useMoreCoverage();
  const uiCovered = more?.ui?.machines[id]?.transitions.covered;
  // the funnel tab (a lazy chunk) hands its counts up for the diagram
  const [funnelHighlight, setFunnelHighlight] = useState<Highlight['funnel']>();

  const highlight = useMemo<Highlight>(() => {
    if (mode === 'step' && stepView) return { active: stepView.active, taken: stepView.taken };
    if (mode === 'coverage' && coverage) return { coverage, ...(uiCovered ? { ui: uiCovered } : {}) };
    if (mode === 'path' && target) return targetOf(target).kind === 'state' ? { active: [target] } : { taken: [target] };
    if (mode === 'rules') return { ruled: ruleInfo?.ruled ?? [], ...(target ? { taken: [target] } : {}) };
    if (mode === 'diagram') return { ruled: ruleInfo?.ruled ?? [] };
    if (mode === 'funnel') return funnelHighlight ? { funnel: funnelHighlight } : {};
    return {};
  }, [mode, stepView, coverage, target, uiCovered, ruleInfo, funnelHighlight]);
  const onPick =
    mode === 'path'
      ? (picked: PathTarget) => (window.location.hash = hrefs.path(id, picked.id))
      : mode === 'rules'
        ? (picked: PathTarget) => {
            if (picked.kind === 'transition') window.location.hash = hrefs.rules(id, picked.id);
          }
        : undefined;

  return (
    <section className="x-machine" aria-labelledby="machine-title">
      <header className="x-machine__head">
        <div>
          <h1 id="machine-title">
            <code>{id}</code>
          </h1>
          {entry && <p className="x-muted x-purpose">{purposeIn(entry, lang)}</p>}
          {DEPOSIT_MACHINES.has(id) && (
            <p className="x-where-fail">
              <a href={hrefs.funnel('cascade')} data-testid="where-fail">
                {t('explorer.funnel.where_fail')}
              </a>
            </p>
          )}
        </div>
        <nav className="x-tabs" aria-label={t('explorer.modes')}>
          {MODES.filter((m) => m !== 'rules' || hasRules || mode === 'rules').map((m) => (
            <a key={m} href={hrefs.machine(id, m)} className="x-tab" aria-current={m === mode ? 'page' : undefined}>
              {t(`explorer.mode.${m}`)}
            </a>
          ))}
        </nav>
      </header>
      <div className="x-machine__body">
        <div className="x-machine__diagram">
          <DiagramArea id={id} highlight={highlight} onPick={onPick} />
          {mode === 'step' && <Legend items={['active', 'taken']} />}
          {(mode === 'diagram' || mode === 'rules') && hasRules && <Legend items={['ruled']} />}
          {mode === 'funnel' && <Legend items={['funnel', 'funnel_none']} />}
        </div>
        {entry && mode !== 'diagram' && (
          <aside className="x-panel" aria-label={t(`explorer.mode.${mode}`)}>
            {mode === 'step' ? <StepPanel entry={entry} /> : mode === 'rules' ? (
              <Suspense fallback={<p className="x-muted">{t('explorer.loading')}</p>}>
                {ruleInfo ? <RulesPanel entry={entry} info={ruleInfo} target={target} /> : <p className="x-muted">{t('explorer.loading')}</p>}
              </Suspense>
            ) : mode === 'funnel' ? (
              <Suspense fallback={<p className="x-muted">{t('explorer.loading')}</p>}>
                <FunnelPanel id={id} target={target} onHighlight={setFunnelHighlight} />
              </Suspense>
            ) : mode === 'path' ? (
              <Suspense fallback={<p className="x-muted">{t('explorer.loading')}</p>}>
                <PathPanel entry={entry} target={target} />
              </Suspense>
            ) : <CoveragePanel id={id} coverage={coverage} />}
          </aside>
        )}
      </div>
      {entry && mode === 'diagram' && (
        <section className="x-about--below" aria-label={t(`explorer.mode.${mode}`)}>
          <About entry={entry} />
        </section>
      )}
    </section>
  );
}
