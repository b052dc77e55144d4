import type { EventFrom, SnapshotFrom } from 'xstate';
import { REFERRAL_LANDINGS, type ReferralProgram, type ReferralStats, type ReferralTransferred } from '../../../core/contract/referral';
import type { Msg } from '../../../core/message';
import type { referralLinkMachine } from '../../../machines/referral-link/referral-link.machine';
import type { referralPageMachine } from '../../../machines/referral-page/referral-page.machine';
import type { referralStatsMachine } from '../../../machines/referral-stats/referral-stats.machine';
import type { referralTransferMachine } from '../../../machines/referral-transfer/referral-transfer.machine';

const DAY_MS = 86_400_000;
/** 'YYYY-MM-DD' of a ms time (UTC, as the server counts days) */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** the start of a 'YYYY-MM-DD' day in ms, or null */
export const dayStart = (value: string): number | null => (/^\d{4}-\d{2}-\d{2}$/.test(value) && Number.isFinite(Date.parse(`${value}T00:00:00Z`)) ? Date.parse(`${value}T00:00:00Z`) : null);

/** the statistics' first range: the last 30 days up to the end of today */
export function lastDays(now: number, days = 30): { from: number; to: number } {
  const today = dayStart(dayOf(now))!;
  return { from: today - (days - 1) * DAY_MS, to: today + DAY_MS - 1 };
}

export interface ReferralPageApi {
  loading: boolean;
  failed: boolean;
  shown: boolean;
  error: Msg | null;
  program: ReferralProgram | null;
  retry: () => void;
}

export function connectReferralPage(s: SnapshotFrom<typeof referralPageMachine>, send: (e: EventFrom<typeof referralPageMachine>) => void): ReferralPageApi {
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    shown: s.matches('shown'),
    error: s.context.error,
    program: s.context.program,
    retry: () => send({ type: 'retry' }),
  };
}

export interface ReferralLinkApi {
  name: string;
  landing: string;
  landings: readonly string[];
  saving: boolean;
  saved: boolean;
  error: Msg | null;
  onName: (value: string) => void;
  onLanding: (value: string) => void;
  submit: () => void;
}

export function connectReferralLink(s: SnapshotFrom<typeof referralLinkMachine>, send: (e: EventFrom<typeof referralLinkMachine>) => void): ReferralLinkApi {
  return {
    name: s.context.name,
    landing: s.context.landing,
    landings: REFERRAL_LANDINGS,
    saving: s.matches('saving'),
    saved: s.matches('saved'),
    error: s.matches('refused') ? s.context.error : null,
    onName: (value) => send({ type: 'name.change', value }),
    onLanding: (value) => send({ type: 'landing.change', value }),
    submit: () => send({ type: 'submit' }),
  };
}

export interface ReferralTransferApi {
  amount: string;
  sending: boolean;
  done: ReferralTransferred | null;
  error: Msg | null;
  onAmount: (value: string) => void;
  submit: () => void;
}

export function connectReferralTransfer(s: SnapshotFrom<typeof referralTransferMachine>, send: (e: EventFrom<typeof referralTransferMachine>) => void): ReferralTransferApi {
  return {
    amount: s.context.amount,
    sending: s.matches('sending'),
    done: s.matches('done') ? s.context.done : null,
    error: s.matches('refused') ? s.context.error : null,
    onAmount: (value) => send({ type: 'amount.change', value }),
    submit: () => send({ type: 'submit' }),
  };
}

export interface ReferralStatsApi {
  from: string;
  to: string;
  link: string;
  loading: boolean;
  failed: boolean;
  /** the filter changed and is not applied yet */
  editing: boolean;
  stats: ReferralStats | null;
  error: Msg | null;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  onLink: (link: string) => void;
  apply: () => void;
}

export function connectReferralStats(s: SnapshotFrom<typeof referralStatsMachine>, send: (e: EventFrom<typeof referralStatsMachine>) => void): ReferralStatsApi {
  const { from, to } = s.context;
  return {
    from: dayOf(from),
    to: dayOf(to),
    link: s.context.link,
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    editing: s.matches('editing'),
    stats: s.context.stats,
    error: s.context.error,
    onFrom: (day) => {
      const start = dayStart(day);
      if (start !== null) send({ type: 'range.change', from: start, to });
    },
    onTo: (day) => {
      const start = dayStart(day);
      if (start !== null) send({ type: 'range.change', from, to: start + DAY_MS - 1 });
    },
    onLink: (link) => send({ type: 'link.change', link }),
    apply: () => send({ type: 'apply' }),
  };
}
