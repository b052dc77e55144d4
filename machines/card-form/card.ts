import { msg, type Msg } from '../../core/message';
import type { CardFacts, CardField } from './card-form.types';

/** Card types the standard form takes (spec 001 §3, §5); the JCB form takes only jcb. */
export const STANDARD_TYPES = ['visa', 'mastercard', 'maestro'] as const;
export const JCB_TYPES = ['jcb'] as const;
/** The country of the form when the visitor's geo is unknown (spec 001 §3). */
export const DEFAULT_COUNTRY = 'FR';

/** "Jean Pierre, Dupont" → fn Jean, ln Pierre Dupont: split on the first space or comma (spec 001 §3, §5). */
export function splitName(name: string): { fn: string; ln: string } {
  const parts = name.trim().split(/[\s,]+/).filter(Boolean);
  return { fn: parts[0] ?? '', ln: parts.slice(1).join(' ') };
}

/** "Valid card length 16" / "Valid card length 12, 13 or 19" (spec 001 §5). */
export function lengthMessage(lengths: readonly number[]): Msg {
  const list = [...lengths].sort((a, b) => a - b);
  const last = list.pop();
  return list.length ? msg('card.length_many', undefined, { list: list.join(', '), last: last ?? 0 }) : msg('card.length', undefined, { length: last ?? 0 });
}

export interface CardCheck {
  name: string;
  card: CardFacts;
  cvv: string;
  expMonth: string;
  expYear: string;
  country: string;
  currency: string;
  jcb: boolean;
  /** today, for the expiry */
  year: number;
  month: number;
}

/** The first problem of a card form, in the order a person reads it, or null (spec 001 §5). */
export function cardProblem(c: CardCheck): { field: CardField | 'form'; msg: Msg } | null {
  const { fn } = splitName(c.name);
  const required: Array<[CardField, boolean]> = [
    ['name', fn !== ''],
    ['number', c.card.digits !== ''],
    ['month', c.expMonth !== ''],
    ['year', c.expYear !== ''],
    ['cvv', c.cvv.trim() !== ''],
    ['country', c.country !== ''],
    ['currency', c.currency !== ''],
  ];
  const missing = required.find(([, ok]) => !ok);
  if (missing) return { field: missing[0], msg: msg('card.required') };
  if (!/^\d+$/.test(c.card.digits)) return { field: 'number', msg: msg('card.digits_only') };
  const accepted: readonly string[] = c.jcb ? JCB_TYPES : STANDARD_TYPES;
  if (!accepted.includes(c.card.type)) return { field: 'number', msg: msg('card.invalid_type') };
  if (!c.card.lengths.includes(c.card.digits.length)) return { field: 'number', msg: lengthMessage(c.card.lengths) };
  if (!c.card.luhn) return { field: 'number', msg: msg('card.luhn') };
  const year = Number(c.expYear);
  const month = Number(c.expMonth);
  if (year < c.year || (year === c.year && month < c.month)) return { field: 'month', msg: msg('card.expired') };
  if (!/^\d{3,4}$/.test(c.cvv.trim())) return { field: 'cvv', msg: msg('card.cvv') };
  return null;
}
