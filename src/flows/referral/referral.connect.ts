import type { EventFrom, SnapshotFrom } from 'xstate';
import { REFERRAL_LANDINGS, type ReferralProgram, type ReferralStats, type ReferralTransferred } from '../../../core/contract/referral';
import type { Msg } from '../../../core/message';
import type { referralLinkMachine } from '../../../machines/referral-link/referral-link.machine';
import type { referralPageMachine } from '../../../machines/referral-page/referral-page.machine';
import type { referralStatsMachine } from '../../../machines/referral-stats/referral-stats.machine';
import type { referralTransferMachine } from '../../../machines/referral-transfer/referral-transfer.machine';
import { fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

/** the page's parts, each a section named by its heading (`ref-{part}-title`) */
export type ReferralSection = 'link' | 'balance' | 'links' | 'materials';
const PAGE_TITLE_ID = 'ref-title';
const sectionTitleId = (part: ReferralSection | 'stats'): string => `ref-${part}-title`;
const problemProps = () => ({ role: 'alert' as const });

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
  /** the page's section, named by its heading */
  getRegionProps: () => ReturnType<typeof regionProps>;
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** a part of the page, named by its heading */
  getSectionProps: (part: ReferralSection) => ReturnType<typeof regionProps>;
  getSectionTitleProps: (part: ReferralSection) => ReturnType<typeof titleProps>;
  /** the failed read with its retry: announced at once */
  getProblemProps: () => { role: 'alert' };
}

export function connectReferralPage(s: SnapshotFrom<typeof referralPageMachine>, send: (e: EventFrom<typeof referralPageMachine>) => void): ReferralPageApi {
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    shown: s.matches('shown'),
    error: s.context.error,
    program: s.context.program,
    retry: () => send({ type: 'retry' }),
    getRegionProps: () => regionProps(PAGE_TITLE_ID),
    getTitleProps: () => titleProps(PAGE_TITLE_ID),
    getSectionProps: (part) => regionProps(sectionTitleId(part)),
    getSectionTitleProps: (part) => titleProps(sectionTitleId(part)),
    getProblemProps: problemProps,
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
  getFormProps: () => ReturnType<typeof formProps>;
  getFieldProps: (name: 'name' | 'landing') => ReturnType<typeof fieldProps>;
  getSubmitProps: () => ReturnType<typeof submitProps>;
  /** the refusal: announced at once */
  getErrorProps: () => { role: 'alert' };
  /** the link saved: announced */
  getSavedProps: () => ReturnType<typeof statusProps>;
}

export function connectReferralLink(s: SnapshotFrom<typeof referralLinkMachine>, send: (e: EventFrom<typeof referralLinkMachine>) => void): ReferralLinkApi {
  const saving = s.matches('saving');
  const onName = (value: string) => send({ type: 'name.change', value });
  const onLanding = (value: string) => send({ type: 'landing.change', value });
  const submit = () => send({ type: 'submit' });
  return {
    name: s.context.name,
    landing: s.context.landing,
    landings: REFERRAL_LANDINGS,
    saving,
    saved: s.matches('saved'),
    error: s.matches('refused') ? s.context.error : null,
    onName,
    onLanding,
    submit,
    getFormProps: () => formProps({ busy: saving, onSubmit: submit }),
    getFieldProps: (name) =>
      name === 'name' ? fieldProps({ id: 'ref-link-name', value: s.context.name, onValue: onName }) : fieldProps({ id: 'ref-link-landing', value: s.context.landing, onValue: onLanding }),
    getSubmitProps: () => submitProps({ busy: saving }),
    getErrorProps: problemProps,
    getSavedProps: () => statusProps(),
  };
}

export interface ReferralTransferApi {
  amount: string;
  sending: boolean;
  done: ReferralTransferred | null;
  error: Msg | null;
  onAmount: (value: string) => void;
  submit: () => void;
  getFormProps: () => ReturnType<typeof formProps>;
  getAmountProps: () => ReturnType<typeof fieldProps>;
  getSubmitProps: () => ReturnType<typeof submitProps>;
  /** the refusal: announced at once */
  getErrorProps: () => { role: 'alert' };
  /** the amount transferred: announced */
  getDoneProps: () => ReturnType<typeof statusProps>;
}

export function connectReferralTransfer(s: SnapshotFrom<typeof referralTransferMachine>, send: (e: EventFrom<typeof referralTransferMachine>) => void): ReferralTransferApi {
  const sending = s.matches('sending');
  const onAmount = (value: string) => send({ type: 'amount.change', value });
  const submit = () => send({ type: 'submit' });
  return {
    amount: s.context.amount,
    sending,
    done: s.matches('done') ? s.context.done : null,
    error: s.matches('refused') ? s.context.error : null,
    onAmount,
    submit,
    getFormProps: () => formProps({ busy: sending, onSubmit: submit }),
    getAmountProps: () => fieldProps({ id: 'ref-transfer-amount', value: s.context.amount, onValue: onAmount }),
    getSubmitProps: () => submitProps({ busy: sending }),
    getErrorProps: problemProps,
    getDoneProps: () => statusProps(),
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
  /** the statistics' section, named by its heading */
  getRegionProps: () => ReturnType<typeof regionProps>;
  getTitleProps: () => ReturnType<typeof titleProps>;
  /** the filter: applied as the form's submit */
  getFormProps: () => ReturnType<typeof formProps>;
  getApplyProps: () => ReturnType<typeof submitProps>;
  /** a failed read: announced at once */
  getProblemProps: () => { role: 'alert' };
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
    getRegionProps: () => regionProps(sectionTitleId('stats')),
    getTitleProps: () => titleProps(sectionTitleId('stats')),
    getFormProps: () => formProps({ onSubmit: () => send({ type: 'apply' }) }),
    getApplyProps: () => submitProps({ disabled: s.matches('loading') }),
    getProblemProps: problemProps,
  };
}
