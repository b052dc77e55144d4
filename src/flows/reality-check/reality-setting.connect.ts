import type { SnapshotFrom } from 'xstate';
import { msg, type Msg } from '../../../core/message';
import type { realityCheckSettingMachine } from '../../../machines/reality-check-setting/reality-check-setting.machine';
import type { RealityCheckSettingEvent } from '../../../machines/reality-check-setting/reality-check-setting.types';
import { buttonProps, fieldProps, labelProps, regionProps, statusProps, titleProps } from '../shared/props';

export type RealityCheckSettingSnapshot = SnapshotFrom<typeof realityCheckSettingMachine>;

const SELECT_ID = 'reality-minutes';
const SOURCE_ID = 'reality-minutes-source';
const TITLE_ID = 'reality-check-title';

/** an interval's name: Off, or "15 min" */
export const intervalName = (minutes: number): Msg => (minutes === 0 ? msg('reality.setting.off') : msg('reality.setting.minutes', undefined, { minutes }));

/**
 * connect() for the Reality check section of #/show/limits (issue 30 §2): the offered intervals
 * as a select (saved as soon as one is picked; the focus stays on it), whether the interval in
 * force is the trader's choice or their country's default, and the answer of the last save.
 */
export function connectRealityCheckSetting(s: RealityCheckSettingSnapshot, send: (event: RealityCheckSettingEvent) => void) {
  const c = s.context;
  const saving = s.matches('saving');
  const ready = s.matches('ready') || saving;
  const failed = s.matches({ ready: 'failed' });
  const saved = s.matches({ ready: 'saved' });
  const shown = saving && c.picked !== null ? c.picked : c.minutes;
  return {
    loading: s.matches('loading'),
    loadFailed: s.matches('loadFailed'),
    ready,
    saving,
    /** the offered intervals, in the server's order */
    options: c.choices.map((minutes) => ({ value: String(minutes), label: intervalName(minutes) })),
    /** the trader's own choice, or their country's default */
    source: msg(c.chosen ? 'reality.setting.chosen' : 'reality.setting.default'),
    /** the answer of the last save: saved (and in force now), or not */
    saved: saved ? msg(c.minutes === 0 ? 'reality.setting.saved_off' : 'reality.setting.saved', undefined, { minutes: c.minutes }) : null,
    error: failed || s.matches('loadFailed') ? c.error : null,
    getSectionProps: () => regionProps(TITLE_ID),
    getTitleProps: () => titleProps(TITLE_ID),
    getSelectLabelProps: () => labelProps(SELECT_ID),
    getSelectProps: () => ({
      ...fieldProps({
        id: SELECT_ID,
        name: 'minutes',
        value: String(shown),
        describedBy: [SOURCE_ID],
        onValue: (value) => send({ type: 'minutes.change', minutes: Number(value) }),
      }),
      'aria-busy': saving || undefined,
    }),
    getSourceProps: () => ({ id: SOURCE_ID }),
    /** the answer is announced; the focus stays on the select (arrows may pick again) */
    getAnswerProps: () => statusProps({ role: failed ? 'alert' : 'status' }),
    getLoadingProps: () => ({ 'aria-busy': true as const, role: 'status' as const }),
    getRetryProps: () => buttonProps(() => send({ type: 'retry' })),
  };
}

export type RealityCheckSettingApi = ReturnType<typeof connectRealityCheckSetting>;
