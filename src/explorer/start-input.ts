import type { CatalogEntry } from './catalog';
import { differences, flatten } from './event-names';

export type FieldKind = 'text' | 'number' | 'boolean' | 'json';

/** One field of the start-input form: a leaf of the example input (`card.last4`). */
export interface InputField {
  path: string;
  kind: FieldKind;
  value: string | boolean;
}

/** The form fields of an input: one per leaf, typed by the example's value. */
export function inputFields(input: unknown): InputField[] {
  if (input === undefined) return [];
  return [...flatten(input)].map(([path, v]) => {
    if (typeof v === 'string') return { path, kind: 'text', value: v };
    if (typeof v === 'number') return { path, kind: 'number', value: String(v) };
    if (typeof v === 'boolean') return { path, kind: 'boolean', value: v };
    return { path, kind: 'json', value: JSON.stringify(v ?? null) };
  });
}

/** The example with each field's value put back in its place (numbers as numbers, JSON parsed). Throws on bad JSON or a non-number. */
export function inputFrom(example: unknown, fields: readonly InputField[]): unknown {
  const parse = (f: InputField): unknown => {
    if (f.kind === 'boolean') return f.value === true;
    if (f.kind === 'number') {
      const n = Number(f.value);
      if (String(f.value).trim() === '' || !Number.isFinite(n)) throw new Error(`${f.path || 'input'}: not a number`);
      return n;
    }
    if (f.kind === 'json') return JSON.parse(String(f.value)) as unknown;
    return f.value;
  };
  const only = fields.length === 1 && fields[0].path === '' ? fields[0] : undefined;
  if (only) return parse(only);
  const out = structuredClone(example) as Record<string, unknown>;
  for (const f of fields) {
    const keys = f.path.split('.');
    let at: Record<string, unknown> = out;
    for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
    at[keys[keys.length - 1]] = parse(f);
  }
  return out;
}

/** Names for the model's example inputs: what differs between them (`#1` when nothing does). */
export function exampleNames(inputs: readonly unknown[]): string[] {
  const diffs = differences(inputs, 2);
  return inputs.map((input, i) => (input === undefined ? '' : diffs[i] || `#${i + 1}`));
}

/**
 * Starts from an input of the analyst's own: it takes the slot after the model's examples
 * (replacing the previous one), so the step machine starts it by index like the others.
 */
export function customInputIndex(entry: CatalogEntry, input: unknown): number {
  entry.inputs[entry.examples] = input;
  entry.inputs.length = entry.examples + 1;
  return entry.examples;
}
