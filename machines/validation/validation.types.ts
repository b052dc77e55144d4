import type { Msg } from '../../core/message';

export interface ValidationInput {
  /** tr_success: already validated */
  success: boolean;
  /** tr_attemps: attempts used */
  attempts: number;
}

export interface ValidationContext {
  /** validated (tr_success) */
  success: boolean;
  value: string;
  attempts: number;
  error: Msg | null;
  /** bumps when the input is reset, so the view clears and refocuses it */
  resets: number;
}

export type ValidationEvent = { type: 'value.change'; value: string } | { type: 'value.submit' };

/** POST /api/fraud/attemps */
export interface AttemptOutput {
  return: boolean;
  attemps: number;
}
