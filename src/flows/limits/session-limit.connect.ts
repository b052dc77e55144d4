import type { SnapshotFrom } from 'xstate';
import { msg, type Msg } from '../../../core/message';
import type { sessionLimitSettingMachine } from '../../../machines/session-limit-setting/session-limit-setting.machine';
import type { SessionLimitSettingEvent } from '../../../machines/session-limit-setting/session-limit-setting.types';
import { formatDateTime } from '../shared/dates';
import { buttonProps, fieldProps, labelProps, regionProps, statusProps, titleProps } from '../shared/props';

export type SessionLimitSettingSnapshot = SnapshotFrom<typeof sessionLimitSettingMachine>;

const SELECT_ID = 'session-limit-minutes';
const STATE_ID = 'session-limit-state';
const TITLE_ID = 'session-limit-title';
/** the select's value for "no limit" */
export const NO_LIMIT_VALUE = 'none';

/** a limit's name: No limit, or "60 min" */
export const limitName = (minutes: number | null): Msg => (minutes === null ? msg('limits.session.none') : msg('limits.session.minutes', undefined, { minutes }));

/**
 * connect() for the Session time section of #/show/limits (issue 30 §1): the offered limits and
 * "No limit" as a select (saved as soon as one is picked; the focus stays on it), the limit in
 * force with this session's end, a waiting change with its date, and the answer of the last save.
 * Dates are written in the trader's zone here (the view only shows messages).
 */
export function connectSessionLimitSetting(s: SessionLimitSettingSnapshot, send: (event: SessionLimitSettingEvent) => void) {
  const c = s.context;
  const saving = s.matches('saving');
  const ready = s.matches('ready') || saving;
  const failed = s.matches({ ready: 'failed' });
  const saved = s.matches({ ready: 'saved' });
  const shown = saving ? c.picked : c.minutes;
  const inForce: Msg =
    c.minutes === null
      ? msg('limits.session.state_none')
      : c.sessionEndsAt
        ? msg('limits.session.state_ends', undefined, { minutes: c.minutes, date: formatDateTime(c.sessionEndsAt) })
        : msg('limits.session.state', undefined, { minutes: c.minutes });
  const pending: Msg | null = c.pending
    ? c.pending.minutes === null
      ? msg('limits.session.pending_removal', undefined, { date: formatDateTime(c.pending.from) })
      : msg('limits.session.pending', undefined, { minutes: c.pending.minutes, date: formatDateTime(c.pending.from) })
    : null;
  const answer: Msg | null = !saved
    ? null
    : c.applied === 'later'
      ? msg('limits.session.saved_later', undefined, { hours: c.coolingOffHours })
      : msg(c.minutes === null ? 'limits.session.saved_none' : 'limits.session.saved_now');
  return {
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    ready,
    saving,
    /** No limit first, then the offered limits in the server's order */
    options: [{ value: NO_LIMIT_VALUE, label: limitName(null) }, ...c.choices.map((minutes) => ({ value: String(minutes), label: limitName(minutes) }))],
    /** the limit in force, with this session's end when it has one */
    inForce,
    /** a longer limit or a removal waiting for its date */
    pending,
    /** the answer of the last save */
    saved: answer,
    error: failed || s.matches('loadFailed') ? c.error : null,
    getSectionProps: () => regionProps(TITLE_ID),
    getTitleProps: () => titleProps(TITLE_ID),
    getSelectLabelProps: () => labelProps(SELECT_ID),
    getSelectProps: () => ({
      ...fieldProps({
        id: SELECT_ID,
        name: 'session-minutes',
        value: shown === null ? NO_LIMIT_VALUE : String(shown),
        describedBy: [STATE_ID],
        onValue: (value) => send({ type: 'minutes.change', minutes: value === NO_LIMIT_VALUE ? null : Number(value) }),
      }),
      'aria-busy': saving || undefined,
    }),
    getStateProps: () => ({ id: STATE_ID }),
    /** the answer is announced; the focus stays on the select */
    getAnswerProps: () => statusProps({ role: failed ? 'alert' : 'status' }),
    getLoadingProps: () => ({ 'aria-busy': true as const, role: 'status' as const }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
  };
}

export type SessionLimitSettingApi = ReturnType<typeof connectSessionLimitSetting>;
