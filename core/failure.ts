import { msg, type Msg } from './message';

/**
 * What a failed call looks like to a machine. src/flows turns transport errors and
 * server error answers into this plain shape, so machines stay free of HTTP types.
 */
export type CallFailure =
  | { kind: 'network' }
  | { kind: 'http'; status: number; error: string; message: string; fields?: Record<string, string>; params?: Record<string, string> };

export function isCallFailure(value: unknown): value is CallFailure {
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'network' || kind === 'http';
}

/** The server's key with its message as fallback; a transport failure or anything else becomes `otherwise`. */
export function failureMsg(error: unknown, otherwise: string): Msg {
  if (isCallFailure(error) && error.kind === 'http') return msg(error.error, error.message || undefined, error.params);
  return msg(otherwise);
}
