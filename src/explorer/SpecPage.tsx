import { useEffect, useId, useState } from 'react';
import type { MutationMark, SpecCoverageFile, SpecTag, UiMark } from '../../machine-kit/spec-coverage-file';
import { messages } from '../features/explorer/spec/messages';
import { registerMessages, useT } from '../i18n';
import { coverageUrl } from './coverage-url';
import { hrefs } from './route';
import './spec.css';

registerMessages(messages);

/** docs/coverage/spec.json as the server has it now (not bundled); undefined when absent or malformed */
export async function loadSpecReport(load: () => Promise<unknown> = async () => {
  const res = await fetch(coverageUrl('spec'));
  return res.ok ? res.json() : undefined;
}): Promise<SpecCoverageFile | undefined> {
  try {
    const json = (await load()) as Partial<SpecCoverageFile> | undefined;
    return json && Array.isArray(json.rules) && Array.isArray(json.deviations) && json.summary ? (json as SpecCoverageFile) : undefined;
  } catch {
    return undefined;
  }
}

/** the readable form of a tagged state or transition: `deciding → stopped`, and its event (`always`, `after orangeNot3dDelay`, `done: checking`) */
export function tagWords(tag: Pick<SpecTag, 'machine' | 'kind' | 'id' | 'to'>): { from: string; to: string; event: string } {
  const strip = (stateId: string) => (stateId.startsWith(`${tag.machine}.`) ? stateId.slice(tag.machine.length + 1) : stateId === tag.machine ? '(root)' : stateId);
  if (tag.kind === 'state') return { from: strip(tag.id), to: '', event: '' };
  const m = /^(.*):([^:]+):(\d+)$/.exec(tag.id);
  if (!m) return { from: tag.id, to: '', event: '' };
  const [, source, type, index] = m;
  const event =
    type === 'always'
      ? 'always'
      : type.startsWith('xstate.after.')
        ? `after ${type.slice('xstate.after.'.length, type.length - source.length - 1)}`
        : type.replace(/^xstate\.(done|error)\.actor\.(?:\d+\.)?(.*)$/, (_, kind: string, actor: string) => `${kind}: ${actor.split('.').pop()}`);
  return { from: strip(source), to: (tag.to ?? []).map(strip).join(', '), event: Number(index) > 0 ? `${event} #${index}` : event };
}

const MODEL_CLASS = (v: boolean | null) => (v === null ? 'x-muted' : v ? 'x-ok' : 'x-bad');
const UI_CLASS: Record<UiMark, string> = { covered: 'x-ok', reason: 'x-muted', uncovered: 'x-bad', unmeasured: 'x-muted' };
const MUT_CLASS: Record<MutationMark, string> = { killed: 'x-ok', equivalent: 'x-ok', survived: 'x-bad', unmeasured: 'x-muted', unlocated: 'x-bad' };
const UI_KEY: Record<UiMark, string> = { covered: 'explorer.spec.ui_covered', reason: 'explorer.spec.ui_reason', uncovered: 'explorer.spec.ui_uncovered', unmeasured: 'explorer.spec.unmeasured' };
const MUT_KEY: Record<MutationMark, string> = {
  killed: 'explorer.spec.mut_killed',
  equivalent: 'explorer.spec.mut_equivalent',
  survived: 'explorer.spec.mut_survived',
  unmeasured: 'explorer.spec.unmeasured',
  unlocated: 'explorer.spec.mut_unlocated',
};
const SECTIONS = ['000 §4', '000 §5', '000 §8', '000 §9', '001 §4', '001 §5', '001 §8', '001 §9', '002 §4', '002 §5', '002 §8', '002 §9'];

/** The table of docs/coverage/spec.json: one row per rule, one line per tagged state or transition (each a link to it on its diagram). */
export function SpecTable({ report }: { report: SpecCoverageFile }) {
  const { t, lang } = useT();
  const [section, setSection] = useState('');
  const [onlyUntagged, setOnlyUntagged] = useState(false);
  const ids = useId();
  const rules = report.rules.filter((r) => (!section || `${r.file} §${r.section}` === section) && (!onlyUntagged || r.tags.length === 0));
  const { summary } = report;
  return (
    <>
      <p data-testid="spec-summary">{t('explorer.spec.summary', { rules: summary.rules, tagged: summary.tagged, untagged: summary.untagged })}</p>
      <p className={summary.mustTagUntagged.length ? 'x-bad' : 'x-ok'} data-testid="spec-must">
        {summary.mustTagUntagged.length ? t('explorer.spec.must_missing', { list: summary.mustTagUntagged.join(', ') }) : t('explorer.spec.must_ok')}
      </p>
      <div className="x-spec-filters">
        <label htmlFor={`${ids}-section`}>{t('explorer.spec.section')}</label>
        <select id={`${ids}-section`} value={section} onChange={(e) => setSection(e.target.value)}>
          <option value="">{t('explorer.spec.all_sections')}</option>
          {SECTIONS.map((s) => (
            <option key={s} value={s}>
              {s} {t(`explorer.spec.section.${s.slice(-1)}`)}
            </option>
          ))}
        </select>
        <label>
          <input type="checkbox" checked={onlyUntagged} onChange={(e) => setOnlyUntagged(e.target.checked)} /> {t('explorer.spec.only_untagged')}
        </label>
        <span className="x-muted x-small" role="status">
          {t('explorer.spec.shown', { shown: rules.length, total: report.rules.length })}
        </span>
      </div>
      {rules.length === 0 ? (
        <p className="x-muted">{t('explorer.spec.none')}</p>
      ) : (
        <div className="x-table-wrap" tabIndex={0} role="region" aria-label={t('explorer.spec.title')}>
          <table className="x-table x-spec-table" data-testid="spec-table">
            <thead>
              <tr>
                <th scope="col">{t('explorer.spec.rule')}</th>
                <th scope="col">{t('explorer.spec.what')}</th>
                <th scope="col">{t('explorer.spec.tagged')}</th>
                <th scope="col">{t('explorer.spec.model')}</th>
                <th scope="col">{t('explorer.spec.ui')}</th>
                <th scope="col">{t('explorer.spec.mutation')}</th>
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => (
                <tr key={r.id} data-rule={r.id} data-tagged={r.tags.length > 0}>
                  <th scope="row">{r.id}</th>
                  <td className="x-spec-what">
                    {r.title[lang]}
                    {r.deviation && <div className="x-small x-spec-dev">{t('explorer.spec.deviation', { id: r.deviation })}</div>}
                    {r.where && <div className="x-small x-muted">{t('explorer.spec.where', { file: r.where })}</div>}
                  </td>
                  {r.tags.length === 0 ? (
                    <td colSpan={4} className="x-bad" data-testid="spec-untagged">
                      {t('explorer.spec.untagged')}
                    </td>
                  ) : (
                    <>
                      <td>
                        <ul className="x-spec-list">
                          {r.tags.map((tag) => {
                            const w = tagWords(tag);
                            return (
                              <li key={`${tag.machine}/${tag.id}`}>
                                <a href={hrefs.path(tag.machine, tag.id)} aria-label={t('explorer.spec.open', { id: tag.id, machine: tag.machine })} title={tag.id} data-transition={tag.id}>
                                  <code>{tag.machine}</code> {w.from}
                                  {tag.kind === 'transition' ? (w.to ? ` → ${w.to}` : '') : ` (${t('explorer.spec.state')})`}
                                </a>
                                {w.event && <span className="x-muted x-small"> {w.event}</span>}
                              </li>
                            );
                          })}
                        </ul>
                      </td>
                      <td>
                        <ul className="x-spec-list">
                          {r.tags.map((tag) => (
                            <li key={`${tag.machine}/${tag.id}`} className={MODEL_CLASS(tag.model)}>
                              {tag.model === null ? t('explorer.spec.unmeasured') : tag.model ? t('explorer.spec.model_yes') : t('explorer.spec.model_no')}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td>
                        <ul className="x-spec-list">
                          {r.tags.map((tag) => (
                            <li key={`${tag.machine}/${tag.id}`} className={UI_CLASS[tag.ui]} title={tag.uiReason}>
                              {t(UI_KEY[tag.ui])}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td>
                        <ul className="x-spec-list">
                          {r.tags.map((tag) => (
                            <li key={`${tag.machine}/${tag.id}`} className={MUT_CLASS[tag.mutation]} title={[t('explorer.spec.lines', { file: tag.file, lines: tag.lines }), ...(tag.survivors ?? [])].join('\n')}>
                              {t(MUT_KEY[tag.mutation])}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>{t('explorer.spec.deviations')}</h2>
      <p className="x-muted">{t('explorer.spec.deviations_intro')}</p>
      <div className="x-table-wrap" tabIndex={0} role="region" aria-label={t('explorer.spec.deviations')}>
        <table className="x-table x-spec-table" data-testid="spec-deviations">
          <thead>
            <tr>
              <th scope="col">{t('explorer.spec.dev_id')}</th>
              <th scope="col">{t('explorer.spec.dev_kind')}</th>
              <th scope="col">{t('explorer.spec.dev_rules')}</th>
              <th scope="col">{t('explorer.spec.dev_reason')}</th>
              <th scope="col">{t('explorer.spec.tagged')}</th>
            </tr>
          </thead>
          <tbody>
            {report.deviations.map((d) => (
              <tr key={d.id} data-deviation={d.id}>
                <th scope="row">
                  {d.id}
                  <div className="x-small x-muted">
                    {t('explorer.spec.dev_ref')}: {d.ref}
                  </div>
                </th>
                <td>{t(`explorer.spec.kind.${d.kind}`)}</td>
                <td>{d.rules.join(', ')}</td>
                <td className="x-spec-what">{d.reason[lang]}</td>
                <td>
                  <ul className="x-spec-list">
                    {d.tags.map((tag) => {
                      const [machine, ...rest] = tag.split('/');
                      const id = rest.join('/');
                      return (
                        <li key={tag}>
                          <a href={hrefs.path(machine, id)} title={id}>
                            <code>{machine}</code> {tagWords({ machine, kind: id.includes(':') ? 'transition' : 'state', id }).from}
                          </a>
                        </li>
                      );
                    })}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>{t('explorer.spec.how')}</h2>
      <dl className="x-spec-how">
        <dt>{t('explorer.spec.model')}</dt>
        <dd>{t('explorer.spec.how_model')}</dd>
        <dt>{t('explorer.spec.ui')}</dt>
        <dd>{t('explorer.spec.how_ui')}</dd>
        <dt>{t('explorer.spec.mutation')}</dt>
        <dd>{t('explorer.spec.how_mutation')}</dd>
      </dl>
    </>
  );
}

/** `#/coverage/spec`: the spec-coverage report, read from the server when the page opens. */
export function SpecPage() {
  const { t } = useT();
  const [state, setState] = useState<{ report?: SpecCoverageFile; done: boolean }>({ done: false });
  useEffect(() => {
    let live = true;
    void loadSpecReport().then((report) => live && setState({ report, done: true }));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="x-page" aria-labelledby="spec-title">
      <p className="x-small">
        <a href={hrefs.coverage}>← {t('explorer.spec.back')}</a>
      </p>
      <h1 id="spec-title">{t('explorer.spec.title')}</h1>
      <p className="x-muted">{t('explorer.spec.intro')}</p>
      {state.report ? (
        <SpecTable report={state.report} />
      ) : state.done ? (
        <div className="x-alert" role="alert">
          {t('explorer.spec.load_error')}
        </div>
      ) : (
        <p className="x-muted">{t('common.loading')}</p>
      )}
    </section>
  );
}
