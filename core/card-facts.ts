import creditCardType from 'credit-card-type';

/** What the card form may know of a number (never the number in persisted state). */
export interface CardFacts {
  /** the number with spaces and dashes removed */
  digits: string;
  /** the library's type name ('visa', 'mastercard', 'maestro', 'jcb', …) or '' when unknown */
  type: string;
  /** the valid lengths of that type */
  lengths: number[];
  /** the Luhn checksum holds */
  luhn: boolean;
}

/** Spaces and dashes removed (spec 000 §5). */
export const normalizeCardNumber = (raw: string): string => raw.replace(/[\s-]+/g, '');

/** Luhn checksum of a digit string. */
export function luhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** What the card form needs to know about a typed number: type and lengths by credit-card-type, Luhn. */
export function describeCard(raw: string): CardFacts {
  const digits = normalizeCardNumber(raw);
  const [match] = digits ? creditCardType(digits) : [];
  return { digits, type: match?.type ?? '', lengths: match?.lengths ?? [], luhn: luhn(digits) };
}

/** "4111 1111 1111 1111" as a person reads it, in groups of four. */
export const groupCardNumber = (raw: string): string => normalizeCardNumber(raw).replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
