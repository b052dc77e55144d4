import { useEffect, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { stepMachine } from '../../machines/explorer/step.machine';
import type { JsonEvent } from '../../machines/explorer/step.types';
import { inventory } from '../../machine-kit/inventory';
import { formatValue } from '../../machine-kit/serialize';
import { useT } from '../i18n';
import type { CatalogEntry } from './catalog';
import { hrefs } from './route';
import { useServices } from './services';
import { targetText, testFileName, uiPathTest, type FoundPath, type PathTarget } from './path-text';

export const targetOf = (id: string): PathTarget => (id.includes(':') ? { kind: 'transition', id } : { kind: 'state', id });

/**
 * The shortest path over every example input of the model (the first input wins a tie). The search
 * (the traversal, xstate/graph) loads with the first search, as its own chunk.
 */
export async function findPath(entry: CatalogEntry, target: PathTarget): Promise<{ path: FoundPath; inputIndex: number } | undefined> {
  const { shortestPathTo } = await import('./shortest-path');
  let best: { path: FoundPath; inputIndex: number } | undefined;
  for (let i = 0; i < entry.examples; i++) {
    const path = shortestPathTo(entry.testModel ?? entry.model, entry.inputs[i], target, entry.model, 150);
    if (path && (!best || path.events.length < best.path.events.length)) best = { path, inputIndex: i };
    if (best && best.path.events.length <= 1) break;
  }
  return best;
}

/**
 * Step mode replays the path: started from its input, then each event once the previous one is
 * in (the step machine takes one event at a time). Resolves when the last is in, or on a failure.
 */
export function replayInStep(step: ActorRefFrom<typeof stepMachine>, machineId: string, inputIndex: number, events: readonly JsonEvent[], labels: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    let over = false;
    const next = (s: ReturnType<typeof step.getSnapshot>) => {
      if (over) return;
      const sent = s.context.history.length;
      const finish = (ok: boolean) => {
        over = true;
        queueMicrotask(() => sub.unsubscribe());
        resolve(ok);
      };
      if (s.context.error || s.matches({ running: 'broken' })) return finish(false);
      if (!s.matches({ running: 'ready' }) && !s.matches({ running: 'finished' })) return;
      if (sent >= events.length) return finish(true);
      if (s.matches({ running: 'ready' })) step.send({ type: 'step.send', event: events[sent], label: labels[sent] });
      else finish(false);
    };
    const sub = step.subscribe(next);
    step.send({ type: 'step.start', machineId, inputIndex });
    // the engine may answer within the send: look at where it is now too
    next(step.getSnapshot());
  });
}

type PlaywrightExport = typeof import('./playwright-export');

/**
 * The Playwright export of path mode: the found path, or the machine's minimal set, as a
 * standalone @playwright/test spec (machine-kit/ui-script), for machines that have a UI script.
 */
function PlaywrightSection({ entry, found }: { entry: CatalogEntry; found?: FoundPath }) {
  const { t } = useT();
  const [pw, setPw] = useState<PlaywrightExport | undefined>();
  const [saved, setSaved] = useState<{ key: string; file: string; text: string; tests?: number; covered?: number; reasons?: string[] } | undefined>();
  const [working, setWorking] = useState(false);
  useEffect(() => {
    let live = true;
    void import('./playwright-export').then((m) => live && setPw(m));
    return () => {
      live = false;
    };
  }, []);
  const model = entry.testModel ?? entry.model;
  const scripted = pw ? Boolean(pw.uiScripts[entry.id]) : undefined;
  const pathKey = found ? `${entry.id} ${JSON.stringify(found.events)}` : '';
  const single = useMemo(() => {
    if (!pw || !scripted || !found) return undefined;
    try {
      return pw.pathSpec(entry.id, model, found);
    } catch (err) {
      return { reason: err instanceof Error ? err.message : String(err) };
    }
  }, [pw, scripted, found, entry.id, model]);
  if (!pw) return null;
  const mine = saved && (saved.key === pathKey || saved.key === `${entry.id} set`) ? saved : undefined;
  const exportPath = () => {
    if (!single || !('spec' in single)) return;
    pw.downloadSpec(single.spec);
    setSaved({ key: pathKey, file: single.spec.file, text: single.spec.text });
  };
  const exportSet = () => {
    setWorking(true);
    // the set takes a moment on the larger machines: the page says so first
    setTimeout(() => {
      const { spec, covered, reasons } = pw.setSpec(entry.id, model);
      pw.downloadSpec(spec);
      setSaved({ key: `${entry.id} set`, file: spec.file, text: spec.text, tests: spec.tests.length, covered, reasons });
      setWorking(false);
    }, 30);
  };
  return (
    <section className="x-path__playwright" data-testid="path-playwright">
      <h3>{t('explorer.pw.title')}</h3>
      {!scripted ? (
        <p className="x-note" data-testid="pw-no-script">
          {t('explorer.pw.no_script', { machine: entry.id })}
        </p>
      ) : (
        <>
          <p className="x-muted x-small">{t('explorer.pw.intro')}</p>
          {single && 'reason' in single && <p className="x-note">{t('explorer.pw.path_not_scripted', { reason: single.reason })}</p>}
          <div className="x-step__controls">
            {single && 'spec' in single && (
              <button type="button" className="x-btn" onClick={exportPath} data-testid="pw-export-path">
                {t('explorer.pw.export_path')}
              </button>
            )}
            <button type="button" className="x-btn" onClick={exportSet} disabled={working} data-testid="pw-export-set">
              {t('explorer.pw.export_set')}
            </button>
          </div>
          {working && (
            <p className="x-muted" aria-busy="true">
              {t('explorer.pw.working')}
            </p>
          )}
          {mine && (
            <p className="x-note" role="status">
              {mine.tests === undefined ? t('explorer.pw.saved', { file: mine.file }) : t('explorer.pw.set_saved', { tests: mine.tests, covered: mine.covered ?? 0, file: mine.file })}
            </p>
          )}
          {mine?.reasons && mine.reasons.length > 0 && <p className="x-small">{t('explorer.pw.left_out', { reasons: mine.reasons.join('; ') })}</p>}
          {(mine || (single && 'spec' in single)) && (
            <details>
              <summary className="x-small">{t('explorer.pw.show', { file: mine?.file ?? (single as { spec: { file: string } }).spec.file })}</summary>
              <pre className="x-json" data-testid="pw-spec">
                {mine?.text ?? (single as { spec: { text: string } }).spec.text}
              </pre>
            </details>
          )}
        </>
      )}
    </section>
  );
}

/** Path mode: pick a state or a transition (on the diagram or in the list) → its shortest path, replay, copy as a UI-path test, export as a Playwright test. */
export function PathPanel({ entry, target }: { entry: CatalogEntry; target?: string }) {
  const { t } = useT();
  const { step } = useServices();
  const [found, setFound] = useState<{ target: string; result: Awaited<ReturnType<typeof findPath>>; error?: string } | undefined>();
  const [copied, setCopied] = useState<{ target: string; status: 'copied' | 'failed' } | undefined>();
  const options = useMemo(() => {
    const inv = inventory(entry.machine);
    return { states: inv.states, transitions: inv.transitions };
  }, [entry.machine]);

  useEffect(() => {
    if (!target) return;
    // the search may take a second on the largest machine: the page shows "searching" first
    let live = true;
    const timer = setTimeout(() => {
      findPath(entry, targetOf(target)).then(
        (result) => live && setFound({ target, result }),
        (err: unknown) => live && setFound({ target, result: undefined, error: err instanceof Error ? err.message : String(err) }),
      );
    }, 30);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [entry, target]);

  const pick = (id: string) => {
    window.location.hash = hrefs.path(entry.id, id);
  };
  const mine = target && found?.target === target ? found : undefined;
  const result = mine?.result;
  const copiedNow = copied && copied.target === target ? copied.status : undefined;
  const text = result ? uiPathTest(entry.id, result.path) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ target: target ?? '', status: 'copied' });
    } catch {
      setCopied({ target: target ?? '', status: 'failed' });
    }
  };
  const replay = async () => {
    if (!result) return;
    window.location.hash = hrefs.machine(entry.id, 'step');
    await replayInStep(step, entry.id, result.inputIndex, result.path.events, result.path.labels);
  };

  return (
    <div className="x-path" data-testid="path-panel">
      <p className="x-muted x-small">{t('explorer.path.intro')}</p>
      <label className="x-field">
        <span>{t('explorer.path.target')}</span>
        <select value={target ?? ''} onChange={(e) => pick(e.target.value)} data-testid="path-target">
          <option value="">{t('explorer.path.choose')}</option>
          <optgroup label={t('explorer.coverage.states')}>
            {options.states.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('explorer.coverage.transitions')}>
            {options.transitions.map((id) => (
              <option key={id} value={id}>
                {targetText(targetOf(id))}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      {target && !mine && (
        <p className="x-muted" aria-busy="true">
          {t('explorer.path.searching')}
        </p>
      )}
      {mine?.error && (
        <p className="x-alert" role="alert">
          {mine.error}
        </p>
      )}
      {mine && !mine.result && !mine.error && <p className="x-note">{t('explorer.path.none', { target: mine.target })}</p>}
      {result && (
        <>
          <h3>{t('explorer.path.found', { count: result.path.events.length, target: targetText(result.path.target) })}</h3>
          <ol className="x-history" data-testid="path-steps">
            {result.path.labels.map((label, i) => (
              <li key={i}>
                <code>{label}</code>
              </li>
            ))}
          </ol>
          <p className="x-small">
            {t('explorer.path.ends_in')} <code data-testid="path-end">{formatValue(result.path.value as never)}</code>
          </p>
          <div className="x-step__controls">
            <button type="button" className="x-btn" onClick={() => void replay()} data-testid="path-replay">
              ▶ {t('explorer.path.replay')}
            </button>
            <button type="button" className="x-btn" onClick={() => void copy()} data-testid="path-copy">
              {t('explorer.path.copy')}
            </button>
          </div>
          {copiedNow && <p className={copiedNow === 'copied' ? 'x-note' : 'x-alert'}>{t(`explorer.path.${copiedNow}`, { file: testFileName(entry.id, result.path.target) })}</p>}
          <details>
            <summary className="x-small">{t('explorer.path.show_test', { file: testFileName(entry.id, result.path.target) })}</summary>
            <pre className="x-json" data-testid="path-test">
              {text}
            </pre>
          </details>
        </>
      )}
      <PlaywrightSection entry={entry} found={result?.path} />
    </div>
  );
}
