import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { EnabledEvent, EnabledKind } from '../../machines/explorer/step.types';
import { formatValue } from '../../machine-kit/serialize';
import { useT } from '../i18n';
import type { CatalogEntry } from './catalog';
import { buttonNames } from './event-names';
import { useServices } from './services';
import { StartForm } from './StartForm';

const KINDS: EnabledKind[] = ['event', 'done', 'error', 'after', 'emitted'];

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 1)} s`;

/** Step mode beside the diagram: the state, the enabled events to click, the context, the history. */
export function StepPanel({ entry }: { entry: CatalogEntry }) {
  const { t, text } = useT();
  const { step } = useServices();
  const state = useSelector(step, (s) => s);
  const ctx = state.context;
  const mine = ctx.machineId === entry.id;
  const [force, setForce] = useState(false);

  useEffect(() => {
    if (step.getSnapshot().context.machineId !== entry.id) step.send({ type: 'step.start', machineId: entry.id, inputIndex: 0 });
  }, [entry.id, step]);

  if (!mine) return <p className="x-muted">{t('explorer.step.starting')}</p>;
  const view = ctx.view;
  const finished = state.matches({ running: 'finished' });
  const busy = state.matches({ running: 'busy' }) || state.matches({ running: 'starting' });
  const send = (e: EnabledEvent) => step.send({ type: 'step.send', event: e.event, label: e.label });
  const forced = (e: EnabledEvent) => step.send({ type: 'step.send', event: e.event, label: e.label, force: true });
  const forcible = view?.forcible ?? [];
  const names = view ? buttonNames(view.enabled) : [];

  return (
    <div className="x-step" data-testid="step-panel">
      <p className="x-muted x-small">{t('explorer.step.intro')}</p>
      <div className="x-step__controls">
        <button type="button" className="x-btn" onClick={() => step.send({ type: 'step.back' })} disabled={ctx.history.length === 0}>
          ← {t('explorer.step.back')}
        </button>
        <button type="button" className="x-btn" onClick={() => step.send({ type: 'step.reset' })}>
          ↺ {t('explorer.step.reset')}
        </button>
      </div>

      <StartForm key={`${entry.id}:${ctx.inputIndex}`} entry={entry} inputIndex={ctx.inputIndex} onStart={(inputIndex) => step.send({ type: 'step.start', machineId: entry.id, inputIndex })} />

      {ctx.error && (
        <p className="x-alert" role="alert">
          {text(ctx.error)}
        </p>
      )}

      {view && (
        <>
          <dl className="x-facts">
            <dt>{t('explorer.step.state')}</dt>
            <dd>
              <code data-testid="step-state">{formatValue(view.value as never)}</code>
            </dd>
            <dt>{t('explorer.step.status')}</dt>
            <dd data-testid="step-status" data-status={view.status}>
              {t(`explorer.step.status.${view.status}`)}
            </dd>
            <dt>{t('explorer.step.clock')}</dt>
            <dd data-testid="step-clock">{seconds(view.now)}</dd>
          </dl>

          {finished && <p className="x-note">{t('explorer.step.finished')}</p>}
          {!finished && view.enabled.length === 0 && <p className="x-note">{t('explorer.step.nothing')}</p>}
          {KINDS.map((kind) => {
            const events = view.enabled.map((e, i) => ({ ...e, name: names[i] })).filter((e) => e.kind === kind);
            if (!events.length) return null;
            return (
              <section key={kind} className="x-events" aria-label={t(`explorer.step.kind.${kind}`)}>
                <h3>{t(`explorer.step.kind.${kind}`)}</h3>
                <ul>
                  {events.map((e) => (
                    <li key={e.label}>
                      <button type="button" className={`x-event x-event--${kind}`} data-kind={kind} title={e.label} aria-label={e.label} disabled={busy} onClick={() => send(e)}>
                        <span className="x-event__stem">{e.name.split(' · ')[0]}</span>
                        {e.name.includes(' · ') && <span className="x-event__diff">{e.name.slice(e.name.indexOf(' · ') + 3)}</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}

          {forcible.length > 0 && (
            <section className="x-events x-force" aria-label={t('explorer.step.force.title')} data-testid="step-force">
              <label className="x-small">
                <input type="checkbox" checked={force} onChange={(ev) => setForce(ev.target.checked)} /> ⚠ {t('explorer.step.force.toggle', { count: forcible.length })}
              </label>
              {force && (
                <>
                  <p className="x-muted x-small">{t('explorer.step.force.note')}</p>
                  <ul>
                    {forcible.map((e) => (
                      <li key={e.label}>
                        <button
                          type="button"
                          className={`x-event x-event--${e.kind}`}
                          style={{ borderStyle: 'dashed' }}
                          data-kind={e.kind}
                          data-forced="true"
                          title={e.infeasible}
                          aria-label={`${t('explorer.step.force.send')}: ${e.label}`}
                          disabled={busy}
                          onClick={() => forced(e)}
                        >
                          <span className="x-event__stem">
                            ⚠ {t('explorer.step.force.send')}: {e.label}
                          </span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          )}

          <section className="x-section">
            <h3>{t('explorer.step.context')}</h3>
            <pre className="x-json" data-testid="step-context">
              {JSON.stringify(view.context, null, 2)}
            </pre>
          </section>
        </>
      )}

      <section className="x-section">
        <h3>{t('explorer.step.history')}</h3>
        {ctx.history.length ? (
          <ol className="x-history" data-testid="step-history">
            {ctx.history.map((h, i) => (
              <li key={i} data-forced={h.forced ? 'true' : undefined}>
                {h.forced && <strong>⚠ {t('explorer.step.forced')} </strong>}
                <code>{h.label}</code>
              </li>
            ))}
          </ol>
        ) : (
          <p className="x-muted">{t('explorer.step.history_empty')}</p>
        )}
      </section>
    </div>
  );
}
