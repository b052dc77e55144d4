import type { AcceptRiskRequest, AnswersRequest, AppropriatenessStatus } from '../../core/contract/appropriateness';
import type { Msg } from '../../core/message';

export interface AppropriatenessContext {
  /** where the trader stands, as the server last said (null until it answers) */
  status: AppropriatenessStatus | null;
  /** question id → the option picked; kept through a failed call */
  answers: Record<string, string>;
  /** a question's problem (not answered, or refused by the server), by question id; `understood` for the acceptance's box */
  fieldErrors: Record<string, Msg>;
  /** a call failed (a lost connection, a server error): said above the buttons, what was typed kept */
  error: Msg | null;
  /** the acceptance's box is ticked */
  understood: boolean;
  /** each refused step or failed call: its message is announced and focused once more */
  shakes: number;
}

export type AppropriatenessEvent =
  /** a radio of a question was picked */
  | { type: 'answer.pick'; question: string; option: string }
  /** "Send my answers" */
  | { type: 'answers.submit' }
  /** "Try again" after a failed read, or "Check again" during the cool-down: the status read again */
  | { type: 'status.reload' }
  /** after the cool-down: "Answer the questions again" */
  | { type: 'test.retry' }
  /** the acceptance's box ticked or unticked */
  | { type: 'risk.understood'; value: boolean }
  /** after the cool-down: "Accept the risk" */
  | { type: 'risk.accept' };

export type { AcceptRiskRequest, AnswersRequest, AppropriatenessStatus };
