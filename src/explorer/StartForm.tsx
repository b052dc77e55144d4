import { useState } from 'react';
import { stableJson } from '../../machine-kit/serialize';
import { useT } from '../i18n';
import type { CatalogEntry } from './catalog';
import { customInputIndex, exampleNames, inputFields, inputFrom, type InputField } from './start-input';

/**
 * "Start from": the model's example inputs (named by what differs between them), the chosen one
 * as a form of its fields, and its JSON as an advanced fallback. Starting restarts step mode.
 * Keyed by machine and input index by its parent, so a new start shows that input's fields.
 */
export function StartForm({ entry, inputIndex, onStart }: { entry: CatalogEntry; inputIndex: number; onStart: (inputIndex: number) => void }) {
  const { t } = useT();
  const current = entry.inputs[inputIndex];
  const [fields, setFields] = useState<InputField[]>(() => inputFields(current));
  const [json, setJson] = useState(() => stableJson(current) ?? '');
  const [error, setError] = useState('');

  if (entry.examples === 1 && current === undefined) return null;
  const names = exampleNames(entry.inputs.slice(0, entry.examples));
  const example = entry.inputs[Math.min(inputIndex, entry.examples - 1)];
  const start = (make: () => unknown) => {
    try {
      onStart(customInputIndex(entry, make()));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const set = (i: number, value: string | boolean) => setFields((fs) => fs.map((f, n) => (n === i ? { ...f, value } : f)));

  return (
    <form
      className="x-start"
      data-testid="start-form"
      onSubmit={(e) => {
        e.preventDefault();
        start(() => inputFrom(example, fields));
      }}
    >
      <details className="x-start__form">
      <summary>
        <h3>{t('explorer.step.input')}</h3> <span className="x-muted x-small">{inputIndex < entry.examples ? names[inputIndex] || stableJson(current)?.slice(0, 40) : t('explorer.step.own_input')}</span>
      </summary>
      {entry.examples > 1 && (
        <label className="x-field">
          <span>{t('explorer.step.example')}</span>
          <select value={inputIndex < entry.examples ? inputIndex : ''} onChange={(e) => onStart(Number(e.target.value))} data-testid="start-example">
            {inputIndex >= entry.examples && <option value="">{t('explorer.step.own_input')}</option>}
            {names.map((name, i) => (
              <option key={i} value={i}>
                {name || t('explorer.step.no_input')}
              </option>
            ))}
          </select>
        </label>
      )}
      {fields.map((f, i) => (
        <label key={f.path} className={f.kind === 'boolean' ? 'x-field x-field--check' : 'x-field'}>
          <span>
            <code>{f.path || t('explorer.step.value')}</code>
          </span>
          {f.kind === 'boolean' ? (
            <input type="checkbox" checked={f.value === true} onChange={(e) => set(i, e.target.checked)} />
          ) : (
            <input type={f.kind === 'number' ? 'number' : 'text'} value={String(f.value)} onChange={(e) => set(i, e.target.value)} />
          )}
        </label>
      ))}
      {fields.length > 0 && (
        <button type="submit" className="x-btn">
          ▶ {t('explorer.step.start')}
        </button>
      )}
      <details className="x-advanced">
        <summary>{t('explorer.step.json')}</summary>
        <textarea value={json} rows={4} onChange={(e) => setJson(e.target.value)} spellCheck={false} aria-label={t('explorer.step.json')} />
        <button type="button" className="x-btn" onClick={() => start(() => JSON.parse(json) as unknown)}>
          ▶ {t('explorer.step.start_json')}
        </button>
      </details>
      </details>
      {error && (
        <p className="x-alert" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
