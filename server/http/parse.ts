import type * as z from 'zod/mini';
import { Refusal } from '../domain/refusal';

type Issue = { code: string; path: PropertyKey[]; message: string; origin?: string; expected?: string };

const KEY = /^[a-z_]+(\.[a-z_]+)+$/;

function valueAt(value: unknown, path: PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The translation key of one issue: the schema's own key when it has one, else a generic one. */
function keyOf(issue: Issue, input: unknown): string {
  if (KEY.test(issue.message)) return issue.message;
  const text = issue.origin === 'string';
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? 'validation.required' : 'validation.type';
    case 'too_big':
      return text ? 'validation.too_long' : 'validation.too_big';
    case 'too_small':
      return text ? 'validation.too_short' : 'validation.too_small';
    case 'invalid_format':
      return 'validation.format';
    case 'invalid_value':
      return 'validation.choice';
    default:
      return 'validation.invalid';
  }
}

const READABLE: Record<string, string> = {
  'validation.required': 'required',
  'validation.type': 'wrong type',
  'validation.too_long': 'too long',
  'validation.too_big': 'too big',
  'validation.too_short': 'too short',
  'validation.too_small': 'too small',
  'validation.format': 'wrong format',
  'validation.choice': 'not one of the allowed values',
};

/**
 * Parses a body or query with a contract schema. On failure throws a 400
 * `{ error: 'validation', message, fields: { field: key } }`; nothing else happens.
 */
export function parse<S extends z.ZodMiniType>(schema: S, input: unknown, what = 'request body'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues as Issue[];
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.path.length === 0) continue;
    const name = issue.path.map(String).join('.');
    fields[name] ??= keyOf(issue, input);
  }
  const names = Object.keys(fields);
  if (names.length === 0) {
    const expected = issues[0]?.expected === 'object' ? 'a JSON object' : 'valid';
    throw new Refusal(400, 'validation', `The ${what} must be ${expected}.`);
  }
  const list = names.map((n) => `${n} (${READABLE[fields[n]] ?? 'invalid'})`).join(', ');
  throw new Refusal(400, 'validation', `Please check these fields: ${list}.`, { fields });
}
