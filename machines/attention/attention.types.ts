/**
 * The attention arbiter's vocabulary (docs/attention.md). A feature asks to interrupt the trader
 * with a request; the arbiter grants it, holds it or refuses it.
 */

/** how urgent an interruption is: the arbiter's order is mandatory, then money results, then one promotion */
export type AttentionPriority = 'mandatory' | 'money-result' | 'promotional' | 'chat' | 'toast';

export interface AttentionRequest {
  /** unique per interruption (a modal id, `weekend-contest`, `offer-<id>`); "once a day" is kept by id */
  id: string;
  /** what it is (`trading-block`, `welcome`, `weekend-contest`, `timed-offer`, `signals`, …): orders promotions */
  kind: string;
  priority: AttentionPriority;
  /** a money result belongs to the page (hash route) it was shown on, and closes when that page is left */
  page?: string;
}

export interface AttentionInput {
  /** the trader's calendar day from the injected clock, e.g. "2026-11-28" */
  today: string;
  /** promotion id → the last day it was shown to this trader (kept by src/flows/attention/attention.flow.ts per user) */
  seen?: Record<string, string>;
  /** this browser already had the chat open by itself once (spec 001 §4) */
  chatAutoOpened?: boolean;
}

export interface AttentionContext {
  today: string;
  seen: Record<string, string>;
  chatAutoOpened: boolean;
  /** asked for and not yet granted, in arrival order */
  waiting: AttentionRequest[];
  /** the one overlay on screen */
  shown: AttentionRequest | null;
  /** money flows in progress (card, cascade, invoice, withdrawal, transfer, two-factor entry) */
  busy: string[];
  /** the promotion granted in this visit (at most one) */
  promoted: string | null;
  /** the chat's request to open by itself (its id), until it opens */
  chatAsked: string | null;
}

export type AttentionEvent =
  | { type: 'attention.request'; request: AttentionRequest }
  | { type: 'attention.release'; id: string }
  | { type: 'attention.busy'; flow: string }
  | { type: 'attention.idle'; flow: string }
  | { type: 'attention.leave'; page: string };

/** what the arbiter tells the features (src/flows/attention/attention.flow.ts turns these into opening and closing) */
export type AttentionEmitted =
  | { type: 'attention.granted'; id: string }
  | { type: 'attention.refused'; id: string }
  | { type: 'attention.withdrawn'; id: string };
