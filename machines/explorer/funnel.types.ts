import type { CascadeFunnel, FunnelCohort, FunnelDevice, MachineFunnel } from '../../core/contract/funnel';
import type { Msg } from '../../core/message';

/** The explorer's funnel picker: a range of UTC days and a segment ('' is every value). */
export interface FunnelFilter {
  from: string;
  to: string;
  country: string;
  lang: '' | 'en' | 'ru';
  device: '' | FunnelDevice;
  cohort: '' | FunnelCohort;
}

/** What the funnel shows: the machine's counted transitions, and for the card cascade its payments and processors. */
export interface FunnelData {
  machine: MachineFunnel;
  cascade: CascadeFunnel | null;
}

export interface FunnelLoadInput {
  machineId: string;
  filter: FunnelFilter;
  /** the card cascade also reads its payments (the "where do deposits fail" view) */
  cascade: boolean;
}

export interface FunnelContext {
  machineId: string | null;
  filter: FunnelFilter;
  data: FunnelData | null;
  /** why the last load failed (the answer kept on screen, if any, is the previous filter's) */
  error: Msg | null;
  /** the filter's range is not one the server reads: which field and why (nothing was asked) */
  rangeError: { field: 'from' | 'to'; message: Msg } | null;
}

export type FunnelEvent =
  /** the page opened a machine's funnel with this filter (from its address) */
  | { type: 'funnel.open'; machineId: string; filter: FunnelFilter }
  /** the analyst changed the filter */
  | { type: 'funnel.filter'; filter: FunnelFilter }
  | { type: 'funnel.retry' }
  | { type: 'funnel.close' };
