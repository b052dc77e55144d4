/**
 * Values as the two drivers return them: PGlite answers BIGINT and count(*) as bigint,
 * `pg` as a decimal string. Convert explicitly, never with parseFloat.
 */
export function toBigInt(value: bigint | string | number): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${value}`);
    return BigInt(value);
  }
  if (!/^-?\d+$/.test(value)) throw new TypeError(`not an integer: ${value}`);
  return BigInt(value);
}

/** A count or small integer (count(*) is BIGINT) as a JS number. */
export function toCount(value: bigint | string | number): number {
  const n = toBigInt(value);
  if (n > BigInt(Number.MAX_SAFE_INTEGER) || n < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError(`count out of range: ${n}`);
  return Number(n);
}

/** Postgres error code of a failed query (both drivers put it on `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';
