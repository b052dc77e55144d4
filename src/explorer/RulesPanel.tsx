import { useEffect } from 'react';
import { useT } from '../i18n';
import type { CatalogEntry } from './catalog';
import { hrefs } from './route';
import type { Cell } from './rules';
import type { MachineRules } from './rules-view';
import { transitionText } from './transition-text';

/** Rules mode: the decision tables of core/ this machine reads, each with the transitions that read it. */
export function RulesPanel({ entry, info, target }: { entry: CatalogEntry; info: MachineRules; target?: string }) {
  const { t } = useT();
  const on = t('explorer.coverage.on');
  const cell = (c: Cell) => (typeof c === 'string' ? c : t(c.t, c.values));
  useEffect(() => {
    if (!target) return;
    const picked = info.rules.find((r) => info.uses.get(r.id)?.includes(target));
    if (picked) document.getElementById(`rule-${picked.id}`)?.scrollIntoView({ block: 'start' });
  }, [target, info]);
  if (!info.rules.length) return <p className="x-muted">{t('explorer.rules.none')}</p>;
  return (
    <div className="x-rules" data-testid="rules-panel">
      <p className="x-muted x-small">{t('explorer.rules.intro')}</p>
      {info.rules.map((rule) => {
        const used = info.uses.get(rule.id) ?? [];
        const picked = target !== undefined && used.includes(target);
        return (
          <section key={rule.id} id={`rule-${rule.id}`} className="x-rule" data-rule={rule.id} data-picked={picked ? 'true' : undefined} aria-labelledby={`rule-${rule.id}-title`}>
            <h3 id={`rule-${rule.id}-title`}>{t(`explorer.rules.${rule.id}.title`)}</h3>
            {picked && <p className="x-note">{t('explorer.rules.picked')}</p>}
            <p className="x-small">{t(`explorer.rules.${rule.id}.note`)}</p>
            {rule.tables.map((table) => (
              <div key={table.id} className="x-table-wrap">
                <table className="x-table" data-table={table.id}>
                  <caption className="x-small">
                    <strong>{t(`explorer.rules.table.${table.id}`)}</strong> · <span className="x-rule__source">{t('explorer.rules.source', { source: table.source })}</span>
                  </caption>
                  <thead>
                    <tr>
                      {table.columns.map((c) => (
                        <th key={c} scope="col">
                          {t(c)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.map((row, i) => (
                      <tr key={i}>
                        {row.map((c, j) => (
                          <td key={j}>{cell(c)}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
            <h4 className="x-small">{t('explorer.rules.used_by')}</h4>
            <ul className="x-transitions x-small" data-testid={`rule-uses-${rule.id}`}>
              {used.map((id) => (
                <li key={id} data-transition={id} title={id}>
                  <a href={hrefs.rules(entry.id, id)}>{transitionText(entry.machine, id, on)}</a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
