import type { Passkey } from '../../core/contract/passkeys';
import type { Msg } from '../../core/message';

export interface PasskeysContext {
  /** the trader's passkeys as the server last said; null until read */
  passkeys: Passkey[] | null;
  /** the read failed, or the last change, or the password refused */
  error: Msg | null;
  /** what a change is about: 'add' or a passkey's id (its removal) */
  busy: string | null;
  /** the name of the passkey to add, while its password is asked and it is made */
  name: string;
  /** each answer to a change: its message takes the focus once */
  answers: number;
  /** each passkey added: the name field starts empty again */
  added: number;
  /** what the last change that went through was */
  last: 'add' | 'remove' | null;
}

export type PasskeysEvent =
  | { type: 'retry' }
  | { type: 'passkey.add'; name: string }
  | { type: 'passkey.remove'; id: string }
  | { type: 'password.submit'; password: string }
  | { type: 'password.cancel' };

export interface PasskeySignInContext {
  /** why the last try did not sign in */
  error: Msg | null;
  /** each failed try: its message takes the focus once */
  tries: number;
}

export type PasskeySignInEvent = { type: 'passkey.start' };

export type { Passkey };
